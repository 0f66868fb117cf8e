package mcts

import (
	"gameai/internal/waitfor"
	"testing"
	"time"
)

var reuseCfg = Config{RAVE: true, Transpositions: true, Seed: 1}

// TestSearcherReusesTheSubtree: X plays, O replies, X asks again; the
// second search starts from the node the first grew for that position.
func TestSearcherReusesTheSubtree(t *testing.T) {
	s := new(Searcher[*ttt, int])
	root := parseTTT(".........")
	first := s.Search(t.Context(), root, newTTT, reuseCfg, Limits{Iterations: 20000}, nil)
	if first.Reused != 0 {
		t.Fatalf("a new searcher reused %d visits", first.Reused)
	}
	next := parseTTT(".........")
	next.Play(first.Move)
	next.Play(first.PV[1])
	w := s.workers[0]
	i, ok := w.t.table[next.Hash()]
	if !ok {
		t.Fatal("the principal variation's position is not in the tree")
	}
	kept := int64(w.t.nodes[i].n)
	if kept < 100 {
		t.Fatalf("the first search visited the position %d times", kept)
	}
	if !s.Holds(next.Hash(), next.ToMove()) {
		t.Fatal("Holds says no")
	}
	second := s.Search(t.Context(), next, newTTT, reuseCfg, Limits{Iterations: 5000}, nil)
	if second.Reused != kept {
		t.Errorf("second search reused %d visits, the node had %d", second.Reused, kept)
	}
	if second.Iterations != 5000 {
		t.Errorf("second search ran %d iterations, want 5000 of its own", second.Iterations)
	}
	visits := int64(0)
	for _, m := range second.Moves {
		visits += m.Visits
	}
	if visits < kept+5000-1 {
		t.Errorf("root moves carry %d visits, want the kept %d and the new 5000", visits, kept)
	}
	if !second.HasMove || next.cells[second.Move] != 0 {
		t.Errorf("second search answered %d on %v", second.Move, next.cells)
	}
}

// TestSearcherReusesForTheOtherSide: the tree grew from X's view; O's
// search from a node of it reads the values as O's. X to move must block
// at 2 (and tries every move once); after X plays 5 instead, O wins at 2.
func TestSearcherReusesForTheOtherSide(t *testing.T) {
	for _, threads := range []int{1, 2} {
		cfg := reuseCfg
		cfg.Threads = threads
		s := new(Searcher[*ttt, int])
		first := s.Search(t.Context(), parseTTT("oo.x....x"), newTTT, cfg, Limits{Iterations: 20000}, nil)
		if first.Move != 2 {
			t.Fatalf("X played %d (value %.2f), want the block at 2", first.Move, first.Value)
		}
		next := parseTTT("oo.x.x..x")
		second := s.Search(t.Context(), next, newTTT, cfg, Limits{Iterations: 2000}, nil)
		if second.Reused == 0 {
			t.Errorf("%d threads: O's search started a new tree", threads)
		}
		if second.Move != 2 || second.Value < 0.9 {
			t.Errorf("%d threads: O played %d (value %.2f for O), want the win at 2 (about 1); moves %+v",
				threads, second.Move, second.Value, second.Moves)
		}
	}
}

// TestSearcherStartsAfresh: the cases where a kept tree must not be used.
func TestSearcherStartsAfresh(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		next string
	}{
		{"changed configuration", Config{RAVE: true, Transpositions: true, C: 0.3}, "x...o...."},
		{"no transpositions", Config{RAVE: true}, "x...o...."},
		{"a position the tree never saw", reuseCfg, "xo.xo.o.x"}, // the first search is 20 iterations
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := new(Searcher[*ttt, int])
			first := tc.cfg
			if tc.name == "changed configuration" {
				first = reuseCfg
			}
			iters := int64(20000)
			if tc.name == "a position the tree never saw" {
				iters = 20
			}
			s.Search(t.Context(), parseTTT("........."), newTTT, first, Limits{Iterations: iters}, nil)
			res := s.Search(t.Context(), parseTTT(tc.next), newTTT, tc.cfg, Limits{Iterations: 1000}, nil)
			if res.Reused != 0 {
				t.Errorf("reused %d visits", res.Reused)
			}
			fresh := Search(t.Context(), parseTTT(tc.next), newTTT, tc.cfg, Limits{Iterations: 1000}, nil)
			if res.Move != fresh.Move || res.Value != fresh.Value || res.Nodes != fresh.Nodes {
				t.Errorf("after a reset: %d (%v, %d nodes), a new search: %d (%v, %d nodes)",
					res.Move, res.Value, res.Nodes, fresh.Move, fresh.Value, fresh.Nodes)
			}
		})
	}
}

// TestSearcherNeedsRoom: a tree at half its node budget or more starts
// afresh, so a reused search always has room to grow.
func TestSearcherNeedsRoom(t *testing.T) {
	cfg := reuseCfg
	cfg.MaxNodes = 1000
	s := new(Searcher[*ttt, int])
	first := s.Search(t.Context(), parseTTT("........."), newTTT, cfg, Limits{Iterations: 20000}, nil)
	if first.Nodes < 500 {
		t.Fatalf("the tree has %d nodes of 1000", first.Nodes)
	}
	next := parseTTT(".........")
	next.Play(first.Move)
	next.Play(first.PV[1])
	if s.Holds(next.Hash(), next.ToMove()) {
		t.Error("a tree over half full is offered for reuse")
	}
}

func TestPoolHandsOutTheTreeThatHoldsThePosition(t *testing.T) {
	p := NewPool[*ttt, int](2, time.Hour)
	empty := parseTTT(".........")
	a, b := p.Get("k1", empty.Hash(), 0), new(Searcher[*ttt, int])
	for key, s := range map[string]*Searcher[*ttt, int]{"k1": a, "k2": b} {
		s.Search(t.Context(), empty, newTTT, reuseCfg, Limits{Iterations: 2000}, nil)
		if key == "k1" {
			p.Put(key, s)
		}
	}
	p.Put("k2", b) // idle: a (least recently used), b
	if got := p.Get("k2", empty.Hash(), 0); got != b {
		t.Error("Get did not hand out the searcher whose tree holds the position under the key")
	}
	p.Put("k2", b)
	// No tree under k3: the least recently used, whose memory a new tree
	// takes over.
	if got := p.Get("k3", empty.Hash(), 0); got != a {
		t.Error("Get did not hand out the least recently used searcher")
	}
	for range 3 {
		p.Put("k", new(Searcher[*ttt, int]))
	}
	if n := p.Idle(); n != 2 {
		t.Errorf("%d idle searchers, want at most 2", n)
	}
}

func TestPoolLetsIdleTreesGo(t *testing.T) {
	p := NewPool[*ttt, int](2, 10*time.Millisecond)
	p.Put("k", new(Searcher[*ttt, int]))
	if !waitfor.Until(5*time.Second, func() bool { return p.Idle() == 0 }) {
		t.Errorf("%d idle searchers kept after their time", p.Idle())
	}
}

// TestPoolNeverReusesAnotherKeysTree: the least recently used searcher,
// handed out under another key, starts afresh even where its tree holds
// the position.
func TestPoolNeverReusesAnotherKeysTree(t *testing.T) {
	p := NewPool[*ttt, int](1, time.Hour)
	empty := parseTTT(".........")
	s := p.Get("a", empty.Hash(), 0)
	s.Search(t.Context(), empty, newTTT, reuseCfg, Limits{Iterations: 2000}, nil)
	p.Put("a", s)
	s = p.Get("b", empty.Hash(), 0)
	if res := s.Search(t.Context(), empty, newTTT, reuseCfg, Limits{Iterations: 100}, nil); res.Reused != 0 {
		t.Errorf("a search under key b reused %d visits of key a's tree", res.Reused)
	}
}
