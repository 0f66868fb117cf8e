// Package competition draws the schedule of an event between bots and
// reads its results: round robins (whist designs for Less's two-team
// tables where the field allows) and Swiss rounds for two-player Nine
// Men's Morris and four-player, two-team Less, standings with their
// tiebreaks, and ratings with their uncertainty; and a ladder's
// bookkeeping: OpenSkill ratings game by game, who meets next. It knows no
// protocol and no program: a game is seats filled with indices into the
// field (a ladder's, with bots' ids), and a result is each seat's score. The same plan and results give the same
// schedule, standings and ratings, in whatever order the games finished.
package competition

import (
	"errors"
	"fmt"
)

// Games and formats a plan may name.
const (
	Less   = "less"
	Morris = "morris"

	RoundRobin = "round-robin"
	Swiss      = "swiss"
)

// Bounds of a plan: a field of up to MaxField bots, and a schedule of at
// most MaxGames games.
const (
	MaxField  = 64
	MaxRounds = 50
	MaxGames  = 20000
)

// Plan is an event: which game, which bots (the field, by their ids), the
// format, how many times the schedule is played (round robin) or how many
// rounds (Swiss), and the seed every draw comes from.
type Plan struct {
	Game   string   `json:"game"`
	Format string   `json:"format"`
	Field  []string `json:"field"`
	Rounds int      `json:"rounds"`
	Seed   uint64   `json:"seed"`
}

// Game is one game of the schedule. Seats hold indices into the field by
// colour: Morris white then black; Less Yellow, Black, White, Red (Yellow
// and White one team, Black and Red the other). Board numbers the layout
// or opening: the games of a pairing that swap colours share one, so a
// board favours nobody.
type Game struct {
	N     int   `json:"n"`     // from 1, in schedule order
	Round int   `json:"round"` // from 1
	Seats []int `json:"seats"`
	Board int   `json:"board"`
}

// Seats is how many bots a game of game takes.
func Seats(game string) int {
	if game == Less {
		return 4
	}
	return 2
}

// Check says what is wrong with a plan, naming the field.
func (p Plan) Check() error {
	switch p.Game {
	case Less, Morris:
	default:
		return fmt.Errorf("game: %q is not less or morris", p.Game)
	}
	switch p.Format {
	case RoundRobin, Swiss:
	default:
		return fmt.Errorf("format: %q is not %s or %s", p.Format, RoundRobin, Swiss)
	}
	low := 2
	if p.Game == Less {
		low = 4
	}
	if len(p.Field) < low || len(p.Field) > MaxField {
		return fmt.Errorf("bots: %d bots; a %s competition takes %d to %d", len(p.Field), p.Game, low, MaxField)
	}
	seen := map[string]bool{}
	for _, id := range p.Field {
		if id == "" {
			return errors.New("bots: an empty id")
		}
		if seen[id] {
			return fmt.Errorf("bots: %q is named twice", id)
		}
		seen[id] = true
	}
	if p.Rounds < 1 || p.Rounds > MaxRounds {
		return fmt.Errorf("rounds: %d; want 1 to %d", p.Rounds, MaxRounds)
	}
	if n := p.PlannedGames(); n > MaxGames {
		return fmt.Errorf("rounds: the schedule would have %d games; at most %d", n, MaxGames)
	}
	return nil
}

// PlannedGames is how many games the event has: the whole schedule of a
// round robin, and for Swiss rounds every bot but the byes playing in
// each.
func (p Plan) PlannedGames() int {
	n := len(p.Field)
	switch {
	case p.Format == RoundRobin && p.Game == Morris:
		return p.Rounds * n * (n - 1)
	case p.Format == RoundRobin:
		return p.Rounds * roundRobinTableCount(n) * tableGames
	case p.Game == Morris:
		return p.Rounds * (n / 2) * 2
	default:
		return p.Rounds * (n / 4) * tableGames
	}
}

// Schedule is the whole schedule of a round robin, the same for the same
// plan. Swiss rounds depend on the results before them: SwissRound.
func (p Plan) Schedule() []Game {
	if p.Format != RoundRobin {
		return nil
	}
	var out []Game
	for r := 1; r <= p.Rounds; r++ {
		var round [][]int
		if p.Game == Morris {
			round = morrisRoundRobin(len(p.Field))
		} else {
			for _, t := range roundRobinTables(len(p.Field), p.Seed+uint64(r)) {
				round = append(round, TableSeats(t)...)
			}
		}
		for _, seats := range round {
			// Both formats list a board's two games side by side.
			out = append(out, Game{N: len(out) + 1, Round: r, Seats: seats, Board: len(out) / 2})
		}
	}
	return out
}

// morrisRoundRobin is every pair with both colours, the two games of a
// pair next to each other (they share an opening).
func morrisRoundRobin(n int) [][]int {
	var out [][]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			out = append(out, []int{i, j}, []int{j, i})
		}
	}
	return out
}
