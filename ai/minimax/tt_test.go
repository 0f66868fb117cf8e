package minimax

import (
	"context"
	"testing"
	"unsafe"
)

// move4 is a 4-byte move, the size of a Morris move.
type move4 [4]int8

// The generation stamp fits in the entry's padding: 16 bytes with a
// 4-byte move, a bucket 32, so that a lookup stays one cache line.
func TestEntryIs16Bytes(t *testing.T) {
	if n := unsafe.Sizeof(entry[move4]{}); n != 16 {
		t.Fatalf("entry takes %d bytes, want 16", n)
	}
	if n := unsafe.Sizeof(bucket[move4]{}); n != 32 {
		t.Fatalf("a bucket takes %d bytes, want 32", n)
	}
}

// In a bucket the deepest entry of a search survives any number of
// shallower positions, and the latest of those is kept beside it; a
// position is never in both entries.
func TestABucketKeepsTheDeepestAndTheLatest(t *testing.T) {
	tt := newTable[move4](1024)
	key := func(i uint64) uint64 { return i<<32 | 5 } // all in bucket 5
	tt.store(key(1), move4{1}, 100, 9, boundExact)
	for i := uint64(2); i < 50; i++ {
		tt.store(key(i), move4{2}, Score(i), 2, boundLower)
		if e, ok := tt.probe(key(1)); !ok || e.score != 100 {
			t.Fatalf("after %d shallow entries the deep one is gone: %+v %v", i-1, e, ok)
		}
		if e, ok := tt.probe(key(i)); !ok || e.score != Score(i) {
			t.Fatalf("the latest shallow entry %d is not found: %+v %v", i, e, ok)
		}
		if _, ok := tt.probe(key(i - 1)); ok && i > 2 {
			t.Fatalf("entry %d still found: a bucket holds two", i-1)
		}
	}
	// A deeper position takes the deep entry; the one it displaces
	// becomes the recent one.
	tt.store(key(60), move4{3}, 60, 12, boundExact)
	if e, ok := tt.probe(key(60)); !ok || e.score != 60 {
		t.Fatalf("the deeper entry is not kept: %+v", e)
	}
	if e, ok := tt.probe(key(1)); !ok || e.score != 100 {
		t.Fatalf("the displaced deep entry is lost: %+v", e)
	}
	// A position whose older entry is the recent one, stored deep, is
	// found once, with its new value.
	tt.store(key(1), move4{4}, 7, 13, boundExact)
	b := tt.buckets[key(1)&tt.mask]
	if b.deep.score != 7 || b.recent.check == b.deep.check && tt.current(&b.recent) {
		t.Fatalf("bucket after restoring a position deeper: %+v", b)
	}
	// Of an earlier search, neither entry blocks a new one.
	tt.clear()
	tt.store(key(70), move4{5}, 70, 1, boundUpper)
	if e, ok := tt.probe(key(70)); !ok || e.score != 70 {
		t.Fatalf("a shallow entry after a new search: %+v %v", e, ok)
	}
}

// A cleared table hides every earlier entry, through the 255 generations
// and the real clear when the counter wraps.
func TestClearHidesEarlierEntries(t *testing.T) {
	tt := newTable[move4](1024)
	const key = 0xdeadbeef_00000007
	for i := range 600 {
		tt.store(key, move4{1}, Score(i), 3, boundExact)
		e, ok := tt.probe(key)
		if !ok || e.score != Score(i) {
			t.Fatalf("search %d: the entry just stored is not found", i)
		}
		tt.clear()
		if _, ok := tt.probe(key); ok {
			t.Fatalf("search %d (generation %d): an entry of the previous search is still found", i, tt.gen)
		}
	}
}

// Within a search an entry searched deeper is kept over a shallower bound;
// from an earlier search it is not.
func TestStoreKeepsDeeperOnlyWithinASearch(t *testing.T) {
	tt := newTable[move4](1024)
	const key = 0x12345678_00000009
	tt.store(key, move4{}, 10, 8, boundExact)
	tt.store(key, move4{}, 20, 2, boundLower)
	if e, _ := tt.probe(key); e.score != 10 {
		t.Fatalf("a depth-2 bound replaced a depth-8 entry of the same search: %+v", e)
	}
	tt.clear()
	tt.store(key, move4{}, 20, 2, boundLower)
	if e, ok := tt.probe(key); e.score != 20 || !ok {
		t.Fatalf("an entry of an earlier search blocked a new one: %+v", e)
	}
}

// A kept table serves the next search what earlier ones found; a table not
// kept gives every search the same work and answer.
func TestAKeptTableServesTheNextSearch(t *testing.T) {
	for _, keep := range []bool{false, true} {
		s := NewSearcher[*wide, int](1 << 14)
		s.Keep = keep
		w := &wide{onLeaf: func() {}}
		first := s.Search(context.Background(), w, Limits{Depth: 4})
		second := s.Search(context.Background(), w, Limits{Depth: 4})
		switch {
		case !keep && (second.Nodes != first.Nodes || second.Move != first.Move || second.Score != first.Score):
			t.Errorf("not kept: %d nodes then %d, move %d then %d", first.Nodes, second.Nodes, first.Move, second.Move)
		case keep && second.Nodes*4 > first.Nodes:
			t.Errorf("kept: %d nodes then %d, want a quarter or less", first.Nodes, second.Nodes)
		case keep && second.Score != first.Score:
			t.Errorf("kept: score %d then %d", first.Score, second.Score)
		}
	}
}
