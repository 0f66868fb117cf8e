package morpion

import (
	"math/bits"

	"gameai/internal/xrand"
)

// MaxLegal bounds the legal move list: a legal move is a window of five
// points holding exactly four dots, and no grid has more than a few hundred.
const MaxLegal = 4096

// MaxMoves bounds a game's length, well above the proven 5T bound of 485.
const MaxMoves = 1024

// Board is a position: dots, drawn lines and the legal moves, kept up to date
// incrementally. Play and Undo never allocate. The zero Board is not valid:
// use NewBoard, or Reset from one.
type Board struct {
	variant Variant
	// occMask is what a line at position 0 occupies on its track; fifth is
	// all ones in 5D, where a line's fifth point counts, and 0 in 5T.
	occMask, fifth uint64
	tr             [nFlat]track
	// win is windowMask, or a region's (NewBoardIn): the windows where a
	// line may be drawn at all.
	win *[4][nTracks]uint64

	moves  [MaxLegal]Line
	nmoves int
	pos    [NLines]int16 // index in moves, or -1

	hist  [MaxMoves]Played
	nhist int

	// The lines the last Play or Undo made legal and illegal, for
	// searches that keep their own copy of the move list (NRPA): a dot
	// changes at most 20 windows through it and a line blocks at most 9
	// on its track, so 64 of each is enough. They are int32, the move code
	// of the nested searches, so that those read them without a copy.
	born, died   [maxChanged]int32
	nborn, ndied int
}

const maxChanged = 64

// track is one line of points in one direction (see tracks.go), its three
// words side by side so that a refresh touches one cache line.
type track struct {
	// dots: bit i when the point at position i holds a dot.
	dots uint64
	// occ: what lines of this direction hold here. 5T: bit i when the unit
	// segment from position i to i+1 is drawn; 5D: bit i when the point at
	// position i is on a line.
	occ uint64
	// legal: bit i when the line starting at position i is legal.
	legal uint64
	// avail: bit i when the five points from position i are on the board
	// and no line of this direction blocks a line there; it changes only
	// when occ does, so the hot path recomputes it for one track a move.
	avail uint64
}

// Played is a move of the game: its line and the dot it added.
type Played struct {
	Line Line
	Dot  Point
}

// NewBoard returns the start position of a variant.
func NewBoard(v Variant) *Board { return newBoard(v, &windowMask) }

// newBoard returns the start position of a variant whose lines may go only
// where win says (windowMask, or a region's: NewBoardIn).
func newBoard(v Variant, win *[4][nTracks]uint64) *Board {
	b := &Board{variant: v, occMask: 0xf, win: win}
	if v == D5 {
		b.occMask, b.fifth = 0x1f, ^uint64(0)
	}
	for i := range b.pos {
		b.pos[i] = -1
	}
	for y := range 10 {
		for x := range 10 {
			if InCross(x, y) {
				p, _ := Pt(x, y)
				b.setDot(p)
			}
		}
	}
	for d := range Dir(4) {
		for t := range nTracks {
			if !trackExists(d, t) {
				continue
			}
			b.tr[flat(d, t)].avail = win[d][t]
			b.refresh(&b.tr[flat(d, t)], lineBase[d][t], lineStride[d])
		}
	}
	b.nborn, b.ndied = 0, 0
	return b
}

// Reset makes b a copy of start, reusing b's memory (cheaper than a full
// copy: the move index is cleared and set entry by entry).
func (b *Board) Reset(start *Board) {
	for _, l := range b.moves[:b.nmoves] {
		b.pos[l] = -1
	}
	b.variant = start.variant
	b.occMask, b.fifth = start.occMask, start.fifth
	b.win = start.win
	b.tr = start.tr
	b.nmoves = start.nmoves
	copy(b.moves[:start.nmoves], start.moves[:start.nmoves])
	for i, l := range start.moves[:start.nmoves] {
		b.pos[l] = int16(i)
	}
	b.nhist = copy(b.hist[:], start.hist[:start.nhist])
	b.nborn, b.ndied = 0, 0
}

// Variant is the board's variant.
func (b *Board) Variant() Variant { return b.variant }

// Legal returns the legal moves; the slice is valid until the next Play or
// Undo and must not be modified.
func (b *Board) Legal() []Line { return b.moves[:b.nmoves] }

// NumLegal is the number of legal moves.
func (b *Board) NumLegal() int { return b.nmoves }

// Changed returns the ids of the lines the last Play or Undo made legal and
// of those it made illegal (a played line among them); valid until the next
// Play, Undo or Reset, and not to be modified.
func (b *Board) Changed() (born, died []int32) { return b.born[:b.nborn], b.died[:b.ndied] }

// IsLegal reports whether l can be played now.
func (b *Board) IsLegal(l Line) bool { return b.pos[l] >= 0 }

// Score is the number of lines drawn.
func (b *Board) Score() int { return b.nhist }

// History returns the moves played; valid until the next Play or Undo.
func (b *Board) History() []Played { return b.hist[:b.nhist] }

// Hash identifies the set of lines drawn (the order does not matter: the
// future of a position depends only on its lines and dots). It is computed
// on demand: keeping it up to date would cost the playouts a table look-up
// per move.
func (b *Board) Hash() uint64 {
	var h uint64
	for _, m := range b.hist[:b.nhist] {
		h ^= zobrist[m.Line]
	}
	return h
}

// HasDot reports whether p holds a dot.
func (b *Board) HasDot(p Point) bool {
	X, Y := p.board()
	return b.tr[flat(E, Y)].dots>>uint(X)&1 != 0
}

func (b *Board) setDot(p Point) {
	X, Y := p.board()
	for d := range Dir(4) {
		t, i := trackOf(d, X, Y)
		b.tr[flat(d, t)].dots |= 1 << uint(i)
	}
}

// lineTrack returns the track of l and the position of its start.
func lineTrack(l Line) (d Dir, t, i int) {
	X, Y := l.Start().board()
	d = l.Dir()
	t, i = trackOf(d, X, Y)
	return d, t, i
}

// trackLegal computes the legal lines of one track: windows of five
// on-board points holding exactly four dots whose segments (5T) or points
// (5D) no line of the same direction holds.
func (b *Board) trackLegal(tr *track) uint64 {
	p0 := tr.dots
	p1, p2, p3, p4 := p0>>1, p0>>2, p0>>3, p0>>4
	// Exactly four of five: the five sums with one point left out, less
	// the full windows.
	a, c := p0&p1, p3&p4
	four := ((p2 & c & (p0 | p1)) | (a & (p2&(p3|p4) | c))) &^ (a & p2 & c)
	return four & tr.avail
}

// setOcc changes what lines hold on a track and recomputes where lines
// may go: a window uses four segments (5T) or five points (5D); the fifth
// shift counts only in 5D, where fifth is all ones.
func (b *Board) setOcc(tr *track, d Dir, t int, occ uint64) {
	tr.occ = occ
	tr.avail = b.win[d][t] &^ (occ | occ>>1 | occ>>2 | occ>>3 | (occ>>4)&b.fifth)
}

// refresh recomputes the legal lines of a track and updates the move list
// with the difference.
func (b *Board) refresh(tr *track, base, stride int) {
	now := b.trackLegal(tr)
	old := tr.legal
	if now == old {
		return
	}
	tr.legal = now
	for gone := old &^ now; gone != 0; gone &= gone - 1 {
		l := Line(base + bits.TrailingZeros64(gone)*stride)
		b.remove(l)
		b.died[b.ndied] = int32(l)
		b.ndied++
	}
	for added := now &^ old; added != 0; added &= added - 1 {
		l := Line(base + bits.TrailingZeros64(added)*stride)
		b.pos[l] = int16(b.nmoves)
		b.moves[b.nmoves] = l
		b.nmoves++
		b.born[b.nborn] = int32(l)
		b.nborn++
	}
}

func (b *Board) remove(l Line) {
	i := b.pos[l]
	last := b.moves[b.nmoves-1]
	b.moves[i] = last
	b.pos[last] = i
	b.pos[l] = -1
	b.nmoves--
}

// Hole returns the one empty point of a legal line: the dot it would add.
func (b *Board) Hole(l Line) Point {
	d, t, i := lineTrack(l)
	free := ^(b.tr[flat(d, t)].dots >> uint(i)) & 0x1f
	return pointOn(d, t, i+bits.TrailingZeros64(free))
}

// Play draws the legal line l and adds its dot. Playing an illegal line
// corrupts the board: check IsLegal first unless l came from Legal.
func (b *Board) Play(l Line) {
	d, t, i := lineTrack(l)
	tr := &b.tr[flat(d, t)]
	k := bits.TrailingZeros64(^(tr.dots >> uint(i)) & 0x1f)
	p := Point(int(l>>2) + k*pointStride[d])
	b.setOcc(tr, d, t, tr.occ|b.occMask<<uint(i))
	b.hist[b.nhist] = Played{Line: l, Dot: p}
	b.nhist++
	b.flipDot(p)
}

// Undo takes back the last move.
func (b *Board) Undo() {
	b.nhist--
	m := b.hist[b.nhist]
	d, t, i := lineTrack(m.Line)
	tr := &b.tr[flat(d, t)]
	b.setOcc(tr, d, t, tr.occ&^(b.occMask<<uint(i)))
	b.flipDot(m.Dot)
}

// flipDot adds or takes away the dot at p and updates the four tracks
// through it: only windows holding p change their dots, and the move's own
// line lies on one of them.
func (b *Board) flipDot(p Point) {
	b.nborn, b.ndied = 0, 0
	X, Y := p.board()
	tE, tSE, tNE := Y, X-Y+Size-1, X+Y
	b.tr[flat(E, tE)].dots ^= 1 << uint(X)
	b.tr[flat(S, X)].dots ^= 1 << uint(Y)
	b.tr[flat(SE, tSE)].dots ^= 1 << uint(X)
	b.tr[flat(NE, tNE)].dots ^= 1 << uint(X)
	b.refresh(&b.tr[flat(E, tE)], lineBase[E][tE], lineStride[E])
	b.refresh(&b.tr[flat(S, X)], lineBase[S][X], lineStride[S])
	b.refresh(&b.tr[flat(SE, tSE)], lineBase[SE][tSE], lineStride[SE])
	b.refresh(&b.tr[flat(NE, tNE)], lineBase[NE][tNE], lineStride[NE])
}

// zobrist keys for the lines, from a fixed seed so hashes are stable across
// runs (they key cached analyses).
var zobrist = func() (z [NLines]uint64) {
	next := xrand.SplitMix(0x9e3779b97f4a7c15)
	for i := range z {
		z[i] = next()
	}
	return z
}()
