package morris

import (
	"fmt"
	"strings"

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
	if why := s.P.WhyIllegal(m); why != "" {
		return &games.IllegalMoveError{Move: m.String(), Reason: why}
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

// IsLegal reports whether m is legal here.
func (p *Position) IsLegal(m Move) bool { return p.WhyIllegal(m) == "" }

// WhyIllegal says why m cannot be played here, or "" when it can.
func (p *Position) WhyIllegal(m Move) string {
	if o := p.Outcome(); o.Over {
		return "the game is over: " + o.Reason
	}
	for _, l := range p.GenMoves(make([]Move, 0, 64)) {
		if l == m {
			return ""
		}
	}
	us := int(p.side)
	to, from := m.To(), m.From()
	switch {
	case !p.Empty().Has(to):
		return fmt.Sprintf("%s is not empty", pointNames[to])
	case from < 0 && p.hand[us] == 0:
		return fmt.Sprintf("%s has no piece left to place: move a piece (e.g. d6-d5)", sideName(us))
	case from >= 0 && p.hand[us] > 0 && !p.rules.Mixed:
		return fmt.Sprintf("%s must place its %d pieces in hand first", sideName(us), p.hand[us])
	case from >= 0 && !p.occ[us].Has(from):
		return fmt.Sprintf("%s holds no %s piece", pointNames[from], sideName(us))
	case from >= 0 && !p.CanFly(us) && !p.rules.geo.adj[from].Has(to):
		return fmt.Sprintf("%s is not next to %s (only a side with 3 pieces flies)", pointNames[to], pointNames[from])
	}
	own := p.occ[us]
	if from >= 0 {
		own &^= 1 << uint(from)
	}
	closes := p.rules.geo.closes(to, own|1<<uint(to))
	switch {
	case closes && !m.Removes() && p.removable(int8(1-us)) != 0:
		return "the move closes a mill: name the piece it removes (e.g. " + m.String() + "x" + pointNames[trailing(p.removable(int8(1-us)))] + ")"
	case !closes && m.Removes():
		return "the move closes no mill, so it removes nothing"
	}
	if r := m.Removal(); r >= 0 {
		if !p.occ[1-us].Has(r) {
			return fmt.Sprintf("%s holds no %s piece to remove", pointNames[r], sideName(1-us))
		}
		if !p.removable(int8(1 - us)).Has(r) {
			return fmt.Sprintf("%s stands in a mill: remove a piece outside mills while there is one", pointNames[r])
		}
	}
	if m.Removal2() >= 0 {
		return "only a double mill, under the double_mill_removes_two rule, removes two pieces"
	}
	if p.rules.TwoOnDoubleMill && p.rules.geo.millsClosed(to, own|1<<uint(to)) >= 2 {
		return "the move closes two mills: name two pieces to remove (e.g. " + m.String() + "xb4)"
	}
	return "not a legal move here"
}

// ReplayTokens plays engine-protocol tokens (a move, then its removals as
// separate "xb4" tokens) from p, and returns the moves. A mill-closing move
// whose removal tokens are missing at the end is returned as pending: its
// move without the removals, not played.
func ReplayTokens(p *Position, tokens []string) (played []Move, pending *Move, err error) {
	for i := 0; i < len(tokens); i++ {
		text := tokens[i]
		for i+1 < len(tokens) && strings.HasPrefix(strings.ToLower(tokens[i+1]), "x") {
			i++
			text += tokens[i]
		}
		m, err := ParseMove(text)
		if err != nil {
			return played, nil, fmt.Errorf("token %d: %w", i+1, err)
		}
		if why := p.WhyIllegal(m); why != "" {
			if i == len(tokens)-1 && !m.Removes() && p.needsRemoval(m) {
				return played, &m, nil
			}
			return played, nil, fmt.Errorf("token %d %q: %s", i+1, text, why)
		}
		p.Make(m)
		played = append(played, m)
	}
	return played, nil, nil
}

// needsRemoval reports whether m, without removals, is a legal move that
// closes a mill and so must name a removal.
func (p *Position) needsRemoval(m Move) bool {
	for _, l := range p.GenMoves(make([]Move, 0, 64)) {
		if l.Removes() && l.To() == m.To() && l.From() == m.From() {
			return true
		}
	}
	return false
}
