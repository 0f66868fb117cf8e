// Package sandbox runs an untrusted program confined: its own user, PID,
// mount, network, IPC and UTS namespaces (so no network and no other
// process in sight), a root file system of read-only binds (the language
// runtime and the program's own files) with a small tmpfs as its only
// writable scratch, a control group bounding its memory and processes
// and freezing it on demand, and rlimits on CPU time, file size and open
// files. It runs as an unprivileged user, with no capabilities and
// no_new_privs.
//
// The confinement is criyle/go-sandbox (the sandbox of the go-judge online
// judge): it clones the namespaces and joins the control groups before
// execve, from this process, with no helper binary. BENCHMARKS.md
// ("Sandbox") has the measurement that chose it over bubblewrap.
package sandbox

import (
	"errors"
	"fmt"
	"time"
)

// Limits bound one confined program (all of its processes together, but
// CPUTime, which bounds each process).
type Limits struct {
	// Memory is the most memory its processes may hold, tmpfs scratch
	// included; beyond it the kernel kills them.
	Memory int64
	// Procs bounds its processes and threads.
	Procs int
	// CPUs is how many cores' worth of time it may use at once (default
	// 1): a program of many threads cannot take every core of the machine.
	CPUs float64
	// CPUTime bounds the CPU time of each of its processes.
	CPUTime time.Duration
	// FileSize bounds a file it writes; OpenFiles its descriptors.
	FileSize  int64
	OpenFiles int
	// Scratch is the size of /tmp, its writable directory.
	Scratch int64
}

// Spec is a program to run.
type Spec struct {
	// Argv runs inside the sandbox: paths as the program sees them.
	Argv []string
	Env  []string
	// Dir, when set, is a host directory shown read-only at /bot.
	Dir string
	// Out, when set, is a host directory shown writable at /out (a
	// compiler's output); its owner must be the sandbox's user (Chown).
	Out string
	// Runtime are more host directories shown read-only at the same path
	// (a toolchain outside /usr, such as a Go root).
	Runtime []string
	Limits  Limits
}

// Exit says how a confined program ended.
type Exit struct {
	Code   int
	Signal string // the signal that ended it, "" when it exited
	// OOM: it was killed for passing its memory limit.
	OOM bool
	// CPULimit: it was killed for passing its CPU time limit.
	CPULimit bool
	// Killed: it was ended by Kill (its game or build was over).
	Killed bool
	Limits Limits
}

// OK reports a clean exit with status 0.
func (e Exit) OK() bool { return e.Signal == "" && e.Code == 0 }

func (e Exit) String() string {
	switch {
	case e.OOM:
		return fmt.Sprintf("killed: out of memory (its limit is %d MiB)", e.Limits.Memory>>20)
	case e.CPULimit:
		return fmt.Sprintf("killed: out of CPU time (its limit is %v)", e.Limits.CPUTime)
	case e.Killed:
		return "stopped by the referee"
	case e.Signal != "":
		return "killed by " + e.Signal
	}
	return fmt.Sprintf("exited with status %d", e.Code)
}

// ErrUnavailable wraps why this machine cannot confine programs: such a
// machine refuses uploads instead of running them unconfined.
var ErrUnavailable = errors.New("this machine cannot confine uploaded programs")
