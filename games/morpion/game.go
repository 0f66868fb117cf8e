package morpion

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gameai/games"
)

// Game is Morpion Solitaire for the service: a one-player game whose result
// is its score. A position is any grid in any format (Pentasol, JSON or a
// layer code, detected); it prints as its layer code, which names the grid
// whatever the order its moves were played in. A move is written like a
// Pentasol move in the reference frame: "(x,y) D o", e.g. "(0,2) | 2".
var Game games.Game = game{}

type game struct{}

func (game) Name() string                { return "morpion" }
func (game) Title() string               { return "Morpion Solitaire (Join Five)" }
func (game) Variants() []string          { return []string{"5T", "5D"} }
func (game) Players() int                { return 1 }
func (game) Options() []games.OptionSpec { return nil }

func (game) NewState(variant string, _ games.Options) (games.State, error) {
	v, err := ParseVariant(variant)
	if err != nil {
		return nil, &games.UnknownVariantError{Game: "morpion", Variant: variant, Known: []string{"5T", "5D"}}
	}
	return &State{b: NewBoard(v)}, nil
}

func (g game) ParseState(variant string, opts games.Options, text string) (games.State, error) {
	st, err := g.NewState(variant, opts)
	if err != nil {
		return nil, err
	}
	grid, err := Read(st.(*State).b.Variant(), FormatAuto, text)
	if err != nil {
		return nil, ToGamesError(text, err)
	}
	return &State{b: grid.Board()}, nil
}

// ToGamesError turns this package's errors into the service's ParseError,
// with a byte offset where one is known.
func ToGamesError(text string, err error) error {
	var pe *ParseError
	var me *MoveError
	switch {
	case errors.As(err, &pe):
		off := -1
		if pe.Line > 0 {
			off = Offset(text, pe.Line, max(pe.Column, 1))
		}
		return &games.ParseError{Field: "position", Offset: off, Reason: err.Error()}
	case errors.As(err, &me):
		return &games.ParseError{Field: fmt.Sprintf("position, move %d", me.N), Offset: -1, Reason: me.Error()}
	}
	return &games.ParseError{Field: "position", Offset: -1, Reason: err.Error()}
}

// Offset turns a line and column (from 1) into a byte offset of text.
func Offset(text string, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	return min(off+col-1, len(text))
}

// State is a Morpion position for the service.
type State struct{ b *Board }

// NewState wraps a board; the state owns it from then on.
func NewState(b *Board) *State { return &State{b: b} }

// Board is the position's board (for engines; do not modify).
func (s *State) Board() *Board { return s.b }

func (s *State) Game() games.Game       { return Game }
func (s *State) Variant() string        { return s.b.Variant().String() }
func (s *State) Options() games.Options { return games.Options{} }
func (s *State) String() string         { return EncodeLayers(GridOf(s.b)) }
func (s *State) Terminal() bool         { return s.b.NumLegal() == 0 }
func (s *State) Result() []float64      { return []float64{float64(s.b.Score())} }
func (s *State) Hash() uint64           { return s.b.Hash() ^ uint64(s.b.Variant())<<63 }
func (s *State) Clone() games.State     { c := *s.b; return &State{b: &c} }

func (s *State) ToMove() int {
	if s.Terminal() {
		return -1
	}
	return 0
}

// Move is a move of the service: a line and the dot it adds.
type Move Played

func (m Move) String() string { return PentasolMove(Played(m), 3) }

// LegalMoves lists the legal moves by line index.
func (s *State) LegalMoves() []games.Move {
	ls := slices.Clone(s.b.Legal())
	slices.SortFunc(ls, func(a, b Line) int { return a.order() - b.order() })
	out := make([]games.Move, len(ls))
	for i, l := range ls {
		out[i] = Move{Line: l, Dot: s.b.Hole(l)}
	}
	return out
}

// ParseMove reads "(x,y) D o" in the reference frame.
func (s *State) ParseMove(text string) (games.Move, error) {
	x, y, d, off, perr := parsePentasolMove(strings.TrimSpace(text))
	if perr != nil {
		return nil, &games.ParseError{Field: "move", Offset: max(perr.Column-1, 0),
			Reason: perr.Reason + ` (a move is "(x,y) D o": the dot, a direction - | / \ and an offset -2..2)`}
	}
	dx, dy := d.Step()
	l, fits := MakeLine(x+(off-2)*dx, y+(off-2)*dy, d)
	dot, ok := Pt(x, y)
	if !fits || !ok {
		return nil, &games.IllegalMoveError{Move: text, Reason: "outside the board"}
	}
	return Move{Line: l, Dot: dot}, nil
}

// Play plays a legal move.
func (s *State) Play(gm games.Move) error {
	m, ok := gm.(Move)
	if !ok {
		return &games.IllegalMoveError{Move: gm.String(), Reason: "not a Morpion move"}
	}
	if why := s.b.why(m.Line, true, m.Dot); why != "" {
		return &games.IllegalMoveError{Move: m.String(), Reason: why}
	}
	s.b.Play(m.Line)
	return nil
}
