package morris

import (
	"fmt"
	"strconv"
	"strings"

	"gameai/games"
)

// The position text: the board row by row from rank 7 ('W' white, 'B'
// black, '.' empty; the points of each rank left to right, ranks joined by
// '/'), the side to move, the pieces in hand of white and black, the plies
// since the last placement or removal, the plies since the start, and the
// side whose last move closed a mill ('-' for none):
//
//	.../.../.../....../.../.../... w 9 9 0 0 -
//
// The start position of Nine Men's Morris is the line above. Like FEN, the
// text holds no earlier positions: repetitions before it are not counted.

// rankStarts are the point indexes where each rank (7 down to 1) begins.
var rankStarts = [8]int{0, 3, 6, 9, 15, 18, 21, 24}

// String prints the position text.
func (p *Position) String() string {
	var b strings.Builder
	for r := range 7 {
		if r > 0 {
			b.WriteByte('/')
		}
		for i := rankStarts[r]; i < rankStarts[r+1]; i++ {
			switch {
			case p.occ[White].Has(i):
				b.WriteByte('W')
			case p.occ[Black].Has(i):
				b.WriteByte('B')
			default:
				b.WriteByte('.')
			}
		}
	}
	fmt.Fprintf(&b, " %s %d %d %d %d %s", sideLetter(int(p.side)), p.hand[White], p.hand[Black], p.clock, p.ply, millLetter(int(p.lastMill)))
	return b.String()
}

func sideLetter(s int) string { return [2]string{"w", "b"}[s] }

func millLetter(s int) string {
	if s < 0 {
		return "-"
	}
	return sideLetter(s)
}

// ParsePosition reads a position text under rules. Errors are
// *games.ParseError values with the byte offset of the bad field.
func ParsePosition(r *Rules, text string) (*Position, error) {
	fields, offs := splitFields(text)
	fail := func(i int, field, format string, args ...any) error {
		off := len(text)
		if i < len(offs) {
			off = offs[i]
		}
		return &games.ParseError{Field: field, Offset: off, Reason: fmt.Sprintf(format, args...)}
	}
	names := []string{"board", "side to move", "white's pieces in hand", "black's pieces in hand", "clock", "ply", "last mill"}
	if len(fields) != len(names) {
		return nil, fail(len(fields), "position", "want 7 fields (board, side, white in hand, black in hand, clock, ply, last mill), got %d", len(fields))
	}
	p := NewPosition(r)
	rows := strings.Split(fields[0], "/")
	if len(rows) != 7 {
		return nil, fail(0, "board", "want 7 ranks joined by '/', got %d", len(rows))
	}
	at := offs[0]
	for rank, row := range rows {
		want := rankStarts[rank+1] - rankStarts[rank]
		if len(row) != want {
			return nil, &games.ParseError{Field: fmt.Sprintf("rank %d", 7-rank), Offset: at,
				Reason: fmt.Sprintf("want %d points, got %d", want, len(row))}
		}
		for k := range len(row) {
			pt := rankStarts[rank] + k
			switch row[k] {
			case 'W', 'w':
				p.occ[White] |= 1 << uint(pt)
			case 'B', 'b':
				p.occ[Black] |= 1 << uint(pt)
			case '.':
			default:
				return nil, &games.ParseError{Field: "point " + pointNames[pt], Offset: at + k,
					Reason: fmt.Sprintf("%q: want W, B or .", row[k])}
			}
		}
		at += len(row) + 1
	}
	p.vocc = [2]Bits{permute(&vperm, p.occ[White]), permute(&vperm, p.occ[Black])}
	switch fields[1] {
	case "w", "W":
		p.side = White
	case "b", "B":
		p.side = Black
	default:
		return nil, fail(1, names[1], "%q: want w or b", fields[1])
	}
	nums := [4]int{}
	for i := range nums {
		n, err := strconv.Atoi(fields[2+i])
		if err != nil || n < 0 || n > maxCount {
			return nil, fail(2+i, names[2+i], "%q: want a count from 0 to %d", fields[2+i], maxCount)
		}
		nums[i] = n
	}
	for s := range 2 {
		if nums[s] > r.Pieces || p.occ[s].Count()+nums[s] > r.Pieces {
			return nil, fail(2+s, names[2+s], "%s has %d on the board and %d in hand: more than the %d pieces of %s",
				sideName(s), p.occ[s].Count(), nums[s], r.Pieces, r.Variant)
		}
	}
	p.hand = [2]int8{int8(nums[0]), int8(nums[1])}
	if !r.Mixed && nums[0]+nums[1] > 0 && nums[1]-nums[0] != int(p.side) {
		return nil, fail(2, names[2], "white places first: with %d and %d in hand it cannot be %s's turn",
			nums[0], nums[1], sideName(int(p.side)))
	}
	if nums[2] > nums[3] {
		return nil, fail(4, names[4], "%d plies since the last placement or removal, but only %d plies played", nums[2], nums[3])
	}
	p.clock, p.ply = int32(nums[2]), int32(nums[3])
	switch fields[6] {
	case "-":
		p.lastMill = -1
	case "w", "W":
		p.lastMill = White
	case "b", "B":
		p.lastMill = Black
	default:
		return nil, fail(6, names[6], "%q: want -, w or b", fields[6])
	}
	p.hash = p.computeHash()
	return p, nil
}

// maxCount bounds the clock and ply fields so that they fit the int32 a
// Position keeps them in, with room left for the plies still to be played.
const maxCount = 1_000_000_000

// splitFields splits on spaces and reports where each field starts.
func splitFields(s string) ([]string, []int) {
	var fields []string
	var offs []int
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' {
			if start >= 0 {
				fields = append(fields, s[start:i])
				offs = append(offs, start)
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return fields, offs
}
