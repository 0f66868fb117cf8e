package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"gameai/ai/morpionai"
	"gameai/ai/morrisai"
	"gameai/arena"
	"gameai/codecup"
	"gameai/games/less"
	"gameai/games/morpion"
	"gameai/games/morris"
	"gameai/internal/redistest"
	"gameai/internal/waitfor"
)

// redisFor starts a redis-server of the test's own (asynq's keys are not
// under a prefix, so tests must not share one), a worker on it, a client
// to look at it and a dispatcher.
func redisFor(t *testing.T, workers int) (*redis.Client, *Dispatcher) {
	t.Helper()
	srv := redistest.Start(t)
	rdb, d := clients(t, srv)
	if workers > 0 {
		startWorker(t, srv, workers)
	}
	return rdb, d
}

func clients(t *testing.T, srv *redistest.Server) (*redis.Client, *Dispatcher) {
	t.Helper()
	rdb := srv.Client()
	opt, err := ParseRedisURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	d := NewDispatcher(opt, "")
	d.Poll = 20 * time.Millisecond
	t.Cleanup(func() { d.Close() })
	return rdb, d
}

// startWorker runs a worker in this process until the test ends.
func startWorker(t *testing.T, srv *redistest.Server, concurrency int) {
	t.Helper()
	startWorkerWith(t, srv, WorkerConfig{Concurrency: concurrency})
}

// startWorkerWith runs a worker of cfg (its log discarded) until stop or
// the test's end.
func startWorkerWith(t *testing.T, srv *redistest.Server, cfg WorkerConfig) (stop func()) {
	t.Helper()
	opt, err := ParseRedisURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	cfg.Log = slog.New(slog.DiscardHandler)
	w := NewWorker(opt, cfg)
	go func() { defer close(done); _ = w.Run(ctx) }()
	stop = sync.OnceFunc(func() { cancel(); <-done })
	t.Cleanup(stop)
	return stop
}

func tournament() *morrisai.Tournament {
	return &morrisai.Tournament{Opponents: morrisai.DefaultOpponents(3)[:3], Depth: 2, RandomPlies: 2,
		Points: morrisai.StudyPoints, Runner: arena.TournamentGames{Workers: 2}, Seed: 11}
}

func vectors() [][]int {
	best, _ := morris.Preset("ga-2019-best")
	other, _ := morris.Preset("ga-2019-run")
	return [][]int{best.Coefficients[:], other.Coefficients[:], best.Coefficients[:]}
}

// The tournament's games played by a worker through Redis give the points
// the same games give in process, every task done once.
func TestWorkersGiveTheInProcessFitness(t *testing.T) {
	_, d := redisFor(t, 2)
	local := tournament()
	want, err := local.Fitness(context.Background(), 4, vectors())
	if err != nil {
		t.Fatal(err)
	}
	remote := tournament()
	runner := d.MorrisGames("job-fitness")
	remote.Runner = runner
	got, err := remote.Fitness(context.Background(), 4, vectors())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("through workers %v, in process %v", got, want)
	}
	games := 3 * 3 * 2 // vectors, opponents, colours
	tasks := (games + GamesPerTask - 1) / GamesPerTask
	if c := runner.Counts(); c.Done != tasks || c.Queued != 0 || c.Running != 0 {
		t.Errorf("counts %+v, want %d done", c, tasks)
	}
	if remote.Games() != int64(games) {
		t.Errorf("%d games counted, want %d", remote.Games(), games)
	}
	// A resumed job enqueues the same tasks again: their results are
	// collected, not played again.
	again, err := d.MorrisGames("job-fitness").PlayGames(context.Background(), mustSchedule(t, remote, 4), nil)
	if err != nil || !slices.Equal(again, remoteGames(t, local)) {
		t.Fatalf("again: %v, %v", err, again)
	}
}

// remoteGames are the points of generation 4's games, played in process.
func remoteGames(t *testing.T, tr *morrisai.Tournament) []float64 {
	t.Helper()
	pts, err := arena.TournamentGames{Workers: 2}.PlayGames(context.Background(), mustSchedule(t, tr, 4), nil)
	if err != nil {
		t.Fatal(err)
	}
	return pts
}

func mustSchedule(t *testing.T, tr *morrisai.Tournament, gen int) []morrisai.TournamentGame {
	t.Helper()
	g, err := tr.Schedule(gen, vectors())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A task that cannot be decoded fails for good at once, archived with its
// reason, and the job waiting on it gets that reason instead of waiting.
func TestUndecodableTaskIsArchivedNotRetried(t *testing.T) {
	rdb, d := redisFor(t, 1)
	b := &batch{d: d, job: "job-bad"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := b.run(ctx, TypeMorrisGames, [][]byte{[]byte(`{"games": "not a list"}`)}, nil, func(int, []byte) error {
		return errors.New("a result from a task that cannot be decoded")
	}, nil)
	if err == nil || !strings.Contains(err.Error(), "payload") || ctx.Err() != nil {
		t.Fatalf("err %v, want the task's failure naming its payload (context %v)", err, ctx.Err())
	}
	insp := asynq.NewInspectorFromRedisClient(rdb)
	archived, err := insp.ListArchivedTasks(DefaultQueue)
	if err != nil || len(archived) != 1 || archived[0].Retried != 0 {
		t.Fatalf("archived %v (%v), want the one task, never retried", archived, err)
	}
}

// A cancelled job leaves no task behind.
func TestCancelledJobDeletesItsTasks(t *testing.T) {
	rdb, d := redisFor(t, 0) // no worker: the tasks wait
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := d.MorrisGames("job-cancel").PlayGames(ctx, mustSchedule(t, tournament(), 1), nil)
		errc <- err
	}()
	insp := asynq.NewInspectorFromRedisClient(rdb)
	waitfor.Check(t, 10*time.Second, "the tasks enqueued", pending(insp, DefaultQueue, 2))
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if q, err := insp.GetQueueInfo(DefaultQueue); err != nil || q.Size != 0 {
		t.Fatalf("queue after the cancel: %+v (%v), want empty", q, err)
	}
}

// A Less match's games played by a worker are the games played in process
// (greedy bots: deterministic), each reported once with its index.
func TestWorkersRefereeLessGames(t *testing.T) {
	_, d := redisFor(t, 2)
	greedy := codecup.BotConfig{Engine: "greedy"}
	var games []LessGame
	for _, ayw := range []bool{true, false} {
		games = append(games, LessGame{Bots: [4]codecup.BotConfig{greedy, greedy, greedy, greedy},
			Layout: less.FixtureLayout, AYW: ayw, BudgetMS: 10_000})
	}
	got := map[int]LessGameResult{}
	err := d.LessGames("job-less").Play(context.Background(), games, func(i int, res LessGameResult) error {
		if _, twice := got[i]; twice {
			t.Errorf("game %d reported twice", i)
		}
		got[i] = res
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		want, err := g.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		r, ok := got[i]
		if !ok || !slices.Equal(r.Record.Actions, want.Record.Actions) || r.Record.Teams != want.Record.Teams || r.MarginA != want.MarginA {
			t.Errorf("game %d through a worker %+v, in process %+v", i, r, want)
		}
	}
}

// A record search's threads run as one-thread runs on the workers, each
// reporting its state as it goes and a final one with its best grid.
func TestWorkersRunMorpionRuns(t *testing.T) {
	_, d := redisFor(t, 2)
	p := morpionai.Params{Variant: "5D", Algorithm: "nrpa", Level: 1, Threads: 2, Seed: 9, TimeMS: 2500}
	if err := p.Check(4); err != nil {
		t.Fatal(err)
	}
	runs := Runs(p, "")
	if len(runs) != 2 || runs[0].Params.Seed == runs[1].Params.Seed || runs[0].Params.Threads != 1 {
		t.Fatalf("runs %+v: want two one-thread runs with seeds of their own", runs)
	}
	live := 0
	var last []*MorpionRunState
	err := d.MorpionRuns("job-morpion").Play(context.Background(), runs, func(states []*MorpionRunState) {
		for _, st := range states {
			if st != nil && !st.Done && st.Playouts > 0 {
				live++
			}
		}
		last = states
	})
	if err != nil {
		t.Fatal(err)
	}
	if live == 0 {
		t.Error("no live state before the final ones (a run writes its state every 2 s)")
	}
	// The workers here are this process's.
	worker := ProcessName()
	for i, st := range last {
		if st == nil || !st.Done || st.BestScore < 20 || st.BestLayers == "" || st.Playouts == 0 {
			t.Fatalf("run %d's final state %+v: want a finished run with its best grid", i, st)
		}
		if st.Worker != worker {
			t.Errorf("run %d was played by %q, want %q", i, st.Worker, worker)
		}
		g, err := morpion.DecodeLayers(morpion.D5, st.BestLayers)
		if err != nil || g.Score() != st.BestScore {
			t.Errorf("run %d's grid %q: %v", i, st.BestLayers, err)
		}
	}
	// A playout budget is shared out.
	q := p
	q.TimeMS, q.Playouts, q.Threads = 0, 1001, 2
	if r := Runs(q, ""); r[0].Params.Playouts+r[1].Params.Playouts != 1001 {
		t.Errorf("playouts shared as %d and %d", r[0].Params.Playouts, r[1].Params.Playouts)
	}
}

// A job whose Redis goes away waits for it, and finishes once it is back;
// a worker running through the outage goes on too.
func TestDispatchWaitsOutARedisOutage(t *testing.T) {
	srv := redistest.Start(t)
	rdb, d := clients(t, srv)
	want, err := tournament().Fitness(context.Background(), 2, vectors())
	if err != nil {
		t.Fatal(err)
	}
	tr := tournament()
	tr.Runner = d.MorrisGames("job-outage")
	type out struct {
		pts []float64
		err error
	}
	done := make(chan out, 1)
	go func() {
		pts, err := tr.Fitness(context.Background(), 2, vectors())
		done <- out{pts, err}
	}()
	insp := asynq.NewInspectorFromRedisClient(rdb)
	waitfor.Check(t, 10*time.Second, "the tasks enqueued", pending(insp, DefaultQueue, 2))
	// A worker on another queue lives through the outage (asynq's own
	// listener once crashed the process when Redis came back).
	opt, err := ParseRedisURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		_ = NewWorker(opt, WorkerConfig{Concurrency: 1, Queues: map[string]int{"idle": 1}, Log: slog.New(slog.DiscardHandler)}).Run(ctx)
	}()
	servedQueues(t, insp, 1)
	srv.Stop()              // the tasks wait in Redis's append-only file
	time.Sleep(time.Second) // Redis away: the dispatcher's polls fail for a while, and must not end the job
	select {
	case o := <-done:
		t.Fatalf("the job ended while Redis was away: %v", o.err)
	default:
	}
	srv.Restart()
	time.Sleep(2 * time.Second) // the idle worker reconnects (asynq's listener once crashed the process then)
	startWorker(t, srv, 2)
	select {
	case o := <-done:
		if o.err != nil || !slices.Equal(o.pts, want) {
			t.Fatalf("after the outage: %v, %v; want %v", o.pts, o.err, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the job did not finish after Redis came back")
	}
}

// TestFinishedTasksAreAnnounced: with sweeps an hour apart, a batch still
// collects its results as they finish, from the workers' announcements,
// and the completion list is left empty.
func TestFinishedTasksAreAnnounced(t *testing.T) {
	rdb, d := redisFor(t, 2)
	d.Sweep = time.Hour
	local := tournament()
	want, err := local.Fitness(context.Background(), 4, vectors())
	if err != nil {
		t.Fatal(err)
	}
	remote := tournament()
	remote.Runner = d.MorrisGames("job-announced")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	got, err := remote.Fitness(ctx, 4, vectors())
	if err != nil {
		t.Fatalf("no results without sweeps: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("through workers %v, in process %v", got, want)
	}
	if n, err := rdb.LLen(context.Background(), doneKey("job-announced")).Result(); err != nil || n != 0 {
		t.Errorf("completion list: %d left, %v", n, err)
	}
}

// A competition's game played by a worker is seen as it goes: its task
// writes the game so far as its result, which the dispatcher hands on at
// its polls, growing, until the game's outcome.
func TestWorkersShowCompetitionGamesAsTheyArePlayed(t *testing.T) {
	srv := redistest.Start(t)
	_, d := clients(t, srv)
	d.Sweep = 50 * time.Millisecond // a task is first looked at by a sweep: soon, in a game of seconds
	opt, err := ParseRedisURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	w := NewWorker(opt, WorkerConfig{Concurrency: 1, Log: slog.New(slog.DiscardHandler), Arena: &arena.Runner{}})
	go func() { defer close(done); _ = w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	// Moves of 150 ms: a game of some thirty plies or more lasts seconds,
	// several of the task's writes (every 500 ms).
	s := arena.Spec{Game: "morris", N: 3, Board: 1, Seed: 5, Clock: arena.Clock{MoveMS: 150},
		Seats: []arena.Entrant{{ID: "gameai:alphabeta:strategy=ga-2019-best"}, {ID: "gameai:alphabeta:strategy=petcu-e32"}}}
	var seen []int
	var final arena.Outcome
	err = d.CompetitionGames("job-live").Play(context.Background(), []arena.Spec{s}, func(_ int, o arena.Outcome) error {
		final = o
		return nil
	}, func(_ int, o arena.Outcome) {
		if o.Result.Score != nil || len(o.TimesMS) != len(o.Moves) {
			t.Errorf("a game in play seen as %+v", o)
		}
		seen = append(seen, len(o.Moves))
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 || !slices.IsSorted(seen) || seen[len(seen)-1] > len(final.Moves) || final.Result.Score == nil {
		t.Errorf("moves seen in play %v, then %d played (%s)", seen, len(final.Moves), final.Reason)
	}
}

// pending says whether queue holds n pending tasks.
func pending(insp *asynq.Inspector, queue string, n int) func() bool {
	return func() bool {
		q, err := insp.GetQueueInfo(queue)
		return err == nil && q.Pending == n
	}
}

// servedQueues waits until n workers have said which queues they serve
// (asynq's servers), and returns those queues: a task on a queue none
// serves cannot be taken, however long one waits.
func servedQueues(t *testing.T, insp *asynq.Inspector, n int) map[string]bool {
	t.Helper()
	var out map[string]bool
	waitfor.Check(t, 10*time.Second, fmt.Sprintf("%d workers up", n), func() bool {
		ss, err := insp.Servers()
		if err != nil || len(ss) != n {
			return false
		}
		out = map[string]bool{}
		for _, s := range ss {
			for q := range s.Queues {
				out[q] = true
			}
		}
		return true
	})
	return out
}
