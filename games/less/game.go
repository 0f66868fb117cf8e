package less

import (
	"gameai/games"
)

// Game is Less for the service. A position names its wall layout; the
// empty position is the start on the spec's fixture layout.
var Game games.Game = game{}

type game struct{}

func (game) Name() string                { return "less" }
func (game) Title() string               { return "Less (CodeCup 2017)" }
func (game) Variants() []string          { return []string{"codecup"} }
func (game) Players() int                { return 4 }
func (game) Options() []games.OptionSpec { return nil }

func (game) NewState(variant string, _ games.Options) (games.State, error) {
	if _, err := games.CheckVariant(Game, variant); err != nil {
		return nil, err
	}
	w, _ := ParseWalls(FixtureLayout)
	return &State{P: NewPosition(w)}, nil
}

func (game) ParseState(variant string, _ games.Options, text string) (games.State, error) {
	if _, err := games.CheckVariant(Game, variant); err != nil {
		return nil, err
	}
	p, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	return &State{P: p}, nil
}

// State is a Position seen through games.State; its moves are whole-turn
// Actions.
type State struct{ P *Position }

func (s *State) Game() games.Game       { return Game }
func (s *State) Variant() string        { return "codecup" }
func (s *State) Options() games.Options { return games.Options{} }
func (s *State) String() string         { return s.P.Text() }
func (s *State) Hash() uint64           { return s.P.Hash() ^ usedHash(s.P) }
func (s *State) Terminal() bool         { return s.P.Over() }

func (s *State) Clone() games.State {
	q := *s.P
	return &State{P: &q}
}

// Scores are each player's points used plus, for one not yet home, the
// fewest points its pieces need to get there alone: the CodeCup score.
func (s *State) Scores() []float64 {
	sc := s.P.Scores(DistancesFor(s.P.Walls()))
	return []float64{float64(sc[0]), float64(sc[1]), float64(sc[2]), float64(sc[3])}
}

func (s *State) ToMove() int {
	if s.P.Over() {
		return -1
	}
	return s.P.ToMove()
}

func (s *State) LegalMoves() []games.Move {
	as := s.P.Actions()
	out := make([]games.Move, len(as))
	for i, a := range as {
		out[i] = a
	}
	return out
}

func (s *State) ParseMove(text string) (games.Move, error) {
	a, err := ParseAction(text)
	if err != nil {
		return nil, &games.ParseError{Field: "move", Offset: -1, Reason: err.Error()}
	}
	return a, nil
}

func (s *State) Play(m games.Move) error {
	a, ok := m.(Action)
	if !ok {
		var err error
		if a, err = ParseAction(m.String()); err != nil {
			return &games.IllegalMoveError{Move: m.String(), Reason: err.Error()}
		}
	}
	if err := s.P.Apply(a); err != nil {
		return &games.IllegalMoveError{Move: a.String(), Reason: err.Error()}
	}
	return nil
}

// Result: 1 for each player of the winning team (the lower total), 0 for
// the losers, 0.5 each for a tie or a game not over.
func (s *State) Result() []float64 {
	if !s.P.Over() {
		return []float64{0.5, 0.5, 0.5, 0.5}
	}
	t := TeamScores(s.P.Scores(DistancesFor(s.P.Walls())))
	out := make([]float64, 4)
	for pl := range 4 {
		mine, theirs := t[Team(pl)], t[1-Team(pl)]
		switch {
		case mine < theirs:
			out[pl] = 1
		case mine == theirs:
			out[pl] = 0.5
		}
	}
	return out
}

// usedHash keeps positions with different points used apart in caches
// (the search's own hash leaves them out: they do not change what to play).
func usedHash(p *Position) uint64 {
	return uint64(p.used[0]) | uint64(p.used[1])<<16 | uint64(p.used[2])<<32 | uint64(p.used[3])<<48
}
