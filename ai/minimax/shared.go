package minimax

import "context"

// A table's shallow part, shared beyond one search: the entries near the
// root of a finished search are written out, and a later search (of this
// position, a neighbour, on another server) starts from them. Only searches
// bounded by time only may be seeded: at a fixed depth or node count a
// seeded search could answer otherwise than a cold one, and such answers
// are promised to repeat.

// Bound says what an entry's score is.
type Bound uint8

// Bounds of entries (the table's own values).
const (
	BoundExact = Bound(boundExact)
	BoundLower = Bound(boundLower) // the score is at least this (a cut-off)
	BoundUpper = Bound(boundUpper) // the score is at most this
)

// Entry is a table entry out of the table: the position's hash, its best
// move, its score from the position (a win or loss counted from it, not
// from a root) and the depth it was searched to.
type Entry[M comparable] struct {
	Hash  uint64
	Move  M
	Score Score
	Depth int
	Bound Bound
}

// SearchFrom is Search with the table seeded with entries after it is
// cleared (nil: Search).
func (s *Searcher[P, M]) SearchFrom(ctx context.Context, pos P, lim Limits, seed []Entry[M]) Result[M] {
	s.seed = seed
	defer func() { s.seed = nil }()
	return s.Search(ctx, pos, lim)
}

// Shallow returns the entries of the last search within plies of pos (its
// root) that were searched at least minDepth deep: the part of the table
// worth sharing. pos is returned in its state at the call.
func (s *Searcher[P, M]) Shallow(pos P, plies, minDepth int) []Entry[M] {
	var out []Entry[M]
	seen := map[uint64]bool{}
	var walk func(ply int)
	walk = func(ply int) {
		key := pos.Hash()
		if seen[key] {
			return
		}
		seen[key] = true
		e, ok := s.tt.probe(key)
		if !ok {
			return // not searched here: nor below it, as far as the table knows
		}
		if int(e.depth) >= minDepth {
			out = append(out, Entry[M]{Hash: key, Move: e.move, Score: e.score, Depth: int(e.depth), Bound: Bound(e.bound)})
		}
		if ply >= plies {
			return
		}
		for _, m := range pos.GenMoves(nil) {
			pos.Make(m)
			walk(ply + 1)
			pos.Unmake(m)
		}
	}
	walk(0)
	return out
}
