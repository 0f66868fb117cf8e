package minimax

import (
	"testing"
	"unsafe"
)

// move4 is a 4-byte move, the size of a Morris move.
type move4 [4]int8

// The generation stamp fits in the entry's padding: 16 bytes with a
// 4-byte move, so that a lookup stays one cache line.
func TestEntryIs16Bytes(t *testing.T) {
	if n := unsafe.Sizeof(entry[move4]{}); n != 16 {
		t.Fatalf("entry takes %d bytes, want 16", n)
	}
}

// A cleared table hides every earlier entry, through the 255 generations
// and the real clear when the counter wraps.
func TestClearHidesEarlierEntries(t *testing.T) {
	tt := newTable[move4](1024)
	const key = 0xdeadbeef_00000007
	for i := range 600 {
		tt.store(key, move4{1}, Score(i), 3, boundExact)
		e := &tt.slots[key&tt.mask]
		if !tt.valid(e, key) || e.score != Score(i) {
			t.Fatalf("search %d: the entry just stored is not found", i)
		}
		tt.clear()
		if tt.valid(&tt.slots[key&tt.mask], key) {
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
	if e := tt.slots[key&tt.mask]; e.score != 10 {
		t.Fatalf("a depth-2 bound replaced a depth-8 entry of the same search: %+v", e)
	}
	tt.clear()
	tt.store(key, move4{}, 20, 2, boundLower)
	if e := tt.slots[key&tt.mask]; e.score != 20 || !tt.valid(&e, key) {
		t.Fatalf("an entry of an earlier search blocked a new one: %+v", e)
	}
}
