package minimax

// The transposition table: buckets of two entries, chosen by the key's low
// bits, each entry checked by the key's high 32 bits, so that an entry
// takes 16 bytes (with a 4-byte move) and a bucket 32, within one cache
// line: a table lookup is a cache miss, and smaller entries miss less. A
// bucket's first entry keeps the deepest search of its positions, the
// second the latest of the others: a deep entry is not lost to the many
// shallow ones near the leaves, nor are those lost to it. Entries carry
// the search's generation: a new search bumps it instead of clearing the
// table (16 MB cleared cost 0.3 ms a search: 3% of a bot's 10 ms move,
// nothing in long searches).

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

// bucket is the two entries a key may be in.
type bucket[M comparable] struct {
	deep, recent entry[M]
}

// table is a transposition table of a power-of-two number of buckets.
type table[M comparable] struct {
	buckets []bucket[M]
	mask    uint64
	gen     uint8 // never 0 once cleared: zeroed slots are of no generation
	// keep: entries of earlier generations serve too (a player's table
	// kept from move to move); they are still the first replaced.
	keep bool
}

// newTable holds about entries entries (two a bucket, at least one bucket).
func newTable[M comparable](entries int) *table[M] {
	n := 1
	for n*4 <= entries {
		n *= 2
	}
	return &table[M]{buckets: make([]bucket[M], n), mask: uint64(n - 1), gen: 1}
}

// probe returns key's entry of this search, if the table has it.
func (t *table[M]) probe(key uint64) (entry[M], bool) {
	b := &t.buckets[key&t.mask]
	if t.valid(&b.deep, key) {
		return b.deep, true
	}
	if t.valid(&b.recent, key) {
		return b.recent, true
	}
	return entry[M]{}, false
}

// clear forgets every entry: a new generation, and a real clear once in
// 255 searches, when the counter wraps and old stamps could look current.
func (t *table[M]) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.buckets)
		t.gen = 1
	}
}

// valid reports whether a slot read for key holds an entry this search
// may use: of this search, or of an earlier one when the table is kept.
func (t *table[M]) valid(e *entry[M], key uint64) bool {
	return e.check == uint32(key>>32) && e.bound != boundNone && (e.gen == t.gen || t.keep && e.gen != 0)
}

// prefetch starts reading key's slot into the cache: a lookup is a miss
// more often than not, and a miss waited on was a quarter of the search.
func (t *table[M]) prefetch(key uint64) {
	prefetch.Line(unsafe.Pointer(&t.buckets[key&t.mask]))
}

// store keeps an entry. The position's own entry is replaced unless it
// was searched deeper in this search and the new one is only a bound; a
// new position takes the deep entry when searched at least as deep (the
// one there moving to recent) or when that entry is of an earlier search,
// and recent otherwise.
func (t *table[M]) store(key uint64, m M, s Score, depth int, b bound) {
	bk := &t.buckets[key&t.mask]
	e := entry[M]{check: uint32(key >> 32), move: m, score: s, depth: int8(depth), bound: b, gen: t.gen}
	switch {
	case t.valid(&bk.deep, key):
		if t.current(&bk.deep) && int(bk.deep.depth) > depth && b != boundExact {
			return
		}
		bk.deep = e
	case t.current(&bk.deep) && int(bk.deep.depth) > depth:
		if t.current(&bk.recent) && t.valid(&bk.recent, key) && int(bk.recent.depth) > depth && b != boundExact {
			return
		}
		bk.recent = e
	default:
		if t.current(&bk.deep) {
			bk.recent = bk.deep
		} else if t.valid(&bk.recent, key) {
			bk.recent = entry[M]{} // the position's older entry
		}
		bk.deep = e
	}
}

// current reports whether an entry is of this search.
func (t *table[M]) current(e *entry[M]) bool { return e.gen == t.gen && e.bound != boundNone }

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
