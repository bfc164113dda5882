//go:build unix

package check

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the server in a process group of its own: a
// Ctrl-C at the terminal interrupts the check, which then closes the
// session and stops the server itself, rather than the server dying under
// the call in progress.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
