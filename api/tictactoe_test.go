package api_test

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gameai/ai"
	"gameai/games"
)

// tictactoe is a test-only game that exercises the API; it is never
// registered in the binary. Position text: 9 cells row by row from a1 (top
// left), 'x', 'o' or '.'; x moves first. Moves: a cell such as "b2".
type tictactoe struct{}

func (tictactoe) Name() string       { return "tictactoe" }
func (tictactoe) Title() string      { return "Tic-tac-toe" }
func (tictactoe) Variants() []string { return []string{"3x3"} }
func (tictactoe) Players() int       { return 2 }
func (tictactoe) Options() []games.OptionSpec {
	return []games.OptionSpec{{Name: "misere", Kind: games.OptionBool, Default: "false",
		Description: "three in a row loses"}}
}

func (g tictactoe) NewState(v string, o games.Options) (games.State, error) {
	return &tttState{opts: o}, nil
}

func (g tictactoe) ParseState(v string, o games.Options, text string) (games.State, error) {
	if len(text) != 9 {
		return nil, &games.ParseError{Field: "position", Offset: min(len(text), 9), Reason: "want 9 cells"}
	}
	st := &tttState{opts: o}
	nx, no := 0, 0
	for i := range 9 {
		switch text[i] {
		case 'x':
			nx++
		case 'o':
			no++
		case '.':
		default:
			return nil, &games.ParseError{Field: "position", Offset: i, Reason: fmt.Sprintf("%q is not x, o or .", text[i])}
		}
		st.cells[i] = text[i]
	}
	if nx != no && nx != no+1 {
		return nil, &games.ParseError{Field: "position", Offset: -1, Reason: "x moves first: counts of x and o are impossible"}
	}
	return st, nil
}

type tttMove int

func (m tttMove) String() string { return fmt.Sprintf("%c%c", 'a'+int(m)%3, '1'+int(m)/3) }

type tttState struct {
	cells [9]byte
	opts  games.Options
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *tttState) Game() games.Game       { return tictactoe{} }
func (s *tttState) Variant() string        { return "3x3" }
func (s *tttState) Options() games.Options { return s.opts }
func (s *tttState) String() string {
	var b strings.Builder
	for _, c := range s.cells {
		if c == 0 {
			c = '.'
		}
		b.WriteByte(c)
	}
	return b.String()
}

func (s *tttState) winner() byte {
	for _, l := range lines {
		if c := s.cells[l[0]]; c != 0 && c != '.' && c == s.cells[l[1]] && c == s.cells[l[2]] {
			return c
		}
	}
	return 0
}

func (s *tttState) empty() int {
	n := 0
	for _, c := range s.cells {
		if c == 0 || c == '.' {
			n++
		}
	}
	return n
}

func (s *tttState) Terminal() bool { return s.winner() != 0 || s.empty() == 0 }

func (s *tttState) ToMove() int {
	if s.Terminal() {
		return -1
	}
	return (9 - s.empty()) % 2
}

func (s *tttState) LegalMoves() []games.Move {
	if s.Terminal() {
		return nil
	}
	var out []games.Move
	for i, c := range s.cells {
		if c == 0 || c == '.' {
			out = append(out, tttMove(i))
		}
	}
	return out
}

func (s *tttState) ParseMove(text string) (games.Move, error) {
	if len(text) != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3' {
		return nil, &games.ParseError{Field: "move", Offset: 0, Reason: fmt.Sprintf("%q is not a cell a1..c3", text)}
	}
	return tttMove(int(text[1]-'1')*3 + int(text[0]-'a')), nil
}

func (s *tttState) Play(m games.Move) error {
	i := int(m.(tttMove))
	if s.Terminal() {
		return &games.IllegalMoveError{Move: m.String(), Reason: "the game is over"}
	}
	if c := s.cells[i]; c != 0 && c != '.' {
		return &games.IllegalMoveError{Move: m.String(), Reason: "the cell is taken"}
	}
	s.cells[i] = "xo"[s.ToMove()]
	return nil
}

func (s *tttState) Result() []float64 {
	w := s.winner()
	if w == 0 {
		return []float64{0.5, 0.5}
	}
	first := w == 'x'
	if s.opts.Bool("misere") {
		first = !first
	}
	if first {
		return []float64{1, 0}
	}
	return []float64{0, 1}
}

func (s *tttState) Hash() uint64 {
	var h uint64
	for _, c := range s.cells {
		h *= 3
		switch c {
		case 'x':
			h++
		case 'o':
			h += 2
		}
	}
	return h
}

func (s *tttState) Clone() games.State { c := *s; return &c }

// perfect is a full-depth negamax engine over the generic interface.
type perfect struct{}

func (perfect) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st := req.State
	if st.Terminal() {
		return ai.Result{}, ai.ErrNoMove
	}
	var nodes int64
	var negamax func(s games.State) (float64, []games.Move)
	negamax = func(s games.State) (float64, []games.Move) {
		nodes++
		if s.Terminal() {
			r := s.Result()
			// Score for the player who just moved, seen by the side to move.
			mover := 1 - (9-s.(*tttState).empty())%2
			return -(r[mover] - r[1-mover]), nil
		}
		best, bestPV := math.Inf(-1), []games.Move(nil)
		for _, m := range s.LegalMoves() {
			c := s.Clone()
			_ = c.Play(m)
			v, pv := negamax(c)
			if -v > best {
				best, bestPV = -v, append([]games.Move{m}, pv...)
			}
		}
		return best, bestPV
	}
	score, pv := negamax(st)
	if ctx.Err() != nil {
		return ai.Result{}, ctx.Err()
	}
	return ai.Result{Move: pv[0], Score: score, PV: pv, Depth: len(pv), Nodes: nodes}, nil
}

// gate is an engine that plays the first legal move once released (or when
// its context ends), so tests can hold searches running.
type gate struct {
	started chan struct{}
	release chan struct{}
}

func (g *gate) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	g.started <- struct{}{}
	select {
	case <-g.release:
	case <-ctx.Done():
	}
	m := req.State.LegalMoves()[0]
	return ai.Result{Move: m, PV: []games.Move{m}, Depth: 1, Nodes: 1}, nil
}
