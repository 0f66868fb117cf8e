package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"gameai/arena"
)

// WorkerConfig sets a worker.
type WorkerConfig struct {
	// Concurrency is the tasks run at once (default: the CPUs).
	Concurrency int
	// Queues are served with their priorities (default: DefaultQueue).
	Queues map[string]int
	Log    *slog.Logger
	// Arena plays competition games; nil: this worker leaves them to
	// others.
	Arena *arena.Runner
	// Admit builds and validates uploaded bots (hosting.Host); nil, or
	// one that cannot confine programs: this worker leaves them to
	// others.
	Admit Admitter
	// MorrisDB is the perfect-play database's directory, shared with the
	// other workers that build it ("": this worker leaves the pairs of a
	// build to others).
	MorrisDB string
}

// Worker runs tasks from Redis: `gameai worker`, and the one inside
// `gameai serve` unless it is told not to.
type Worker struct {
	srv     *asynq.Server
	log     *slog.Logger
	morpion *morpionRunner
	arena   *arena.Runner
	admit   Admitter
	queues  []string
	rdb     redis.UniversalClient // announces finished tasks (Dispatcher)
	dbDir   string
}

// retryDelay is short: a task is retried because a worker or Redis went
// away, not because of load, and a job waits on every task.
func retryDelay(n int, _ error, _ *asynq.Task) time.Duration {
	return time.Duration(min(n+1, 10)) * time.Second
}

// NewWorker serves tasks from the Redis of opt (ParseRedisURL), with
// connections of its own that Run closes when it returns.
func NewWorker(opt asynq.RedisConnOpt, cfg WorkerConfig) *Worker {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = runtime.NumCPU()
	}
	if len(cfg.Queues) == 0 {
		cfg.Queues = map[string]int{DefaultQueue: 1}
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	served := cfg.Queues
	if cfg.Admit != nil {
		// Uploaded programs' work, on the builds queues of the languages
		// this machine runs (routes.go).
		langs := slices.Collect(maps.Keys(cfg.Admit.Toolchains()))
		served = map[string]int{}
		for q, pr := range cfg.Queues {
			maps.Copy(served, buildsQueues(q, pr, langs))
		}
	}
	if cfg.MorrisDB != "" {
		served = maps.Clone(served)
		for q, pr := range cfg.Queues {
			served[morrisDBQueue(q)] = pr
		}
	}
	srv := asynq.NewServer(opt, asynq.Config{
		Concurrency:    cfg.Concurrency,
		Queues:         served,
		RetryDelayFunc: retryDelay,
		// A retried task (its worker died) waits in the retry set until
		// this check moves it back to its queue.
		DelayedTaskCheckInterval: time.Second,
		TaskCheckInterval:        200 * time.Millisecond,
		ShutdownTimeout:          10 * time.Second,
		Logger:                   asynqLogger{cfg.Log},
		LogLevel:                 asynq.WarnLevel,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			id, _ := asynq.GetTaskID(ctx)
			cfg.Log.Warn("task failed", "type", t.Type(), "id", id, "err", err)
		}),
	})
	return &Worker{srv: srv, log: cfg.Log, morpion: newMorpionRunner(opt), rdb: newRedis(opt), arena: cfg.Arena, admit: cfg.Admit,
		queues: slices.Sorted(maps.Keys(cfg.Queues)), dbDir: cfg.MorrisDB}
}

// Run serves tasks until ctx ends, then lets running tasks finish within
// the shutdown timeout (the rest go back to the queue).
func (w *Worker) Run(ctx context.Context) error {
	mux := asynq.NewServeMux()
	done := func(ctx context.Context, id string) { announce(ctx, w.rdb, id) }
	mux.Handle(TypeMorrisGames, handler(playMorrisGames, done))
	mux.Handle(TypeLessGame, handler(playLessGame, done))
	mux.Handle(TypeMorpionRun, handler(w.morpion.play, done))
	mux.Handle(TypeCompetitionGame, competitionHandler(w.arena, done))
	mux.Handle(TypeBotAdmission, admissionHandler(w.admit))
	if w.dbDir != "" {
		mux.Handle(TypeMorrisDBPair, handler(morrisDBBuilder{w.dbDir}.build, done))
	}
	if err := w.srv.Start(mux); err != nil {
		return errors.Join(fmt.Errorf("worker: %w", err), w.morpion.insp.Close(), w.rdb.Close())
	}
	var said sync.WaitGroup
	if w.admit != nil {
		said.Go(func() { announceBuilder(ctx, w.rdb, machineName(), w.queues, w.admit, builderBeat) })
	}
	<-ctx.Done()
	said.Wait()
	w.srv.Shutdown()
	return errors.Join(w.morpion.insp.Close(), w.rdb.Close())
}

// asynqLogger sends asynq's log to slog.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...), "from", "asynq") }
func (a asynqLogger) Info(args ...any)  { a.l.Info(fmt.Sprint(args...), "from", "asynq") }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...), "from", "asynq") }
func (a asynqLogger) Error(args ...any) { a.l.Error(fmt.Sprint(args...), "from", "asynq") }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...), "from", "asynq") }
