package less

import (
	"fmt"
	"strconv"
	"strings"

	"gameai/games"
)

// The position text: the wall layout (112 digits), the squares of Yellow,
// Black, White and Red (comma-separated), the turns played, the points left
// in the current turn, the moves made in it, and each player's points used:
//
//	0100...1010 g1,g2,h1,h2 a1,a2,b1,b2 g7,g8,h7,h8 a7,a8,b7,b8 0 3 0 3,0,0,0
//
// The layout alone is also read, as the start position on it.

// Text prints the position text.
func (p *Position) Text() string {
	var b strings.Builder
	b.WriteString(p.g.walls.String())
	for pl := range 4 {
		b.WriteByte(' ')
		for i, s := range squaresOf(p.pieces[pl]) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(SquareName(s))
		}
	}
	fmt.Fprintf(&b, " %d %d %d %d,%d,%d,%d", p.turn, p.left, p.moved, p.used[0], p.used[1], p.used[2], p.used[3])
	return b.String()
}

// ParsePosition reads a position text (or a bare layout: its start).
// Errors are *games.ParseError values naming the field and its offset.
func ParsePosition(text string) (*Position, error) {
	f, offs := splitSpaces(text)
	if len(f) == 0 {
		return nil, &games.ParseError{Field: "position", Offset: 0, Reason: "empty: give a wall layout (112 digits) and optionally the rest"}
	}
	w, err := ParseWalls(f[0])
	if err != nil {
		if pe, ok := err.(*games.ParseError); ok {
			pe.Offset += offs[0]
		}
		return nil, err
	}
	if len(f) == 1 {
		return NewPosition(w), nil
	}
	if len(f) != 9 {
		return nil, &games.ParseError{Field: "position", Offset: offs[min(len(f), len(offs)-1)],
			Reason: fmt.Sprintf("want 9 fields (walls, the squares of Yellow, Black, White and Red, turn, points left, moves made, points used), got %d", len(f))}
	}
	p := &Position{g: newGeometry(w)}
	var all uint64
	for pl := range 4 {
		sq := strings.Split(f[1+pl], ",")
		if len(sq) != 4 {
			return nil, &games.ParseError{Field: PlayerNames[pl], Offset: offs[1+pl], Reason: fmt.Sprintf("want 4 squares, got %d", len(sq))}
		}
		for _, name := range sq {
			s, err := ParseSquare(name)
			if err != nil {
				return nil, &games.ParseError{Field: PlayerNames[pl], Offset: offs[1+pl], Reason: err.Error()}
			}
			if all&bit(s) != 0 {
				return nil, &games.ParseError{Field: PlayerNames[pl], Offset: offs[1+pl], Reason: fmt.Sprintf("%s holds two pieces", name)}
			}
			all |= bit(s)
			p.pieces[pl] |= bit(s)
		}
	}
	nums := [3]int{}
	limits := [3][2]int{{0, Turns}, {0, PointsPerTurn}, {0, 2}}
	names := [3]string{"turn", "points left", "moves made"}
	for i := range nums {
		n, err := strconv.Atoi(f[5+i])
		if err != nil || n < limits[i][0] || n > limits[i][1] {
			return nil, &games.ParseError{Field: names[i], Offset: offs[5+i],
				Reason: fmt.Sprintf("%q: want %d..%d", f[5+i], limits[i][0], limits[i][1])}
		}
		nums[i] = n
	}
	p.turn, p.left, p.moved = int16(nums[0]), int8(nums[1]), int8(nums[2])
	p.toMove = int8(p.turn % 4)
	used := strings.Split(f[8], ",")
	if len(used) != 4 {
		return nil, &games.ParseError{Field: "points used", Offset: offs[8], Reason: "want four numbers: Yellow,Black,White,Red"}
	}
	for pl, u := range used {
		n, err := strconv.Atoi(u)
		if err != nil || n < 0 || n > Turns*PointsPerTurn {
			return nil, &games.ParseError{Field: "points used", Offset: offs[8], Reason: fmt.Sprintf("%q: want 0..%d", u, Turns*PointsPerTurn)}
		}
		p.used[pl] = int16(n)
	}
	switch {
	case p.Over():
		p.left, p.moved = 0, 0
	case p.left == 0 || (p.moved == 0 && p.left != PointsPerTurn) || !p.hasMove() || p.TeamDone(Team(int(p.toMove))):
		return nil, &games.ParseError{Field: "points left", Offset: offs[6],
			Reason: fmt.Sprintf("%s to move with %d points left after %d moves: not a turn in progress", PlayerNames[p.toMove], p.left, p.moved)}
	}
	return p, nil
}

func splitSpaces(s string) ([]string, []int) {
	var f []string
	var offs []int
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' {
			if start >= 0 {
				f, offs = append(f, s[start:i]), append(offs, start)
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return f, offs
}
