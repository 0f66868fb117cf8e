package minimax

import (
	"context"
	"hash/fnv"
	"testing"
)

// tree is a hand-made game: at depth 1 the root's move 1 looks best
// (+10), at depth 2 it loses (-100) and move 2 is best (+5).
type tree struct{ path []int }

var treeChildren = map[string][]int{"": {1, 2, 3}, "1": {1}, "2": {1}, "3": {1}}

// treeEval is the static value for the side to move at each node.
var treeEval = map[string]Score{"1": -10, "2": 0, "3": 5, "11": -100, "21": 5, "31": -5}

func (t *tree) key() string {
	b := make([]byte, len(t.path))
	for i, m := range t.path {
		b[i] = byte('0' + m)
	}
	return string(b)
}
func (t *tree) GenMoves(buf []int) []int { return append(buf, treeChildren[t.key()]...) }
func (t *tree) Make(m int)               { t.path = append(t.path, m) }
func (t *tree) Unmake(int)               { t.path = t.path[:len(t.path)-1] }
func (t *tree) Hash() uint64 {
	h := fnv.New64a()
	h.Write([]byte("node:" + t.key()))
	return h.Sum64()
}
func (t *tree) HashAfter(m int) uint64 {
	t.Make(m)
	defer t.Unmake(m)
	return t.Hash()
}
func (t *tree) OrderKeys(ms []int, keys []int32) []int32 {
	for range ms {
		keys = append(keys, 0)
	}
	return keys
}
func (t *tree) KeySpace() int              { return 4 }
func (t *tree) Evaluate() Score            { return treeEval[t.key()] }
func (t *tree) Terminal(int) (bool, Score) { return false, 0 }

// An iteration cut short after its first root move keeps what it found:
// with the nodes for depth 2's moves 1 and 2 but not 3, the answer is
// depth 2's move 2, not depth 1's move 1.
func TestACutIterationKeepsItsBestOnceItsFirstMoveIsSearched(t *testing.T) {
	s := NewSearcher[*tree, int](1 << 10)
	full := s.Search(context.Background(), &tree{}, Limits{Depth: 2})
	if full.Move != 2 || full.Score != 5 {
		t.Fatalf("depth 2: move %d score %d, want 2 and +5", full.Move, full.Score)
	}
	one := s.Search(context.Background(), &tree{}, Limits{Depth: 1})
	if one.Move != 1 {
		t.Fatalf("depth 1: move %d, want 1", one.Move)
	}
	// Iteration 1 takes 4 nodes; iteration 2 reaches root move 3 at its
	// 12th (move 2 is searched twice: null window, then full).
	cut := s.Search(context.Background(), &tree{}, Limits{Depth: 5, Nodes: 12})
	if cut.Move != 2 || cut.Depth != 1 {
		t.Errorf("cut in depth 2 after moves 1 and 2: move %d (depth %d), want move 2 with depth 1 finished", cut.Move, cut.Depth)
	}
	// Cut before its first root move is done, the iteration counts for
	// nothing: depth 1's move.
	early := s.Search(context.Background(), &tree{}, Limits{Depth: 5, Nodes: 6})
	if early.Move != 1 {
		t.Errorf("cut inside depth 2's first move: move %d, want depth 1's move 1", early.Move)
	}
}
