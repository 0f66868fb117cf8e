//go:build linux

package sandbox

import (
	"fmt"
	"slices"
	"syscall"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	docker "github.com/moby/profiles/seccomp"
	"github.com/opencontainers/runtime-spec/specs-go"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// The syscall filter of every confined program is Docker's default seccomp
// profile (moby/profiles/seccomp, the baseline most containers run under)
// as Docker resolves it for a container with no capabilities, so new
// namespaces, mount, bpf, perf_event_open, keyctl, userfaultfd, module and
// kexec calls are refused; io_uring is not in it at all. On top of it a
// bot is denied what a container may do and a program that only reads and
// writes its standard streams never needs: tracing and reading other
// processes (Docker allows ptrace on recent kernels), and sockets of any
// family but AF_UNIX (no raw, packet or netlink socket, whatever its
// network namespace holds). Everything refused answers EPERM, as Docker's
// profile does, never a kill: runtimes probe and fall back (clone3 answers
// ENOSYS, so the C library falls back to clone, whose flags the filter can
// see). elastic/go-seccomp-bpf assembles it; a call of another
// architecture's numbering (the 32-bit ABIs) is refused whole.

// tracing are the calls removed from Docker's allow-list.
var tracing = []string{"ptrace", "process_vm_readv", "process_vm_writev"}

// filterProgram is the filter as the kernel takes it.
func filterProgram() (*syscall.SockFprog, error) {
	policy, err := filterPolicy()
	if err != nil {
		return nil, err
	}
	insts, err := policy.Assemble()
	if err != nil {
		return nil, fmt.Errorf("the syscall filter: %w", err)
	}
	raw, err := bpf.Assemble(insts)
	if err != nil {
		return nil, fmt.Errorf("the syscall filter: %w", err)
	}
	prog := make([]syscall.SockFilter, len(raw))
	for i, r := range raw {
		prog[i] = syscall.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return &syscall.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}, nil
}

// filterPolicy translates Docker's profile, rule by rule in its order, with
// the tightening above first.
func filterPolicy() (*seccomp.Policy, error) {
	native, err := arch.GetInfo("")
	if err != nil {
		return nil, err
	}
	profile, err := docker.GetDefaultProfile(&specs.Spec{Process: &specs.Process{Capabilities: &specs.LinuxCapabilities{}}})
	if err != nil {
		return nil, err
	}
	deny, err := errnoAction(profile.DefaultErrnoRet)
	if err != nil || profile.DefaultAction != specs.ActErrno {
		return nil, fmt.Errorf("docker's default action %s %v: %v", profile.DefaultAction, profile.DefaultErrnoRet, err)
	}
	p := &seccomp.Policy{DefaultAction: seccomp.ActionErrno, Syscalls: []seccomp.SyscallGroup{{
		Action: deny,
		NamesWithCondtions: []seccomp.NameWithConditions{{Name: "socket", Conditions: seccomp.ArgumentConditions{
			{Argument: 0, Operation: seccomp.NotEqual, Value: unix.AF_UNIX},
		}}},
	}}}
	for _, rule := range profile.Syscalls {
		g, err := group(rule, native)
		if err != nil {
			return nil, err
		}
		if g != nil {
			p.Syscalls = append(p.Syscalls, *g)
		}
	}
	return p, nil
}

// group is one of Docker's rules as a group of elastic's, or nil when none
// of its calls exists on this architecture (Docker's profile names every
// architecture's calls) or all are the tracing calls.
func group(rule specs.LinuxSyscall, native *arch.Info) (*seccomp.SyscallGroup, error) {
	var names []string
	for _, n := range rule.Names {
		if _, ok := native.SyscallNames[n]; ok && !slices.Contains(tracing, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	g := &seccomp.SyscallGroup{}
	switch rule.Action {
	case specs.ActAllow:
		g.Action = seccomp.ActionAllow
	case specs.ActErrno:
		a, err := errnoAction(rule.ErrnoRet)
		if err != nil {
			return nil, fmt.Errorf("%v: %w", names, err)
		}
		g.Action = a
	default:
		return nil, fmt.Errorf("docker's rule for %v: action %s has no translation", names, rule.Action)
	}
	if len(rule.Args) == 0 {
		g.Names = names
		return g, nil
	}
	// All of a rule's conditions hold together (libseccomp's meaning). Two
	// on one argument would be runc's "either" instead: refused rather
	// than guessed.
	var conds seccomp.ArgumentConditions
	seen := map[uint]bool{}
	for _, a := range rule.Args {
		if seen[a.Index] {
			return nil, fmt.Errorf("docker's rule for %v: two conditions on argument %d", names, a.Index)
		}
		seen[a.Index] = true
		c := seccomp.Condition{Argument: uint32(a.Index), Value: a.Value}
		switch a.Op {
		case specs.OpEqualTo:
			c.Operation = seccomp.Equal
		case specs.OpNotEqual:
			c.Operation = seccomp.NotEqual
		case specs.OpLessThan:
			c.Operation = seccomp.LessThan
		case specs.OpLessEqual:
			c.Operation = seccomp.LessOrEqual
		case specs.OpGreaterThan:
			c.Operation = seccomp.GreaterThan
		case specs.OpGreaterEqual:
			c.Operation = seccomp.GreaterOrEqual
		case specs.OpMaskedEqual:
			if a.ValueTwo != 0 {
				return nil, fmt.Errorf("docker's rule for %v: a masked comparison with %#x", names, a.ValueTwo)
			}
			c.Operation = seccomp.BitsNotSet
		default:
			return nil, fmt.Errorf("docker's rule for %v: operator %s has no translation", names, a.Op)
		}
		conds = append(conds, c)
	}
	for _, n := range names {
		g.NamesWithCondtions = append(g.NamesWithCondtions, seccomp.NameWithConditions{Name: n, Conditions: conds})
	}
	return g, nil
}

// errnoAction refuses a call with errno (EPERM when the profile names
// none). elastic's ActionErrno alone answers EPERM; the errno is the low
// bits of the action.
func errnoAction(errno *uint) (seccomp.Action, error) {
	if errno == nil || *errno == uint(unix.EPERM) {
		return seccomp.ActionErrno, nil
	}
	if *errno > 0xffff {
		return 0, fmt.Errorf("errno %d out of range", *errno)
	}
	return seccomp.ActionErrno | seccomp.Action(*errno), nil
}
