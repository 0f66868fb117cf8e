package less

import (
	"fmt"
	"math/bits"
	"strings"

	"gameai/games"
)

// Squares are numbered 0..63 row by row: row a (0) is the top, column 1
// (0) the left, so a1 is 0, a8 is 7 and h8 is 63. A set of squares is a
// 64-bit word.
const NSquares = 64

// Square names: a row letter and a column digit, e.g. "g2".
func SquareName(s int) string { return string(rune('a'+s/8)) + string(rune('1'+s%8)) }

// ParseSquare reads a square name.
func ParseSquare(t string) (int, error) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return 0, fmt.Errorf("%q is not a square (a1..h8: row a-h from the top, column 1-8 from the left)", t)
	}
	return int(t[0]-'a')*8 + int(t[1]-'1'), nil
}

// Directions: up, right, down, left.
const (
	Up = iota
	Right
	Down
	Left
)

var dRow, dCol = [4]int{-1, 0, 1, 0}, [4]int{0, 1, 0, -1}

// neighbour[s][d] is the square next to s in direction d, or -1.
var neighbour [NSquares][4]int8

func init() {
	for s := range NSquares {
		r, c := s/8, s%8
		for d := range 4 {
			nr, nc := r+dRow[d], c+dCol[d]
			neighbour[s][d] = -1
			if nr >= 0 && nr < 8 && nc >= 0 && nc < 8 {
				neighbour[s][d] = int8(nr*8 + nc)
			}
		}
	}
}

// Walls says how many walls (0, 1 or 2) stand between each square and its
// neighbour in each direction; the two sides of an edge agree.
type Walls [NSquares][4]uint8

// LayoutLength is the length of a wall layout token.
const LayoutLength = 112

// ParseWalls reads the CodeCup wall layout: for each row a..h, 7 digits for
// the walls between columns 1-2, ..., 7-8 of that row, then (after every
// row but h) 8 digits for the walls between that row and the next, column
// by column. Errors name the offending position.
func ParseWalls(text string) (*Walls, error) {
	t := strings.TrimSpace(text)
	if len(t) != LayoutLength {
		return nil, &games.ParseError{Field: "walls", Offset: min(len(t), LayoutLength),
			Reason: fmt.Sprintf("a wall layout has %d digits, this one %d", LayoutLength, len(t))}
	}
	w := &Walls{}
	i := 0
	for r := range 8 {
		for c := range 7 {
			if err := w.set(t, i, r*8+c, Right); err != nil {
				return nil, err
			}
			i++
		}
		if r == 7 {
			break
		}
		for c := range 8 {
			if err := w.set(t, i, r*8+c, Down); err != nil {
				return nil, err
			}
			i++
		}
	}
	return w, nil
}

func (w *Walls) set(t string, i, s, d int) error {
	ch := t[i]
	if ch < '0' || ch > '2' {
		n := neighbour[s][d]
		return &games.ParseError{Field: fmt.Sprintf("walls between %s and %s", SquareName(s), SquareName(int(n))), Offset: i,
			Reason: fmt.Sprintf("%q at position %d: want 0, 1 or 2 walls", ch, i+1)}
	}
	n := int(neighbour[s][d])
	w[s][d] = ch - '0'
	w[n][(d+2)%4] = ch - '0'
	return nil
}

// String writes the layout token.
func (w *Walls) String() string {
	var b strings.Builder
	for r := range 8 {
		for c := range 7 {
			b.WriteByte('0' + w[r*8+c][Right])
		}
		if r == 7 {
			break
		}
		for c := range 8 {
			b.WriteByte('0' + w[r*8+c][Down])
		}
	}
	return b.String()
}

// Count returns the number of walled edges and of double walls.
func (w *Walls) Count() (walled, double int) {
	for s := range NSquares {
		for _, d := range []int{Right, Down} {
			switch w[s][d] {
			case 1:
				walled++
			case 2:
				walled++
				double++
			}
		}
	}
	return walled, double
}

// The layouts the referee, the matches, the competitions and admission
// draw unless told otherwise: a wall on 27% of the edges and a tenth of
// the walls double, as the CodeCup fixture layout (30 walls on 112 edges,
// 2 of them double).
const (
	WallDensity = 0.27
	DoubleWalls = 0.1
)

// RandomWalls draws a layout: each of the 112 edges gets a wall with
// probability density, and a wall is double with probability double.
// next returns uniform numbers in [0, 1).
func RandomWalls(density, double float64, next func() float64) *Walls {
	w := &Walls{}
	for s := range NSquares {
		for _, d := range []int{Right, Down} {
			n := neighbour[s][d]
			if n < 0 || next() >= density {
				continue
			}
			k := uint8(1)
			if next() < double {
				k = 2
			}
			w[s][d], w[n][(d+2)%4] = k, k
		}
	}
	return w
}

// FixtureLayout is a real layout from the spec (30 walled edges, 2 double).
const FixtureLayout = "0100000010000020000101001211000110000010010000101000000000010001101010001001000010000000000000100000101011001010"

func bit(s int) uint64 { return 1 << uint(s) }

func squaresOf(set uint64) []int {
	var out []int
	for ; set != 0; set &= set - 1 {
		out = append(out, bits.TrailingZeros64(set))
	}
	return out
}
