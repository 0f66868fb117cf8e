package morrisdb

import (
	"fmt"

	"gameai/games/morris"
)

// Value is a position's game-theoretic value for the side to move. A win
// or a loss carries its distance in plies to the next capture or the end
// of the game (the distance to conversion). A win in d (d ≥ 1) is 2d−1, a
// loss in d (d ≥ 0; 0 is a side that cannot move) is 2d+2, and a draw is
// 0. A file keeps a value in a byte; values, below, keeps the longer ones.
type Value uint16

// Draw is the value of a position neither side can win.
const Draw Value = 0

// Win is a win in d plies (d ≥ 1).
func Win(d int) Value { return Value(2*d - 1) }

// Loss is a loss in d plies (d ≥ 0).
func Loss(d int) Value { return Value(2*d + 2) }

// IsWin and IsLoss say which way the game goes; neither is a draw.
func (v Value) IsWin() bool  { return v&1 == 1 }
func (v Value) IsLoss() bool { return v != 0 && v&1 == 0 }

// Distance is the plies to the next capture or the end (0 for a draw).
func (v Value) Distance() int {
	switch {
	case v.IsWin():
		return int(v+1) / 2
	case v.IsLoss():
		return int(v-2) / 2
	}
	return 0
}

// Outcome is Won, Drawn or Lost, the distance aside.
func (v Value) Outcome() int {
	switch {
	case v.IsWin():
		return Won
	case v.IsLoss():
		return Lost
	}
	return Drawn
}

// OutcomeName is "win", "draw" or "loss" for Won, Drawn or Lost.
func OutcomeName(o int) string {
	switch o {
	case Won:
		return "win"
	case Lost:
		return "loss"
	}
	return "draw"
}

func (v Value) String() string {
	switch {
	case v.IsWin():
		return fmt.Sprintf("win in %d", v.Distance())
	case v.IsLoss():
		return fmt.Sprintf("loss in %d", v.Distance())
	}
	return "draw"
}

// maxDistance keeps a distance within the uint16 encoding.
const maxDistance = 1<<15 - 2

// values are a space's values, a byte each: a value below 255 is its own
// byte; the rare one that does not fit (a distance over 126 plies) is 255
// in its byte and kept in long.
type values struct {
	cells []uint8
	long  map[uint64]Value
}

// overflow is the byte of a value kept in long.
const overflow = 255

func newValues(n uint64) *values { return &values{cells: make([]uint8, n), long: map[uint64]Value{}} }

func (v *values) at(i uint64) Value {
	if c := v.cells[i]; c != overflow {
		return Value(c)
	}
	return v.long[i]
}

func (v *values) set(i uint64, x Value) {
	if x < overflow {
		v.cells[i] = uint8(x)
		return
	}
	v.cells[i] = overflow
	v.long[i] = x
}

func (v *values) len() uint64 { return uint64(len(v.cells)) }

// TooLate reports whether the N-move rule draws p before v (the value of
// p for its side to move) is converted: a win or loss in d at clock c is
// decided by a capture made with the clock at c+d-1, which must be below
// the rule's n. The engine's probe, the judge and the adjudicator all ask
// it.
func TooLate(v Value, p *morris.Position) bool {
	n := p.Rules().NMovePlies
	return n > 0 && v != Draw && p.Clock()+v.Distance() > n
}
