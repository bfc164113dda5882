package docs

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// workflowFile is the GitHub Actions job the README shows for running
// mcpresult check in CI.
const workflowFile = "docs/ci/github-actions.yml"

// workflow is the part of a GitHub Actions workflow that workflowFile may
// use; decoding with KnownFields refuses any other key.
type workflow struct {
	Name string         `yaml:"name"`
	On   map[string]any `yaml:"on"`
	Jobs map[string]struct {
		RunsOn         string            `yaml:"runs-on"`
		TimeoutMinutes int               `yaml:"timeout-minutes"`
		Permissions    map[string]string `yaml:"permissions"`
		Steps          []struct {
			Name string            `yaml:"name"`
			If   string            `yaml:"if"`
			Uses string            `yaml:"uses"`
			With map[string]string `yaml:"with"`
			Run  string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// actionRE is an action pinned to a major version, as the workflow names
// them.
var actionRE = regexp.MustCompile(`^(actions/(checkout|setup-go|setup-node|upload-artifact)|github/codeql-action/upload-sarif)@v\d+$`)

// The reports the check step writes, and the steps that upload them.
const (
	sarifReport = "mcp-check.sarif"
	junitReport = "mcp-check.xml"
)

// TestWorkflow parses the CI job of the README as GitHub Actions reads it
// (YAML, only the keys a workflow has), checks its shape (the permissions
// that code scanning needs; the SARIF and JUnit reports that the check
// step writes uploaded by steps that run if: always(), after a failed
// check too), and runs its mcpresult check step, as written, against the
// repository's faulty fixture server (tools/checkfixture/server.mjs, run
// as the step's server.mjs from a directory of its own) with the command
// line built from this source and the environment of a GitHub Actions
// job: the step must fail, as a job on that server should, after a
// progress line for each call, a report that names the findings, a
// workflow command for each error and warning, the Markdown report
// appended to the job summary, and the two reports written.
func TestWorkflow(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, workflowFile))
	if err != nil {
		t.Fatal(err)
	}
	var wf workflow
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&wf); err != nil {
		t.Fatalf("%s: %v", workflowFile, err)
	}
	_, push := wf.On["push"]
	_, pr := wf.On["pull_request"]
	if wf.Name == "" || !push || !pr || len(wf.On) != 2 || len(wf.Jobs) != 1 {
		t.Fatalf("%s: name %q, on push and pull_request, one job: %+v", workflowFile, wf.Name, wf)
	}
	var checkStep string
	uploaded := map[string]bool{}
	for name, job := range wf.Jobs {
		if job.RunsOn != "ubuntu-latest" || job.TimeoutMinutes <= 0 || len(job.Steps) == 0 {
			t.Errorf("job %s: runs-on %q, timeout-minutes %d, %d steps", name, job.RunsOn, job.TimeoutMinutes, len(job.Steps))
		}
		if p := job.Permissions; len(p) != 2 || p["contents"] != "read" || p["security-events"] != "write" {
			t.Errorf("job %s: permissions %v, want contents: read and security-events: write (code scanning)", name, p)
		}
		for i, s := range job.Steps {
			upload := strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") || strings.HasPrefix(s.Uses, "actions/upload-artifact@")
			if upload != (s.If != "") || upload && s.If != "always()" {
				t.Errorf("job %s, step %d (%s): if %q; an upload runs always(), after a failed check too, and no other step has an if", name, i+1, s.Uses+s.Run, s.If)
			}
			switch {
			case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
				uploaded[s.With["sarif_file"]] = checkStep != ""
			case strings.HasPrefix(s.Uses, "actions/upload-artifact@"):
				uploaded[s.With["path"]] = checkStep != "" && s.With["name"] != ""
			}
			switch {
			case (s.Uses == "") == (s.Run == ""):
				t.Errorf("job %s, step %d: a step has uses or run, one of them", name, i+1)
			case s.Uses != "" && !actionRE.MatchString(s.Uses):
				t.Errorf("job %s, step %d: uses %q", name, i+1, s.Uses)
			case s.Run != "" && s.With != nil:
				t.Errorf("job %s, step %d: with beside run", name, i+1)
			case strings.HasPrefix(s.Run, "go install github.com/mcpresult/mcpresult/cmd/mcpresult@"):
				if v := strings.TrimPrefix(s.Run, "go install github.com/mcpresult/mcpresult/cmd/mcpresult@"); v != "v"+versionForDocs() {
					t.Errorf("job %s, step %d: installs %s, the release is v%s", name, i+1, v, versionForDocs())
				}
			case strings.HasPrefix(s.Run, "mcpresult check "):
				checkStep = s.Run
			}
		}
	}
	if checkStep == "" {
		t.Fatalf("%s: no step runs mcpresult check", workflowFile)
	}
	for _, want := range []string{"--report sarif=" + sarifReport, "--report junit=" + junitReport} {
		if !strings.Contains(checkStep, want) {
			t.Errorf("the check step does not write %s: %s", want, checkStep)
		}
	}
	if !uploaded[sarifReport] || !uploaded[junitReport] || len(uploaded) != 2 {
		t.Errorf("uploaded after the check step (false: before it, or unnamed): %v; want %s to code scanning and %s as an artifact", uploaded, sarifReport, junitReport)
	}
	if testing.Short() {
		t.Skip("-short: the workflow's check is not run")
	}
	needNode(t, "tools/checkfixture")
	bin := t.TempDir()
	build := exec.Command(goTool(), "build", "-o", filepath.Join(bin, "mcpresult"), "./cmd/mcpresult")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the command line: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	// The step's directory: server.mjs a link to the fixture server (Node
	// finds its packages from where the link points), and what the step
	// writes, kept out of the repository.
	dir := t.TempDir()
	server, err := filepath.Abs(filepath.Join(root, "tools", "checkfixture", "server.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(server, filepath.Join(dir, "server.mjs")); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(dir, "summary.md")
	if err := os.WriteFile(summary, []byte("an earlier step's summary\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, "bash", "-c", checkStep)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GITHUB_ACTIONS=true", "GITHUB_WORKSPACE="+dir, "GITHUB_STEP_SUMMARY="+summary)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("%s: %v, want exit status 1 on the faulty fixture server\nstdout:\n%s\nstderr:\n%s", checkStep, err, stdout.String(), stderr.String())
	}
	for _, want := range []string{"\nsummary: ", " revisions checked", "error   output_schema_mismatch", "warning error_leaks_secret",
		// the annotations are placed at the file that starts the server, as in SARIF
		"\n::error file=server.mjs,title=output_schema_mismatch · 2025-06-18 · tool ", "\n::warning file=server.mjs,title=error_leaks_secret · 2025-06-18 · tool "} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
	if got, err := os.ReadFile(summary); err != nil || !strings.HasPrefix(string(got), "an earlier step's summary\n## ❌ mcpresult check failed: ") ||
		!strings.Contains(string(got), "| `2025-06-18` |") || !strings.Contains(string(got), "❌ **error** `output_schema_mismatch`") {
		t.Errorf("the job summary (%v):\n%s", err, got)
	}
	for _, report := range []string{sarifReport, junitReport} {
		if fi, err := os.Stat(filepath.Join(dir, report)); err != nil || fi.Size() == 0 {
			t.Errorf("the check step wrote no %s (%v)", report, err)
		}
	}
	if !regexp.MustCompile(`(?m)^2025-06-18  tools/call \d+/\d+  output_schema_mismatch  result  1 error`).Match(stderr.Bytes()) || strings.Contains(stderr.String(), "\x1b") {
		t.Errorf("no progress line for a call that ended, or a terminal's escape off a terminal:\n%s", stderr.String())
	}
}
