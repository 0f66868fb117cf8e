package morris

import "gameai/internal/xrand"

// Sides. White moves first.
const (
	White = 0
	Black = 1
)

// Position is a game position: the pieces of both sides as bit sets, the
// pieces still in hand, the side to move, the counters of the draw rules
// and the hashes of the earlier positions (for repetitions). Make and Unmake
// never allocate once the history has reached its largest length.
type Position struct {
	rules *Rules
	occ   [2]Bits
	// vocc is occ in the vertical order of lines.go, kept by Make and
	// Unmake: the standard board's word-parallel evaluation and move
	// generation read it instead of permuting occ at every node.
	vocc [2]Bits
	hand [2]int8
	side int8
	// lastMill is the side whose last move closed a mill, or -1: the
	// evaluation's "closed mill" term.
	lastMill int8
	// clock counts plies since the last placement or removal (the N-move
	// rule and the window in which positions can repeat); ply counts all.
	clock int32
	ply   int32
	hash  uint64

	hist  []uint64 // hash before each move played
	undos []undo
}

type undo struct {
	clock    int32
	lastMill int8
	hash     uint64
}

// EndOfPlacing is the midgame fixture: all 18 pieces placed, two of
// White's taken, White to slide. Perft, the search benchmarks and gameai
// bench start from it.
const EndOfPlacing = ".W./BBB/.WB/W..WWB/W../BW./BBB w 0 0 0 18 -"

// NewPosition returns the start position under rules.
func NewPosition(r *Rules) *Position {
	p := &Position{rules: r, lastMill: -1, hist: make([]uint64, 0, 256), undos: make([]undo, 0, 256)}
	p.hand = [2]int8{int8(r.Pieces), int8(r.Pieces)}
	p.hash = p.computeHash()
	return p
}

// After is the position after moves from the start under r: a game's
// record replayed (its moves are legal; Make does not check them).
func After(r *Rules, moves []Move) *Position {
	p := NewPosition(r)
	for _, m := range moves {
		p.Make(m)
	}
	return p
}

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	q := *p
	q.hist = append(make([]uint64, 0, max(cap(p.hist), 256)), p.hist...)
	q.undos = append(make([]undo, 0, max(cap(p.undos), 256)), p.undos...)
	return &q
}

// CopyFrom makes p a copy of src, reusing p's memory: MCTS copies its
// root into a scratch position at every iteration.
func (p *Position) CopyFrom(src *Position) {
	hist, undos := p.hist, p.undos
	*p = *src
	p.hist = append(hist[:0], src.hist...)
	p.undos = append(undos[:0], src.undos...)
}

// Rules are the position's rules.
func (p *Position) Rules() *Rules { return p.rules }

// SideToMove is White or Black.
func (p *Position) SideToMove() int { return int(p.side) }

// Pieces is the set of a side's pieces on the board.
func (p *Position) Pieces(side int) Bits { return p.occ[side] }

// InHand is the number of pieces a side has still to place.
func (p *Position) InHand(side int) int { return int(p.hand[side]) }

// Empty is the set of empty points.
func (p *Position) Empty() Bits { return all &^ (p.occ[0] | p.occ[1]) }

// Clock is the number of plies since the last placement or removal.
func (p *Position) Clock() int { return int(p.clock) }

// Ply is the number of plies played since the start.
func (p *Position) Ply() int { return int(p.ply) }

// LastMill is the side whose last move closed a mill, or -1.
func (p *Position) LastMill() int { return int(p.lastMill) }

// Hash identifies the position: pieces, pieces in hand and side to move.
func (p *Position) Hash() uint64 { return p.hash }

// HashAfter is the hash m leads to, without playing it: a search reads the
// table slot of its next move ahead of time with it, and Make takes its
// new hash from it.
func (p *Position) HashAfter(m Move) uint64 {
	us, them := p.side, 1-p.side
	h := p.hash ^ zSide ^ zPiece[us][m.To()]
	if f := m.From(); f < 0 {
		h ^= zHand[us][p.hand[us]] ^ zHand[us][p.hand[us]-1]
	} else {
		h ^= zPiece[us][f]
	}
	if r := m.Removal(); r >= 0 {
		h ^= zPiece[them][r]
		if r2 := m.Removal2(); r2 >= 0 {
			h ^= zPiece[them][r2]
		}
	}
	return h
}

// Material is a side's pieces on the board and in hand.
func (p *Position) Material(side int) int { return p.occ[side].Count() + int(p.hand[side]) }

// CanFly reports whether a side moves to any empty point: flying is allowed,
// its hand is empty and it has three pieces left.
func (p *Position) CanFly(side int) bool {
	return p.rules.Flying && p.hand[side] == 0 && p.occ[side].Count() == 3
}

// Make plays a legal move. Playing an illegal one corrupts the position:
// moves come from GenMoves, or are checked with IsLegal.
func (p *Position) Make(m Move) {
	us, them := p.side, 1-p.side
	p.undos = append(p.undos, undo{p.clock, p.lastMill, p.hash})
	p.hist = append(p.hist, p.hash)
	p.hash = p.HashAfter(m) // before the hand changes: it reads it
	to := m.To()
	if f := m.From(); f < 0 {
		p.hand[us]--
		p.clock = 0
	} else {
		p.occ[us] &^= 1 << uint(f)
		p.vocc[us] &^= vbit[f]
		p.clock++
	}
	p.occ[us] |= 1 << uint(to)
	p.vocc[us] |= vbit[to]
	p.lastMill = -1
	if r := m.Removal(); r >= 0 {
		p.occ[them] &^= 1 << uint(r)
		p.vocc[them] &^= vbit[r]
		if r2 := m.Removal2(); r2 >= 0 {
			p.occ[them] &^= 1 << uint(r2)
			p.vocc[them] &^= vbit[r2]
		}
		p.clock = 0
		p.lastMill = us
	} else if p.occ[them] == 0 && p.rules.geo.closes(to, p.occ[us]) {
		// A mill removes whenever the opponent has a piece on the board
		// (removable is never empty then): only with none can a move
		// without a removal have closed one.
		p.lastMill = us // a mill with nothing to remove
	}
	p.side = them
	p.ply++
}

// Unmake takes back m, the last move made.
func (p *Position) Unmake(m Move) {
	them, us := p.side, 1-p.side
	u := p.undos[len(p.undos)-1]
	p.undos = p.undos[:len(p.undos)-1]
	p.hist = p.hist[:len(p.hist)-1]
	to := m.To()
	p.occ[us] &^= 1 << uint(to)
	p.vocc[us] &^= vbit[to]
	if f := m.From(); f < 0 {
		p.hand[us]++
	} else {
		p.occ[us] |= 1 << uint(f)
		p.vocc[us] |= vbit[f]
	}
	if r := m.Removal(); r >= 0 {
		p.occ[them] |= 1 << uint(r)
		p.vocc[them] |= vbit[r]
		if r2 := m.Removal2(); r2 >= 0 {
			p.occ[them] |= 1 << uint(r2)
			p.vocc[them] |= vbit[r2]
		}
	}
	p.clock, p.lastMill, p.hash = u.clock, u.lastMill, u.hash
	p.side = us
	p.ply--
}

// Repetitions counts the earlier occurrences of this position (same pieces,
// hands and side to move) since the last placement or removal.
func (p *Position) Repetitions() int {
	n := 0
	h := p.hist
	for i := len(h) - 2; i >= 0 && i >= len(h)-int(p.clock); i -= 2 {
		if h[i] == p.hash {
			n++
		}
	}
	return n
}

// RepeatsSince reports whether this position occurred among the last plies
// positions (the search's own path: a repetition there is a draw the side
// to move can claim by repeating).
func (p *Position) RepeatsSince(plies int) bool {
	h := p.hist
	for i := len(h) - 2; i >= 0 && i >= len(h)-min(plies, int(p.clock)); i -= 2 {
		if h[i] == p.hash {
			return true
		}
	}
	return false
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for s := range 2 {
		for b := p.occ[s]; b != 0; b &= b - 1 {
			h ^= zPiece[s][trailing(b)]
		}
		h ^= zHand[s][p.hand[s]]
	}
	if p.side == Black {
		h ^= zSide
	}
	return h
}

// Zobrist keys from a fixed seed, so hashes are stable across runs (they
// key cached analyses).
var (
	zPiece [2][NPoints]uint64
	zHand  [2][13]uint64
	zSide  uint64
)

func init() {
	next := xrand.SplitMix(0x243f6a8885a308d3)
	for c := range 2 {
		for i := range NPoints {
			zPiece[c][i] = next()
		}
		for i := range zHand[c] {
			zHand[c][i] = next()
		}
	}
	zSide = next()
}
