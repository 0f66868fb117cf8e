package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"gameai/hosting"
	"gameai/internal/redisurl"
	"gameai/jobs/workers"
	"gameai/store"
	"gameai/store/redisstore"
)

// runWorker is `gameai worker`: it plays the tasks of the jobs of every
// server on the same Redis (a tuning's tournament games, a Less match's
// games, a Morpion search's runs) until
// SIGINT or SIGTERM, letting running tasks finish.
func runWorker(ctx context.Context, args []string, _, stderr io.Writer) error {
	f := newFlags("worker", "Runs tasks of the servers' jobs (a tuning's games, a Less match's or a competition's games, a Morpion search's runs)\nfrom Redis, "+
		"through asynq. "+
		"Start any number, on any machines that reach the Redis of `gameai serve`.", stderr)
	redisURL := f.String("redis-url", "GAMEAI_REDIS_URL", "", "the servers' Redis URL ("+redisurl.Syntax+"); required")
	prefix := f.String("redis-prefix", "GAMEAI_REDIS_PREFIX", "gameai:", "prefix of the servers' Redis keys (uploaded bots' programs are read there)")
	concurrency := f.Int("concurrency", "GAMEAI_WORKER_CONCURRENCY", runtime.NumCPU(), "tasks run at once")
	queues := f.String("queues", "GAMEAI_WORKER_QUEUES", workers.DefaultQueue, "queues served, comma-separated, each NAME or NAME:PRIORITY")
	logLevel := f.String("log-level", "GAMEAI_LOG_LEVEL", "info", "log level: debug, info, warn or error")
	logFormat := f.String("log-format", "GAMEAI_LOG_FORMAT", "text", "log format: text or json")
	botMemory := botMemoryFlag(f)
	poolMemory := poolMemoryFlag(f)
	morrisDB := morrisDBFlag(f)
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	// An empty directory is a worker's to build into (a database build's
	// pairs, which open it themselves); one that is no database is said
	// at start. The games a worker plays are played as anywhere else:
	// its in-process players know no database.
	_, closeDB, err := openMorrisDB(*morrisDB, true)
	if err != nil {
		return err
	}
	closeDB()
	if err := checkBotMemory(int64(*botMemory) << 20); err != nil {
		return err
	}
	if *redisURL == "" {
		return errors.New("--redis-url (or GAMEAI_REDIS_URL) is required: the worker takes its tasks from Redis")
	}
	if *concurrency < 1 {
		return errors.New("--concurrency must be at least 1")
	}
	qs, err := parseQueues(*queues)
	if err != nil {
		return fmt.Errorf("--queues: %w", err)
	}
	log, err := newLogger(*logLevel, *logFormat, stderr)
	if err != nil {
		return err
	}
	opt, err := tasksRedis(ctx, *redisURL)
	if err != nil {
		return err
	}
	// The store, for the programs of uploaded bots that competitions'
	// games run here, confined as on the server.
	redisstore.SetLogger(log)
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	st, err := redisstore.New(sctx, *redisURL, *prefix, store.Config{})
	cancel()
	if err != nil {
		return err
	}
	defer st.Close()
	host := hosting.New(st, hosting.Config{Log: log, BotMemory: int64(*botMemory) << 20, PoolMemory: int64(*poolMemory) << 20})
	defer host.Close()
	if err := host.Unavailable(); err != nil {
		log.Warn("uploaded bots: this worker leaves their admissions and games to others", "reason", err)
	}
	log.Info("worker", "concurrency", *concurrency, "queues", qs, "version", BuildVersion(), "name", workers.ProcessName())
	return workers.NewWorker(opt, workers.WorkerConfig{Concurrency: *concurrency, Queues: qs, Log: log,
		Arena: host.Referee(), Admit: host, MorrisDB: *morrisDB}).Run(ctx)
}

// tasksRedis reads the Redis URL of the task queue (asynq's keys, apart
// from the store's) and checks it with a ping, so a wrong URL fails at
// once rather than in asynq's retries.
func tasksRedis(ctx context.Context, url string) (asynq.RedisConnOpt, error) {
	opt, err := workers.ParseRedisURL(url)
	if err != nil {
		return nil, err // it says it is the URL
	}
	rdb, ok := opt.MakeRedisClient().(redis.UniversalClient)
	if !ok {
		return nil, fmt.Errorf("redis url %q: not a Redis client", url)
	}
	defer rdb.Close()
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := rdb.Ping(pctx).Err(); err != nil {
		return nil, fmt.Errorf("redis ping: %w", err)
	}
	return opt, nil
}

// parseQueues reads NAME[:PRIORITY],... (priority default 1).
func parseQueues(s string) (map[string]int, error) {
	out := map[string]int{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, pr, has := strings.Cut(part, ":")
		n := 1
		if has {
			var err error
			if n, err = strconv.Atoi(pr); err != nil || n < 1 || n > 100 {
				return nil, fmt.Errorf("%q: the priority must be a whole number 1..100", part)
			}
		}
		if name == "" {
			return nil, fmt.Errorf("%q: a queue needs a name", part)
		}
		out[name] = n
	}
	if len(out) == 0 {
		return nil, errors.New("no queue")
	}
	return out, nil
}
