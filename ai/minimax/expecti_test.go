package minimax

import (
	"context"
	"testing"
)

// lottery: the root player (0) picks A (a chance node: a teammate who
// wins 10 with weight wWin and 0 with weight wLose) or B (a sure 3).
type lottery struct {
	path        []int
	wWin, wLose float64
}

func (l *lottery) GenMoves(buf []int) []int {
	switch len(l.path) {
	case 0:
		return append(buf, 0, 1) // A, B
	case 1:
		if l.path[0] == 0 {
			return append(buf, 0, 1) // the teammate's win, loss
		}
	}
	return buf
}
func (l *lottery) Make(m int) { l.path = append(l.path, m) }
func (l *lottery) Unmake(int) { l.path = l.path[:len(l.path)-1] }
func (l *lottery) Hash() uint64 {
	h := uint64(len(l.path))
	for _, m := range l.path {
		h = h*31 + uint64(m) + 7
	}
	return h
}
func (l *lottery) Over() bool  { return len(l.GenMoves(nil)) == 0 }
func (l *lottery) ToMove() int { return len(l.path) * 2 }
func (l *lottery) Kind(root int) NodeKind {
	if len(l.path) == 0 {
		return MaxNode
	}
	return ChanceNode
}
func (l *lottery) Weight(m int) float64 {
	if m == 0 {
		return l.wWin
	}
	return l.wLose
}
func (l *lottery) Value(int) float64 {
	switch {
	case len(l.path) == 1 && l.path[0] == 1:
		return 3
	case len(l.path) == 2 && l.path[1] == 0:
		return 10
	}
	return 0
}

func TestExpectimaxWeighsTheChanceNode(t *testing.T) {
	for _, c := range []struct {
		win, lose float64
		move      int
		value     float64
	}{{1, 3, 1, 3}, {3, 1, 0, 7.5}} {
		res := Expectimax[*lottery, int](context.Background(), &lottery{wWin: c.win, wLose: c.lose}, ExpectiLimits{Depth: 4})
		if !res.HasMove || res.Move != c.move || res.Value != c.value {
			t.Errorf("weights %v:%v: move %d value %v, want %d and %v", c.win, c.lose, res.Move, res.Value, c.move, c.value)
		}
	}
}

// chanceNim is nim (take 1-3, taking the last wins) for two sides, as
// expectiminimax sees it: values 1 (root side wins) or 0.
type chanceNim struct {
	pile, turn int
	taken      []int
}

func (n *chanceNim) GenMoves(buf []int) []int {
	for k := 3; k >= 1; k-- {
		if k <= n.pile {
			buf = append(buf, k)
		}
	}
	return buf
}
func (n *chanceNim) Make(k int)         { n.pile -= k; n.turn ^= 1; n.taken = append(n.taken, k) }
func (n *chanceNim) Unmake(k int)       { n.pile += k; n.turn ^= 1; n.taken = n.taken[:len(n.taken)-1] }
func (n *chanceNim) Hash() uint64       { return uint64(n.pile)<<1 | uint64(n.turn) }
func (n *chanceNim) Over() bool         { return n.pile == 0 }
func (n *chanceNim) ToMove() int        { return n.turn }
func (n *chanceNim) Weight(int) float64 { return 1 }
func (n *chanceNim) Kind(root int) NodeKind {
	if n.turn == root {
		return MaxNode
	}
	return MinNode
}
func (n *chanceNim) Value(root int) float64 {
	if n.pile == 0 {
		if n.turn == root {
			return 0 // the other side took the last one
		}
		return 1
	}
	return 0.5
}

func TestExpectimaxIsAlphaBetaWithoutChance(t *testing.T) {
	for pile := 1; pile <= 15; pile++ {
		res := Expectimax[*chanceNim, int](context.Background(), &chanceNim{pile: pile}, ExpectiLimits{Depth: 16})
		want := 1.0
		if pile%4 == 0 {
			want = 0
		}
		if res.Value != want || (want == 1 && res.Move != pile%4) {
			t.Errorf("pile %d: move %d value %v, want value %v", pile, res.Move, res.Value, want)
		}
	}
}
