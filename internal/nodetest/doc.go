// Package nodetest gates the Go tests that run Node: the fixture servers on
// the official TypeScript SDK, the JS examples the documentation quotes, the
// quick starts the proofs start. Such a test needs node on the PATH and the
// packages of the folders it runs from installed (each folder's
// node_modules, which `npm ci` in that folder installs and make test
// installs first).
//
// Where one is missing, the test skips with one line that names what is
// missing and the command that installs it, so that `go test ./...` in a
// fresh clone passes or says why. Where the environment variable
// MCPRESULT_REQUIRE_NODE is 1 (make test and CI set it), the same line
// fails the test instead: a run that must run them cannot pass by
// skipping. Any other value than 1 or none fails too, so that a misspelt
// setting is not taken for a request to skip.
//
//	func TestFixture(t *testing.T) {
//		node := nodetest.Need(t, "..", "tools/checkfixture")
//		cmd := exec.Command(node, "../tools/checkfixture/server.mjs")
//		…
//	}
//
// A folder is given relative to the repository root, with slashes, as the
// messages print it; it must hold a package.json (a test naming a folder
// that is not a package fails, whatever the environment).
package nodetest
