package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"gameai/arena"
)

// TypeCompetitionGame is the task of one game of a competition.
const TypeCompetitionGame = "competition:game"

// CompetitionGames sends a competition's games to the workers, a game a
// task.
type CompetitionGames struct{ batch }

// CompetitionGames runs the games of the competition with id job.
func (d *Dispatcher) CompetitionGames(job string) *CompetitionGames {
	return &CompetitionGames{batch{d: d, job: job}}
}

// Play runs the games and calls result with each game's index and
// outcome as it finishes, in any order; live, when set, hears each game
// being played as far as it has gone (Spec.Watch's Outcome), at the
// dispatcher's polls.
func (r *CompetitionGames) Play(ctx context.Context, games []arena.Spec, result func(i int, o arena.Outcome) error,
	live func(i int, o arena.Outcome)) error {
	payloads, err := encodeAll(games)
	if err != nil {
		return err
	}
	var partial func(i int, b []byte)
	if live != nil {
		partial = func(i int, b []byte) {
			// A task still active may hold its final outcome already (its
			// handler wrote it, asynq has not yet marked it done): that
			// one is result's to hand on.
			var o arena.Outcome
			if json.Unmarshal(b, &o) == nil && o.Result.N == games[i].N && o.Result.Score == nil {
				live(i, o)
			}
		}
	}
	return r.run(ctx, TypeCompetitionGame, payloads, func(i int, b []byte) error {
		var o arena.Outcome
		if err := json.Unmarshal(b, &o); err != nil || o.Result.N != games[i].N {
			return fmt.Errorf("result of game %d: %v", games[i].N, err)
		}
		return result(i, o)
	}, partial)
}

// watchEvery is how often a game being played writes how far it has gone
// as its task's result, for the server to read at its polls.
const watchEvery = 500 * time.Millisecond

// competitionHandler is the worker's side of TypeCompetitionGame. A game
// this worker cannot play (no sandbox, or not the bot's language) is
// retried, by asynq, on whichever worker takes it next; any other error
// fails the task for good, as for every task.
func competitionHandler(r *arena.Runner, done func(ctx context.Context, id string)) asynq.HandlerFunc {
	return handler(func(ctx context.Context, t *asynq.Task, s arena.Spec) (arena.Outcome, error) {
		if r == nil {
			return arena.Outcome{}, errElsewhere{fmt.Errorf("this worker plays no competition games")}
		}
		var written time.Time
		s.Watch = func(o arena.Outcome) {
			if time.Since(written) >= watchEvery {
				written = time.Now()
				_ = writeResult(t, o) // a watcher's view only; the game goes on without it
			}
		}
		o, err := r.Play(ctx, s)
		if errors.Is(err, arena.ErrNotRunnable) {
			return o, errElsewhere{err}
		}
		return o, err
	}, done)
}
