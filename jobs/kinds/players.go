package kinds

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"gameai/ai/morpionai"
	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/arena"
	"gameai/arena/series"
	"gameai/jobs/workers"
)

// Players is where jobs' games are played: Here, in this process, or
// OnWorkers, as tasks any gameai worker takes. A kind asks Job for the
// games of one job and never asks where they are played.
type Players interface {
	Job(id string) JobPlayers
	// Parallel is how many of a ladder's or a competition's games may be
	// in play at once for a setting.
	Parallel(setting int) int
}

// JobPlayers plays one job's games. Each call's callbacks are called one
// at a time, in any order of the games.
type JobPlayers interface {
	// Games plays a competition's or a ladder's games, at most parallel at
	// once: done hears each finished game, watch a game's moves so far. A
	// game that cannot be played stops the others; the games that
	// finished were heard of.
	Games(ctx context.Context, specs []arena.Spec, parallel int, done func(i int, o arena.Outcome) error,
		watch func(o arena.Outcome)) error
	// Tournament plays a tuning's games (threads of them at once here).
	Tournament(threads int) morrisai.GameRunner
	// Less plays a match's games.
	Less(ctx context.Context, games []workers.LessGame, done func(i int, r workers.LessGameResult) error) error
	// MorrisDB solves the spaces up to up into the database's directory,
	// saying each pair's state as it goes (a solved pair's with its stats,
	// perhaps more than once).
	MorrisDB(ctx context.Context, up morrisdb.Space, progress func(pair morrisdb.Space, st workers.MorrisDBPairState)) error
	// Morpion plays a record search's runs, each going on from its state
	// (states[i]; nil: from its start), and calls progress with every
	// run's latest state (nil: none yet) as they search, at least once a
	// second while any runs, and once at the end. Here states are the
	// job's checkpoint; on workers each task keeps its own and states are
	// not read.
	Morpion(ctx context.Context, runs []workers.MorpionRun, states []*workers.MorpionRunState,
		progress func(states []*workers.MorpionRunState)) error
	// Tasks counts the job's tasks on workers (nil here).
	Tasks() *workers.Counts
}

// errNoArena is a competition job on a server that plays no games.
var errNoArena = errors.New("this server plays no competition games (no arena)")

// Here plays every game in this process: competitions' and ladders' on
// Arena (nil: none), a database's pairs in DBDir (its directory).
type Here struct {
	Arena *arena.Runner
	DBDir string
}

// Job implements Players.
func (h Here) Job(string) JobPlayers { return h }

// Parallel is at most half the cores: best-move requests keep the rest,
// and a bot's clock is wall time.
func (Here) Parallel(setting int) int { return min(max(setting, 1), max(1, runtime.NumCPU()/2)) }

// Games implements JobPlayers.
func (h Here) Games(ctx context.Context, specs []arena.Spec, parallel int, done func(i int, o arena.Outcome) error,
	watch func(o arena.Outcome)) error {
	if h.Arena == nil {
		return errNoArena
	}
	var mu sync.Mutex
	return series.Each(ctx, len(specs), max(parallel, 1), func(ctx context.Context, i int) error {
		s := specs[i]
		s.Watch = watch
		o, err := h.Arena.Play(ctx, s)
		if err != nil {
			return fmt.Errorf("game %d: %w", s.N, err)
		}
		mu.Lock()
		defer mu.Unlock()
		return done(i, o)
	})
}

// Tournament implements JobPlayers.
func (Here) Tournament(threads int) morrisai.GameRunner {
	return arena.TournamentGames{Workers: threads}
}

// Less plays one game at a time: the bots' clocks are wall time, and two
// games would share the cores.
func (Here) Less(ctx context.Context, games []workers.LessGame, done func(i int, r workers.LessGameResult) error) error {
	for k, g := range games {
		r, err := g.Play(ctx)
		if err != nil {
			return err
		}
		if err := done(k, r); err != nil {
			return err
		}
	}
	return nil
}

// MorrisDB solves the pairs in turn (morrisdb.Build: the directory locked
// for the whole build).
func (h Here) MorrisDB(ctx context.Context, up morrisdb.Space, progress func(morrisdb.Space, workers.MorrisDBPairState)) error {
	return morrisdb.Build(ctx, h.DBDir, up, func(pr morrisdb.Progress) {
		st := workers.MorrisDBPairState{Pair: pr.Pair.String(), Done: pr.Done, Total: pr.Total, Level: pr.Level, Skipped: pr.Skipped}
		if pr.Finished {
			st.Stats = pr.Stats
		}
		progress(pr.Pair, st)
	})
}

// Morpion runs every run on a core of its own (a run is one thread).
func (Here) Morpion(ctx context.Context, runs []workers.MorpionRun, states []*workers.MorpionRunState,
	progress func([]*workers.MorpionRunState)) error {
	live := make([]*morpionai.Run, len(runs))
	out := make([]*workers.MorpionRunState, len(runs))
	for i, run := range runs {
		// A run with a state was stopped with its process: it goes on
		// with a seed it has not played.
		var prev workers.MorpionRunState
		retry := 0
		if i < len(states) && states[i] != nil {
			prev, retry = *states[i], states[i].Resumes+1
		}
		if prev.Done {
			out[i] = &prev
			continue
		}
		r, err := run.Resume(prev, retry)
		if err != nil {
			return fmt.Errorf("run %d: %w", i+1, err)
		}
		live[i] = r
		out[i] = &workers.MorpionRunState{Progress: r.Progress(), Resumes: retry, Worker: workers.ProcessName()}
	}
	var wg sync.WaitGroup
	for _, r := range live {
		if r != nil {
			wg.Go(func() { r.Search(ctx) })
		}
	}
	ended := make(chan struct{})
	go func() {
		wg.Wait()
		close(ended)
	}()
	look := func(final bool) {
		for i, r := range live {
			if r != nil {
				out[i] = &workers.MorpionRunState{Progress: r.Progress(), Resumes: out[i].Resumes, Done: final && ctx.Err() == nil,
					Worker: out[i].Worker}
			}
		}
		progress(out)
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ended:
			look(true)
			return nil
		case <-tick.C:
			look(false)
		}
	}
}

// Tasks implements JobPlayers: none here.
func (Here) Tasks() *workers.Counts { return nil }

// OnWorkers hands every game to the workers through Redis, each game (or a
// tournament's sixteen, or a database's pair) a task.
type OnWorkers struct{ Dispatcher *workers.Dispatcher }

// Job implements Players.
func (w OnWorkers) Job(id string) JobPlayers { return &onWorkers{d: w.Dispatcher, job: id} }

// Parallel is the setting: each game has a worker's core.
func (OnWorkers) Parallel(setting int) int { return max(setting, 1) }

// onWorkers is one job's games on the workers; tasks counts the batch
// last handed out, which a progress ticker reads while it plays.
type onWorkers struct {
	d   *workers.Dispatcher
	job string

	mu    sync.Mutex
	tasks interface{ Counts() workers.Counts }
}

func (w *onWorkers) counting(b interface{ Counts() workers.Counts }) {
	w.mu.Lock()
	w.tasks = b
	w.mu.Unlock()
}

func (w *onWorkers) Tasks() *workers.Counts {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.tasks == nil {
		return nil
	}
	c := w.tasks.Counts()
	return &c
}

// Games plays all of them at once: each has a worker's core.
func (w *onWorkers) Games(ctx context.Context, specs []arena.Spec, _ int, done func(i int, o arena.Outcome) error,
	watch func(o arena.Outcome)) error {
	b := w.d.CompetitionGames(w.job)
	w.counting(b)
	return b.Play(ctx, specs, done, func(_ int, o arena.Outcome) { watch(o) })
}

func (w *onWorkers) Tournament(int) morrisai.GameRunner {
	b := w.d.MorrisGames(w.job)
	w.counting(b)
	return b
}

func (w *onWorkers) Less(ctx context.Context, games []workers.LessGame, done func(i int, r workers.LessGameResult) error) error {
	b := w.d.LessGames(w.job)
	w.counting(b)
	return b.Play(ctx, games, done)
}

// MorrisDB hands out the pairs a wave at a time (morrisdb.Waves: one count
// of pieces, none needing another), to workers sharing the directory.
func (w *onWorkers) MorrisDB(ctx context.Context, up morrisdb.Space, progress func(morrisdb.Space, workers.MorrisDBPairState)) error {
	waves, err := morrisdb.Waves(up)
	if err != nil {
		return err
	}
	b := w.d.MorrisDBPairs(w.job)
	w.counting(b)
	for _, wave := range waves {
		if _, err := b.Build(ctx, wave, func(i int, st workers.MorrisDBPairState) { progress(wave[i], st) }); err != nil {
			return err
		}
	}
	return nil
}

// Morpion hands each run to a worker; the tasks keep their own states.
func (w *onWorkers) Morpion(ctx context.Context, runs []workers.MorpionRun, _ []*workers.MorpionRunState,
	progress func([]*workers.MorpionRunState)) error {
	b := w.d.MorpionRuns(w.job)
	w.counting(b)
	return b.Play(ctx, runs, progress)
}
