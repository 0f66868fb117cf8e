package morrisdb

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"gameai/games/morris"
)

// The book of the first placements. Refuting the search's choice in a
// move's time (morrisai's refuter) cannot reach the first placements a
// bot makes after a random opening: proving that one loses takes 3-4 M
// nodes there, four times a move's, and against Sanmill at 1 s a move
// such placements lost 5 of 160 games (the 5th and 6th plies). Solving
// each class of the opening's position once, ahead of play, settles both:
// the proof that a 4-ply position is drawn holds a placement for White
// that keeps the draw and, for each of White's placements, a reply that
// keeps Black's draw (2 to 10 M nodes a class, 4,200 classes).

// BookLine is one root of the book solved: the root (a class's canonical
// position), its value for White, White's placement that achieves it, and
// Black's reply to each of White's placements (but one that ends the
// game).
type BookLine struct {
	Root string `json:"root"`
	// Value is Won, Drawn or Lost for White (the side to move): exact.
	Value   int         `json:"value"`
	Move    string      `json:"move"`
	Replies []BookReply `json:"replies"`
	Nodes   uint64      `json:"nodes"`
	Seconds float64     `json:"seconds"`
}

// BookReply is Black's reply to one of White's placements, and the least
// Black's value after it is proved to be (Won, Drawn or Lost): the reply
// proved to win where one was seen to, else one that keeps a draw.
type BookReply struct {
	Move  string `json:"move"`
	Reply string `json:"reply"`
	Value int    `json:"value"`
}

// BookRoots are the book's roots: one position of each class (under the
// symmetries) where each side has placed placed pieces (0 to 2: no mill
// can have closed) and holds inHand, White to move; in the order of
// their keys, so that every run lists them alike.
func BookRoots(placed, inHand int) ([]*morris.Position, error) {
	if placed < 0 || placed > 2 || inHand < 1 || placed+inHand > 9 {
		return nil, fmt.Errorf("book roots: %d placed and %d in hand a side: 0 to 2 placed, 1 to %d in hand", placed, inHand, 9-placed)
	}
	type class struct{ w, b morris.Bits }
	seen := map[class]bool{}
	var classes []class
	// White's pieces first (ascending points), then Black's among the
	// rest; each placement's class kept once.
	var eachBlack func(from int, w, b morris.Bits)
	eachBlack = func(from int, w, b morris.Bits) {
		if b.Count() == placed {
			cw, cb, _ := morris.Canonical(w, b)
			if !seen[class{cw, cb}] {
				seen[class{cw, cb}] = true
				classes = append(classes, class{cw, cb})
			}
			return
		}
		for q := from; q < morris.NPoints; q++ {
			if !w.Has(q) {
				eachBlack(q+1, w, b|1<<uint(q))
			}
		}
	}
	var eachWhite func(from int, w morris.Bits)
	eachWhite = func(from int, w morris.Bits) {
		if w.Count() == placed {
			eachBlack(0, w, 0)
			return
		}
		for q := from; q < morris.NPoints; q++ {
			eachWhite(q+1, w|1<<uint(q))
		}
	}
	eachWhite(0, 0)
	slices.SortFunc(classes, func(a, b class) int {
		return cmp.Or(cmp.Compare(a.w, b.w), cmp.Compare(a.b, b.b))
	})
	out := make([]*morris.Position, len(classes))
	for i, c := range classes {
		p, err := placedPosition(c.w, c.b, inHand)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// placedPosition is White to move with white and black on the board and
// inHand a side.
func placedPosition(white, black morris.Bits, inHand int) (*morris.Position, error) {
	p, err := Placement(morris.StandardRules, white, black, morris.White)
	if err != nil {
		return nil, err
	}
	text := strings.Replace(p.String(), " w 0 0 0 30 -", fmt.Sprintf(" w %d %d 0 %d -", inHand, inHand, 2*white.Count()), 1)
	return morris.ParsePosition(morris.StandardRules, text)
}

// SolveBookLine solves root and reads the book's moves out of the proof:
// White's placement whose value for Black is the root's negated, and for
// each of White's placements the first of Black's replies (in the search's
// order) proved to win, or else to keep a draw. The proof's table already
// holds those bounds, so reading them out costs little beside the solve.
func (o *Opening) SolveBookLine(ctx context.Context, root *morris.Position) (BookLine, error) {
	start, n0 := time.Now(), o.Nodes
	p := root.Clone()
	v, err := o.Solve(ctx, p)
	if err != nil {
		return BookLine{}, err
	}
	line := BookLine{Root: root.String(), Value: v}
	moves := orderOpening(p, p.GenMoves(nil), false)
	for _, m := range moves {
		p.Make(m)
		// Black's value after m is at most -v: m achieves v.
		w, err := o.SolveWithin(ctx, p, -v, -v+1)
		p.Unmake(m)
		if err != nil {
			return BookLine{}, err
		}
		if w <= -v {
			line.Move = m.String()
			break
		}
	}
	if line.Move == "" {
		return BookLine{}, fmt.Errorf("%s: solved %s for White, and no placement proved to achieve it", root, OutcomeName(v))
	}
	for _, m := range moves {
		p.Make(m)
		if p.Outcome().Over {
			p.Unmake(m) // a win at once: no reply
			continue
		}
		r, rv, err := o.bestReply(ctx, p)
		p.Unmake(m)
		if err != nil {
			return BookLine{}, err
		}
		line.Replies = append(line.Replies, BookReply{Move: m.String(), Reply: r.String(), Value: rv})
	}
	line.Nodes, line.Seconds = o.Nodes-n0, time.Since(start).Seconds()
	return line, nil
}

// bestReply is, for p's side to move, the first move proved to win by
// what the table holds (no search), else the first proved to keep a draw,
// else the first (every one loses); with the value proved.
func (o *Opening) bestReply(ctx context.Context, p *morris.Position) (morris.Move, int, error) {
	moves := orderOpening(p, p.GenMoves(nil), false)
	for _, m := range moves {
		p.Make(m)
		_, hi, ok := o.probe(openingKey(p))
		p.Unmake(m)
		if ok && hi <= Lost {
			return m, Won, nil
		}
	}
	for _, m := range moves {
		p.Make(m)
		w, err := o.SolveWithin(ctx, p, Drawn, Won)
		p.Unmake(m)
		if err != nil {
			return 0, 0, err
		}
		if w <= Drawn {
			return m, Drawn, nil
		}
	}
	return moves[0], Lost, nil
}

// Book is the book's moves by position class: the root's placement and
// each reply, kept in the canonical position's frame.
type Book struct {
	entries map[uint64]bookEntry
	// Roots counts the book's roots.
	Roots int
}

type bookEntry struct {
	move  morris.Move // in the canonical frame of the position's class
	value int         // the least the mover's value after it is
	exact bool        // value is the position's (a root's)
}

// Len is the number of positions the book has a move for.
func (b *Book) Len() int { return len(b.entries) }

// BookMove is the book's move in a position and what is proved of it.
type BookMove struct {
	Move morris.Move
	// Value is the least the mover's value is after Move (Won, Drawn or
	// Lost); Exact says it is the position's value, no better move
	// being there.
	Value int
	Exact bool
}

// Lookup is the book's move in p, in p's frame.
func (b *Book) Lookup(p *morris.Position) (BookMove, bool) {
	if b == nil || !Covers(p.Rules()) {
		return BookMove{}, false
	}
	e, ok := b.entries[openingKey(p)]
	if !ok {
		return BookMove{}, false
	}
	us := p.SideToMove()
	s := toCanonical(p.Pieces(us), p.Pieces(1-us))
	m := mapMove(e.move, inverse(s))
	if !p.IsLegal(m) {
		return BookMove{}, false
	}
	return BookMove{Move: m, Value: e.value, Exact: e.exact}, true
}

// toCanonical is a symmetry that takes the placement to its class's
// canonical one.
func toCanonical(mover, other morris.Bits) *morris.Symmetry {
	cm, co, _ := morris.Canonical(mover, other)
	for i := range morris.Symmetries {
		s := &morris.Symmetries[i]
		if s.Apply(mover) == cm && s.Apply(other) == co {
			return s
		}
	}
	panic("no symmetry reaches the canonical placement")
}

// inverse is the permutation that undoes s.
func inverse(s *morris.Symmetry) [morris.NPoints]uint8 {
	var inv [morris.NPoints]uint8
	for p, q := range s.To {
		inv[q] = uint8(p)
	}
	return inv
}

// mapMove sends a placement (and its removals) through the permutation to.
func mapMove(m morris.Move, to [morris.NPoints]uint8) morris.Move {
	out := morris.Place(int(to[m.To()]))
	for _, r := range [2]int{m.Removal(), m.Removal2()} {
		if r >= 0 {
			out = out.WithRemoval(int(to[r]))
		}
	}
	return out
}

// add keeps m, played in p, under p's class (in its canonical frame).
func (b *Book) add(p *morris.Position, m morris.Move, value int, exact bool) {
	us := p.SideToMove()
	s := toCanonical(p.Pieces(us), p.Pieces(1-us))
	key := openingKey(p)
	if _, ok := b.entries[key]; ok {
		return // a position met from two roots: both moves hold
	}
	b.entries[key] = bookEntry{move: mapMove(m, s.To), value: value, exact: exact}
}

// ReadBook reads a book's lines (one JSON object each, as `gameai morris
// db book` writes them), checking each move is legal where it is played,
// and returns them with the book. A last line with no newline (a build
// killed while writing it) is left out; cut says how many bytes it had,
// for a build to go on from the lines whole.
func ReadBook(r io.Reader) (b *Book, lines []BookLine, cut int, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, 0, err
	}
	b = &Book{entries: map[uint64]bookEntry{}}
	rows := bytes.Split(data, []byte{'\n'})
	// After the last newline: empty, or a line cut short.
	cut = len(rows[len(rows)-1])
	for i, text := range rows[:len(rows)-1] {
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		var l BookLine
		if err := json.Unmarshal(text, &l); err != nil {
			return nil, nil, 0, fmt.Errorf("book line %d: %w", i+1, err)
		}
		if err := b.addLine(l); err != nil {
			return nil, nil, 0, fmt.Errorf("book line %d: %w", i+1, err)
		}
		lines = append(lines, l)
	}
	b.Roots = len(lines)
	return b, lines, cut, nil
}

// addLine checks a line's moves and keeps them.
func (b *Book) addLine(l BookLine) error {
	root, err := morris.ParsePosition(morris.StandardRules, l.Root)
	if err != nil {
		return fmt.Errorf("root: %w", err)
	}
	if root.SideToMove() != morris.White || root.InHand(morris.White) == 0 || root.InHand(morris.White) != root.InHand(morris.Black) {
		return fmt.Errorf("root %q: not White to move with as many in each hand", l.Root)
	}
	if l.Value < Lost || l.Value > Won {
		return fmt.Errorf("value %d: -1, 0 or 1", l.Value)
	}
	m, err := legalIn(root, l.Move)
	if err != nil {
		return fmt.Errorf("move: %w", err)
	}
	b.add(root, m, l.Value, true)
	for i, r := range l.Replies {
		wm, err := legalIn(root, r.Move)
		if err != nil {
			return fmt.Errorf("reply %d: %w", i, err)
		}
		if r.Value < Lost || r.Value > Won {
			return fmt.Errorf("reply %d: value %d: -1, 0 or 1", i, r.Value)
		}
		root.Make(wm)
		bm, err := legalIn(root, r.Reply)
		if err == nil && !root.Outcome().Over {
			b.add(root, bm, r.Value, false)
		}
		root.Unmake(wm)
		if err != nil {
			return fmt.Errorf("reply %d: %w", i, err)
		}
	}
	return nil
}

// legalIn parses a placement legal in p.
func legalIn(p *morris.Position, text string) (morris.Move, error) {
	m, err := morris.ParseMove(text)
	if err != nil {
		return 0, err
	}
	if m.From() >= 0 || !p.IsLegal(m) {
		return 0, fmt.Errorf("%q is no placement in %s", text, p)
	}
	return m, nil
}
