package minimax

import (
	"context"
	"testing"
)

// wide is a uniform game tree of 30 moves a node whose leaves call
// onLeaf: nearly every node searched is a leaf.
type wide struct {
	path   []int
	hash   []uint64
	onLeaf func()
}

func (w *wide) top() uint64 {
	if len(w.hash) == 0 {
		return 0x9e3779b97f4a7c15
	}
	return w.hash[len(w.hash)-1]
}
func (w *wide) GenMoves(buf []int) []int {
	for m := range 30 {
		buf = append(buf, m)
	}
	return buf
}
func (w *wide) Make(m int) {
	h := (w.top() ^ uint64(m+1)) * 0xbf58476d1ce4e5b9
	w.path, w.hash = append(w.path, m), append(w.hash, h^h>>31)
}
func (w *wide) Unmake(int)   { w.path, w.hash = w.path[:len(w.path)-1], w.hash[:len(w.hash)-1] }
func (w *wide) Hash() uint64 { return w.top() }
func (w *wide) HashAfter(m int) uint64 {
	w.Make(m)
	defer w.Unmake(m)
	return w.Hash()
}
func (w *wide) OrderKeys(ms []int, keys []int32) []int32 {
	for range ms {
		keys = append(keys, 0)
	}
	return keys
}
func (w *wide) KeySpace() int              { return 30 }
func (w *wide) Terminal(int) (bool, Score) { return false, 0 }
func (w *wide) Evaluate() Score {
	w.onLeaf()
	return Score(w.top()%201) - 100
}

// The clock and the context are looked at within checkEvery nodes of any
// moment, though leaves, most of the nodes, do not look: a search whose
// context ends stops within that many nodes (once it looked only when
// the node count was a multiple of checkEvery at an inner node, which in
// a tree of 30 moves a node could be tens of thousands of nodes late).
func TestASearchLooksAtTheClockEveryFewNodes(t *testing.T) {
	for _, after := range []int64{3000, 7001, 12345} {
		ctx, cancel := context.WithCancel(context.Background())
		var leaves, nodesAtCancel int64
		s := NewSearcher[*wide, int](1 << 12)
		w := &wide{}
		w.onLeaf = func() {
			leaves++
			if leaves == after {
				nodesAtCancel = s.nodes
				cancel()
			}
		}
		res := s.Search(ctx, w, Limits{Depth: 8})
		cancel()
		if nodesAtCancel == 0 {
			t.Fatalf("cancel after %d leaves: the search ended first (%d nodes)", after, res.Nodes)
		}
		if late := res.Nodes - nodesAtCancel; late > checkEvery+64 {
			t.Errorf("cancelled at node %d, stopped at %d: %d nodes late, want at most %d", nodesAtCancel, res.Nodes, late, checkEvery+64)
		}
	}
}

// A search cut short keeps nothing it did not finish in its table, which
// is shared beyond it: wherever the cut falls, the entries near the root
// hold scores a finished search could give.
func TestACutSearchLeavesNoUnfinishedEntries(t *testing.T) {
	s := NewSearcher[*wide, int](1 << 12)
	w := &wide{onLeaf: func() {}}
	for budget := int64(40); budget < 20000; budget += 53 {
		s.Search(context.Background(), w, Limits{Depth: 8, Nodes: budget})
		for _, e := range s.Shallow(w, 1, 1) {
			if e.Score <= -Mate || e.Score >= Mate {
				t.Fatalf("cut after %d nodes: entry %+v", budget, e)
			}
		}
	}
}
