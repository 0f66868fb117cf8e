package less

import (
	"fmt"
	"strings"
)

// Action is a whole turn: 1 to 3 moves, or Nil (no move: a finished team
// passes, or nothing can move). Its text is the CodeCup protocol's:
// "h2h3:h1f1:g1e1" or "Nil".
type Action struct {
	N int8
	M [3]Move
}

// Nil is the empty action.
var Nil = Action{}

func (a Action) String() string {
	if a.N == 0 {
		return "Nil"
	}
	parts := make([]string, a.N)
	for i := range a.N {
		parts[i] = a.M[i].String()
	}
	return strings.Join(parts, ":")
}

// Moves is the action's moves.
func (a Action) Moves() []Move { return a.M[:a.N] }

// ParseAction reads an action's text (syntax only; Apply checks it).
func ParseAction(text string) (Action, error) {
	t := strings.TrimSpace(text)
	if t == "Nil" {
		return Nil, nil
	}
	parts := strings.Split(t, ":")
	if len(parts) > 3 || t == "" {
		return Nil, fmt.Errorf("action %q: want 1 to 3 moves joined by ':' (e.g. h2h3:h1f1) or Nil", text)
	}
	var a Action
	for i, p := range parts {
		if len(p) != 4 {
			return Nil, fmt.Errorf("action %q: move %d %q: want a from-square and a to-square, e.g. h2h3", text, i+1, p)
		}
		from, err := ParseSquare(p[:2])
		if err != nil {
			return Nil, fmt.Errorf("action %q: move %d: %w", text, i+1, err)
		}
		to, err := ParseSquare(p[2:])
		if err != nil {
			return Nil, fmt.Errorf("action %q: move %d: %w", text, i+1, err)
		}
		a.M[i] = Move{int8(from), int8(to)}
		a.N++
	}
	return a, nil
}

// NilDue reports whether the turn of player is a pass: its team has
// finished, or it cannot move. The position skips such turns by itself,
// so it is the player to move only when it has a real decision.
func (p *Position) NilDue(player int) bool { return int(p.toMove) != player }

// Apply plays an action of the player to move, checking every move; on an
// error the position is unchanged. Nil is legal only where no move is.
func (p *Position) Apply(a Action) error {
	if p.Over() {
		return fmt.Errorf("the game is over")
	}
	if a.N == 0 {
		if p.hasMove() {
			return fmt.Errorf("the action Nil: %s can move and must", PlayerNames[p.toMove])
		}
		p.EndTurn()
		return nil
	}
	q := *p
	turn := q.turn
	for i, m := range a.Moves() {
		if q.turn != turn {
			return fmt.Errorf("move %d %s: the turn is already over (no points left or nothing fits)", i+1, m)
		}
		if why := q.whyIllegal(m); why != "" {
			return fmt.Errorf("move %d %s: %s", i+1, m, why)
		}
		q.Play(m)
	}
	if q.turn == turn {
		q.EndTurn()
	}
	*p = q
	return nil
}

// whyIllegal says why m is not a legal move now, or "".
func (p *Position) whyIllegal(m Move) string {
	mv := p.Mover()
	from, to := int(m.From), int(m.To)
	switch {
	case p.pieces[mv]&bit(from) == 0:
		owner := "no piece"
		for pl := range 4 {
			if p.pieces[pl]&bit(from) != 0 {
				owner = PlayerNames[pl] + "'s piece"
			}
		}
		return fmt.Sprintf("%s holds %s, not one of %s's", SquareName(from), owner, PlayerNames[mv])
	case p.occupied()&bit(to) != 0:
		return fmt.Sprintf("%s is not empty", SquareName(to))
	}
	c := p.Cost(m)
	switch {
	case c < 0:
		return fmt.Sprintf("%s is neither next to %s nor a jump over an adjacent piece with no wall in the way", SquareName(to), SquareName(from))
	case c > int(p.left):
		return fmt.Sprintf("costs %d points, %d left in this turn", c, p.left)
	}
	return ""
}

// Actions lists every distinct legal action of the turn: the move
// sequences of 1 to 3 moves that fit in the points, one (the shortest) per
// resulting position. A turn with no move has none (it passes by itself).
func (p *Position) Actions() []Action {
	if p.Over() {
		return nil
	}
	seen := map[[4]uint64]bool{}
	var out []Action
	var walk func(q *Position, a Action)
	walk = func(q *Position, a Action) {
		var buf [64]Move
		for _, m := range q.Moves(buf[:0]) {
			r := *q
			turn := r.turn
			r.Play(m)
			b := a
			b.M[b.N] = m
			b.N++
			if !seen[r.pieces] {
				seen[r.pieces] = true
				out = append(out, b)
			}
			if r.turn == turn && b.N < 3 {
				walk(&r, b)
			}
		}
	}
	walk(p, Nil)
	return out
}
