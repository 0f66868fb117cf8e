package morpion

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Pentasol notation, as pasted from morpionsolitaire.com and Pentasol: a
// first line "(X,Y)" giving the absolute coordinates of the cross's point
// (3,3), then one move a line, "(col,row) D o": the new dot, the direction
// (- | / \) and the dot's offset o in -2..+2 (the line's points are
// dot + (k+o)·u for k = -2..2).

// PentasolOrigin is the reference point written by WritePentasol, the one
// the record files use.
const PentasolOrigin = 28

var pentasolDirs = map[byte]Dir{'-': E, '|': S, '/': NE, '\\': SE}
var pentasolChars = [4]byte{NE: '/', E: '-', SE: '\\', S: '|'}

// ParseError says where a text could not be read: Line (from 1) and Column
// (a byte offset in the line, from 1), or 0 when not known.
type ParseError struct {
	Line, Column int
	Reason       string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return e.Reason
	}
	if e.Column == 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Reason)
}

// MaxTextBytes bounds every text format the parsers accept.
const MaxTextBytes = 1 << 20

// ParsePentasol reads a game in Pentasol notation and checks every move.
func ParsePentasol(v Variant, text string) (*Grid, error) {
	if len(text) > MaxTextBytes {
		return nil, &ParseError{Reason: fmt.Sprintf("text of %d bytes exceeds %d", len(text), MaxTextBytes)}
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), MaxTextBytes)
	b := NewBoard(v)
	n, moves := 0, 0
	var ox, oy int
	seenOrigin := false
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if !seenOrigin {
			x, y, rest, col, err := parsePair(line)
			if err != nil {
				return nil, &ParseError{Line: n, Column: col, Reason: "the first line must be the reference point (X,Y): " + err.Error()}
			}
			if strings.TrimSpace(rest) != "" {
				return nil, &ParseError{Line: n, Column: len(line) - len(rest) + 1, Reason: "unexpected text after the reference point"}
			}
			ox, oy, seenOrigin = x, y, true
			continue
		}
		moves++
		if moves > MaxMoves {
			return nil, &ParseError{Line: n, Reason: fmt.Sprintf("more than %d moves", MaxMoves)}
		}
		col, row, d, off, err := parsePentasolMove(line)
		if err != nil {
			err.Line = n
			return nil, err
		}
		fx, fy := col-ox+3, row-oy+3
		dx, dy := d.Step()
		// The line runs from dot+(o-2)u to dot+(o+2)u; its start is the first.
		sx, sy := fx+(off-2)*dx, fy+(off-2)*dy
		l, fits := MakeLine(sx, sy, d)
		dot, dotOK := Pt(fx, fy)
		if !dotOK {
			fits = false
		}
		if why := b.playChecked(l, fits, dot); why != "" {
			return nil, &MoveError{N: moves, Move: line, Reason: why}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{Line: n + 1, Reason: err.Error()}
	}
	if !seenOrigin {
		return nil, &ParseError{Line: 1, Reason: "empty: want the reference point (X,Y) on the first line"}
	}
	return GridOf(b), nil
}

// parsePair reads "(a,b)" at the start of s and returns the rest.
func parsePair(s string) (a, b int, rest string, col int, err error) {
	if !strings.HasPrefix(s, "(") {
		return 0, 0, "", 1, fmt.Errorf("want '(' at %q", clip(s))
	}
	end := strings.IndexByte(s, ')')
	if end < 0 {
		return 0, 0, "", len(s) + 1, fmt.Errorf("no closing ')'")
	}
	as, bs, ok := strings.Cut(s[1:end], ",")
	if !ok {
		return 0, 0, "", 2, fmt.Errorf("want two numbers separated by ','")
	}
	if a, err = strconv.Atoi(strings.TrimSpace(as)); err != nil || a < -10000 || a > 10000 {
		return 0, 0, "", 2, fmt.Errorf("%q is not a coordinate", as)
	}
	if b, err = strconv.Atoi(strings.TrimSpace(bs)); err != nil || b < -10000 || b > 10000 {
		return 0, 0, "", 3 + len(as), fmt.Errorf("%q is not a coordinate", bs)
	}
	return a, b, s[end+1:], 0, nil
}

func parsePentasolMove(line string) (col, row int, d Dir, off int, perr *ParseError) {
	col, row, rest, c, err := parsePair(line)
	if err != nil {
		return 0, 0, 0, 0, &ParseError{Column: c, Reason: err.Error()}
	}
	at := len(line) - len(rest)
	fields := strings.Fields(rest)
	if len(fields) != 2 {
		return 0, 0, 0, 0, &ParseError{Column: at + 1, Reason: `want "(col,row) D o": a direction (- | / \) and an offset (-2..+2)`}
	}
	if len(fields[0]) != 1 {
		return 0, 0, 0, 0, &ParseError{Column: at + 1 + strings.Index(rest, fields[0]), Reason: fmt.Sprintf("direction %q: want - | / or \\", fields[0])}
	}
	d, ok := pentasolDirs[fields[0][0]]
	if !ok {
		return 0, 0, 0, 0, &ParseError{Column: at + 1 + strings.Index(rest, fields[0]), Reason: fmt.Sprintf("direction %q: want - | / or \\", fields[0])}
	}
	off, err = strconv.Atoi(fields[1])
	if err != nil || off < -2 || off > 2 {
		return 0, 0, 0, 0, &ParseError{Column: at + 1 + strings.LastIndex(rest, fields[1]), Reason: fmt.Sprintf("offset %q: want -2..+2", fields[1])}
	}
	return col, row, d, off, nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// WritePentasol writes the grid in Pentasol notation with the reference
// point (28,28).
func WritePentasol(g *Grid) string {
	var b strings.Builder
	fmt.Fprintf(&b, "(%d,%d)\n", PentasolOrigin, PentasolOrigin)
	for _, m := range g.Moves {
		b.WriteString(PentasolMove(m, PentasolOrigin))
		b.WriteByte('\n')
	}
	return b.String()
}

// PentasolMove writes one move, "(col,row) D o", with the cross's point
// (3,3) at (origin, origin).
func PentasolMove(m Played, origin int) string {
	x, y := m.Dot.XY()
	k := 0
	for ; k < 5 && m.Line.Point(k) != m.Dot; k++ {
	}
	return fmt.Sprintf("(%d,%d) %c %d", x-3+origin, y-3+origin, pentasolChars[m.Line.Dir()], 2-k)
}
