package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
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
	queues, err := r.route(ctx, games)
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
	return r.run(ctx, TypeCompetitionGame, payloads, queues, func(i int, b []byte) error {
		var o arena.Outcome
		if err := json.Unmarshal(b, &o); err != nil || o.Result.N != games[i].N {
			return fmt.Errorf("result of game %d: %v", games[i].N, err)
		}
		return result(i, o)
	}, partial)
}

// route is each game's queue: the builds queue of its uploaded bots'
// languages. A game no machine the workers spoke for lately can play is
// refused now, naming what it needs and what they run (not the machines'
// names: a ladder shows why a game waits to anyone, and GET /v1/languages
// already lists what they run), rather than left to wait; until any worker
// has spoken (a new deployment), or while Redis does not answer, the games
// wait for one.
func (r *CompetitionGames) route(ctx context.Context, games []arena.Spec) ([]string, error) {
	builders, err := r.d.Builders(ctx)
	if err != nil {
		builders = nil
	}
	queues := make([]string, len(games))
	for i, g := range games {
		langs := g.Languages()
		queues[i] = buildsQueue(r.d.queue, routeLangs(builders, langs))
		if len(langs) == 0 || len(builders) == 0 || slices.ContainsFunc(builders, func(b Builder) bool {
			return runsAll(b, langs)
		}) {
			continue
		}
		var run []string
		for _, b := range builders {
			set := strings.Join(slices.Sorted(maps.Keys(b.Toolchains)), ", ")
			if set == "" {
				set = "nothing (no sandbox)"
			}
			if !slices.Contains(run, set) {
				run = append(run, set)
			}
		}
		slices.Sort(run)
		return nil, fmt.Errorf("game %d needs a machine that runs %s; the workers' machines run: %s", g.N,
			strings.Join(langs, " and "), strings.Join(run, "; "))
	}
	return queues, nil
}

// runsAll says whether b's machine runs every one of langs.
func runsAll(b Builder, langs []string) bool {
	for _, l := range langs {
		if _, ok := b.Toolchains[l]; !ok {
			return false
		}
	}
	return true
}

// watchEvery is how often a game being played writes how far it has gone
// as its task's result, for the server to read at its polls.
const watchEvery = 500 * time.Millisecond

// competitionHandler is the worker's side of TypeCompetitionGame. A game
// this worker cannot play (no sandbox, or not the bot's language: routed
// here all the same by an older server) is retried, by asynq, on whichever
// worker takes it next; any other error fails the task for good, as for
// every task.
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
