// The revision observer of mcpresult/sdk: the protocol revision each
// request of an adapted server is answered at, and so the one each
// handler's result is written for.
//
// SDK 2.x (followRequests) tells it to each handler: a request of the
// 2026-07-28 era carries its revision in its per-request _meta envelope,
// which the SDK hands the handler as ctx.mcpReq.envelope; an instance of
// the 2025 era (connected directly, or pinned by serveStdio or the
// per-request HTTP entry after an initialize) reports the revision it
// negotiated with getNegotiatedProtocolVersion; a per-request instance of
// the 2025 era that saw no initialize takes the MCP-Protocol-Version header
// of its HTTP request (ctx.http.req), else the revision the SDK's HTTP
// transport assumes. Its tools/list is rewritten as it is answered: the
// adapter wraps the handler McpServer sets for it (Server's public
// setRequestHandler), which the SDK calls with the same ctx.
//
// SDK 1.x keeps no negotiated protocol version on the server side: Server
// picks it while it answers initialize (the requested version when it
// supports it, else its latest) and only the client stores it. So the
// revision is read where it is decided, on the wire: when the server
// connects a transport, an observer is placed on it (public Transport
// members only): transport.onmessage notes the id of each initialize and
// tools/list request (the SDK's Protocol.connect calls an onmessage set
// before it first), and transport.send reads result.protocolVersion of the
// response to an initialize, exactly what the client was told, and hands
// the response to a tools/list to the rewriting of the list (toolslist.js).
// Each transport keeps its own record, and a handler is written for the
// one the SDK answers on, Protocol's public transport getter: a second
// connect that the SDK refuses ("Already connected", as 1.32.2 does)
// changes nothing, and the refused transport gets its onmessage and send
// back as they were; one that SDK 1.23 accepts (it then answers on the new
// transport) is followed. A request on a server that saw no initialize
// (Streamable HTTP without sessions, a server per request) takes the
// MCP-Protocol-Version header of its HTTP request when it names a
// revision, else the SDK's DEFAULT_NEGOTIATED_PROTOCOL_VERSION, the one its
// HTTP transport assumes.

import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, INTERNAL_ERROR } from "./lines.js";
import { privateSlot } from "../objects.js";

// The revision each request handler was called for, held by the extra
// object the SDK passes it (in a private field: see privateSlot).
const revisions = privateSlot();

/**
 * protocolVersion gives the revision a handler's result is written for,
 * from the extra object the SDK passes the handler (the last argument of a
 * tool or resource callback of an adapted server).
 */
export function protocolVersion(extra) {
  const v = extra !== null && typeof extra === "object" ? revisions.get(extra) : undefined;
  if (v === undefined) throw new TypeError("mcpresult/sdk: protocolVersion takes the extra object an adapted server passes its handler");
  return v;
}

/** headerVersion is the MCP-Protocol-Version header of the HTTP request
 * behind extra, when it has one. */
function headerVersion(extra) {
  const h = extra && extra.requestInfo && extra.requestInfo.headers && extra.requestInfo.headers["mcp-protocol-version"];
  return typeof h === "string" && h !== "" ? h : undefined;
}

/** fitter gives fit(v), which maps a revision the SDK negotiated onto one
 * mcpresult writes (known, oldest first): an older one (2024-10-07) is
 * written as the oldest, a newer one as the latest before it. */
function fitter(known) {
  const oldest = known[0];
  return (v) => {
    if (known.includes(v)) return v;
    if (typeof v !== "string" || v < oldest) return oldest;
    return known.filter((k) => k <= v).at(-1);
  };
}

/** rpcError is what the SDKs send as the JSON-RPC error {code, message}
 * as it is (their Protocol reads code and message of what a handler
 * throws). */
function rpcError(code, message) {
  const err = new Error(message);
  err.code = code;
  return err;
}

const ENVELOPE_VERSION = "io.modelcontextprotocol/protocolVersion";

/** read gives f(), or undefined where it throws. */
function read(f) {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/**
 * followRequests is observeRevisions for SDK 2.x: it returns
 * revisionOf(ctx), the revision a handler called with ctx writes for (see
 * above), and has the tools/list handler McpServer sets on inner from now
 * on give rewriteList(result, revision) of its result; what that throws
 * goes to report(err, {tool: undefined}), and the client gets a JSON-RPC
 * internal error instead.
 */
export function followRequests(inner, known, rewriteList, report) {
  const fit = fitter(known);
  const revisionOf = (ctx) => {
    const isCtx = ctx !== null && typeof ctx === "object";
    // a member that is missing gives undefined without a throw (a request
    // of the 2025 era has no envelope, and throwing is dear); one whose
    // getter throws gives undefined too
    let v = isCtx ? read(() => ctx.mcpReq?.envelope?.[ENVELOPE_VERSION]) : undefined;
    if (typeof v !== "string") v = read(() => inner.getNegotiatedProtocolVersion());
    if (typeof v !== "string" && isCtx) v = read(() => ctx.http?.req?.headers?.get("mcp-protocol-version"));
    const version = fit(typeof v === "string" && v !== "" ? v : DEFAULT_NEGOTIATED_PROTOCOL_VERSION);
    if (isCtx) revisions.set(ctx, version);
    return version;
  };
  const set = inner.setRequestHandler;
  inner.setRequestHandler = function setRequestHandler(method, ...rest) {
    const last = rest.length - 1;
    if (method === "tools/list" && typeof rest[last] === "function") {
      const listed = rest[last];
      rest[last] = async function list(request, ctx) {
        const version = revisionOf(ctx);
        const result = await listed.call(this, request, ctx);
        try {
          return rewriteList(result, version);
        } catch (err) {
          report(err, { tool: undefined });
          throw rpcError(INTERNAL_ERROR, "tools/list failed");
        }
      };
    }
    return set.call(this, method, ...rest);
  };
  return revisionOf;
}

/**
 * observeRevisions places the observer on every transport that inner (the
 * SDK's Server of an McpServer) connects from now on, and returns
 * revisionOf(extra): the revision a handler called with extra writes its
 * result for, which protocolVersion(extra) then gives too. known is the
 * list of revisions mcpresult writes, oldest first. rewriteList(result,
 * revision) gives the result of a tools/list response as the client of
 * that revision is sent it; what it throws goes to report(err, {tool:
 * undefined}), and the client gets a JSON-RPC internal error instead.
 */
export function observeRevisions(inner, known, rewriteList, report, ready) {
  const fit = fitter(known);

  // The state of each connection, by its transport: the negotiated
  // revision, and what the observer remembers of the requests awaiting
  // their response. The connection a handler serves is the SDK's own
  // record of it, inner.transport (Protocol's public getter), the
  // transport the SDK answers on: a connect the SDK refuses ("Already
  // connected") leaves that as it was, and so the revision too.
  const connections = new WeakMap(); // transport -> {negotiated, pending}
  const live = () => {
    const t = inner.transport;
    return t !== null && typeof t === "object" ? connections.get(t) : undefined;
  };
  const revisionFor = (header, conn = live()) => fit((conn && conn.negotiated) ?? header ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION);

  // observe places the observer on a transport before the SDK connects to
  // it, and gives what takes it off again (for a connect the SDK refuses).
  const observe = (transport) => {
    const conn = { negotiated: undefined, pending: new Map() }; // request id -> {method, header}
    connections.set(transport, conn);
    const prior = transport.onmessage;
    const onmessage = (message, extra) => {
      if (message && typeof message.method === "string" && "id" in message) {
        if (message.method === "initialize") conn.pending.set(message.id, { method: "initialize" });
        else if (message.method === "tools/list") conn.pending.set(message.id, { method: "tools/list", header: headerVersion(extra) });
      }
      prior?.(message, extra);
    };
    transport.onmessage = onmessage;
    const hadSend = Object.prototype.hasOwnProperty.call(transport, "send");
    const ownSend = transport.send;
    const send = transport.send.bind(transport);
    const observed = (message, sendOptions) => {
      if (message && "id" in message && !("method" in message) && conn.pending.has(message.id)) {
        const req = conn.pending.get(message.id);
        conn.pending.delete(message.id);
        if (req.method === "initialize") {
          const v = message.result && message.result.protocolVersion;
          if (typeof v === "string") conn.negotiated = v;
        } else if ("result" in message) {
          // the line's helpers are imported as the server is adapted; a
          // list sent before they arrived waits for them
          const pending = ready();
          if (pending !== undefined) {
            conn.pending.set(message.id, req);
            return pending.then(() => observed(message, sendOptions));
          }
          try {
            message = { ...message, result: rewriteList(message.result, revisionFor(req.header, conn)) };
          } catch (err) {
            report(err, { tool: undefined });
            message = { jsonrpc: "2.0", id: message.id, error: { code: INTERNAL_ERROR, message: "tools/list failed" } };
          }
        }
      }
      return send(message, sendOptions);
    };
    transport.send = observed;
    return () => {
      connections.delete(transport);
      if (transport.onmessage === onmessage) transport.onmessage = prior;
      if (transport.send === observed) {
        if (hadSend) transport.send = ownSend;
        else delete transport.send;
      }
    };
  };
  const connect = inner.connect.bind(inner);
  inner.connect = async (transport) => {
    // a transport observed already (connected again) keeps its state
    const unobserve = transport !== null && typeof transport === "object" && !connections.has(transport) ? observe(transport) : undefined;
    try {
      return await connect(transport);
    } catch (err) {
      // refused: the SDK did not take the transport, which is left as it was
      if (unobserve !== undefined && inner.transport !== transport) unobserve();
      throw err;
    }
  };

  return (extra) => {
    const version = revisionFor(headerVersion(extra));
    if (extra !== null && typeof extra === "object") revisions.set(extra, version);
    return version;
  };
}
