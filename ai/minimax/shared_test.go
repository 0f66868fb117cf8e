package minimax

import (
	"context"
	"testing"
)

// A search seeded with another's shallow entries answers alike with fewer
// nodes; Shallow keeps to its plies and depth.
func TestSeededSearchAgreesWithFewerNodes(t *testing.T) {
	evals := 0
	pos := &nim{pile: 41, evals: &evals}
	cold := NewSearcher[*nim, int](1 << 12)
	want := cold.Search(context.Background(), pos, Limits{Depth: 14})
	shared := cold.Shallow(pos, 2, 4)
	if pos.pile != 41 || len(pos.taken) != 0 {
		t.Fatalf("Shallow left the position at %d", pos.pile)
	}
	// The root and its children and grandchildren: piles 41, 38..40, 35..39.
	if len(shared) == 0 || len(shared) > 7 || shared[0].Hash != nimHash(41) || shared[0].Depth != 14 {
		t.Fatalf("shared %+v: want at most the 7 positions within 2 plies, the root at depth 14 first", shared)
	}
	for _, e := range shared {
		if e.Depth < 4 {
			t.Errorf("entry %+v shallower than asked", e)
		}
	}
	warm := NewSearcher[*nim, int](1 << 12)
	got := warm.SearchFrom(context.Background(), &nim{pile: 41, evals: &evals}, Limits{Depth: 14}, shared)
	if got.Move != want.Move || got.Score != want.Score {
		t.Errorf("seeded: move %d score %d, cold: move %d score %d", got.Move, got.Score, want.Move, want.Score)
	}
	if got.Nodes >= want.Nodes {
		t.Errorf("seeded search took %d nodes, cold %d: the seed saved nothing", got.Nodes, want.Nodes)
	}
	// The seed is for one search only.
	again := warm.Search(context.Background(), &nim{pile: 41, evals: &evals}, Limits{Depth: 14})
	if again.Nodes != want.Nodes {
		t.Errorf("a plain search after a seeded one took %d nodes, want the cold %d", again.Nodes, want.Nodes)
	}
}
