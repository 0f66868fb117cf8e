package kinds

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"gameai/arena"
	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
	"gameai/jobs"
	"gameai/jobs/workers"
	"gameai/store"
)

// LessMatch is the kind of a refereed Less match between our bots.
const LessMatch = "less-match"

// LessMatchParams are a match's parameters (already checked): four bots in
// colour order Yellow, Black, White, Red (the 1st and 3rd are side A), each
// layout played twice with the sides swapping colours.
type LessMatchParams struct {
	Bots     [4]codecup.BotConfig `json:"bots"`
	Games    int                  `json:"games"`
	Layouts  []string             `json:"layouts"` // one per pair of games
	BudgetMS int64                `json:"budget_ms"`
}

// LessMatchGame is one refereed game of a match, seen from side A.
type LessMatchGame struct {
	// Game is the game's number in the match (from 1): with workers,
	// games finish in any order.
	Game    int    `json:"game"`
	Layout  string `json:"layout"`
	AOn     string `json:"a_on"` // "Yellow+White" or "Black+Red"
	Teams   [2]int `json:"teams"`
	MarginA int    `json:"margin_a"`
	// Detours and Wasted are side A's then side B's: points spent (and
	// distances left) beyond the solo distances from the start, and points
	// of turns left unspent (arena.LessRecord).
	Detours [2]int       `json:"detours"`
	Wasted  [2]int       `json:"wasted"`
	Forfeit *LessForfeit `json:"forfeit,omitempty"`
	Actions []string     `json:"actions"`
}

// LessForfeit is the seat (its colour's number: 0 Yellow, 1 Black, 2
// White, 3 Red) that lost a game irregularly, its fault's kind, the turn
// and what it did.
type LessForfeit struct {
	Player int                   `json:"player"`
	Kind   competition.FaultKind `json:"kind,omitempty"`
	Reason string                `json:"reason"`
	Turn   int                   `json:"turn,omitempty"`
}

// LessMatchResult is the match so far (the progress) or in full.
type LessMatchResult struct {
	Games []LessMatchGame `json:"games"`
	// A is side A's summary (the 1st and 3rd bots), B side B's.
	A       LessSide `json:"a"`
	B       LessSide `json:"b"`
	Planned int      `json:"planned"`
}

// LessSide sums a side's games.
type LessSide struct {
	Wins            int     `json:"wins"`
	Draws           int     `json:"draws"`
	Losses          int     `json:"losses"`
	MeanMargin      float64 `json:"mean_margin"`
	MarginHalfWidth float64 `json:"margin_95"`
	// MeanDetours and MeanWasted are a game's means: where the side's
	// points went beyond the shortest routes home.
	MeanDetours float64 `json:"mean_detours"`
	MeanWasted  float64 `json:"mean_wasted"`
}

// NewLessLayouts draws the layouts of a match.
func NewLessLayouts(pairs int, density, double float64, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 0x1e55))
	out := make([]string, pairs)
	for i := range out {
		out[i] = less.RandomWalls(density, double, r.Float64).String()
	}
	return out
}

func lessMatch(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		var p LessMatchParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		var res LessMatchResult
		if len(j.Checkpoint) > 0 && string(j.Checkpoint) != "null" {
			if err := json.Unmarshal(j.Checkpoint, &res); err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
		}
		res.Planned = p.Games
		var layouts []*less.Walls
		for i, l := range p.Layouts {
			w, err := less.ParseWalls(l)
			if err != nil {
				return nil, fmt.Errorf("layout %d: %w", i+1, err)
			}
			layouts = append(layouts, w)
		}
		pairings := arena.Pairings(layouts, false)[:p.Games]
		done := map[int]bool{}
		for _, g := range res.Games {
			done[g.Game] = true
		}
		var todo []workers.LessGame
		var numbers []int
		for i, pr := range pairings {
			if done[i+1] {
				continue
			}
			// Each game's bots draw from seeds of its place in the match,
			// whichever process plays it.
			bots := p.Bots
			for k := range bots {
				bots[k].Seed += uint64(i+1) * 0x9e3779b97f4a7c15
			}
			todo = append(todo, workers.LessGame{Bots: bots, Layout: pr.Walls.String(), AYW: pr.AYW(), BudgetMS: p.BudgetMS})
			numbers = append(numbers, i+1)
		}
		players := d.players().Job(j.ID)
		record := func(k int, g workers.LessGameResult) error {
			on := "Yellow+White"
			if !todo[k].AYW {
				on = "Black+Red"
			}
			rec := g.Record
			ta := 0 // side A's team in the record
			if !todo[k].AYW {
				ta = 1
			}
			res.Games = append(res.Games, LessMatchGame{Game: numbers[k], Layout: rec.Layout, AOn: on, Teams: rec.Teams,
				MarginA: g.MarginA, Detours: [2]int{rec.Detours[ta], rec.Detours[1-ta]},
				Wasted: [2]int{rec.Wasted[ta], rec.Wasted[1-ta]}, Forfeit: lessForfeit(rec.Forfeit), Actions: rec.Actions})
			res.summarise()
			msg := fmt.Sprintf("%d of %d games: side A +%d =%d -%d, mean margin %+.1f", len(res.Games), p.Games, res.A.Wins,
				res.A.Draws, res.A.Losses, res.A.MeanMargin)
			detail := lessMatchReport{LessSide: res.A, Tasks: players.Tasks()}
			if err := rep.Checkpoint(float64(len(res.Games))/float64(p.Games), msg, detail, res); err != nil {
				d.Log.Warn("checkpoint", "job", j.ID, "err", err)
			}
			return nil
		}
		err := players.Less(ctx, todo, record)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err() // keeps the games finished
			}
			return nil, err
		}
		slices.SortFunc(res.Games, func(a, b LessMatchGame) int { return a.Game - b.Game })
		return res, nil
	}
}

// lessMatchReport is a match's progress: side A so far, and its tasks when
// workers play its games.
type lessMatchReport struct {
	LessSide
	Tasks *workers.Counts `json:"tasks,omitempty"`
}

func (r *LessMatchResult) summarise() {
	var a, b arena.TeamResult
	for _, g := range r.Games {
		a.Add(g.MarginA)
		b.Add(-g.MarginA)
		a.Detours, b.Detours = a.Detours+g.Detours[0], b.Detours+g.Detours[1]
		a.Wasted, b.Wasted = a.Wasted+g.Wasted[0], b.Wasted+g.Wasted[1]
	}
	side := func(t arena.TeamResult) LessSide {
		mean, half := t.Mean()
		s := LessSide{Wins: t.Tally.Wins, Draws: t.Tally.Draws, Losses: t.Tally.Losses, MeanMargin: mean, MarginHalfWidth: half}
		if n := len(r.Games); n > 0 {
			s.MeanDetours, s.MeanWasted = float64(t.Detours)/float64(n), float64(t.Wasted)/float64(n)
		}
		return s
	}
	r.A, r.B = side(a), side(b)
}

func lessForfeit(f *arena.Fault) *LessForfeit {
	if f == nil {
		return nil
	}
	return &LessForfeit{Player: f.Seat, Kind: f.Kind, Reason: f.Reason, Turn: f.Turn}
}
