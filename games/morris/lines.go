package morris

import "math/bits"

// This file is on the hot path: the evaluation's line counts on the
// standard board, for all 16 lines at once.
//
// Points are numbered row by row, so the 8 horizontal lines are the bit
// triples starting at 0, 3, ..., 21. Permuting the bits so that the 8
// vertical lines are triples too (vperm) lets one set of word operations
// count both directions: per triple, a = first bit, b = second, c = third
// at the triple's base bit.

// tripleBase has the base bit of every triple.
const tripleBase Bits = 0x249249

// verticalLines lists the vertical lines in the order vperm lays them out.
var verticalLines = [8][3]int{
	{0, 9, 21}, {3, 10, 18}, {6, 11, 15}, {1, 4, 7}, {16, 19, 22}, {8, 12, 17}, {5, 13, 20}, {2, 14, 23},
}

var (
	// vperm[k][byte] maps byte k of a set to its bits in vertical order;
	// vunperm the reverse.
	vperm, vunperm [3][256]Bits
	// vpoint[i] is the point at bit i of the vertical order; vline[i] the
	// points of its line.
	vpoint [NPoints]int
	vline  [NPoints]Bits
	// vbit[p] is point p's bit in the vertical order.
	vbit [NPoints]Bits
)

func init() {
	var to [NPoints]int
	for k, l := range verticalLines {
		var line Bits
		for j, p := range l {
			to[p] = 3*k + j
			vbit[p] = 1 << uint(3*k+j)
			vpoint[3*k+j] = p
			line |= 1 << uint(p)
		}
		for j := range 3 {
			vline[3*k+j] = line
		}
	}
	for k := range 3 {
		for v := range 256 {
			for b := range 8 {
				if v>>b&1 != 0 {
					p := 8*k + b
					vperm[k][v] |= 1 << uint(to[p])
					vunperm[k][v] |= 1 << uint(vpoint[p])
				}
			}
		}
	}
}

func permute(t *[3][256]Bits, x Bits) Bits { return t[0][x&255] | t[1][x>>8&255] | t[2][x>>16&255] }

// triples classifies the triples of x against y: full (a mill of x) and
// two (two of x, no y: a 2-piece configuration), each as a base bit.
func triples(x, y Bits) (full, two Bits) {
	a, b, c := x&tripleBase, x>>1&tripleBase, x>>2&tripleBase
	full = a & b & c
	two = (a&b | a&c | b&c) &^ full &^ ((y | y>>1 | y>>2) & tripleBase)
	return full, two
}

func spread(t Bits) Bits { return t | t<<1 | t<<2 }

// classifyStandard fills l for sides a (index 0) and b (index 1) on the
// standard board; va and vb are the same sides in the vertical order.
func (l *lineCounts) classifyStandard(a, b, va, vb Bits, withMovers bool) {
	sides, vsides := [2]Bits{a, b}, [2]Bits{va, vb}
	for s := range 2 {
		x, vx := sides[s], vsides[s]
		hf, h2 := triples(x, sides[1-s])
		vf, v2 := triples(vx, vsides[1-s])
		l.mills[s] = bits.OnesCount32(uint32(hf)) + bits.OnesCount32(uint32(vf))
		l.two[s] = bits.OnesCount32(uint32(h2)) + bits.OnesCount32(uint32(v2))
		l.millPieces[s] = millSet(hf, vf)
		hp := spread(h2) & x
		vp := permute(&vunperm, spread(v2)&vx)
		// A point lies on one horizontal and one vertical line: a piece
		// in a configuration of each is in two.
		l.once[s], l.twice[s] = hp|vp, hp&vp
		if !withMovers {
			continue
		}
		own := x
		for e := spread(h2) &^ x; e != 0; e &= e - 1 {
			p := trailing(e)
			l.movers[s] |= standard.adj[p] & own &^ (7 << uint(p/3*3))
		}
		for e := spread(v2) &^ vx; e != 0; e &= e - 1 {
			i := trailing(e)
			l.movers[s] |= standard.adj[vpoint[i]] & own &^ vline[i]
		}
	}
}

// Within a triple: bits that have a right neighbour (not the third) and
// bits that have a left one (not the first).
const (
	hasRight Bits = tripleBase | tripleBase<<1
	hasLeft  Bits = tripleBase<<1 | tripleBase<<2
)

// slidesStandard is slides for both sides on the standard board, where two
// points are neighbours exactly when they are next to each other in a
// horizontal or a vertical triple: a slide is a (piece, empty neighbour)
// pair, counted per direction with one popcount, and a piece is blocked
// when it is not next to any empty point.
func slidesStandard(a, b, va, vb, empty Bits) (aBlocked, aMoves, bBlocked, bMoves int) {
	ve := all &^ (va | vb)
	pairs := func(x, e Bits) int {
		return bits.OnesCount32(uint32(x&(e>>1)&hasRight)) + bits.OnesCount32(uint32(x>>1&e&hasRight))
	}
	near := func(e Bits) Bits { return e>>1&hasRight | e<<1&hasLeft }
	nearEmpty := near(empty) | permute(&vunperm, near(ve))
	aMoves = pairs(a, empty) + pairs(va, ve)
	bMoves = pairs(b, empty) + pairs(vb, ve)
	return bits.OnesCount32(uint32(a &^ nearEmpty)), aMoves, bits.OnesCount32(uint32(b &^ nearEmpty)), bMoves
}

// runningStandard is running on the standard board, for own (vown in the
// vertical order) with empty points empty (vempty): a piece slid along a
// horizontal line can only complete the vertical line of its target, and
// the reverse, so a piece of inMill runs when it is next to an empty
// point that completes the line across its slide.
func runningStandard(own, vown, empty, vempty, inMill Bits) int {
	if inMill == 0 {
		return 0
	}
	closeH, closeV := lineClosers(own, vown, empty, vempty)
	vcloseH := permute(&vperm, closeH)
	h := inMill & (closeV>>1&hasRight | closeV<<1&hasLeft)
	v := permute(&vperm, inMill) & (vcloseH>>1&hasRight | vcloseH<<1&hasLeft)
	return (h | permute(&vunperm, v)).Count()
}
