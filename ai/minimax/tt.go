package minimax

// The transposition table: one entry per slot, replaced when the new entry
// was searched at least as deep or the slot holds another position. A slot
// is chosen by the key's low bits and checked by its high 32 bits, so that
// an entry takes 16 bytes (with a 4-byte move): a table lookup is a cache
// miss, and smaller entries miss less.

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
}

// table is a transposition table of a power-of-two size.
type table[M comparable] struct {
	slots []entry[M]
	mask  uint64
}

func newTable[M comparable](entries int) *table[M] {
	n := 1
	for n*2 <= entries {
		n *= 2
	}
	return &table[M]{slots: make([]entry[M], n), mask: uint64(n - 1)}
}

func (t *table[M]) clear() { clear(t.slots) }

func (t *table[M]) store(key uint64, m M, s Score, depth int, b bound) {
	e := &t.slots[key&t.mask]
	if e.check == uint32(key>>32) && int(e.depth) > depth && b != boundExact {
		return
	}
	*e = entry[M]{check: uint32(key >> 32), move: m, score: s, depth: int8(depth), bound: b}
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
