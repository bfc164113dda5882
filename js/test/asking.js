// asking, shared by the tests that run the official SDK's 1.x Client at a
// revision of their choice: the 1.x Client asks for its newest revision in
// initialize, and no option of it asks for another.

/** asking makes a client transport ask for revision in its initialize,
 * and gives it back. */
export function asking(transport, revision) {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message?.method === "initialize") message = { ...message, params: { ...message.params, protocolVersion: revision } };
    return send(message, options);
  };
  return transport;
}
