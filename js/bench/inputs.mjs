// The inputs the benchmarks build, shared by bench.mjs and roundtrip.mjs:
// the ~200-byte tool result of the Go benchmarks (host's smallRequest)
// and a 100 KB text result (host's text100KB), made anew for each call as
// a handler makes its result.

export const TEXT_100KB = 'lorem ipsum "dolor" sit amet\n'.repeat(Math.floor((100 * 1024) / 30));

export function small() {
  return {
    content: [{ type: "text", text: "The weather in Paris is sunny, 21°C." }],
    structuredContent: { city: "Paris", tempC: 21, conditions: "sunny", updated: "2026-07-28T09:00:00Z" },
    isError: false,
  };
}

export function big() {
  return { content: [{ type: "text", text: TEXT_100KB }] };
}

/** The README's weather result, as a handler gives it to mcp.tool (which
 * adds the text fallback). */
export function weather() {
  return { structuredContent: { city: "Paris", tempC: 18.5 } };
}

/** The README's weather result as mcp.tool builds it, for a handler that
 * returns a plain object: the same result, the text fallback written out. */
export function weatherPlain() {
  return { content: [{ type: "text", text: '{"city":"Paris","tempC":18.5}' }], structuredContent: { city: "Paris", tempC: 18.5 } };
}
