// Package arena is the referee: it plays one game between entrants, our
// engines and uploaded bots alike, on its game's protocol and clock (Less
// over CodeCup's, Morris over Sanmill's or in process), and the rules'
// model, never a program's words, decides how it ended. Every game between
// programs plays here, whatever started it: competitions, admission's
// validation games, the CLI's referee, match and competition, the
// less-match job and a tuning's tournament. Uploaded bots are started
// through Uploads, which package hosting implements (confined); arena
// imports neither hosting nor the sandbox. A game is a Spec, which any
// machine sharing the store can play (unless a seat is Local, made in this
// process), and its Outcome is the competition's Result with the record,
// the times, each uploaded bot's standard error and, for an irregular
// loss, a Fault whose Kind callers switch on.
package arena

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"gameai/codecup"
	"gameai/competition"
)

// Entrant is a bot in a game: one of our engines (ID gameai:[GAME:]SPEC,
// the spec in its game's language), an uploaded bot, or (the CLI only,
// never from the service) a program on this machine run as it is.
type Entrant struct {
	ID       string    `json:"id"`
	Uploaded *Uploaded `json:"uploaded,omitempty"`
	Command  []string  `json:"command,omitempty"`
	// Local is a player this process made for the game: one of our
	// engines configured beyond what an ID says (the CLI's limits, a
	// match's seeds), or an operator's command. A spec holding one is
	// played where it was made: it has no JSON.
	Local *Local `json:"-"`
}

// Local is a player made in this process, for the seat's game: a program
// speaking CodeCup's protocol (Less), or a maker of a fresh Morris player
// for each game (players keep a game's state), with what ends it.
type Local struct {
	Less   codecup.Program
	Morris func(ctx context.Context) (MorrisPlayer, func(), error)
}

// Label names the entrant in records.
func (e Entrant) Label() string {
	if e.Uploaded != nil {
		return e.Uploaded.Label()
	}
	if e.ID == "" && e.Local != nil && e.Local.Less != nil {
		return e.Local.Less.Name()
	}
	return e.ID
}

// Clock is a competition's time control: Less a player's thinking time
// for a whole game (CodeCup's 30 s), Morris a move's.
type Clock struct {
	GameMS int64 `json:"game_ms,omitempty"`
	MoveMS int64 `json:"move_ms,omitempty"`
}

// DefaultClock is a competition's clock when the host sets none:
// CodeCup's 30 s a game for Less, a second a move for Morris.
func DefaultClock(game string) Clock {
	if game == competition.Less {
		return Clock{GameMS: codecup.Clock.Milliseconds()}
	}
	return Clock{MoveMS: 1000}
}

// Clock bounds.
const (
	MinGameMS, MaxGameMS = 100, 600_000
	MinMoveMS, MaxMoveMS = 10, 60_000
)

// Check says what is wrong with a clock for game, naming the field.
func (c Clock) Check(game string) error {
	switch game {
	case competition.Less:
		if c.MoveMS != 0 {
			return errors.New("clock.move_ms: a Less clock is game_ms, a player's time for the whole game")
		}
		if c.GameMS < MinGameMS || c.GameMS > MaxGameMS {
			return fmt.Errorf("clock.game_ms: %d; want %d to %d", c.GameMS, MinGameMS, MaxGameMS)
		}
	case competition.Morris:
		if c.GameMS != 0 {
			return errors.New("clock.game_ms: a Morris clock is move_ms, the time a move")
		}
		if c.MoveMS < MinMoveMS || c.MoveMS > MaxMoveMS {
			return fmt.Errorf("clock.move_ms: %d; want %d to %d", c.MoveMS, MinMoveMS, MaxMoveMS)
		}
	}
	return nil
}

// Spec is one game: its number in the competition, the entrants by seat
// (competition.Game's colours), the board (layout or opening) and the
// competition's seed, from which the board and our engines' seeds come.
type Spec struct {
	Game  string    `json:"game"`
	N     int       `json:"n"`
	Seats []Entrant `json:"seats"`
	Board int       `json:"board"`
	Seed  uint64    `json:"seed"`
	Clock Clock     `json:"clock"`
	// Layout (Less) is the layout played, where it is not the board's
	// drawn from the seed.
	Layout string `json:"layout,omitempty"`
	// Morris (nil: a competition's game) sets a Morris game's rules,
	// opening and adjudication where they are not a competition's.
	Morris *MorrisOptions `json:"-"`
	// ForgiveRepetitionClaims: a Morris program that holds the game over
	// (bestmove draw or none) where the position has occurred before or
	// the N-move rule is near draws the game instead of losing it. Sanmill
	// counts repetitions its own way; admission forgives it, a competition
	// does not.
	ForgiveRepetitionClaims bool `json:"forgive_repetition_claims,omitempty"`
	// Watch, when set, hears the game as it starts (no moves) and after
	// every move, as far as it has gone (Board, Moves, TimesMS, ThinkMS
	// and Result.N; no result yet), on the game's goroutine: for watching
	// it live.
	Watch func(Outcome) `json:"-"`
}

// Languages are the languages of the game's uploaded bots, sorted, each
// once: what a machine must run to play it (none: any machine can).
func (s Spec) Languages() []string {
	var out []string
	for _, e := range s.Seats {
		if e.Uploaded != nil && !slices.Contains(out, e.Uploaded.Language) {
			out = append(out, e.Uploaded.Language)
		}
	}
	slices.Sort(out)
	return out
}

// Fault is an irregular loss: the seat, the turn (from 1), its kind (a
// value to switch on) and what it did (words for people).
type Fault struct {
	Seat   int                   `json:"seat"`
	Turn   int                   `json:"turn"`
	Kind   competition.FaultKind `json:"kind,omitempty"`
	Reason string                `json:"reason"`
}

// Outcome is a played game.
type Outcome struct {
	Result competition.Result `json:"result"`
	// Board is the layout (Less) or the opening's moves (Morris).
	Board string `json:"board"`
	// Moves are the game's moves in its own notation (CodeCup actions;
	// the API's Morris moves), opening included; TimesMS each one's
	// thinking time (0 for an opening move).
	Moves   []string `json:"moves"`
	TimesMS []int64  `json:"times_ms"`
	// ThinkMS is each seat's time on its clock.
	ThinkMS []int64 `json:"think_ms"`
	// Points are each seat's team's total (Less; the lower wins).
	Points []int  `json:"points,omitempty"`
	Reason string `json:"reason"`
	Fault  *Fault `json:"fault,omitempty"`
	// Record is the whole game in its game's record format.
	Record string `json:"record"`
	// Stderr is each uploaded seat's standard error (empty for ours), and
	// Transcripts each one's conversation with the referee.
	Stderr      []string `json:"stderr,omitempty"`
	Transcripts []string `json:"transcripts,omitempty"`
	// Used is what each uploaded seat's program used beside its limits
	// ("" for ours, or where not known).
	Used []string `json:"used,omitempty"`
	// Less and Morris are the game as its referee kept it, for callers
	// in this process (the detours of a Less team, a Morris record's
	// moves and exact times).
	Less   *LessRecord `json:"-"`
	Morris *MorrisGame `json:"-"`
}

// Runner plays games; Uploads runs the uploaded bots (nil: ours only).
type Runner struct {
	Uploads Uploads
	// MorrisSlack is how much longer than its move time an uploaded
	// Morris bot may take before it loses on time (DefaultMorrisSlack
	// when 0).
	MorrisSlack time.Duration
}

// DefaultMorrisSlack is an uploaded Morris bot's time past its move time:
// its start in the sandbox and a confined program's low CPU weight on a
// busy machine, not thinking time (go movetime says that).
const DefaultMorrisSlack = 2 * time.Second

// Play plays one game. An error is the game not played (a machine that
// cannot run a bot, a cancelled context), never a bot's fault: those are
// in the Outcome.
func (r Runner) Play(ctx context.Context, s Spec) (Outcome, error) {
	if len(s.Seats) != competition.Seats(s.Game) {
		return Outcome{}, fmt.Errorf("game %d: %d seats for %s", s.N, len(s.Seats), s.Game)
	}
	// Players made here bring their own limits: a spec of only those
	// may have no clock.
	if err := s.Clock.Check(s.Game); err != nil && (s.Clock != Clock{} || !allLocal(s.Seats)) {
		return Outcome{}, err
	}
	switch s.Game {
	case competition.Less:
		return r.playLess(ctx, s)
	case competition.Morris:
		return r.playMorris(ctx, s)
	}
	return Outcome{}, fmt.Errorf("no game %q", s.Game)
}

func allLocal(seats []Entrant) bool {
	for _, e := range seats {
		if e.Local == nil {
			return false
		}
	}
	return true
}

// seatSeed is our engine's seed in a seat of a game: from the
// competition's seed and the game's place, whichever machine plays it.
func seatSeed(s Spec, seat int) uint64 {
	return s.Seed*0x9e3779b97f4a7c15 + uint64(s.N)*0xbf58476d1ce4e5b9 + uint64(seat)
}

// boardRand draws a board from the competition's seed and its number.
func boardRand(seed uint64, board int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0xb0a4d+uint64(board)))
}

// CheckBuiltin says whether id names one of our engines for game that
// plays (an error says why not); false when id is not gameai:[GAME:]SPEC.
func CheckBuiltin(game, id string) (bool, error) {
	spec, ok := BuiltinSpec(game, id)
	if !ok {
		return false, nil
	}
	switch game {
	case competition.Less:
		_, err := codecup.ParseSpec(spec, codecup.BotConfig{})
		return true, err
	case competition.Morris:
		ps, err := ParseMorrisSpec(spec)
		if err == nil && ps.Engine == "exe" {
			err = errors.New("exe: a program on the server's disk is not a bot; upload it")
		}
		return true, err
	}
	return true, fmt.Errorf("no game %q", game)
}
