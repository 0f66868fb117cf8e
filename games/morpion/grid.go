package morpion

import (
	"fmt"
	"strings"
)

// Grid is a game: a variant and its moves in order.
type Grid struct {
	Variant Variant
	Moves   []Played
}

// Score is the number of lines.
func (g *Grid) Score() int { return len(g.Moves) }

// Board replays the grid; it panics on an invalid grid, which no parser
// returns.
func (g *Grid) Board() *Board {
	b := NewBoard(g.Variant)
	for i, m := range g.Moves {
		if !b.IsLegal(m.Line) || b.Hole(m.Line) != m.Dot {
			panic(fmt.Sprintf("morpion: grid move %d %v is not legal", i+1, m.Line))
		}
		b.Play(m.Line)
	}
	return b
}

// Finished reports whether no move is left after the grid.
func (g *Grid) Finished() bool { return g.Board().NumLegal() == 0 }

// GridOf returns the moves played on b.
func GridOf(b *Board) *Grid {
	return &Grid{Variant: b.Variant(), Moves: append([]Played(nil), b.History()...)}
}

// MoveError says which move of a game is not legal and why.
type MoveError struct {
	// N is the move's number, from 1.
	N int
	// Move is the move as written in the input.
	Move   string
	Reason string
}

func (e *MoveError) Error() string {
	if e.Move == "" {
		return fmt.Sprintf("move %d: %s", e.N, e.Reason)
	}
	return fmt.Sprintf("move %d %s: %s", e.N, e.Move, e.Reason)
}

// playChecked plays the move that adds dot with line l, after checking it
// by the rules, and says why it is illegal otherwise. fits reports whether
// the whole line is on the board.
func (b *Board) playChecked(l Line, fits bool, dot Point) string {
	if why := b.why(l, fits, dot); why != "" {
		return why
	}
	b.Play(l)
	return ""
}

// why says why the move is illegal, or "" when it is legal.
func (b *Board) why(l Line, fits bool, dot Point) string {
	if !fits {
		return "outside the board"
	}
	onLine := false
	for k := range 5 {
		onLine = onLine || l.Point(k) == dot
	}
	if !onLine {
		return fmt.Sprintf("the dot %v is not on the line %v", dot, l)
	}
	if b.HasDot(dot) {
		return fmt.Sprintf("dot already there at %v", dot)
	}
	var missing []string
	for k := range 5 {
		if p := l.Point(k); p != dot && !b.HasDot(p) {
			missing = append(missing, p.String())
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("fewer than 4 dots: no dot at %s", strings.Join(missing, ", "))
	}
	if k := b.overlap(l); k > 0 {
		if b.variant == D5 {
			return fmt.Sprintf("overlaps line %d (5D lines in one direction share no point)", k)
		}
		return fmt.Sprintf("overlaps line %d (5T lines in one direction share at most an end point)", k)
	}
	if !b.IsLegal(l) {
		return "not legal" // unreachable when the rules above are complete
	}
	return ""
}

// overlap returns the number (from 1) of the first line played in l's
// direction that shares a unit segment (5T) or a point (5D) with l, or 0.
func (b *Board) overlap(l Line) int {
	d, t, i := lineTrack(l)
	for n, m := range b.History() {
		md, mt, mi := lineTrack(m.Line)
		if md != d || mt != t {
			continue
		}
		gap := mi - i
		if gap < 0 {
			gap = -gap
		}
		shared := 5 - gap // points in common
		if (b.variant == T5 && shared >= 2) || (b.variant == D5 && shared >= 1) {
			return n + 1
		}
	}
	return 0
}
