package morpion

import "fmt"

// Board geometry. Board coordinates (X, Y) run 0..Size-1; frame coordinates
// (x, y) are those of the spec, with the cross at 0..9: X = x + Origin.
const (
	Size   = 64
	Origin = 27
	// NLines is the number of line ids: a start point and a direction.
	NLines = Size * Size * 4
	// NoIndex is the frame index of a line outside the DNA's 40×40 window.
	NoIndex = -1
	// FrameLines is the number of frame line indexes (the DNA's length).
	FrameLines = 6400
)

// Variant is 5T or 5D.
type Variant uint8

// The two variants.
const (
	T5 Variant = iota // lines in one direction may share an end point
	D5                // lines in one direction may not share any point
)

func (v Variant) String() string {
	if v == D5 {
		return "5D"
	}
	return "5T"
}

// ParseVariant reads "5T" or "5D" (any case).
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "5T", "5t":
		return T5, nil
	case "5D", "5d":
		return D5, nil
	}
	return 0, fmt.Errorf("variant %q: want 5T or 5D", s)
}

// Dir is a line direction, numbered as in the spec's line index.
type Dir uint8

// The directions: a line runs from its start point in direction (dx, dy).
const (
	NE Dir = iota // (1,-1)
	E             // (1,0)
	SE            // (1,1)
	S             // (0,1)
)

var (
	dirDX    = [4]int{1, 1, 1, 0}
	dirDY    = [4]int{-1, 0, 1, 1}
	dirNames = [4]string{"ne", "e", "se", "s"}
)

func (d Dir) String() string { return dirNames[d&3] }

// Step returns the unit vector of the direction.
func (d Dir) Step() (dx, dy int) { return dirDX[d], dirDY[d] }

// ParseDir reads ne, e, se or s.
func ParseDir(s string) (Dir, error) {
	for i, n := range dirNames {
		if s == n {
			return Dir(i), nil
		}
	}
	return 0, fmt.Errorf("direction %q: want ne, e, se or s", s)
}

// Point is a board point, Y*Size + X.
type Point uint16

// Pt returns the board point of frame coordinates (x, y) and whether it is
// on the board.
func Pt(x, y int) (Point, bool) {
	X, Y := x+Origin, y+Origin
	if X < 0 || X >= Size || Y < 0 || Y >= Size {
		return 0, false
	}
	return Point(Y*Size + X), true
}

// XY returns the frame coordinates of p.
func (p Point) XY() (x, y int) { return int(p)%Size - Origin, int(p)/Size - Origin }

func (p Point) board() (X, Y int) { return int(p) % Size, int(p) / Size }

func (p Point) String() string {
	x, y := p.XY()
	return fmt.Sprintf("(%d,%d)", x, y)
}

// Line is a line id: its start point (the end with the smaller x, or the
// smaller y for vertical lines) times 4 plus its direction.
type Line uint16

// MakeLine returns the line from frame start (x, y) in direction d, and
// whether all its five points are on the board.
func MakeLine(x, y int, d Dir) (Line, bool) {
	s, ok := Pt(x, y)
	if !ok {
		return 0, false
	}
	if _, ok := Pt(x+4*dirDX[d], y+4*dirDY[d]); !ok {
		return 0, false
	}
	return Line(int(s)*4 + int(d)), true
}

// Dir is the line's direction.
func (l Line) Dir() Dir { return Dir(l & 3) }

// Start is the line's start point.
func (l Line) Start() Point { return Point(l >> 2) }

// Point returns the k-th point of the line, k = 0..4 from the start.
func (l Line) Point(k int) Point {
	X, Y := l.Start().board()
	d := l.Dir()
	return Point((Y+k*dirDY[d])*Size + X + k*dirDX[d])
}

// Index is the spec's line index (x+15)*160 + (y+15)*4 + d, or NoIndex for
// a line whose start is outside the window x, y in -15..24.
func (l Line) Index() int {
	x, y := l.Start().XY()
	if x < -15 || x > 24 || y < -15 || y > 24 {
		return NoIndex
	}
	return (x+15)*160 + (y+15)*4 + int(l.Dir())
}

// order is the line index formula without the window check, to order any
// two lines the way the spec orders indexed ones.
func (l Line) order() int {
	x, y := l.Start().XY()
	return (x+15)*160 + (y+15)*4 + int(l.Dir())
}

func (l Line) String() string {
	x, y := l.Start().XY()
	return fmt.Sprintf("%d,%d:%s", x, y, l.Dir())
}

// cross is the start position, row 0 on top, in frame coordinates.
var cross = [10]string{
	"...XXXX...",
	"...X..X...",
	"...X..X...",
	"XXXX..XXXX",
	"X........X",
	"X........X",
	"XXXX..XXXX",
	"...X..X...",
	"...X..X...",
	"...XXXX...",
}

// InCross reports whether frame point (x, y) is a dot of the start cross.
func InCross(x, y int) bool {
	return x >= 0 && x < 10 && y >= 0 && y < 10 && cross[y][x] == 'X'
}
