#!/usr/bin/env node
// An MCP Apps server over stdio, on the official TypeScript SDK 2.x
// (@modelcontextprotocol/server) and the official MCP Apps helpers
// (@modelcontextprotocol/ext-apps/server), both pinned by package-lock.json
// here, for the tests of `mcpresult check` (check/appfixture_test.go):
//
//   node tools/appfixture/server.mjs
//   bin/mcpresult check --stdio "node tools/appfixture/server.mjs"
//
// Each tool links a page of its own and is named after the finding code
// its link or its page must trigger; `app_clean` and its page must trigger
// none at all, in any revision. `app_meta_agrees` is registered with the
// helpers' registerAppTool, which writes the deprecated flat
// _meta["ui/resourceUri"] beside _meta.ui.resourceUri, the same page: a
// note, not a finding. Its page is served by a resource template that
// lists nothing: a page the tools link need not be in resources/list.

import { McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";

/** A page: an HTML document, with what it loads in body. */
const page = (title, body = "") =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main id="app">${title}</main>${body}</body></html>`;

/** The contents of a read of uri: the page as text, its mimeType and its _meta.ui. */
const contents = (uri, html, ui, mimeType = RESOURCE_MIME_TYPE) => ({
  contents: [{ uri, mimeType, text: html, ...(ui ? { _meta: { ui } } : {}) }],
});

/** A tool's result: text a model reads. */
const done = (what) => async () => ({ content: [{ type: "text", text: what }] });

// The correct app: its page loads a script, a module, a style sheet, images
// from a wildcard of hosts and a frame, fetches from an API and opens a
// WebSocket, each declared.
const CLEAN_PAGE = page("clean", `
<link rel="stylesheet" href="https://cdn.example.com/app.css">
<script src="https://cdn.example.com/app.js"></script>
<img src="https://a.images.example.com/logo.png" alt="">
<iframe src="https://www.youtube.com/embed/x"></iframe>
<script type="module">import { start } from "https://cdn.example.com/widget.mjs"; start();</script>
<script>
  fetch("https://api.example.com/v1/data").then((r) => r.json());
  const live = new WebSocket("wss://live.example.com/socket");
</script>`);
const CLEAN_CSP = {
  connectDomains: ["https://api.example.com", "wss://live.example.com"],
  resourceDomains: ["https://cdn.example.com", "https://*.images.example.com"],
  frameDomains: ["https://www.youtube.com"],
};

// A page that loads a script and fetches from origins it does not declare.
const UNCOVERED_PAGE = page("uncovered", `
<script src="https://cdn.undeclared.example/widget.js"></script>
<script>fetch("https://api.undeclared.example/data");</script>`);

function newServer() {
  const server = new McpServer({ name: "mcpresult-appfixture", version: "1.0.0" });

  // _meta.ui.resourceUri alone, as the specification writes it.
  const tool = (name, meta) =>
    server.registerTool(name, { description: `MCP Apps fixture: ${name}`, _meta: meta }, done(name));
  const resource = (uri, read) =>
    server.registerResource(uri, uri, { mimeType: RESOURCE_MIME_TYPE }, async () => read(uri));

  tool("app_clean", { ui: { resourceUri: "ui://fixture/clean.html" } });
  resource("ui://fixture/clean.html", (uri) => contents(uri, CLEAN_PAGE, { csp: CLEAN_CSP, prefersBorder: true }));

  tool("app_resource_uri", { ui: { resourceUri: "myapp://widget" } });
  tool("app_resource_uri.https", { ui: { resourceUri: "https://app.example.com/widget.html" } });

  // Linked, and never registered: the SDK answers its read with an error.
  tool("app_resource_missing", { ui: { resourceUri: "ui://fixture/missing.html" } });

  tool("app_mime_type", { ui: { resourceUri: "ui://fixture/plain.html" } });
  server.registerResource("plain", "ui://fixture/plain.html", { mimeType: "text/html" }, async (uri) =>
    contents(uri.href, page("plain"), undefined, "text/html"));

  tool("app_mime_type.skybridge", { ui: { resourceUri: "ui://fixture/skybridge.html" } });
  server.registerResource("skybridge", "ui://fixture/skybridge.html", { mimeType: "text/html+skybridge" }, async (uri) =>
    contents(uri.href, page("skybridge"), undefined, "text/html+skybridge"));

  // A path in an entry, and a wildcard in the middle of a host.
  tool("app_csp_invalid", { ui: { resourceUri: "ui://fixture/csp-invalid.html" } });
  resource("ui://fixture/csp-invalid.html", (uri) =>
    contents(uri, page("csp invalid"), { csp: { resourceDomains: ["https://cdn.example.com/lib/", "https://cdn.*.example.com"] } }));

  tool("app_csp_uncovered", { ui: { resourceUri: "ui://fixture/uncovered.html" } });
  resource("ui://fixture/uncovered.html", (uri) =>
    contents(uri, UNCOVERED_PAGE, { csp: { resourceDomains: ["https://cdn.example.com"] } }));

  // The deprecated flat key names another page than _meta.ui.
  tool("app_meta_conflict", { ui: { resourceUri: "ui://fixture/conflict.html" }, "ui/resourceUri": "ui://fixture/old.html" });
  resource("ui://fixture/conflict.html", (uri) => contents(uri, page("conflict"), {}));

  // Both keys, the same page, as the helpers write them; the page is not listed.
  registerAppTool(server, "app_meta_agrees", {
    description: "MCP Apps fixture: app_meta_agrees",
    _meta: { ui: { resourceUri: "ui://fixture/hidden/agrees.html" } },
  }, done("app_meta_agrees"));
  registerAppResource(server, "hidden", new ResourceTemplate("ui://fixture/hidden/{name}", { list: undefined }), {},
    async (uri) => contents(uri.href, page("agrees"), { csp: {} }));

  return server;
}

serveStdio(newServer);
