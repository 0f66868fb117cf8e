package morris

import (
	"fmt"
	"strings"
)

// Move is one turn: a placement or a slide or flight, with the removals its
// mill allows, packed in a word (5 bits each: to, from, first and second
// removal; 31 in from means a placement, 31 in a removal none).
type Move uint32

const none = 31

// Place returns the placement at p.
func Place(p int) Move { return Move(p) | none<<5 | none<<10 | none<<15 }

// Slide returns the move of the piece at from to to (a slide or a flight).
func Slide(from, to int) Move { return Move(to) | Move(from)<<5 | none<<10 | none<<15 }

// WithRemoval returns m removing the piece at p (a second call: the second
// removal of a double mill).
func (m Move) WithRemoval(p int) Move {
	if m.Removal() < 0 {
		return m&^(31<<10) | Move(p)<<10
	}
	return m&^(31<<15) | Move(p)<<15
}

// To is the point the piece goes to.
func (m Move) To() int { return int(m & 31) }

// From is the point the piece comes from, or -1 for a placement.
func (m Move) From() int { return field(m, 5) }

// Removal is the removed piece's point, or -1.
func (m Move) Removal() int { return field(m, 10) }

// Removal2 is the second removal of a double mill, or -1.
func (m Move) Removal2() int { return field(m, 15) }

// Removes reports whether the move removes a piece (it closed a mill).
func (m Move) Removes() bool { return m>>10&31 != none }

func field(m Move, shift uint) int {
	if v := int(m >> shift & 31); v != none {
		return v
	}
	return -1
}

// String is the record notation: "d6" places, "d6-d5" moves, "xb4" follows
// a move that removes, e.g. "c3xa4" or "d5-c5xg7" (a double mill:
// "d5-c5xg7xa1").
func (m Move) String() string {
	var b strings.Builder
	if f := m.From(); f >= 0 {
		b.WriteString(pointNames[f])
		b.WriteByte('-')
	}
	b.WriteString(pointNames[m.To()])
	for _, r := range [2]int{m.Removal(), m.Removal2()} {
		if r >= 0 {
			b.WriteByte('x')
			b.WriteString(pointNames[r])
		}
	}
	return b.String()
}

// Tokens splits the move into the engine protocol's tokens: the move, then
// each removal as its own token ("d5-c5", "xg7").
func (m Move) Tokens() []string {
	t := []string{pointNames[m.To()]}
	if f := m.From(); f >= 0 {
		t[0] = pointNames[f] + "-" + t[0]
	}
	for _, r := range [2]int{m.Removal(), m.Removal2()} {
		if r >= 0 {
			t = append(t, "x"+pointNames[r])
		}
	}
	return t
}

// ParseMove reads a move in record notation ("d6", "d6-d5", "c3xa4",
// "d5-c5xg7", "d5-c5xg7xa1"; case-insensitive). It checks the syntax only.
func ParseMove(s string) (Move, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	parts := strings.Split(text, "x")
	if len(parts) > 3 || parts[0] == "" {
		return 0, fmt.Errorf("move %q: want a point (d6), a move (d6-d5), each with removals (xb4)", s)
	}
	var m Move
	if from, to, ok := strings.Cut(parts[0], "-"); ok {
		f, err := ParsePoint(from)
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", s, err)
		}
		t, err := ParsePoint(to)
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", s, err)
		}
		if f == t {
			return 0, fmt.Errorf("move %q: a piece must leave its point", s)
		}
		m = Slide(f, t)
	} else {
		t, err := ParsePoint(parts[0])
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", s, err)
		}
		m = Place(t)
	}
	for _, r := range parts[1:] {
		p, err := ParsePoint(r)
		if err != nil {
			return 0, fmt.Errorf("move %q: removal: %w", s, err)
		}
		m = m.WithRemoval(p)
	}
	if m.Removal() >= 0 && m.Removal() == m.Removal2() {
		return 0, fmt.Errorf("move %q: the same piece removed twice", s)
	}
	return m, nil
}
