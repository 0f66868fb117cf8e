package morris

import (
	"gameai/games"
)

// Game is Nine Men's Morris (and its Twelve and Lasker variants) for the
// service.
var Game games.Game = game{}

type game struct{}

func (game) Name() string                { return "morris" }
func (game) Title() string               { return "Nine Men's Morris" }
func (game) Variants() []string          { return variantNames[:] }
func (game) Players() int                { return 2 }
func (game) Options() []games.OptionSpec { return OptionSpecs }
func (g game) NewState(variant string, opts games.Options) (games.State, error) {
	r, err := rulesFor(variant, opts)
	if err != nil {
		return nil, err
	}
	return &State{P: NewPosition(r)}, nil
}

func (g game) ParseState(variant string, opts games.Options, text string) (games.State, error) {
	r, err := rulesFor(variant, opts)
	if err != nil {
		return nil, err
	}
	p, err := ParsePosition(r, text)
	if err != nil {
		return nil, err
	}
	return &State{P: p}, nil
}

func rulesFor(variant string, opts games.Options) (*Rules, error) {
	if variant == "" {
		variant = variantNames[0]
	}
	v, err := ParseVariant(variant)
	if err != nil {
		return nil, &games.UnknownVariantError{Game: "morris", Variant: variant, Known: variantNames[:]}
	}
	return NewRules(v, opts)
}

// State is a Position seen through games.State.
type State struct{ P *Position }

func (s *State) Game() games.Game       { return Game }
func (s *State) Variant() string        { return s.P.rules.Variant.String() }
func (s *State) Options() games.Options { return s.P.rules.Options() }
func (s *State) String() string         { return s.P.String() }
func (s *State) Hash() uint64           { return s.P.Hash() }
func (s *State) Clone() games.State     { return &State{P: s.P.Clone()} }
func (s *State) Terminal() bool         { return s.P.Outcome().Over }

func (s *State) ToMove() int {
	if s.Terminal() {
		return -1
	}
	return s.P.SideToMove()
}

func (s *State) LegalMoves() []games.Move {
	if s.Terminal() {
		return nil
	}
	ms := s.P.GenMoves(nil)
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

func (s *State) ParseMove(text string) (games.Move, error) {
	m, err := ParseMove(text)
	if err != nil {
		return nil, &games.ParseError{Field: "move", Offset: -1, Reason: err.Error()}
	}
	return m, nil
}

func (s *State) Play(gm games.Move) error {
	m, ok := gm.(Move)
	if !ok {
		var err error
		if m, err = ParseMove(gm.String()); err != nil {
			return &games.IllegalMoveError{Move: gm.String(), Reason: err.Error()}
		}
	}
	if bad := s.P.Illegal(m); bad != nil {
		return bad
	}
	s.P.Make(m)
	return nil
}

// Result is 1 for the winner and 0 for the loser, 0.5 each for a draw or
// a game not over.
func (s *State) Result() []float64 {
	o := s.P.Outcome()
	switch {
	case !o.Over || o.Winner < 0:
		return []float64{0.5, 0.5}
	case o.Winner == White:
		return []float64{1, 0}
	}
	return []float64{0, 1}
}
