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
		RunsOn         string `yaml:"runs-on"`
		TimeoutMinutes int    `yaml:"timeout-minutes"`
		Steps          []struct {
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			With map[string]string `yaml:"with"`
			Run  string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// actionRE is an action pinned to a major version, as the workflow names
// them.
var actionRE = regexp.MustCompile(`^actions/(checkout|setup-go|setup-node)@v\d+$`)

// TestWorkflow parses the CI job of the README as GitHub Actions reads it
// (YAML, only the keys a workflow has), checks its shape, and runs its
// mcpresult check step, as written, against the repository's faulty
// fixture server (tools/checkfixture/server.mjs, run as the step's
// server.mjs from its directory) with the command line built from this
// source: the step must fail, as a job on that server should, after a
// progress line for each call and a report that names the findings.
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
	for name, job := range wf.Jobs {
		if job.RunsOn != "ubuntu-latest" || job.TimeoutMinutes <= 0 || len(job.Steps) == 0 {
			t.Errorf("job %s: runs-on %q, timeout-minutes %d, %d steps", name, job.RunsOn, job.TimeoutMinutes, len(job.Steps))
		}
		for i, s := range job.Steps {
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
	cmd := exec.CommandContext(ctx, "bash", "-c", checkStep)
	cmd.Dir = filepath.Join(root, "tools", "checkfixture")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("%s: %v, want exit status 1 on the faulty fixture server\nstdout:\n%s\nstderr:\n%s", checkStep, err, stdout.String(), stderr.String())
	}
	for _, want := range []string{"\nsummary: ", " revisions checked", "error   output_schema_mismatch", "warning error_leaks_secret"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
	if !regexp.MustCompile(`(?m)^2025-06-18  tools/call \d+/\d+  output_schema_mismatch  result  1 error`).Match(stderr.Bytes()) || strings.Contains(stderr.String(), "\x1b") {
		t.Errorf("no progress line for a call that ended, or a terminal's escape off a terminal:\n%s", stderr.String())
	}
}
