package morrisai

import (
	"context"
	"sync"
	"testing"
	"time"

	"gameai/ai"
	"gameai/ai/minimax"
	"gameai/games/morris"
)

// mapTable is a SharedTable in a map, counting its calls.
type mapTable struct {
	mu            sync.Mutex
	m             map[uint64][]byte
	loads, stores int
}

func (t *mapTable) Load(_ context.Context, hashes []uint64) map[uint64][]byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.loads++
	out := map[uint64][]byte{}
	for _, h := range hashes {
		if b, ok := t.m[h]; ok {
			out[h] = b
		}
	}
	return out
}

func (t *mapTable) Store(_ context.Context, entries map[uint64][]byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stores++
	for h, b := range entries {
		t.m[h] = b
	}
}

func TestSharedEntriesRoundTripAndRefuseGarbage(t *testing.T) {
	for _, e := range []minimax.Entry[morris.Move]{
		{Hash: 7, Move: morris.Move(12345), Score: -250, Depth: 9, Bound: minimax.BoundLower},
		{Hash: 1 << 63, Move: morris.Move(1), Score: minimax.Mate - 1030, Depth: 1, Bound: minimax.BoundExact},
	} {
		if got, ok := decodeEntry(e.Hash, encodeEntry(e)); !ok || got != e {
			t.Errorf("%+v reads back as %+v (%v)", e, got, ok)
		}
	}
	good := encodeEntry(minimax.Entry[morris.Move]{Move: 1, Depth: 3, Bound: minimax.BoundUpper})
	for name, b := range map[string][]byte{
		"short":    good[:9],
		"long":     append(append([]byte(nil), good...), 0),
		"depth 0":  append(append([]byte(nil), good[:8]...), 0, good[9]),
		"no bound": append(append([]byte(nil), good[:9]...), 0),
		"bound 9":  append(append([]byte(nil), good[:9]...), 9),
	} {
		if _, ok := decodeEntry(1, b); ok {
			t.Errorf("%s: %v accepted", name, b)
		}
	}
}

// A search bounded by time adds its shallow entries to the shared table,
// and the next search of the position (another engine: another server)
// starts from them; a search bounded by depth neither reads nor writes it.
func TestTimedSearchesShareTheirTable(t *testing.T) {
	st, err := morris.Game.NewState("nine", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"d6", "d2", "b4", "f4", "a7", "g7"} {
		mv, err := st.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	table := &mapTable{m: map[uint64][]byte{}}
	req := ai.Request{State: st, Limits: ai.Limits{Time: 100 * time.Millisecond}, Shared: table}
	if _, err := NewAlphaBeta(nil).Search(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	root := st.(*morris.State).P.Hash()
	if table.loads != 1 || table.stores != 1 || len(table.m) < 10 || table.m[root] == nil {
		t.Fatalf("after a timed search: %d loads, %d stores, %d entries (root's: %v)", table.loads, table.stores, len(table.m), table.m[root] != nil)
	}
	for h, b := range table.m {
		if e, ok := decodeEntry(h, b); !ok || e.Depth < SharedMinDepth {
			t.Errorf("entry %x: %+v, want one searched %d deep or more", h, e, SharedMinDepth)
		}
	}
	if _, err := NewAlphaBeta(nil).Search(context.Background(), req); err != nil || table.loads != 2 {
		t.Fatalf("a second timed search: %v, %d loads", err, table.loads)
	}
	depth := ai.Request{State: st, Limits: ai.Limits{Depth: 3}, Shared: table}
	if _, err := NewAlphaBeta(nil).Search(context.Background(), depth); err != nil || table.loads != 2 || table.stores != 2 {
		t.Errorf("a depth-limited search touched the shared table: %v, %d loads, %d stores", err, table.loads, table.stores)
	}
}
