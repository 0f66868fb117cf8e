package morris

import (
	"fmt"
	"math/bits"
)

// Points are numbered 0..23 row by row from the top (rank 7) and left to
// right, so that a set of points is a 24-bit word (Bits):
//
//	a7(0)-----------d7(1)-----------g7(2)
//	|               |               |
//	|   b6(3)-------d6(4)-------f6(5)   |
//	|   |           |           |   |
//	|   |   c5(6)---d5(7)---e5(8)   |   |
//	|   |   |               |   |   |
//	a4(9)-b4(10)-c4(11)   e4(12)-f4(13)-g4(14)
//	|   |   |               |   |   |
//	|   |   c3(15)--d3(16)--e3(17)  |   |
//	|   |           |           |   |
//	|   b2(18)------d2(19)------f2(20)  |
//	|               |               |
//	a1(21)----------d1(22)----------g1(23)
const NPoints = 24

// Bits is a set of points, bit i for point i.
type Bits uint32

// Count is the number of points in the set.
func (b Bits) Count() int { return bits.OnesCount32(uint32(b)) }

// Has reports whether point p is in the set.
func (b Bits) Has(p int) bool { return b>>uint(p)&1 != 0 }

// all is the set of every point.
const all Bits = 1<<NPoints - 1

var pointNames = [NPoints]string{
	"a7", "d7", "g7",
	"b6", "d6", "f6",
	"c5", "d5", "e5",
	"a4", "b4", "c4", "e4", "f4", "g4",
	"c3", "d3", "e3",
	"b2", "d2", "f2",
	"a1", "d1", "g1",
}

// ParsePoint reads a point name ("a1".."g7", case-insensitive).
func ParsePoint(s string) (int, error) {
	if len(s) == 2 {
		c := s[0] | 0x20
		for i, n := range pointNames {
			if n[0] == c && n[1] == s[1] {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not a point of the board (a1, a4, a7, b2, b4, b6, c3, c4, c5, d1, d2, d3, d5, d6, d7, e3, e4, e5, f2, f4, f6, g1, g4, g7)", s)
}

// A line is three points in a row: a mill when one side holds all three.
// lines lists the 16 lines of the board in order along each line; the four
// diagonal lines of Twelve Men's Morris follow.
var lines = [20][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}, {12, 13, 14}, {15, 16, 17}, {18, 19, 20}, {21, 22, 23},
	{0, 9, 21}, {3, 10, 18}, {6, 11, 15}, {1, 4, 7}, {16, 19, 22}, {8, 12, 17}, {5, 13, 20}, {2, 14, 23},
	{0, 3, 6}, {2, 5, 8}, {21, 18, 15}, {23, 20, 17},
}

// geometry is what a board layout implies: its mills and adjacencies.
type geometry struct {
	// mills lists the mill masks; millsOf[p] those through point p.
	mills   []Bits
	millsOf [NPoints][]Bits
	// adj[p] is the set of points next to p along a line.
	adj [NPoints]Bits
	// partners[p] lists, for each mill through p, the other two points;
	// a point has 2 mills, 3 with diagonals, and unused entries hold all
	// the points, which no side can hold (the loop stays fixed-length).
	partners [NPoints][3]Bits
	nPartner [NPoints]int
}

// The two layouts: the standard board and Twelve Men's Morris's board with
// its diagonals.
var (
	standard  = newGeometry(16)
	diagonals = newGeometry(20)
)

func newGeometry(nLines int) *geometry {
	g := &geometry{}
	for p := range g.partners {
		g.partners[p] = [3]Bits{all, all, all}
	}
	for _, l := range lines[:nLines] {
		m := Bits(1)<<uint(l[0]) | Bits(1)<<uint(l[1]) | Bits(1)<<uint(l[2])
		g.mills = append(g.mills, m)
		for _, p := range l {
			g.millsOf[p] = append(g.millsOf[p], m)
			g.partners[p][g.nPartner[p]] = m &^ (1 << uint(p))
			g.nPartner[p]++
		}
		g.adj[l[0]] |= 1 << uint(l[1])
		g.adj[l[1]] |= 1<<uint(l[0]) | 1<<uint(l[2])
		g.adj[l[2]] |= 1 << uint(l[1])
	}
	return g
}

// closes reports whether a piece arriving at p completes a mill of the side
// whose pieces (after the move) are own.
func (g *geometry) closes(p int, own Bits) bool {
	pp := &g.partners[p]
	return own&pp[0] == pp[0] || own&pp[1] == pp[1] || own&pp[2] == pp[2]
}

// millsClosed counts the mills through p that own completes.
func (g *geometry) millsClosed(p int, own Bits) int {
	n := 0
	for _, m := range g.partners[p] {
		if own&m == m {
			n++
		}
	}
	return n
}

// inMills is the set of own pieces that stand in a mill.
func (g *geometry) inMills(own Bits) Bits {
	if g == standard {
		return millPiecesStandard(own)
	}
	var out Bits
	for _, m := range g.mills {
		if own&m == m {
			out |= m
		}
	}
	return out
}

// The standard board's geometry on bit sets, for code that walks
// positions without a Position (the perfect-play database, ai/morrisdb).

// Adjacent is the set of points next to p along a line.
func Adjacent(p int) Bits { return standard.adj[p] }

// Closes reports whether a piece arriving at p completes a mill of the
// side whose pieces, after the move, are own.
func Closes(p int, own Bits) bool { return standard.closes(p, own) }

// InMills is the set of own pieces that stand in a mill.
func InMills(own Bits) Bits { return standard.inMills(own) }

// MillPartners are, for each of the two mills through p on the standard
// board, its other two points.
func MillPartners(p int) [2]Bits { return [2]Bits{standard.partners[p][0], standard.partners[p][1]} }
