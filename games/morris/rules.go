package morris

import (
	"fmt"
	"strconv"

	"gameai/games"
)

// Variant is a board and piece count: the same rules code plays all three.
type Variant uint8

// The variants.
const (
	// Nine is Nine Men's Morris: 9 pieces each, the 16 mills.
	Nine Variant = iota
	// Twelve is Twelve Men's Morris: 12 pieces each and the four diagonal
	// lines (adjacencies and mills); a board filled in the placing phase
	// is a draw.
	Twelve
	// Lasker is Lasker Morris: 10 pieces each, and a turn may place a
	// piece from the hand or move one on the board from the first turn.
	Lasker
)

var variantNames = [...]string{"nine", "twelve", "lasker"}

func (v Variant) String() string { return variantNames[v] }

// ParseVariant reads a variant name.
func ParseVariant(s string) (Variant, error) {
	for i, n := range variantNames {
		if n == s {
			return Variant(i), nil
		}
	}
	return 0, fmt.Errorf("variant %q: want nine, twelve or lasker", s)
}

// Rules are a variant with its rule options resolved. They are immutable
// and shared by every position of a game.
type Rules struct {
	Variant Variant
	// Pieces each side has to place.
	Pieces int
	// Mixed: a turn may place or move while pieces remain in hand (Lasker).
	Mixed bool
	// TwoOnDoubleMill: closing two mills at once removes two pieces.
	TwoOnDoubleMill bool
	// RemoveFromMills: pieces standing in mills may always be removed.
	RemoveFromMills bool
	// Flying: a side reduced to 3 pieces may move to any empty point.
	Flying bool
	// NMovePlies without a placement or a removal draw (0: no such rule).
	NMovePlies int
	// Repetitions of a position (side to move included) draw (0: never).
	Repetitions int

	geo *geometry
}

// The option names, as clients give them.
const (
	OptTwoOnDoubleMill = "double_mill_removes_two"
	OptRemoveFromMills = "remove_from_mills"
	OptFlying          = "flying"
	OptNMoveRule       = "n_move_rule"
	OptRepetitions     = "repetitions"
)

// OptionSpecs are the rule options of every variant.
var OptionSpecs = []games.OptionSpec{
	{Name: OptTwoOnDoubleMill, Kind: games.OptionBool, Default: "false",
		Description: "closing two mills with one move removes two pieces"},
	{Name: OptRemoveFromMills, Kind: games.OptionBool, Default: "false",
		Description: "pieces in mills may always be removed (standard: only when every piece of the side is in a mill)"},
	{Name: OptFlying, Kind: games.OptionBool, Default: "true",
		Description: "a side reduced to 3 pieces may move to any empty point"},
	{Name: OptNMoveRule, Kind: games.OptionInt, Default: "100", Min: 0, Max: 10000,
		Description: "plies of moving without a placement or a removal that draw the game (0: no such rule)"},
	{Name: OptRepetitions, Kind: games.OptionInt, Default: "3", Min: 0, Max: 100,
		Description: "occurrences of one position (side to move included) that draw the game (0: no such rule)"},
}

// StandardRules are Nine Men's Morris under the default options.
var StandardRules = MustRules(Nine, nil)

// NewRules makes the rules of a variant under options, which must be
// resolved against OptionSpecs (nil: the defaults).
func NewRules(v Variant, opts games.Options) (*Rules, error) {
	if opts == nil {
		var err error
		if opts, err = games.ResolveOptions(OptionSpecs, nil); err != nil {
			return nil, err
		}
	}
	r := &Rules{Variant: v, Pieces: 9, geo: standard,
		TwoOnDoubleMill: opts.Bool(OptTwoOnDoubleMill), RemoveFromMills: opts.Bool(OptRemoveFromMills),
		Flying: opts.Bool(OptFlying), NMovePlies: opts.Int(OptNMoveRule), Repetitions: opts.Int(OptRepetitions)}
	switch v {
	case Twelve:
		r.Pieces, r.geo = 12, diagonals
	case Lasker:
		r.Pieces, r.Mixed = 10, true
	}
	if r.Repetitions == 1 {
		return nil, &games.OptionError{Name: OptRepetitions, Reason: "1 would draw every position: want 0 or at least 2"}
	}
	return r, nil
}

// MustRules is NewRules for options known to be good.
func MustRules(v Variant, opts games.Options) *Rules {
	r, err := NewRules(v, opts)
	if err != nil {
		panic(err)
	}
	return r
}

// Options are the rules' option values, as OptionSpecs names them.
func (r *Rules) Options() games.Options {
	return games.Options{
		OptTwoOnDoubleMill: strconv.FormatBool(r.TwoOnDoubleMill),
		OptRemoveFromMills: strconv.FormatBool(r.RemoveFromMills),
		OptFlying:          strconv.FormatBool(r.Flying),
		OptNMoveRule:       strconv.Itoa(r.NMovePlies),
		OptRepetitions:     strconv.Itoa(r.Repetitions),
	}
}

// resolve checks named options against OptionSpecs and fills defaults.
func resolve(opts map[string]string) (games.Options, error) {
	return games.ResolveOptions(OptionSpecs, opts)
}

// IsLegal reports whether m is legal here.
func (p *Position) IsLegal(m Move) bool { return p.Illegal(m) == nil }

// Illegal says why m cannot be played here, or nil when it can.
func (p *Position) Illegal(m Move) *games.IllegalMoveError {
	if why := p.whyIllegal(m); why != "" {
		return &games.IllegalMoveError{Move: m.String(), Reason: why}
	}
	return nil
}

// whyIllegal is the reason m cannot be played here ("": it can).
func (p *Position) whyIllegal(m Move) string {
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
