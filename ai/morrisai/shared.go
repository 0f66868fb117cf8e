package morrisai

import (
	"context"
	"encoding/binary"

	"gameai/ai"
	"gameai/ai/minimax"
	"gameai/games/morris"
)

// The shared table's share of a search: the entries within SharedPlies of
// the root searched at least SharedMinDepth deep are written after a
// search; before one, the root's and its children's are read. Two plies
// reach the root of the next request of a game (the engine's move and the
// reply) and its children. Chosen by measurement (BENCHMARKS.md, "A shared
// transposition table").
const (
	SharedPlies    = 2
	SharedMinDepth = 3
)

// entrySize is an encoded entry: move, score, depth, bound.
const entrySize = 4 + 4 + 1 + 1

func encodeEntry(e minimax.Entry[morris.Move]) []byte {
	b := make([]byte, entrySize)
	binary.LittleEndian.PutUint32(b, uint32(e.Move))
	binary.LittleEndian.PutUint32(b[4:], uint32(int32(e.Score)))
	b[8], b[9] = byte(e.Depth), byte(e.Bound)
	return b
}

// decodeEntry reads an entry, refusing what no search wrote (the table is
// outside the process: a corrupt or foreign value must not steer a search).
func decodeEntry(hash uint64, b []byte) (minimax.Entry[morris.Move], bool) {
	if len(b) != entrySize {
		return minimax.Entry[morris.Move]{}, false
	}
	e := minimax.Entry[morris.Move]{Hash: hash, Move: morris.Move(binary.LittleEndian.Uint32(b)),
		Score: minimax.Score(int32(binary.LittleEndian.Uint32(b[4:]))), Depth: int(b[8]), Bound: minimax.Bound(b[9])}
	switch {
	case e.Depth < 1 || e.Depth >= minimax.MaxPly,
		e.Bound != minimax.BoundExact && e.Bound != minimax.BoundLower && e.Bound != minimax.BoundUpper,
		e.Score <= -minimax.Mate || e.Score >= minimax.Mate:
		return minimax.Entry[morris.Move]{}, false
	}
	return e, true
}

// LoadShared reads the entries of pos and its children. A move read from
// the table is only ever tried first if it is legal where it is found, so
// a stale or colliding entry costs time, never a wrong move.
func LoadShared(ctx context.Context, t ai.SharedTable, pos Pos) []minimax.Entry[morris.Move] {
	hashes := []uint64{pos.Hash()}
	for _, m := range pos.GenMoves(nil) {
		hashes = append(hashes, pos.HashAfter(m))
	}
	var out []minimax.Entry[morris.Move]
	for h, b := range t.Load(ctx, hashes) {
		if e, ok := decodeEntry(h, b); ok {
			out = append(out, e)
		}
	}
	return out
}

// StoreShared writes the last search's entries within plies of pos searched
// at least minDepth deep (the engine: SharedPlies, SharedMinDepth), and
// returns how many.
func StoreShared(ctx context.Context, t ai.SharedTable, s *Searcher, pos Pos, plies, minDepth int) int {
	entries := s.Shallow(pos, plies, minDepth)
	if len(entries) == 0 {
		return 0
	}
	m := make(map[uint64][]byte, len(entries))
	for _, e := range entries {
		m[e.Hash] = encodeEntry(e)
	}
	t.Store(ctx, m)
	return len(m)
}
