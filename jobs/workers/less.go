package workers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hibiken/asynq"

	"gameai/arena"
	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
)

// TypeLessGame is the task of one refereed game of a Less match.
const TypeLessGame = "less:game"

// LessGame is one game of a match between our bots, with all it needs:
// the four bots in colour order of side A's seats (A, B, A, B), the layout,
// whether side A has Yellow and White, and each bot's clock.
type LessGame struct {
	Bots     [4]codecup.BotConfig `json:"bots"`
	Layout   string               `json:"layout"`
	AYW      bool                 `json:"a_yellow_white"`
	BudgetMS int64                `json:"budget_ms"`
}

// LessGameResult is a refereed game and side A's margin in it.
type LessGameResult struct {
	Record  *arena.LessRecord `json:"record"`
	MarginA int               `json:"margin_a"`
}

// Play referees the game in this process.
func (g LessGame) Play(ctx context.Context) (LessGameResult, error) {
	w, err := less.ParseWalls(g.Layout)
	if err != nil {
		return LessGameResult{}, fmt.Errorf("layout: %w", err)
	}
	var bots [4]arena.Entrant
	for i, b := range g.Bots {
		if !codecup.ValidEngine(b.Engine) {
			return LessGameResult{}, fmt.Errorf("bot %d: no engine %q (engines: %v)", i+1, b.Engine, codecup.Engines)
		}
		bots[i] = arena.Entrant{Local: &arena.Local{Less: codecup.Internal{Config: b}}}
	}
	pr := arena.Pairing{Walls: w, Seating: 1}
	if g.AYW {
		pr.Seating = 0
	}
	seats := arena.SidesSeats(pr, [2]arena.Entrant{bots[0], bots[2]}, [2]arena.Entrant{bots[1], bots[3]})
	o, err := arena.Runner{}.Play(ctx, arena.Spec{Game: competition.Less, Seats: seats[:], Layout: g.Layout,
		Clock: arena.Clock{GameMS: g.BudgetMS}})
	if err != nil {
		return LessGameResult{}, err
	}
	return LessGameResult{Record: o.Less, MarginA: arena.MarginForA(pr, o.Less)}, nil
}

// LessGames sends a match's games to the workers, a game a task.
type LessGames struct{ batch }

// LessGames runs the games of the match with id job.
func (d *Dispatcher) LessGames(job string) *LessGames {
	return &LessGames{batch{d: d, job: job}}
}

// Play runs the games and calls result with each game's index and result
// as it finishes, in any order.
func (r *LessGames) Play(ctx context.Context, games []LessGame, result func(i int, res LessGameResult) error) error {
	payloads, err := encodeAll(games)
	if err != nil {
		return err
	}
	return r.run(ctx, TypeLessGame, payloads, nil, func(i int, b []byte) error {
		var res LessGameResult
		if err := json.Unmarshal(b, &res); err != nil || res.Record == nil {
			return fmt.Errorf("result of game %d: %v", i+1, err)
		}
		return result(i, res)
	}, nil)
}

// playLessGame is the worker's side of TypeLessGame.
func playLessGame(ctx context.Context, _ *asynq.Task, g LessGame) (LessGameResult, error) {
	return g.Play(ctx)
}
