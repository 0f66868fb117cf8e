package minimax

// The transposition table: one entry per slot, replaced when the new entry
// was searched at least as deep or the slot holds another position. A slot
// is chosen by the key's low bits and checked by its high 32 bits, so that
// an entry takes 16 bytes (with a 4-byte move): a table lookup is a cache
// miss, and smaller entries miss less. Entries carry the search's
// generation: a new search bumps it instead of clearing the table (16 MB
// cleared cost 0.3 ms a search: 3% of a bot's 10 ms move, nothing in
// long searches).

import (
	"unsafe"

	"gameai/internal/prefetch"
)

type bound uint8

const (
	boundNone bound = iota
	boundExact
	boundLower // fail high: the score is at least this
	boundUpper // fail low: the score is at most this
)

type entry[M comparable] struct {
	check uint32
	move  M
	score Score
	depth int8
	bound bound
	gen   uint8
}

// table is a transposition table of a power-of-two size.
type table[M comparable] struct {
	slots []entry[M]
	mask  uint64
	gen   uint8 // never 0 once cleared: zeroed slots are of no generation
}

func newTable[M comparable](entries int) *table[M] {
	n := 1
	for n*2 <= entries {
		n *= 2
	}
	return &table[M]{slots: make([]entry[M], n), mask: uint64(n - 1), gen: 1}
}

// clear forgets every entry: a new generation, and a real clear once in
// 255 searches, when the counter wraps and old stamps could look current.
func (t *table[M]) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

// valid reports whether a slot read for key holds an entry of this search.
func (t *table[M]) valid(e *entry[M], key uint64) bool {
	return e.check == uint32(key>>32) && e.gen == t.gen && e.bound != boundNone
}

// prefetch starts reading key's slot into the cache: a lookup is a miss
// more often than not, and a miss waited on was a quarter of the search.
func (t *table[M]) prefetch(key uint64) {
	prefetch.Line(unsafe.Pointer(&t.slots[key&t.mask]))
}

func (t *table[M]) store(key uint64, m M, s Score, depth int, b bound) {
	e := &t.slots[key&t.mask]
	if t.valid(e, key) && int(e.depth) > depth && b != boundExact {
		return
	}
	*e = entry[M]{check: uint32(key >> 32), move: m, score: s, depth: int8(depth), bound: b, gen: t.gen}
}

// Scores of wins and losses are stored relative to the position, not the
// root, so that an entry serves at any distance.
func toTable(s Score, ply int) Score {
	switch {
	case s >= MateBound:
		return s + Score(ply)
	case s <= -MateBound:
		return s - Score(ply)
	}
	return s
}

func fromTable(s Score, ply int) Score {
	switch {
	case s >= MateBound:
		return s - Score(ply)
	case s <= -MateBound:
		return s + Score(ply)
	}
	return s
}
