//go:build linux

package sandbox

import (
	"fmt"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// The syscall filter is assembled here, not by elastic/go-seccomp-bpf:
// its v1.6.0 leaves an argument's word in the accumulator when an argument
// check fails and goes on comparing it with syscall numbers, so a call
// whose argument holds another call's number is judged as that call
// (personality((158<<32)|0x440000) was allowed as arch_prctl). Here every
// syscall's rules stand in one block that ends in a return, so a failed
// check never reaches another syscall's comparison, and each argument is
// compared as the kernel passes it: 64 bits, high word and low word.

// cond is one check of an argument, as libseccomp means it (64 bits).
type cond struct {
	arg int
	op  condOp
	// value is the operand; for masked it is the mask and datum what the
	// masked argument must equal.
	value, datum uint64
}

type condOp int

const (
	opEqual condOp = iota
	opNotEqual
	opLess
	opLessEqual
	opGreater
	opGreaterEqual
	opMasked
)

// holds is the check's meaning, for the filter's own test.
func (c cond) holds(arg uint64) bool {
	switch c.op {
	case opEqual:
		return arg == c.value
	case opNotEqual:
		return arg != c.value
	case opLess:
		return arg < c.value
	case opLessEqual:
		return arg <= c.value
	case opGreater:
		return arg > c.value
	case opGreaterEqual:
		return arg >= c.value
	case opMasked:
		return arg&c.value == c.datum
	}
	return false
}

// rule answers a call of nr whose arguments pass every cond with action
// (a seccomp return value).
type rule struct {
	name   string
	nr     uint32
	action uint32
	conds  []cond
}

// policy is a whole filter: calls of another architecture, and x32 calls
// on x86-64 when x32 is set, answer deflt and x32Action; a call no rule
// answers, deflt.
type policy struct {
	arch      uint32
	x32       bool
	x32Action uint32
	deflt     uint32
	rules     []rule
}

// seccomp_data's layout (the kernel's, native-endian 32-bit loads; the
// filter runs on little-endian machines only, see filterProgram).
const (
	nrOffset   = 0
	archOffset = 4
	argsOffset = 16
	x32Bit     = 0x40000000
)

func allow() uint32 { return unix.SECCOMP_RET_ALLOW }

func errnoRet(errno uint32) uint32 { return unix.SECCOMP_RET_ERRNO | errno&unix.SECCOMP_RET_DATA }

// assemble turns the policy into a BPF program. A call's rules are all
// either unconditional (one action) or conditional (one action, tried in
// turn, the default when none holds); a call with both, or with
// conditional rules of two actions, has no single meaning and is refused.
func (p policy) assemble() ([]bpf.Instruction, error) {
	var order []uint32
	byNr := map[uint32][]rule{}
	for _, r := range p.rules {
		if _, ok := byNr[r.nr]; !ok {
			order = append(order, r.nr)
		}
		byNr[r.nr] = append(byNr[r.nr], r)
	}
	a := &asm{}
	a.load(archOffset)
	a.jump(bpf.JumpEqual, p.arch, 1, 0)
	a.ret(p.deflt)
	a.load(nrOffset)
	if p.x32 {
		a.jump(bpf.JumpGreaterOrEqual, x32Bit, 0, 1)
		a.ret(p.x32Action)
	}
	for _, nr := range order {
		rules := byNr[nr]
		conditional := len(rules[0].conds) > 0
		for _, r := range rules[1:] {
			if (len(r.conds) > 0) != conditional || r.action != rules[0].action {
				return nil, fmt.Errorf("the rules for %s mix conditions or actions: no single meaning", r.name)
			}
		}
		if !conditional {
			a.jump(bpf.JumpEqual, nr, 0, 1)
			a.ret(rules[0].action)
			continue
		}
		end := a.label()
		a.jumpTo(bpf.JumpEqual, nr, next, end)
		for _, r := range rules {
			fail := a.label()
			for _, c := range r.conds {
				if err := a.check(c, next, fail); err != nil {
					return nil, fmt.Errorf("%s: %w", r.name, err)
				}
			}
			a.ret(r.action)
			a.mark(fail)
		}
		a.ret(p.deflt)
		a.mark(end)
	}
	a.ret(p.deflt)
	return a.resolve()
}

// asm emits BPF with forward jumps to labels.
type asm struct {
	ins    []bpf.Instruction
	labels []int // a label's instruction index, -1 until marked
	jumps  []pendingJump
}

type pendingJump struct{ at, t, f int }

// maxInstructions is the kernel's BPF_MAXINSNS.
const maxInstructions = 4096

// next is the label of the instruction after a jump.
const next = -1

func (a *asm) label() int { a.labels = append(a.labels, -1); return len(a.labels) - 1 }

func (a *asm) mark(l int) { a.labels[l] = len(a.ins) }

func (a *asm) load(off uint32) { a.ins = append(a.ins, bpf.LoadAbsolute{Off: off, Size: 4}) }

func (a *asm) and(v uint32) {
	a.ins = append(a.ins, bpf.ALUOpConstant{Op: bpf.ALUOpAnd, Val: v})
}

func (a *asm) ret(v uint32) { a.ins = append(a.ins, bpf.RetConstant{Val: v}) }

// jump skips a fixed count of instructions.
func (a *asm) jump(c bpf.JumpTest, v uint32, t, f uint8) {
	a.ins = append(a.ins, bpf.JumpIf{Cond: c, Val: v, SkipTrue: t, SkipFalse: f})
}

// jumpTo jumps to labels (or next).
func (a *asm) jumpTo(c bpf.JumpTest, v uint32, t, f int) {
	a.jumps = append(a.jumps, pendingJump{len(a.ins), t, f})
	a.ins = append(a.ins, bpf.JumpIf{Cond: c, Val: v})
}

// check emits one 64-bit comparison that goes on to pass or jumps to fail.
func (a *asm) check(c cond, pass, fail int) error {
	if c.arg < 0 || c.arg > 5 {
		return fmt.Errorf("argument %d", c.arg)
	}
	lo, hi := uint32(argsOffset+8*c.arg), uint32(argsOffset+8*c.arg+4)
	vlo, vhi := uint32(c.value), uint32(c.value>>32)
	// "next" means after this jump; a pass taken from the high word must
	// land after the whole check.
	if pass == next {
		pass = a.label()
		defer a.mark(pass)
	}
	switch c.op {
	case opEqual:
		a.load(hi)
		a.jumpTo(bpf.JumpEqual, vhi, next, fail)
		a.load(lo)
		a.jumpTo(bpf.JumpEqual, vlo, pass, fail)
	case opMasked:
		a.load(hi)
		a.and(vhi)
		a.jumpTo(bpf.JumpEqual, uint32(c.datum>>32), next, fail)
		a.load(lo)
		a.and(vlo)
		a.jumpTo(bpf.JumpEqual, uint32(c.datum), pass, fail)
	case opGreater, opGreaterEqual:
		// Above on the high word passes, below fails, equal decides on
		// the low word.
		a.load(hi)
		a.jumpTo(bpf.JumpGreaterThan, vhi, pass, next)
		a.jumpTo(bpf.JumpEqual, vhi, next, fail)
		a.load(lo)
		test := bpf.JumpGreaterThan
		if c.op == opGreaterEqual {
			test = bpf.JumpGreaterOrEqual
		}
		a.jumpTo(test, vlo, pass, fail)
	case opNotEqual, opLess, opLessEqual:
		// Each is another's negation: the same check, pass and fail
		// exchanged.
		c.op = map[condOp]condOp{opNotEqual: opEqual, opLess: opGreaterEqual, opLessEqual: opGreater}[c.op]
		return a.check(c, fail, pass)
	default:
		return fmt.Errorf("operator %d", c.op)
	}
	return nil
}

// resolve fills the jumps' skips; a conditional jump reaches at most 255
// instructions ahead, which one call's block never needs.
func (a *asm) resolve() ([]bpf.Instruction, error) {
	skip := func(at, l int) (uint8, error) {
		if l == next {
			return 0, nil
		}
		to := a.labels[l]
		d := to - at - 1
		if to < 0 || d < 0 || d > 255 {
			return 0, fmt.Errorf("the syscall filter: a jump from %d to %d", at, to)
		}
		return uint8(d), nil
	}
	for _, j := range a.jumps {
		in := a.ins[j.at].(bpf.JumpIf)
		var err error
		if in.SkipTrue, err = skip(j.at, j.t); err != nil {
			return nil, err
		}
		if in.SkipFalse, err = skip(j.at, j.f); err != nil {
			return nil, err
		}
		a.ins[j.at] = in
	}
	if len(a.ins) > maxInstructions {
		return nil, fmt.Errorf("the syscall filter: %d instructions, over the kernel's %d", len(a.ins), maxInstructions)
	}
	return a.ins, nil
}
