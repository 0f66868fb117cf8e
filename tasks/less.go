package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"gameai/codecup"
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
	Record  *codecup.GameRecord `json:"record"`
	MarginA int                 `json:"margin_a"`
}

// Play referees the game in this process.
func (g LessGame) Play(ctx context.Context) (LessGameResult, error) {
	w, err := less.ParseWalls(g.Layout)
	if err != nil {
		return LessGameResult{}, fmt.Errorf("layout: %w", err)
	}
	if g.BudgetMS < 1 {
		return LessGameResult{}, fmt.Errorf("budget %d ms: want 1 or more", g.BudgetMS)
	}
	var progs [4]codecup.Program
	for i, b := range g.Bots {
		if !codecup.ValidEngine(b.Engine) {
			return LessGameResult{}, fmt.Errorf("bot %d: no engine %q (engines: %v)", i+1, b.Engine, codecup.Engines)
		}
		progs[i] = codecup.Internal{Config: b}
	}
	pr := codecup.Pairing{Walls: w, AYW: g.AYW}
	ref := codecup.Referee{Budget: time.Duration(g.BudgetMS) * time.Millisecond}
	rec, err := ref.Play(ctx, codecup.Seats(pr, progs[0], progs[1], progs[2], progs[3]), w)
	if err != nil {
		return LessGameResult{}, err
	}
	return LessGameResult{Record: rec, MarginA: codecup.MarginForA(pr, rec)}, nil
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
	return r.run(ctx, TypeLessGame, payloads, func(i int, b []byte) error {
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
