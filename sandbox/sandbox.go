// Package sandbox runs an untrusted program confined: its own user, PID,
// mount, network, IPC and UTS namespaces (so no network and no other
// process in sight), a root file system of read-only binds (the language
// runtime and the program's own files) with a small tmpfs as its only
// writable scratch, a control group bounding its memory and processes
// and freezing it on demand, and rlimits on CPU time, file size and open
// files. It runs as a host user of its own (its box: box_linux.go), who
// also owns its user namespace, with no capabilities and no_new_privs.
//
// The confinement is criyle/go-sandbox (the sandbox of the go-judge online
// judge): it clones the namespaces and joins the control groups before
// execve, from this process, with no helper binary. BENCHMARKS.md
// ("Sandbox") has the measurement that chose it over bubblewrap.
package sandbox

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Options are a sandbox's, for the machine: every confined program of
// every server and worker on it runs in one control group, the pool,
// whose memory bound holds them all together (a program's own Limits
// hold it alone): a few cheap accounts' programs, each within its limit,
// cannot together take the machine's memory.
type Options struct {
	// Pool names the machine's group of confined programs (DefaultPool
	// when ""); a test uses a pool of its own.
	Pool string
	// Memory bounds the pool's programs together (0: half the machine's
	// memory). Every process that opens a sandbox on the machine writes
	// it: they should agree.
	Memory int64
}

// DefaultPool is the machine's group of confined programs.
const DefaultPool = "gameai"

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
	// compiler's output); Start gives it to the program's user.
	Out string
	// Runtime are more host directories shown read-only at the same path
	// (a toolchain outside /usr, such as a Go root).
	Runtime []string
	Limits  Limits
}

// Status is how a confined program ended, as a value.
type Status int

const (
	// Exited: it ended on its own; Exit.Code says with what (0 is OK).
	Exited Status = iota
	// Signaled: a signal ended it that no limit sent (its own abort, a
	// segmentation fault); Exit.Signal names it.
	Signaled
	// OutOfMemory: the kernel killed it for passing its memory limit.
	OutOfMemory
	// OutOfCPU: it passed its CPU time limit.
	OutOfCPU
	// WallTime: its caller ended it for running past a wall-clock limit
	// (Process.Expire).
	WallTime
	// Stopped: its caller ended it because its work was over (Kill: its
	// game or build ended).
	Stopped
)

var statusNames = [...]string{"exited", "signal", "memory", "cpu", "wall", "stopped"}

func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("status(%d)", int(s))
	}
	return statusNames[s]
}

// Exit says how a confined program ended.
type Exit struct {
	Status Status
	Code   int    // its exit status, when Status is Exited
	Signal string // the signal that ended it, "" when it exited
	Limits Limits
	// Wall is the wall-clock limit Expire enforced.
	Wall time.Duration
	// Used is what it used of its limits.
	Used Used
}

// Used is what a confined program used: its CPU time (its first process
// and the children it waited for), its memory at its peak (its control
// group's, scratch included; 0 where the kernel keeps no peak) and how
// long it ran.
type Used struct {
	CPU    time.Duration `json:"cpu"`
	Memory int64         `json:"memory"`
	Wall   time.Duration `json:"wall"`
}

// Of says u beside the limits l in words, for the program's owner: "37
// MiB of 512 MiB memory at its peak, 0.84 s of CPU time (its limit 10 s),
// 3.2 s in all".
func (u Used) Of(l Limits) string {
	var parts []string
	if u.Memory > 0 {
		mem := fmt.Sprintf("%s memory at its peak", mib(u.Memory))
		if l.Memory > 0 {
			mem = fmt.Sprintf("%s of %s memory at its peak", mib(u.Memory), mib(l.Memory))
		}
		parts = append(parts, mem)
	}
	cpu := fmt.Sprintf("%.2f s of CPU time", u.CPU.Seconds())
	if l.CPUTime > 0 {
		cpu += fmt.Sprintf(" (its limit %v)", l.CPUTime)
	}
	parts = append(parts, cpu, fmt.Sprintf("%.1f s in all", u.Wall.Seconds()))
	return strings.Join(parts, ", ")
}

// mib is n bytes in MiB, to one decimal below 10.
func mib(n int64) string {
	m := float64(n) / (1 << 20)
	if m < 10 {
		return fmt.Sprintf("%.1f MiB", m)
	}
	return fmt.Sprintf("%.0f MiB", m)
}

// OK reports a clean exit with status 0.
func (e Exit) OK() bool { return e.Status == Exited && e.Code == 0 }

func (e Exit) String() string {
	switch e.Status {
	case OutOfMemory:
		return fmt.Sprintf("killed: out of memory (its limit is %d MiB)", e.Limits.Memory>>20)
	case OutOfCPU:
		return fmt.Sprintf("killed: out of CPU time (its limit is %v)", e.Limits.CPUTime)
	case WallTime:
		return fmt.Sprintf("stopped: it ran past its time limit of %v", e.Wall)
	case Stopped:
		return "stopped by the referee"
	case Signaled:
		return "killed by " + e.Signal
	}
	return fmt.Sprintf("exited with status %d", e.Code)
}

// ExitError is a program's end as an error (one that was not OK), for
// callers that carry it up with errors.As.
type ExitError struct{ Exit Exit }

func (e *ExitError) Error() string { return e.Exit.String() }

// ErrUnavailable wraps why this machine cannot confine programs: such a
// machine refuses uploads instead of running them unconfined.
var ErrUnavailable = errors.New("this machine cannot confine uploaded programs")
