package morpion

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Octagon is a region of the plane around the cross: how far it reaches
// from the cross's centre (4.5, 4.5) in each of eight directions, E, SE,
// S, SW, W, NW, N, NE (y grows downward), in half units: a point (x, y)
// is inside when d·(2x-9, 2y-9) <= the side's value for every direction
// d, the diagonal ones unnormalised ((1,1) and the like). The cross itself
// reaches 9 on the axes and 12 on the diagonals.
type Octagon [8]int

var octagonDirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// OctagonNames names the sides, in order.
var OctagonNames = [8]string{"e", "se", "s", "sw", "w", "nw", "n", "ne"}

// RecordOctagon is the smallest octagon that holds the variant's record
// grid (testdata/5T-178.psol, Rosin's 178; testdata/5D-82.psol). In 5T the
// best grids NRPA finds take this shape in one of its eight orientations
// (our 168 and 172 fit it within a unit), so a search confined to it
// spends no playouts on the others; in 5T Nagórko's NRPA clips its board
// to the same octagon (his option --clip; his 5D clip is another).
func RecordOctagon(v Variant) Octagon {
	if v == D5 {
		return Octagon{15, 24, 17, 14, 13, 20, 11, 12}
	}
	return Octagon{13, 14, 17, 36, 27, 26, 15, 22}
}

// crossOctagon is the cross's own reach: every region must hold it.
var crossOctagon = Octagon{9, 12, 9, 12, 9, 12, 9, 12}

// Contains reports whether frame point (x, y) is inside.
func (o *Octagon) Contains(x, y int) bool {
	for i, r := range reach(x, y) {
		if r > o[i] {
			return false
		}
	}
	return true
}

// reach is how far frame point (x, y) lies from the cross's centre in the
// eight directions of an octagon's sides, in half units.
func reach(x, y int) (r [8]int) {
	X, Y := 2*x-9, 2*y-9
	for i, d := range octagonDirs {
		r[i] = d[0]*X + d[1]*Y
	}
	return r
}

// OctagonOf is the smallest octagon that holds a grid's dots.
func OctagonOf(g *Grid) Octagon {
	o := crossOctagon
	for _, m := range g.Moves {
		for i, r := range reach(m.Dot.XY()) {
			o[i] = max(o[i], r)
		}
	}
	return o
}

// ParseOctagon reads eight comma-separated sides (E, SE, S, SW, W, NW, N,
// NE, in half units); each must hold the cross (9 on the axes, 12 on the
// diagonals) and stay on the board.
func ParseOctagon(s string) (Octagon, error) {
	var o Octagon
	parts := strings.Split(s, ",")
	if len(parts) != 8 {
		return o, fmt.Errorf("octagon %q: want 8 comma-separated sides (e,se,s,sw,w,nw,n,ne), got %d", s, len(parts))
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return o, fmt.Errorf("octagon side %s: %q is not an integer", OctagonNames[i], p)
		}
		lim := 2*(Origin-5) + 9 // the farthest a side may reach and keep the region on the board
		if i%2 == 1 {
			lim = 2 * lim
		}
		if n < crossOctagon[i] || n > lim {
			return o, fmt.Errorf("octagon side %s: %d is outside %d..%d (the cross reaches %d)", OctagonNames[i], n, crossOctagon[i], lim, crossOctagon[i])
		}
		o[i] = n
	}
	return o, nil
}

func (o Octagon) String() string {
	s := make([]string, 8)
	for i, n := range o {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// NewBoardIn returns the start position of a variant whose lines must lie
// inside o: a search on it never draws a line with a point outside. The
// moves its games end on may still leave moves outside (Grid.Board replays
// on the whole plane).
func NewBoardIn(v Variant, o Octagon) *Board {
	win := new([4][nTracks]uint64)
	for d := range Dir(4) {
		for t := range nTracks {
			for m := windowMask[d][t]; m != 0; m &= m - 1 {
				i := bits.TrailingZeros64(m)
				if lineInside(Line(lineBase[d][t]+i*lineStride[d]), &o) {
					win[d][t] |= 1 << uint(i)
				}
			}
		}
	}
	return newBoard(v, win)
}

func lineInside(l Line, o *Octagon) bool {
	for k := range 5 {
		x, y := l.Point(k).XY()
		if !o.Contains(x, y) {
			return false
		}
	}
	return true
}
