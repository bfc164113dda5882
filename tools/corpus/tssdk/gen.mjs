// Generates testdata/corpus/tssdk.json: tool results and resource-read results exactly as
// the official TypeScript MCP SDK (@modelcontextprotocol/sdk, McpServer) puts
// them on the wire, for every protocol revision the SDK negotiates (and that
// mcpresult knows).
//
// Not run by CI: `cd tools/corpus/tssdk && npm ci && node gen.mjs`.
//
// The server and the client are the SDK's own McpServer and Client. They talk
// over a transport pair that frames messages exactly as the SDK's stdio
// transport does (serializeMessage / deserializeMessage: one JSON.stringify
// line per message), so every message really crosses as text. The captured
// `result` is cut from the line the server wrote, byte for byte; nothing is
// taken from the client's parsed objects.
//
// The SDK's Client always asks for LATEST_PROTOCOL_VERSION; to negotiate an
// older revision, the initialize request is rewritten on its way to the
// server, as an older client would have sent it. The server answers with that
// revision, and the SDK's Client accepts it (it is in
// SUPPORTED_PROTOCOL_VERSIONS).

import { writeFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serializeMessage, deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { SUPPORTED_PROTOCOL_VERSIONS, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

const here = dirname(fileURLToPath(import.meta.url));
const sdkVersion = JSON.parse(
  readFileSync(join(here, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8'),
).version;
const SDK = `@modelcontextprotocol/sdk@${sdkVersion}`;

// The revisions mcpresult knows (result.ProtocolVersions()). The SDK also
// lists 2024-10-07, a pre-release revision with no published schema; it is
// left out.
const KNOWN = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

// A 1×1 transparent PNG and a tiny WAV file, base64.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const WAV = Buffer.from(
  'RIFF$\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00\x40\x1f\x00\x00\x01\x00\x08\x00data\x00\x00\x00\x00',
  'latin1',
).toString('base64');
const PDF_BYTES = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1').toString('base64');

// ---------------------------------------------------------------- the server

function makeServer() {
  const server = new McpServer({ name: 'corpus-server', version: '1.0.0' });

  server.registerTool('echo', {
    description: 'Echoes a message',
    inputSchema: { message: z.string() },
  }, async ({ message }) => ({
    content: [{ type: 'text', text: `Echo: ${message}` }],
  }));

  server.registerTool('annotated-text', {
    description: 'Text blocks with annotations and _meta',
  }, async () => ({
    content: [
      {
        type: 'text',
        text: 'Shown to the user only.',
        annotations: { audience: ['user'], priority: 0.9, lastModified: '2025-05-03T14:30:00Z' },
        _meta: { 'com.example/trace': 'abc123' },
      },
      { type: 'text', text: 'For the model.', annotations: { audience: ['assistant'], priority: 0 } },
    ],
    _meta: { 'com.example/elapsedMs': 12, 'com.example/cache': { hit: false } },
  }));

  server.registerTool('unicode-text', {
    description: 'Text with escapes, non-ASCII and a long line',
  }, async () => ({
    content: [
      { type: 'text', text: 'Quote " backslash \\ tab\t newline\n bell \u0007 nul \u0000 DEL \u007f' },
      { type: 'text', text: 'Ünïcödé — 日本語 — emoji 🎉👍🏽 — separators \u2028\u2029 — BOM \ufeff' },
      { type: 'text', text: 'x'.repeat(300) },
      { type: 'text', text: '' },
    ],
  }));

  server.registerTool('speak', {
    description: 'Returns audio',
  }, async () => ({
    content: [
      { type: 'audio', data: WAV, mimeType: 'audio/wav', annotations: { audience: ['user'] } },
    ],
  }));

  server.registerTool('find-files', {
    description: 'Returns resource links, one with icons, annotations and _meta',
  }, async () => ({
    content: [
      { type: 'text', text: 'Found 2 files.' },
      {
        type: 'resource_link',
        uri: 'file:///project/src/main.rs',
        name: 'main.rs',
        title: 'Main entry point',
        description: 'Primary application entry point',
        mimeType: 'text/x-rust',
      },
      { type: 'resource_link', uri: 'https://example.com/docs/guide.pdf', name: 'guide.pdf', size: 2048 },
      {
        type: 'resource_link',
        uri: 'file:///project/logo.svg',
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
        annotations: { priority: 0.2 },
        _meta: { 'com.example/kind': 'asset' },
      },
    ],
  }));

  server.registerTool('read-config', {
    description: 'Embeds a text resource',
  }, async () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'file:///etc/app/config.json',
          mimeType: 'application/json',
          text: '{"debug":false,"port":8080}',
          _meta: { 'com.example/etag': 'W/"1"' },
        },
        annotations: { audience: ['assistant'] },
      },
    ],
  }));

  server.registerTool('fetch-binary', {
    description: 'An image and embedded blob resources, with and without mimeType',
  }, async () => ({
    content: [
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///docs/report.pdf', mimeType: 'application/pdf', blob: PDF_BYTES } },
      { type: 'resource', resource: { uri: 'memory://blob/1', blob: PNG } },
    ],
  }));

  server.registerTool('mixed-content', {
    description: 'Mixes every kind of block',
  }, async () => ({
    content: [
      { type: 'text', text: 'Here is the plot and its data.' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'resource_link', uri: 'file:///plots/plot.svg', name: 'plot.svg', mimeType: 'image/svg+xml' },
      { type: 'resource', resource: { uri: 'file:///plots/data.csv', mimeType: 'text/csv', text: 'x,y\n1,2\n' } },
    ],
  }));

  // Structured output, the way the SDK's README writes it: the text block
  // carries the JSON, structuredContent the object.
  server.registerTool('get-weather', {
    description: 'Structured output with outputSchema and a text fallback',
    inputSchema: { city: z.string() },
    outputSchema: { temperature: z.number(), conditions: z.string(), humidity: z.number() },
  }, async ({ city }) => {
    const output = { temperature: 22.5, conditions: `Partly cloudy in ${city}`, humidity: 65 };
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  });

  // Structured output only: the SDK's CallToolResultSchema defaults content to [].
  server.registerTool('calculate-bmi', {
    description: 'Structured output with outputSchema and no content',
    inputSchema: { weightKg: z.number(), heightM: z.number() },
    outputSchema: { bmi: z.number() },
  }, async ({ weightKg, heightM }) => ({
    structuredContent: { bmi: weightKg / (heightM * heightM) },
  }));

  server.registerTool('stats', {
    description: 'Structured content with nested values and edge numbers',
    outputSchema: {
      count: z.number(),
      mean: z.number(),
      big: z.number(),
      tiny: z.number(),
      tags: z.array(z.string()),
      nested: z.object({ ok: z.boolean(), missing: z.null(), list: z.array(z.any()) }),
    },
  }, async () => {
    const output = {
      count: 9007199254740991,
      mean: 0.1 + 0.2,
      big: 1e21,
      tiny: 5e-324,
      tags: ['a', 'b'],
      nested: { ok: true, missing: null, list: [1, 'two', [3], { four: 4 }] },
    };
    return { content: [{ type: 'text', text: JSON.stringify(output, null, 2) }], structuredContent: output };
  });

  server.registerTool('delete-file', {
    description: 'Returns its own error result',
    inputSchema: { path: z.string() },
  }, async ({ path }) => ({
    content: [{ type: 'text', text: `Permission denied: ${path}` }],
    isError: true,
  }));

  server.registerTool('failing-tool', {
    description: 'Throws; the SDK makes the error result',
  }, async () => {
    throw new Error('database connection refused');
  });

  server.registerTool('strict-output', {
    description: 'Structured content that breaks its outputSchema; the SDK makes the error result',
    outputSchema: { count: z.number() },
  }, async () => ({
    content: [{ type: 'text', text: '{"count":"many"}' }],
    structuredContent: { count: 'many' },
  }));

  server.registerTool('empty-result', {
    description: 'Returns content: []',
  }, async () => ({ content: [] }));

  // The older, deprecated API: server.tool(name, description, shape, cb).
  server.tool('add', 'Adds two numbers (legacy server.tool API)', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
    isError: false,
  }));

  // Resources.
  server.registerResource('readme', 'file:///project/README.md', {
    title: 'README', mimeType: 'text/markdown',
  }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Project\n\nHello.\n' }],
  }));

  server.registerResource('notes', 'memory://notes', {}, async (uri) => ({
    contents: [{ uri: uri.href, text: 'a note without a mimeType' }],
  }));

  server.registerResource('logo', 'file:///project/logo.png', { mimeType: 'image/png' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }],
  }));

  server.registerResource('raw-bytes', 'memory://raw', {}, async (uri) => ({
    contents: [{ uri: uri.href, blob: PDF_BYTES }],
  }));

  server.registerResource('bundle', 'memory://bundle', {}, async (uri) => ({
    contents: [
      { uri: `${uri.href}/a.txt`, mimeType: 'text/plain', text: '', _meta: { 'com.example/size': 0 } },
      { uri: `${uri.href}/b.bin`, mimeType: 'application/octet-stream', blob: '' },
    ],
    _meta: { 'com.example/generatedAt': '2025-01-12T15:00:58Z' },
  }));

  return server;
}

// What the client asks for: [kind, name, params].
const CALLS = [
  ['tool', 'one text block (echo)', { name: 'echo', arguments: { message: 'hello' } }],
  ['tool', 'text blocks with annotations and _meta, result _meta', { name: 'annotated-text' }],
  ['tool', 'text with escapes, non-ASCII, a long line and an empty block', { name: 'unicode-text' }],
  ['tool', 'audio block with annotations', { name: 'speak' }],
  ['tool', 'text and resource_link blocks, one with icons, annotations and _meta', { name: 'find-files' }],
  ['tool', 'embedded text resource with _meta and annotations', { name: 'read-config' }],
  ['tool', 'image block and embedded blob resources, with and without mimeType', { name: 'fetch-binary' }],
  ['tool', 'text, image, resource_link and embedded resource', { name: 'mixed-content' }],
  ['tool', 'structuredContent with outputSchema and a JSON text block', { name: 'get-weather', arguments: { city: 'Paris' } }],
  ['tool', 'structuredContent with outputSchema and no content (SDK defaults content to [])', { name: 'calculate-bmi', arguments: { weightKg: 70, heightM: 1.75 } }],
  ['tool', 'structuredContent with nested values and edge numbers, pretty-printed text', { name: 'stats' }],
  ['tool', 'isError result returned by the tool', { name: 'delete-file', arguments: { path: '/etc/passwd' } }],
  ['tool', 'tool throws: SDK error result', { name: 'failing-tool' }],
  ['tool', 'arguments fail the inputSchema: SDK error result', { name: 'echo', arguments: { message: 42 } }],
  ['tool', 'structuredContent fails the outputSchema: SDK error result', { name: 'strict-output' }],
  ['tool', 'unknown tool: SDK error result', { name: 'no-such-tool' }],
  ['tool', 'empty content []', { name: 'empty-result' }],
  ['tool', 'legacy server.tool API, isError: false', { name: 'add', arguments: { a: 2, b: 3 } }],
  ['resource', 'text resource with mimeType', { uri: 'file:///project/README.md' }],
  ['resource', 'text resource without mimeType', { uri: 'memory://notes' }],
  ['resource', 'blob resource with mimeType', { uri: 'file:///project/logo.png' }],
  ['resource', 'blob resource without mimeType', { uri: 'memory://raw' }],
  ['resource', 'several contents: empty text and empty blob, contents and result _meta', { uri: 'memory://bundle' }],
];

// ------------------------------------------------------------- the wire

// One end of a transport pair that carries every message as the SDK's stdio
// transport frames it: a JSON.stringify line, parsed again on the other side.
class WireEnd {
  constructor(label) {
    this.label = label;
    this.peer = undefined;
    this.rewrite = undefined; // (message) => message, before serializing
    this.tap = undefined; // (message, line) => void, after serializing
  }
  async start() {}
  async send(message) {
    if (!this.peer) throw new Error('Not connected');
    if (this.rewrite) message = this.rewrite(message);
    const line = serializeMessage(message);
    this.tap?.(message, line);
    const peer = this.peer;
    setImmediate(() => peer.onmessage?.(deserializeMessage(line.replace(/\n$/, ''))));
  }
  async close() {
    const peer = this.peer;
    this.peer = undefined;
    if (peer) await peer.close();
    this.onclose?.();
  }
}

function pair() {
  const c = new WireEnd('client');
  const s = new WireEnd('server');
  c.peer = s;
  s.peer = c;
  return [c, s];
}

async function capture(version) {
  const server = makeServer();
  const [ct, st] = pair();
  const pending = new Map(); // JSON-RPC id -> {kind, name}
  const out = [];
  let negotiated;
  ct.rewrite = (m) => {
    if (m.method === 'initialize') {
      return { ...m, params: { ...m.params, protocolVersion: version } };
    }
    return m;
  };
  st.tap = (m, line) => {
    if (!('id' in m) || !pending.has(m.id)) {
      if ('result' in m && m.result && m.result.protocolVersion) negotiated = m.result.protocolVersion;
      return;
    }
    const what = pending.get(m.id);
    pending.delete(m.id);
    if (!('result' in m)) {
      throw new Error(`${version} ${what.name}: JSON-RPC error ${JSON.stringify(m.error)}`);
    }
    // JSON.stringify is compositional: the result's text is a substring of
    // the line. Check it, then keep those very bytes.
    const raw = JSON.stringify(m.result);
    if (!line.includes(`"result":${raw}`)) throw new Error(`${what.name}: result not found in the line`);
    out.push({ sdk: SDK, protocolVersion: version, kind: what.kind, name: what.name, raw });
  };
  let nextKey;
  ct.tap = (m) => {
    if (nextKey && (m.method === 'tools/call' || m.method === 'resources/read') && 'id' in m) {
      pending.set(m.id, nextKey);
      nextKey = undefined;
    }
  };
  await server.connect(st);
  const client = new Client({ name: 'corpus-client', version: '1.0.0' });
  await client.connect(ct);
  if (negotiated !== version) throw new Error(`asked for ${version}, negotiated ${negotiated}`);
  for (const [kind, name, params] of CALLS) {
    nextKey = { kind, name };
    if (kind === 'tool') await client.callTool(params);
    else await client.readResource(params);
  }
  await client.close();
  await server.close();
  return out;
}

const versions = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => KNOWN.includes(v)).sort();
const skipped = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => !KNOWN.includes(v));
console.error(`${SDK}: latest ${LATEST_PROTOCOL_VERSION}; capturing ${versions.join(', ')}; skipped ${skipped.join(', ') || 'none'}`);

const all = [];
for (const v of versions) {
  const got = await capture(v);
  if (got.length !== CALLS.length) throw new Error(`${v}: captured ${got.length} of ${CALLS.length}`);
  all.push(...got);
}

// One entry a line; the result is the raw text as it was sent.
const lines = all.map(
  (e) =>
    `{"sdk":${JSON.stringify(e.sdk)},"protocolVersion":${JSON.stringify(e.protocolVersion)},"kind":${JSON.stringify(e.kind)},"name":${JSON.stringify(e.name)},"result":${e.raw}}`,
);
const file = join(here, '../../../testdata/corpus/tssdk.json');
writeFileSync(file, `[\n${lines.join(',\n')}\n]\n`);
console.error(`wrote ${all.length} results to ${file}`);
