//go:build linux

package sandbox

import (
	"encoding/binary"
	"fmt"
	"slices"
	"syscall"

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
// see). A call of another architecture's numbering (the 32-bit ABIs) is
// refused whole. bpfasm_linux.go assembles it; elastic/go-seccomp-bpf only
// names the architecture's calls.

// tracing are the calls removed from Docker's allow-list.
var tracing = []string{"ptrace", "process_vm_readv", "process_vm_writev"}

// filterProgram is the filter as the kernel takes it.
func filterProgram() (*syscall.SockFprog, error) {
	insts, err := filterInstructions()
	if err != nil {
		return nil, err
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

func filterInstructions() ([]bpf.Instruction, error) {
	p, err := filterPolicy()
	if err != nil {
		return nil, err
	}
	return p.assemble()
}

// filterPolicy translates Docker's profile, rule by rule in its order, with
// the tightening above.
func filterPolicy() (policy, error) {
	// The filter compares the low and high words of an argument where
	// the kernel puts them on a little-endian machine.
	if binary.NativeEndian.Uint16([]byte{1, 0}) != 1 {
		return policy{}, fmt.Errorf("the syscall filter is written for little-endian machines")
	}
	native, err := arch.GetInfo("")
	if err != nil {
		return policy{}, err
	}
	profile, err := docker.GetDefaultProfile(&specs.Spec{Process: &specs.Process{Capabilities: &specs.LinuxCapabilities{}}})
	if err != nil {
		return policy{}, err
	}
	deny, err := errnoOf(profile.DefaultErrnoRet)
	if err != nil || profile.DefaultAction != specs.ActErrno {
		return policy{}, fmt.Errorf("docker's default action %s %v: %v", profile.DefaultAction, profile.DefaultErrnoRet, err)
	}
	p := policy{arch: uint32(native.ID), x32: native.ID == arch.X86_64.ID, x32Action: errnoRet(uint32(unix.ENOSYS)), deflt: deny}
	unixAllowed := false
	for _, sc := range profile.Syscalls {
		rules, err := translate(sc, native)
		if err != nil {
			return policy{}, err
		}
		for _, r := range rules {
			if r.name != "socket" {
				p.rules = append(p.rules, r)
				continue
			}
			// Docker's rules for socket allow a list of families; only
			// AF_UNIX is kept, as one rule, when Docker allows it.
			if r.action == allow() && (len(r.conds) == 0 || r.conds[0].arg == 0 && r.conds[0].holds(unix.AF_UNIX) && len(r.conds) == 1) {
				unixAllowed = true
			}
		}
	}
	if !unixAllowed {
		return policy{}, fmt.Errorf("docker's profile does not allow socket(AF_UNIX)")
	}
	p.rules = append(p.rules, rule{name: "socket", nr: uint32(native.SyscallNames["socket"]), action: allow(),
		conds: []cond{{arg: 0, op: opEqual, value: unix.AF_UNIX}}})
	return p, nil
}

// translate is one of Docker's rules as one rule a call of this
// architecture, none for a call it does not have (Docker's profile names
// every architecture's calls) or the tracing calls.
func translate(sc specs.LinuxSyscall, native *arch.Info) ([]rule, error) {
	var action uint32
	switch sc.Action {
	case specs.ActAllow:
		action = allow()
	case specs.ActErrno:
		a, err := errnoOf(sc.ErrnoRet)
		if err != nil {
			return nil, fmt.Errorf("%v: %w", sc.Names, err)
		}
		action = a
	default:
		return nil, fmt.Errorf("docker's rule for %v: action %s has no translation", sc.Names, sc.Action)
	}
	// All of a rule's conditions hold together (libseccomp's meaning). Two
	// on one argument would be runc's "either" instead: refused rather
	// than guessed.
	var conds []cond
	seen := map[uint]bool{}
	for _, a := range sc.Args {
		if seen[a.Index] {
			return nil, fmt.Errorf("docker's rule for %v: two conditions on argument %d", sc.Names, a.Index)
		}
		seen[a.Index] = true
		c := cond{arg: int(a.Index), value: a.Value}
		switch a.Op {
		case specs.OpEqualTo:
			c.op = opEqual
		case specs.OpNotEqual:
			c.op = opNotEqual
		case specs.OpLessThan:
			c.op = opLess
		case specs.OpLessEqual:
			c.op = opLessEqual
		case specs.OpGreaterThan:
			c.op = opGreater
		case specs.OpGreaterEqual:
			c.op = opGreaterEqual
		case specs.OpMaskedEqual:
			c.op, c.datum = opMasked, a.ValueTwo
		default:
			return nil, fmt.Errorf("docker's rule for %v: operator %s has no translation", sc.Names, a.Op)
		}
		conds = append(conds, c)
	}
	var out []rule
	for _, n := range sc.Names {
		nr, ok := native.SyscallNames[n]
		if !ok || slices.Contains(tracing, n) {
			continue
		}
		out = append(out, rule{name: n, nr: uint32(nr), action: action, conds: conds})
	}
	return out, nil
}

// errnoOf refuses a call with errno (EPERM when the profile names none).
func errnoOf(errno *uint) (uint32, error) {
	if errno == nil {
		return errnoRet(uint32(unix.EPERM)), nil
	}
	if *errno > 0xffff {
		return 0, fmt.Errorf("errno %d out of range", *errno)
	}
	return errnoRet(uint32(*errno)), nil
}
