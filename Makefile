# mcpresult — see README.md. Every target installs what it needs itself.
SHELL   := /bin/bash
.SHELLFLAGS := -o pipefail -c
GO      ?= go
BIN     := bin
CLI     := $(BIN)/mcpresult
EXAMPLES := $(sort $(filter-out %/10-revisions.tool.json,$(wildcard testdata/examples/*.json)))

ORACLE  := tools/oracle
JS      := js

# The WebAssembly module, committed at host/mcpresult.wasm: the same source
# and toolchain give the same bytes, so the build names its toolchain (the
# one go.mod pins) and clears the settings that change the code it writes.
WASM       := host/mcpresult.wasm
WASM_BUILD := GOTOOLCHAIN=go1.26.8 GOWASM= GOEXPERIMENT= GOFLAGS= GOOS=wasip1 GOARCH=wasm CGO_ENABLED=0 $(GO) build -buildmode=c-shared -trimpath -buildvcs=false -ldflags='-s -w'
JS_WASM    := js/mcpresult.wasm
PY_WASM    := python/src/mcpresult/mcpresult.wasm
# The raw budget was 2,450,000 until a Value became three words: the
# accessors of its strings and items, inlined where they are read, cost
# about 60 KB of code for two thirds less memory per decoded value. It was
# 2,500,000 until a request's input was decoded packed (four bytes a value
# instead of a tree of Values): its reader and the checks' walks of it
# cost about 20 KB more (5 KB of gzip, which was 713,918 before it: the
# gzip budget, 720,000 until then, keeps that margin). It was 2,520,000
# (726,000 gzip) until the one pass (internal/engine/onepass.go): a build
# or serialize of the common shapes read from MessagePack and written at
# once, about 75 KB of code and 90 KB of module (21 KB of gzip), for three
# to four times less time a call in the module. It was 2,612,000 (2,608,638
# then) until the packages were given one job each before the first tag:
# the one escape rule (internal/textesc), the one revision table
# (internal/revision), the codec and the dispatch moved out of abi and what
# content does not export reached through internal/contentlink cost about
# 4 KB of code together (0.6 KB of gzip), for no duplicated rule.
# It was 2,616,000 (749,000 gzip) until a build could also serialize in
# the same call (ABI minor version 2: the adapters' one crossing a
# result): the build request's serialize options, the response's wire,
# the one pass noting what a revision would change, and the general path
# writing a built result at once cost about 12 KB of code (2 KB of gzip;
# 2,612,771 and 748,351 before).
# It was 2,628,000 (752,000 gzip) until a build could answer the long
# strings of its input by reference (ABI minor version 3: the JS package
# then neither decodes nor parses them): the request's refs, the one
# pass's path and count of a string's JSON without writing it, and the
# response's refs cost about 14.6 KB of code (5.2 KB of gzip; 2,626,511
# and 750,827 before).
# It was 2,643,000 (757,000 gzip) until the module built the two objects of
# an MCP App (ABI minor version 4, build kinds appResource and
# appToolMeta): the rules of a page's CSP origins, permissions and
# visibility, the ChatGPT aliases and their dispatch cost about 60 KB of
# code (14.3 KB of gzip; 2,641,504 and 756,125 before, 2,701,228 and
# 770,426 with them).
# It was 2,703,000 (771,000 gzip) until a page, and a resource result that
# holds one, had a page's byte budget (16 MiB, where the settings give
# none): the measure of what an app build writes and the look for a page
# in a resource's contents cost about 3 KB (0.6 KB of gzip; 2,704,306 and
# 770,994 with them).
WASM_MAX_RAW  := 2706000
WASM_MAX_GZIP := 772000


.PHONY: all build test test-js demo bench vet fmt-check vectors-check oracle wasm check-wasm check-publish check-python-install fuzz clean

all: build

build: $(CLI)

$(CLI): $(shell find cmd content result abi check host internal -name '*.go' -not -name '*_test.go') $(WASM) go.mod
	$(GO) build -o $(CLI) ./cmd/mcpresult

wasm:
	$(WASM_BUILD) -o $(WASM) ./wasm
	cp $(WASM) $(JS_WASM)
	cp $(WASM) $(PY_WASM)
	@echo "$(WASM): $$(wc -c < $(WASM)) bytes, $$(gzip -9 < $(WASM) | wc -c) gzip"

# The JS and Python packages ship the same module, copied, never edited.
$(JS_WASM): $(WASM)
	cp $(WASM) $(JS_WASM)

$(PY_WASM): $(WASM)
	cp $(WASM) $(PY_WASM)

# Rebuilds the module and fails if one byte differs from the committed one,
# or if it passes the size budget.
check-wasm:
	@tmp=$$(mktemp); trap 'rm -f $$tmp' EXIT; \
	$(WASM_BUILD) -o $$tmp ./wasm || exit 1; \
	if ! cmp -s $$tmp $(WASM); then echo "check-wasm: $(WASM) is not what make wasm builds from this source (run make wasm and commit it)"; exit 1; fi; \
	if ! cmp -s $(WASM) $(JS_WASM); then echo "check-wasm: $(JS_WASM) is not a copy of $(WASM) (run make wasm and commit it)"; exit 1; fi; \
	if ! cmp -s $(WASM) $(PY_WASM); then echo "check-wasm: $(PY_WASM) is not a copy of $(WASM) (run make wasm and commit it)"; exit 1; fi; \
	raw=$$(wc -c < $$tmp); gz=$$(gzip -9 < $$tmp | wc -c); \
	echo "check-wasm: $(WASM) matches its source; $$raw bytes (budget $(WASM_MAX_RAW)), $$gz gzip (budget $(WASM_MAX_GZIP))"; \
	if [ $$raw -gt $(WASM_MAX_RAW) ] || [ $$gz -gt $(WASM_MAX_GZIP) ]; then echo "check-wasm: over the size budget"; exit 1; fi

# What npm would publish from js/ (tools/release/packcheck.mjs: the
# license, the README, the module, the declarations and the sources, no
# test), then a publish that stops before the upload: npm publish
# --dry-run packs and checks everything and needs no login (npm warns that
# a real publish would).
check-publish: $(JS_WASM)
	cd $(JS) && npm pack --dry-run --json --ignore-scripts 2>/dev/null | node ../tools/release/packcheck.mjs
	cd $(JS) && npm publish --dry-run --ignore-scripts --loglevel=warn

# Each fuzz target for FUZZTIME (CI: 30 s each): the codec, the packed
# decode against the tree decoder, requests on arbitrary bytes, the module
# against the dispatch natively, and the core.
FUZZTIME ?= 30s
FUZZ_TARGETS := ./internal/guest:FuzzOnePass ./internal/codec:FuzzDecode ./internal/codec:FuzzSkipFast ./internal/codec:FuzzPacked ./internal/guest:FuzzParseRequest ./host:FuzzCall ./result:FuzzBuild ./content:FuzzParseJSON

#
# Go 1.26's fuzzing coordinator can end a run at -fuzztime with a bare
# "context deadline exceeded" though no input failed (go.dev/issue/75804,
# fixed in Go 1.27): such a run, which wrote no failing input to
# testdata/fuzz, is reported and not counted as a failure. Any other
# failure, or a failing input written, fails the target.
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
		dir=$$pkg/testdata/fuzz/$$name; before=$$(ls $$dir 2>/dev/null | wc -l); \
		out=$$(mktemp); \
		if $(GO) test $$pkg -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) 2>&1 | tee $$out; then rm -f $$out; continue; fi; \
		after=$$(ls $$dir 2>/dev/null | wc -l); \
		if [ "$$after" = "$$before" ] && grep -q '^    context deadline exceeded$$' $$out && [ $$(grep -c '^--- FAIL' $$out) = 1 ]; then \
			echo "fuzz $$pkg $$name: ended by the coordinator's deadline (go.dev/issue/75804) with no failing input: not a failure"; rm -f $$out; continue; \
		fi; \
		rm -f $$out; exit 1; \
	done

# The whole test suite: static checks, the Go tests with the race detector
# (the conformance vectors, examples and unit tests), the packed requests of
# every op and shape at 4, 16 and 60 MB (without it: they measure memory),
# the portable form of the string writer (-tags purego) and the core on a
# 32-bit machine (386), the check that the oracle-generated vectors are what
# their generator writes, the independent oracles (official MCP schemas,
# RFC 8785), the one Go module of its own (the peer benchmarks, which need
# mcp-go: vetted, its tests run), the JS package in Node, Deno, Bun, workerd
# and Chromium, the Python package (every vector under wasmtime, mypy), and
# the official SDKs' clients against the quick starts.
# What every suite needs is installed first (a failed install stops here);
# then tools/suites.sh runs every suite, whatever the ones before it gave,
# and prints one line per suite (pass or FAIL, its time), the end of what
# each failing one printed, and fails if one failed.
TEST_SUITES := vet fmt-check vectors-check oracle test-go test-go-packed test-go-purego test-go-386 test-peerbench test-js test-browser test-python sdkproof

test: $(JS)/node_modules/.installed tools/checkfixture/node_modules/.installed tools/appfixture/node_modules/.installed $(ORACLE)/node_modules/.installed tools/jstest/node_modules/.installed tools/runtimes/node_modules/.installed tools/browser/node_modules/.installed tools/sdkproof/node_modules/.installed
	$(GO) mod download
	MAKE="$(MAKE)" tools/suites.sh --label "make test" $(TEST_SUITES)

# The Go tests that run Node (the fixture server of check's tests, the JS
# examples of the documentation, the JS quick start of internal/sdkproof)
# skip, saying why, where node or their folder's packages are missing
# (internal/nodetest); here their packages are installed first and
# MCPRESULT_REQUIRE_NODE=1 makes a missing one a failure, not a skip.
.PHONY: test-go test-go-packed test-go-purego test-go-386 test-peerbench
test-go: $(JS)/node_modules/.installed tools/checkfixture/node_modules/.installed tools/appfixture/node_modules/.installed
	MCPRESULT_REQUIRE_NODE=1 $(GO) test -race -count=1 ./...

test-go-packed:
	$(GO) test -count=1 -run 'TestPacked' ./host

test-go-purego:
	$(GO) test -count=1 -tags purego ./internal/engine

test-go-386:
	GOARCH=386 $(GO) test -count=1 ./content ./internal/contentlink ./internal/engine ./result ./abi ./internal/codec ./internal/guest

test-peerbench:
	cd tools/peerbench && $(GO) vet ./... && $(GO) test -count=1 ./...

# The Python package (python/, PyPI mcpresult): a virtual environment of
# its own under bin/ with the exact versions of python/requirements-test.txt
# (made again when that file changes), the package installed into it from
# python/ (as a wheel would be: the tests import the installed copy, its
# module included), then pytest (every vector, the ABI fixtures, hostile
# values, threads, the cache, the SDK adapter on the official Python SDK, the
# quick start over stdio and checked by bin/mcpresult; -rs prints each skip's
# reason), mypy (strict) over the package, the examples and the tests, and the
# examples run (the quick start until its stdin ends); then pytest again in a
# second environment whose wasmtime is the oldest pyproject.toml allows
# (PY_WASMTIME_OLDEST), so that both ends of the declared range are tested.
# The compiled module is cached under bin/, never in the user's cache
# directory.
PYTHON  ?= python3
PY_VENV := $(BIN)/python-venv
PY_VENV_OLDEST := $(BIN)/python-venv-oldest
PY_WASMTIME_OLDEST := 45.0.0
PY_PIP  := --quiet --disable-pip-version-check
.PHONY: test-python
test-python: $(PY_VENV)/.installed $(PY_VENV_OLDEST)/.installed $(PY_WASM) $(CLI)
	@grep -q '"wasmtime>=$(basename $(basename $(PY_WASMTIME_OLDEST))),' python/pyproject.toml || { echo "test-python: pyproject.toml's wasmtime range does not start at $(PY_WASMTIME_OLDEST)"; exit 1; }
	$(PY_VENV)/bin/pip install $(PY_PIP) --no-deps --no-build-isolation --force-reinstall ./python
	cd python && MCPRESULT_CLI=$(CURDIR)/$(CLI) MCPRESULT_CACHE_DIR=$(CURDIR)/$(BIN)/python-cache ../$(PY_VENV)/bin/python -m pytest -q -rs -p no:cacheprovider
	cd python && ../$(PY_VENV)/bin/python -m mypy --cache-dir ../$(BIN)/python-mypy-cache
	MCPRESULT_CACHE_DIR=$(CURDIR)/$(BIN)/python-cache $(PY_VENV)/bin/python python/examples/basic.py >/dev/null
	MCPRESULT_CACHE_DIR=$(CURDIR)/$(BIN)/python-cache $(PY_VENV)/bin/python python/examples/quickstart.py </dev/null >/dev/null
	$(PY_VENV_OLDEST)/bin/pip install $(PY_PIP) --no-deps --no-build-isolation --force-reinstall ./python
	cd python && MCPRESULT_CLI=$(CURDIR)/$(CLI) MCPRESULT_CACHE_DIR=$(CURDIR)/$(BIN)/python-cache ../$(PY_VENV_OLDEST)/bin/python -m pytest -q -p no:cacheprovider

$(PY_VENV)/.installed: python/requirements-test.txt
	rm -rf $(PY_VENV)
	$(PYTHON) -m venv $(PY_VENV)
	$(PY_VENV)/bin/pip install $(PY_PIP) -r python/requirements-test.txt
	touch $@

$(PY_VENV_OLDEST)/.installed: python/requirements-test.txt Makefile
	rm -rf $(PY_VENV_OLDEST)
	$(PYTHON) -m venv $(PY_VENV_OLDEST)
	$(PY_VENV_OLDEST)/bin/pip install $(PY_PIP) -r python/requirements-test.txt
	$(PY_VENV_OLDEST)/bin/pip install $(PY_PIP) wasmtime==$(PY_WASMTIME_OLDEST)
	touch $@

# What PyPI would get (RELEASING.md): the sdist and the wheel built by
# python -m build (the pinned build frontend and backend of
# python/requirements-release.txt, without build isolation) and checked by
# twine check --strict and tools/release/distcheck.py (the wheel holds the
# package, py.typed and mcpresult.wasm byte for byte host/mcpresult.wasm,
# and no tests, at the release's version; the sdist its sources); then, in
# a fresh virtual environment each, the built wheel and the source tree
# (pip install ./python) installed with their dependencies from PyPI, and
# examples/basic.py run against each from outside the source tree: it must
# print what python/README.md says.
PY_RELEASE_VENV := $(BIN)/python-release-venv
PY_DIST := $(BIN)/python-dist
.PHONY: check-python-install
check-python-install: $(PY_RELEASE_VENV)/.installed $(PY_WASM)
	rm -rf $(PY_DIST) $(BIN)/python-install-wheel $(BIN)/python-install-tree
	$(PY_RELEASE_VENV)/bin/python -m build --no-isolation --outdir $(PY_DIST) python
	$(PY_RELEASE_VENV)/bin/twine check --strict $(PY_DIST)/*
	$(PY_RELEASE_VENV)/bin/python tools/release/distcheck.py dist $(PY_DIST)
	$(PYTHON) -m venv $(BIN)/python-install-wheel
	$(BIN)/python-install-wheel/bin/pip install $(PY_PIP) $(PY_DIST)/*.whl
	$(PY_RELEASE_VENV)/bin/python tools/release/distcheck.py example $(BIN)/python-install-wheel/bin/python
	$(PYTHON) -m venv $(BIN)/python-install-tree
	$(BIN)/python-install-tree/bin/pip install $(PY_PIP) ./python
	$(PY_RELEASE_VENV)/bin/python tools/release/distcheck.py example $(BIN)/python-install-tree/bin/python

$(PY_RELEASE_VENV)/.installed: python/requirements-release.txt
	rm -rf $(PY_RELEASE_VENV)
	$(PYTHON) -m venv $(PY_RELEASE_VENV)
	$(PY_RELEASE_VENV)/bin/pip install $(PY_PIP) -r python/requirements-release.txt
	touch $@

# The JS package's tests: its type declarations compiled against a typed
# example (tsc), then every vector and the oracles through the public API in
# Node, and the vectors in Deno, Bun and workerd (tools/runtimes: installed
# from npm here, for these tests only). The reporter (js/test/reporter.mjs)
# prints a line per test file, each failure in full, and the todo tests
# (documented limits) with their reasons.
test-js: $(JS)/node_modules/.installed tools/jstest/node_modules/.installed tools/runtimes/node_modules/.installed $(JS_WASM)
	cd $(JS) && npm test

# The JS package in a real browser (tools/browser/browser.test.mjs):
# Debian's chromium (installed with apt-get when missing; a missing browser
# fails the run) driven headless with puppeteer-core; pages bundled by
# esbuild and Vite run every vector, and the README's WebMCP quick start
# registers its tool through @mcp-b/webmcp-polyfill, each result checked
# against the official schema and against Node and Go (bin/mcpresult);
# then a tool registered on Chromium's own WebMCP, called through the
# browser's testing entry found by what the page has (document.modelContext
# or navigator.modelContextTesting). The spec reporter prints the entry it
# used, the module's start-up time in the page and the bundles' sizes
# (reported, never asserted).
# tools/browser has the bundlers, the client and the polyfill, pinned and
# installed here only.
.PHONY: test-browser
test-browser: $(CLI) $(JS)/node_modules/.installed tools/jstest/node_modules/.installed tools/browser/node_modules/.installed $(JS_WASM)
	tools/browser/chromium.sh
	MCPRESULT_CLI=$(CLI) node --test --test-reporter=spec tools/browser/browser.test.mjs

tools/browser/node_modules/.installed: tools/browser/package.json tools/browser/package-lock.json
	cd tools/browser && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Clients no one here wrote (tools/sdkproof: the official TypeScript SDK's
# Clients of both lines and a raw JSON-RPC client) against each quick start
# over stdio, at every revision, every answer checked against the official
# schema of the revision it answers, then mcpresult check on it. The JS
# quick start of the 1.x line runs on the SDK the package is tested with
# and on the oldest 1.x mcpresult/sdk supports (1.23.0, which speaks up to
# 2025-06-18); the one of the 2.x line (which speaks 2026-07-28 too) on the
# newest @modelcontextprotocol/server the package is tested with and on the
# oldest it supports (2.0.0), and the README's JS example (weather.mjs, on
# 2.x); the example servers of both lines over HTTP
# (server.mjs: Streamable HTTP with sessions; server-v2.mjs: the SDK's
# per-request entry, on @modelcontextprotocol/node, which needs 2.4 or
# later), with the Clients' Streamable HTTP transports; then the Go quick
# start (its SDK speaks 2026-07-28 as well). (internal/sdkproof does the same with the Go SDK's
# client.)
.PHONY: sdkproof
sdkproof: $(CLI) tools/sdkproof/node_modules/.installed $(JS)/node_modules/.installed $(JS_WASM)
	node tools/sdkproof/run.mjs --check $(CLI) -- node js/examples/quickstart.mjs
	node tools/sdkproof/run.mjs --check $(CLI) --grants 2025-06-18 -- node js/test/with-sdk.mjs sdk-oldest js/examples/quickstart.mjs
	node tools/sdkproof/run.mjs --check $(CLI) --grants 2026-07-28 -- node js/examples/quickstart-v2.mjs
	node tools/sdkproof/run.mjs --check $(CLI) --grants 2026-07-28 -- node js/test/with-sdk.mjs server-oldest js/examples/quickstart-v2.mjs
	node tools/sdkproof/run.mjs --check $(CLI) --grants 2026-07-28 -- node js/examples/weather.mjs
	node tools/sdkproof/run.mjs --check $(CLI) --http -- node js/examples/server.mjs --http
	node tools/sdkproof/run.mjs --check $(CLI) --http --grants 2026-07-28 -- node js/examples/server-v2.mjs --http
	$(GO) build -o $(BIN)/quickstart-go ./examples/quickstart
	node tools/sdkproof/run.mjs --check $(CLI) --grants 2026-07-28 -- $(BIN)/quickstart-go

tools/sdkproof/node_modules/.installed: tools/sdkproof/package.json tools/sdkproof/package-lock.json
	cd tools/sdkproof && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The JS package's development packages: the official MCP SDK and zod,
# which the demo and the examples run (and the oldest SDK the adapter
# supports, run against the same packages). What only the tests and the
# benchmarks use is in tools/jstest (TypeScript, ajv, canonicalize, the
# MessagePack codecs), and Deno, Bun and workerd in tools/runtimes.
$(JS)/node_modules/.installed: $(JS)/package.json $(JS)/package-lock.json
	cd $(JS) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

tools/jstest/node_modules/.installed: tools/jstest/package.json tools/jstest/package-lock.json
	cd tools/jstest && npm ci --no-audit --no-fund --loglevel=error
	touch $@

tools/runtimes/node_modules/.installed: tools/runtimes/package.json tools/runtimes/package-lock.json
	cd tools/runtimes && npm ci --no-audit --no-fund --loglevel=error
	touch $@

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# The number and string vectors are computed by Node's JSON.stringify; this
# checks that the committed files are what the generator writes.
vectors-check:
	node $(ORACLE)/vectors.mjs --check

# Independent checks of the output: every serialize vector's output, and
# every build vector's result serialized for every revision, against the
# official JSON Schema of its revision (ajv); jcs output against the RFC 8785
# package canonicalize, on the vectors and on generated values.
oracle: $(ORACLE)/node_modules/.installed
	node $(ORACLE)/schema.mjs
	$(GO) run ./internal/cmd/revgen | node $(ORACLE)/revisions.mjs
	$(GO) run ./internal/cmd/fairgen | node $(ORACLE)/fairness.mjs
	$(GO) run ./internal/cmd/jcsgen -n 5000 | node $(ORACLE)/jcs.mjs

$(ORACLE)/node_modules/.installed: $(ORACLE)/package.json $(ORACLE)/package-lock.json
	cd $(ORACLE) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The faulty MCP server of check's tests (tools/checkfixture/server.mjs:
# check/fixture_test.go, cmd/mcpresult/check_test.go, the README's CI job in
# internal/docs) runs on the official SDK pinned there, installed here only.
tools/checkfixture/node_modules/.installed: tools/checkfixture/package.json tools/checkfixture/package-lock.json
	cd tools/checkfixture && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The MCP Apps server of check's tests (tools/appfixture/server.mjs:
# check/appfixture_test.go) runs on the official SDK 2.x and the ext-apps
# helpers pinned there, installed here only.
tools/appfixture/node_modules/.installed: tools/appfixture/package.json tools/appfixture/package-lock.json
	cd tools/appfixture && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The official reference MCP servers from npm (tools/checkref, pinned)
# through mcpresult check over stdio, every revision: fails when check could
# not check one, or when its findings differ from testdata/checkref/expected.json.
.PHONY: check-servers
check-servers: $(CLI) tools/checkref/node_modules/.installed
	node tools/checkref/run.mjs $(CLI)

# Official MCP Apps example servers from npm (tools/checkapps, pinned: the
# PDF viewer, the map, the budget allocator, the system monitor, the debug
# and the basic servers) through mcpresult check over stdio, every revision:
# fails when check could not check one, when its findings (and the MCP Apps
# pages the report lists, with their tools) differ from
# testdata/checkapps/expected.json, or when an error or warning pinned there
# has no reason written beside it. run.test.mjs first tests the script
# itself, against a stand-in for mcpresult.
.PHONY: check-apps
check-apps: $(CLI) tools/checkapps/node_modules/.installed
	node --test --test-reporter=dot tools/checkapps/run.test.mjs
	node tools/checkapps/run.mjs $(CLI)

tools/checkapps/node_modules/.installed: tools/checkapps/package.json tools/checkapps/package-lock.json
	cd tools/checkapps && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# mcpresult check's SARIF and JUnit reports, read by tools that did not
# write them (tools/sarif/validate.mjs): a run against the reference
# server-everything (tools/checkref, whose findings include errors and
# warnings) writes SARIF, JUnit and JSON; Microsoft's SARIF validator (the
# SARIF multitool, with the rules of GitHub code scanning) must find no
# error in the SARIF, which must have a result per error and warning, and a
# JUnit reader (junit2json) must read the suites, testcases, failures,
# errors and skips that the JSON report of the same run gives. check's own
# exit status (1: the server has errors) is no failure here.
.PHONY: check-reports
check-reports: $(CLI) tools/checkref/node_modules/.installed tools/sarif/node_modules/.installed
	node tools/sarif/validate.mjs $(CLI)

tools/sarif/node_modules/.installed: tools/sarif/package.json tools/sarif/package-lock.json
	cd tools/sarif && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The HTML report of a run against the reference "everything" server, opened
# in Debian's chromium (tools/browser/check-html.test.mjs): no request but
# its own file, no console error, no Content-Security-Policy violation, the
# verdict first, a matrix cell per revision and tool; a full-page screenshot
# goes to $(MCPRESULT_CHECK_SCREENSHOT), or under the temporary directory.
.PHONY: check-html
check-html: $(CLI) tools/checkref/node_modules/.installed tools/browser/node_modules/.installed
	tools/browser/chromium.sh
	MCPRESULT_CLI=$(CLI) GO=$(GO) node --test --test-reporter=spec tools/browser/check-html.test.mjs

tools/checkref/node_modules/.installed: tools/checkref/package.json tools/checkref/package-lock.json
	cd tools/checkref && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Builds every example request in testdata/examples (the kind is the last
# part of the file name) and prints the result, or the error with its path;
# then the official SDK's Client talks to js/examples/server.mjs over stdio.
demo: $(CLI) $(JS)/node_modules/.installed $(JS_WASM)
	@for f in $(EXAMPLES); do \
		name=$$(basename $$f .json); kind=$${name##*.}; \
		echo "── $$f  (mcpresult build --kind $$kind)"; \
		sed 's/^/   /' $$f; \
		echo "→"; \
		if $(CLI) build --kind $$kind $$f 2>&1; then :; else echo "   (exit $$?: the request is invalid; the error names the place)"; fi; \
		echo; \
	done
	@echo "── one result, written for each protocol revision a client may speak, and checked as that client reads it"
	@echo "   (mcpresult build | mcpresult serialize --protocol V | mcpresult validate --protocol V)"
	@for v in 2026-07-28 2025-11-25 2025-06-18 2025-03-26 2024-11-05; do \
		out=$$($(CLI) build testdata/examples/10-revisions.tool.json | $(CLI) serialize --protocol $$v); \
		printf '%s  %s\n            validate: ' $$v "$$out"; \
		echo "$$out" | $(CLI) validate --protocol $$v; \
	done
	@echo
	@node $(JS)/examples/client.mjs

# The official MCP conformance suite (tools/conformance: its pinned
# version, run on the Node 22 binary the node package installs there)
# against js/examples/server.mjs (SDK 1.x, Streamable HTTP) and
# js/examples/server-v2.mjs (2.x, its per-request HTTP entry), one run per
# scenario, a table per server.
.PHONY: conformance
conformance: tools/conformance/node_modules/.installed $(JS)/node_modules/.installed $(JS_WASM)
	node tools/conformance/run.mjs

tools/conformance/node_modules/.installed: tools/conformance/package.json tools/conformance/package-lock.json
	cd tools/conformance && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The performance tables, from one run: each figure with what it is
# measured beside and the ratio; the shapes (a small tool result, the
# README's weather result, a small nested one, a resource result, 100 KB of
# text) natively, with the official Go SDK, under wazero and in Node; where
# the time goes; and the native figures beside the two peer Go SDKs (tools/peerbench, a
# module of its own). Medians of 5 runs. js/bench/roundtrip.mjs times
# tools/call round trips through both lines of the official TypeScript SDK
# (1.x, and 2.x's server and client), both ends in one process with every
# message written and read as JSON, and over stdio (the servers as child
# processes); package sdk's benchmark times them through the official Go
# SDK in memory, the same shapes. The round-trip table says whether the
# adapted server's budgets over the plain one (in one process) are met.
# python/bench/bench.py times the Python package beside the official
# Python SDK's CallToolResult (model_validate, model_dump_json), in a
# virtual environment of its own (python/bench/requirements.txt), and the
# first result in a new interpreter; its table says whether the Python
# budgets are met.
PY_BENCH_VENV := $(BIN)/python-bench-venv
bench: $(WASM) $(JS)/node_modules/.installed tools/jstest/node_modules/.installed $(JS_WASM) $(PY_BENCH_VENV)/.installed $(PY_WASM)
	@mkdir -p $(BIN)
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./result ./host ./sdk | tee $(BIN)/bench.txt
	cd tools/peerbench && $(GO) test -run '^$$' -bench . -benchmem -count 5 . | tee -a $(CURDIR)/$(BIN)/bench.txt
	node $(JS)/bench/bench.mjs | tee $(BIN)/bench-node.txt
	node $(JS)/bench/roundtrip.mjs | tee $(BIN)/bench-roundtrip.txt
	$(PY_BENCH_VENV)/bin/pip install $(PY_PIP) --no-deps --no-build-isolation --force-reinstall ./python
	$(PY_BENCH_VENV)/bin/python python/bench/bench.py | tee $(BIN)/bench-python.txt
	$(GO) run ./internal/cmd/benchtable -wasm $(WASM) -max-raw $(WASM_MAX_RAW) -max-gzip $(WASM_MAX_GZIP) -node $(BIN)/bench-node.txt -roundtrip $(BIN)/bench-roundtrip.txt -python $(BIN)/bench-python.txt < $(BIN)/bench.txt

$(PY_BENCH_VENV)/.installed: python/bench/requirements.txt
	rm -rf $(PY_BENCH_VENV)
	$(PYTHON) -m venv $(PY_BENCH_VENV)
	$(PY_BENCH_VENV)/bin/pip install $(PY_PIP) -r python/bench/requirements.txt
	touch $@

clean:
	rm -rf $(BIN) $(ORACLE)/node_modules $(JS)/node_modules tools/checkfixture/node_modules tools/appfixture/node_modules tools/conformance/node_modules tools/checkref/node_modules tools/checkapps/node_modules tools/sarif/node_modules tools/sdkproof/node_modules tools/runtimes/node_modules tools/jstest/node_modules tools/browser/node_modules
