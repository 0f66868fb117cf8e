package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"

	"gameai/ai"
	"gameai/ai/lessai"
	"gameai/ai/morpionai"
	"gameai/ai/morrisai"
	"gameai/api"
	"gameai/games"
	"gameai/games/less"
	"gameai/games/morpion"
	"gameai/games/morris"
	"gameai/hosting"
	"gameai/internal/redisurl"
	"gameai/jobs"
	"gameai/jobs/kinds"
	"gameai/jobs/workers"
	"gameai/store"
	"gameai/store/memory"
	"gameai/store/redisstore"
)

// serveConfig is everything `gameai serve` reads from flags and environment.
type serveConfig struct {
	addr          string
	redisURL      string
	redisPrefix   string
	logLevel      string
	logFormat     string
	shutdownGrace time.Duration
	// readHeaderTimeout and idleTimeout bound what a slow or idle client
	// holds: a connection that has not sent its headers in time, or sits
	// idle between requests, is closed.
	readHeaderTimeout time.Duration
	idleTimeout       time.Duration
	sessionTTL        time.Duration
	// sessionIdleTTL, maxSessions and sessionsPerNetwork bound what
	// visitors' sessions hold (store.Config).
	sessionIdleTTL                  time.Duration
	maxSessions, sessionsPerNetwork int
	maxJobs                         int
	// taskQueue is where jobs put their tasks when Redis is set;
	// noLocalWorker leaves them all to `gameai worker` processes.
	taskQueue     string
	noLocalWorker bool
	// botMemory bounds an uploaded bot's memory in its games, poolMemory
	// all of them on the machine together (0: half the machine's).
	botMemory, poolMemory int64
	// admissions, ownerVersions and ownerBytes are hosting's: uploads
	// built and validated at once, and each owner's quotas.
	admissions, ownerVersions int
	ownerBytes                int64
	// morrisDB is the perfect-play database's directory ("": none).
	morrisDB string
	api      api.Config
}

// searchRunsOnWorkers caps a record search's threads on a server whose
// workers play them, a worker's task each: a search of more would sit in
// the queue before every other job's tasks.
const searchRunsOnWorkers = 64

func parseServe(args []string, getenv func(string) string, stderr io.Writer) (serveConfig, error) {
	d := api.DefaultConfig()
	f := newFlags("serve", "Runs the HTTP API: best moves, sessions, jobs, /metrics and /swagger/.\n"+
		"Everything is kept in memory unless --redis-url is set.", stderr)
	addr := f.String("addr", "GAMEAI_ADDR", ":8080", "listen address")
	redisURL := f.String("redis-url", "GAMEAI_REDIS_URL", "", "Redis URL: "+redisurl.Syntax+"; empty keeps everything in memory")
	prefix := f.String("redis-prefix", "GAMEAI_REDIS_PREFIX", "gameai:", "prefix of every Redis key")
	allowedHosts := f.String("allowed-hosts", "GAMEAI_ALLOWED_HOSTS", "", "comma-separated names a request's Host may give besides IP addresses and localhost (name, *.domain, or * for any); others get 421, which stops DNS rebinding")
	proxies := f.String("trusted-proxies", "GAMEAI_TRUSTED_PROXIES", "", "comma-separated addresses or CIDRs of the reverse proxies in front (127.0.0.1/32 for one on this machine): a request from one counts as the client X-Forwarded-For names, for every per-client bound; empty: X-Forwarded-For is ignored")
	apiKey := f.String("api-key", "GAMEAI_API_KEY", "", "key required by mutating admin routes (X-API-Key or Bearer); empty: no key")
	registration := f.String("registration", "GAMEAI_REGISTRATION", api.RegistrationClosed, "who makes accounts: closed (the host, with the key), invite (anyone with a code from POST /v1/invitations) or open (anyone); invite and open need --api-key")
	logLevel := f.String("log-level", "GAMEAI_LOG_LEVEL", "info", "log level: debug, info, warn or error")
	logFormat := f.String("log-format", "GAMEAI_LOG_FORMAT", "text", "log format: text or json")
	maxBody := f.Int64("max-body-bytes", "GAMEAI_MAX_BODY_BYTES", d.MaxBodyBytes, "largest request body")
	defTime := f.Duration("default-search-time", "GAMEAI_DEFAULT_SEARCH_TIME", d.DefaultSearchTime, "time budget of a search that sets no limit")
	maxTime := f.Duration("max-search-time", "GAMEAI_MAX_SEARCH_TIME", d.MaxSearchTime, "largest time budget a request may ask")
	maxDepth := f.Int("max-depth", "GAMEAI_MAX_DEPTH", d.MaxDepth, "largest depth a request may ask")
	maxNodes := f.Int64("max-nodes", "GAMEAI_MAX_NODES", d.MaxNodes, "largest node budget a request may ask")
	maxIter := f.Int64("max-iterations", "GAMEAI_MAX_ITERATIONS", d.MaxIterations, "largest iteration budget a request may ask")
	maxSearches := f.Int("max-searches", "GAMEAI_MAX_SEARCHES", runtime.NumCPU(), "searches run at once; more get 429")
	maxRequests := f.Int("max-requests", "GAMEAI_MAX_REQUESTS", d.MaxRequests, "requests worked on at once (streams, probes and metrics aside); more wait their turn")
	admitWait := f.Duration("admit-wait", "GAMEAI_ADMIT_WAIT", d.AdmitWait, "how long a request waits for its turn before a 503 with Retry-After")
	reqTimeout := f.Duration("request-timeout", "GAMEAI_REQUEST_TIMEOUT", 0, "time limit of any request (0: max-search-time + 15s)")
	readHeader := f.Duration("read-header-timeout", "GAMEAI_READ_HEADER_TIMEOUT", 10*time.Second, "a client must send a request's headers within this")
	idle := f.Duration("idle-timeout", "GAMEAI_IDLE_TIMEOUT", 2*time.Minute, "an idle keep-alive connection is closed after this")
	grace := f.Duration("shutdown-grace", "GAMEAI_SHUTDOWN_GRACE", 30*time.Second, "on SIGTERM, how long running requests and jobs may take to finish")
	ttl := f.Duration("session-ttl", "GAMEAI_SESSION_TTL", store.DefaultConfig.SessionTTL, "a session in play expires after this long without a move")
	idleTTL := f.Duration("session-idle-ttl", "GAMEAI_SESSION_IDLE_TTL", store.DefaultConfig.SessionIdleTTL, "a session over, or not yet moved in, expires after this long (at most --session-ttl)")
	maxSessions := f.Int("max-sessions", "GAMEAI_MAX_SESSIONS", store.DefaultConfig.MaxSessions, "live sessions the server keeps; past them a new one gets 429")
	perNetwork := f.Int("sessions-per-network", "GAMEAI_SESSIONS_PER_NETWORK", store.DefaultConfig.MaxSessionsPerClient, "live sessions one network (a /24 or a /64) may hold; past them it gets 429")
	maxJobs := f.Int("max-jobs", "GAMEAI_MAX_JOBS", max(runtime.NumCPU()/2, 1), "jobs run at once; more wait queued")
	maxJobTime := f.Duration("max-job-time", "GAMEAI_MAX_JOB_TIME", d.MaxJobTime, "largest time budget of a job (search, tuning)")
	taskQueue := f.String("task-queue", "GAMEAI_TASK_QUEUE", workers.DefaultQueue, "with Redis: the queue of the jobs' tasks, which workers serve")
	noLocal := f.Bool("no-local-worker", "GAMEAI_NO_LOCAL_WORKER", false, "with Redis: play no task in this process, only in `gameai worker`s")
	botMemory := botMemoryFlag(f)
	poolMemory := poolMemoryFlag(f)
	admissions := f.Int("bot-admissions", "GAMEAI_BOT_ADMISSIONS", runtime.NumCPU(), "uploaded bots built and validated at once, the owners served in turn")
	ownerVersions := f.Int("owner-bot-versions", "GAMEAI_OWNER_BOT_VERSIONS", hosting.DefaultOwnerVersions, "bot versions an owner may keep (rejected ones included); more uploads get 429")
	ownerMiB := f.Int("owner-bot-mib", "GAMEAI_OWNER_BOT_MIB", hosting.DefaultOwnerBytes>>20, "MiB of files (uploads and builds) an owner's bots may keep; more get 413")
	morrisDB := morrisDBFlag(f)
	if err := f.parseNoArgs(args, getenv); err != nil {
		return serveConfig{}, err
	}
	c := serveConfig{addr: *addr, redisURL: *redisURL, redisPrefix: *prefix, logLevel: *logLevel, logFormat: *logFormat,
		shutdownGrace: *grace, readHeaderTimeout: *readHeader, idleTimeout: *idle, sessionTTL: *ttl, maxJobs: *maxJobs,
		sessionIdleTTL: *idleTTL, maxSessions: *maxSessions, sessionsPerNetwork: *perNetwork,
		taskQueue: *taskQueue, noLocalWorker: *noLocal, botMemory: int64(*botMemory) << 20, poolMemory: int64(*poolMemory) << 20, morrisDB: *morrisDB, api: d,
		admissions: *admissions, ownerVersions: *ownerVersions, ownerBytes: int64(*ownerMiB) << 20}
	c.api.APIKey = *apiKey
	c.api.Registration = *registration
	var err error
	if c.api.TrustedProxies, err = parseProxies(*proxies); err != nil {
		return serveConfig{}, err
	}
	c.api.MorrisDB = *morrisDB
	for _, h := range strings.Split(*allowedHosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			c.api.AllowedHosts = append(c.api.AllowedHosts, h)
		}
	}
	c.api.MaxBodyBytes = *maxBody
	c.api.DefaultSearchTime = *defTime
	c.api.MaxSearchTime = *maxTime
	c.api.MaxDepth = *maxDepth
	c.api.MaxNodes = *maxNodes
	c.api.MaxIterations = *maxIter
	c.api.MaxSearches = *maxSearches
	c.api.MaxRequests = *maxRequests
	c.api.AdmitWait = *admitWait
	c.api.RequestTimeout = *reqTimeout
	c.api.MaxJobTime = *maxJobTime
	if c.api.RequestTimeout == 0 {
		c.api.RequestTimeout = c.api.MaxSearchTime + 15*time.Second
	}
	return c, c.check()
}

func (c serveConfig) check() error {
	switch {
	case c.api.MaxBodyBytes < 1024:
		return errors.New("--max-body-bytes must be at least 1024")
	case c.api.MaxSearchTime <= 0 || c.api.DefaultSearchTime <= 0:
		return errors.New("--max-search-time and --default-search-time must be positive")
	case c.api.DefaultSearchTime > c.api.MaxSearchTime:
		return errors.New("--default-search-time exceeds --max-search-time")
	case c.api.RequestTimeout <= c.api.MaxSearchTime:
		return errors.New("--request-timeout must exceed --max-search-time")
	case c.api.MaxSearches < 1 || c.maxJobs < 1 || c.api.MaxRequests < 1:
		return errors.New("--max-searches, --max-requests and --max-jobs must be at least 1")
	case c.api.AdmitWait <= 0:
		return errors.New("--admit-wait must be positive")
	case c.api.MaxJobTime <= 0:
		return errors.New("--max-job-time must be positive")
	case c.api.MaxDepth < 1 || c.api.MaxNodes < 1 || c.api.MaxIterations < 1:
		return errors.New("--max-depth, --max-nodes and --max-iterations must be at least 1")
	case c.readHeaderTimeout <= 0 || c.idleTimeout <= 0:
		return errors.New("--read-header-timeout and --idle-timeout must be positive")
	case c.sessionIdleTTL <= 0 || c.maxSessions < 1 || c.sessionsPerNetwork < 1:
		return errors.New("--session-idle-ttl, --max-sessions and --sessions-per-network must be positive")
	case c.shutdownGrace < 0 || c.sessionTTL <= 0:
		return errors.New("--shutdown-grace must not be negative and --session-ttl must be positive")
	case c.admissions < 1 || c.ownerVersions < 1 || c.ownerBytes < 1<<20:
		return errors.New("--bot-admissions, --owner-bot-versions and --owner-bot-mib must be at least 1")
	case !slices.Contains(api.RegistrationModes, c.api.Registration):
		return fmt.Errorf("--registration %q: closed, invite or open", c.api.Registration)
	case c.api.Registration != api.RegistrationClosed && c.api.APIKey == "":
		// Without a key every host route is anyone's: a stranger who
		// joined could disable the others.
		return fmt.Errorf("--registration %s lets strangers in: set --api-key, which the host's routes then need", c.api.Registration)
	}
	if c.poolMemory < 0 {
		return errors.New("--bots-memory-mib must be 0 (half the machine's) or more")
	}
	return checkBotMemory(c.botMemory)
}

// botMemoryFlag is --bot-memory-mib, in serve and in worker: both run
// uploaded bots' games.
func botMemoryFlag(f *flags) *int {
	return f.Int("bot-memory-mib", "GAMEAI_BOT_MEMORY_MIB", hosting.DefaultBotMemory>>20, "memory an uploaded bot may hold in a game, MiB (its /tmp included)")
}

// poolMemoryFlag is --bots-memory-mib, in serve and in worker: the bound
// of every confined program on the machine together.
func poolMemoryFlag(f *flags) *int {
	return f.Int("bots-memory-mib", "GAMEAI_BOTS_MEMORY_MIB", 0,
		"memory every uploaded bot on this machine may hold together, MiB (0: half the machine's; servers and workers of one machine should agree)")
}

func checkBotMemory(b int64) error {
	if b < 32<<20 || b > 64<<30 {
		return errors.New("--bot-memory-mib must be from 32 to 65536")
	}
	return nil
}

func newLogger(level, format string, w io.Writer) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: l}
	switch strings.ToLower(format) {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}

// registries returns the games and engines this binary serves; the first
// engine registered for a game is its default.
func registries(k *morrisai.Knowledge) (*games.Registry, *ai.Registry) {
	g, e := games.NewRegistry(), ai.NewRegistry()
	g.Register(morpion.Game)
	e.Register(morpionai.NRPAInfo())
	e.Register(morpionai.NMCSInfo())
	e.Register(morpionai.DNAGreedyInfo())
	g.Register(morris.Game)
	e.Register(morrisai.AlphaBetaInfo(k))
	e.Register(morrisai.MCTSInfo())
	g.Register(less.Game)
	for _, info := range lessai.Infos() {
		e.Register(info)
	}
	return g, e
}

func runServe(ctx context.Context, args []string, _, stderr io.Writer) error {
	cfg, err := parseServe(args, Getenv, stderr)
	if err != nil {
		return err
	}
	// Before the registry: the engine's version names the database.
	know, closeDB, err := openMorrisDB(cfg.morrisDB, true)
	if err != nil {
		return err
	}
	defer closeDB()
	know.Prepare()
	cfg.api.Morris = know
	g, e := registries(know)
	return serve(ctx, cfg, g, e, stderr, nil)
}

// serve runs the server until ctx ends (SIGINT or SIGTERM in the binary),
// then stops taking requests, lets running ones and jobs finish within the
// grace period, and closes the store. ready, when set, gets the address.
func serve(ctx context.Context, cfg serveConfig, g *games.Registry, e *ai.Registry, logOut io.Writer, ready func(addr string)) error {
	log, err := newLogger(cfg.logLevel, cfg.logFormat, logOut)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer st.Close()

	// With Redis, the jobs' games and the uploaded bots' admissions are
	// tasks that any worker on the same Redis takes; this process is one
	// of them unless told otherwise.
	var (
		dispatcher *workers.Dispatcher
		remote     hosting.Remote
		opt        asynq.RedisConnOpt
	)
	if cfg.redisURL != "" {
		if opt, err = tasksRedis(ctx, cfg.redisURL); err != nil {
			return err
		}
		dispatcher = workers.NewDispatcher(opt, cfg.taskQueue)
		defer dispatcher.Close()
		remote = dispatcher
	}
	// Hosting runs uploaded bots, in admissions and in competitions' games.
	host := hosting.New(st, hosting.Config{Log: log, BotMemory: cfg.botMemory, PoolMemory: cfg.poolMemory, Admissions: cfg.admissions,
		OwnerVersions: cfg.ownerVersions, OwnerBytes: cfg.ownerBytes, Remote: remote})
	defer host.Close()
	deps := kinds.Deps{Store: st, Log: log, Players: kinds.Here{Arena: host.Referee(), DBDir: cfg.morrisDB}, MorrisDB: cfg.morrisDB}
	var collectors []prometheus.Collector
	if dispatcher != nil {
		deps.Players = kinds.OnWorkers{Dispatcher: dispatcher}
		cfg.api.SearchRuns = searchRunsOnWorkers
		queue := workers.Collector(opt, cfg.taskQueue)
		defer queue.Close()
		collectors = append(collectors, queue)
		if !cfg.noLocalWorker {
			// Stopped after the jobs (deferred calls run last first): a
			// job's last tasks may need it.
			defer startLocalWorker(ctx, opt, cfg.taskQueue, log, host, cfg.morrisDB)()
		}
		log.Info("tasks: redis", "queue", cfg.taskQueue, "local worker", !cfg.noLocalWorker)
	}
	jobsCfg := jobs.Config{MaxRunning: cfg.maxJobs}
	if cfg.redisURL != "" {
		// Other servers may share the store: a job whose server died is
		// taken over once its lease lapses, without waiting for a restart.
		jobsCfg.AdoptEvery = adoptEvery
	}
	runner := jobs.New(st.Jobs, jobsCfg, log)
	kinds.Register(runner, deps)
	if n, err := runner.Resume(ctx); err != nil {
		log.Error("resuming jobs", "err", err)
	} else if n > 0 {
		log.Info("resumed jobs", "count", n)
	}
	resumeHosting(ctx, host, log)
	srv := api.New(cfg.api, api.Deps{Games: g, Engines: e, Store: st, Jobs: runner, Log: log, Version: BuildVersion(),
		Collectors: collectors, Hosting: host})
	return serveHTTP(ctx, cfg, srv.Handler(), runner, log, ready)
}

// openStore opens Redis's store when a URL is given, else one in memory.
func openStore(ctx context.Context, cfg serveConfig, log *slog.Logger) (*store.Store, error) {
	scfg := store.Config{SessionTTL: cfg.sessionTTL, SessionIdleTTL: cfg.sessionIdleTTL, MaxSessions: cfg.maxSessions,
		MaxSessionsPerClient: cfg.sessionsPerNetwork}
	if cfg.redisURL == "" {
		log.Info("store: memory (set GAMEAI_REDIS_URL to keep state across restarts)")
		return memory.New(scfg), nil
	}
	redisstore.SetLogger(log)
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	st, err := redisstore.New(cctx, cfg.redisURL, cfg.redisPrefix, scfg)
	if err != nil {
		return nil, err
	}
	log.Info("store: redis", "prefix", cfg.redisPrefix)
	sayDurability(cctx, st, log)
	return st, nil
}

// sayDurability logs what an acknowledged write survives, and warns when
// Redis can lose one (GET /v1/server says the same to the host's page).
func sayDurability(ctx context.Context, st *store.Store, log *slog.Logger) {
	d, err := st.Durability(ctx)
	switch {
	case err != nil:
		log.Warn("store: cannot read Redis's persistence", "err", err)
	case d.Warning != "":
		log.Warn("store: an acknowledged write can be lost", "persistence", d.Persistence, "replicas", d.Replicas, "failover", d.Failover, "why", d.Warning)
	default:
		log.Info("store: durability", "persistence", d.Persistence, "replicas", d.Replicas, "failover", d.Failover)
	}
}

// adoptEvery is how often a server on Redis looks for live jobs no
// server holds: with the runner's 15 s lease, a dead server's jobs go on
// elsewhere within 20 s.
const adoptEvery = 5 * time.Second

// startLocalWorker makes this server one of the workers of its queue; the
// returned stop waits for it to end.
func startLocalWorker(ctx context.Context, opt asynq.RedisConnOpt, queue string, log *slog.Logger, host *hosting.Host, morrisDB string) (stop func()) {
	wctx, stopWorker := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	w := workers.NewWorker(opt, workers.WorkerConfig{Queues: map[string]int{queue: 1}, Log: log, Arena: host.Referee(),
		Admit: host, MorrisDB: morrisDB})
	go func() {
		defer close(done)
		if err := w.Run(wctx); err != nil {
			log.Error("local worker", "err", err)
		}
	}()
	return func() { stopWorker(); <-done }
}

// resumeHosting takes up the admissions other servers left, now and every
// ten minutes, where this machine can confine programs.
func resumeHosting(ctx context.Context, host *hosting.Host, log *slog.Logger) {
	if err := host.Unavailable(); err != nil {
		log.Warn("hosting bots: uploads refused", "reason", err)
		return
	}
	log.Info("hosting bots: uploads are built and played in the sandbox")
	// A bot another server left building for this long lost its
	// server: this one takes it up.
	if err := host.Resume(ctx, 10*time.Minute); err != nil {
		log.Error("resuming bot admissions", "err", err)
	}
	host.ResumeEvery(10*time.Minute, 10*time.Minute)
}

// serveHTTP serves h on cfg's address until ctx ends, then lets running
// requests and jobs finish within the grace period.
func serveHTTP(ctx context.Context, cfg serveConfig, h http.Handler, runner *jobs.Runner, log *slog.Logger, ready func(addr string)) error {
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: cfg.readHeaderTimeout,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      cfg.api.RequestTimeout + 5*time.Second,
		IdleTimeout:       cfg.idleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		ConnContext:       api.ConnContext,
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	ln = api.Listener(ln)
	log.Info("listening", "addr", ln.Addr().String(), "version", BuildVersion(), "name", workers.ProcessName())
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", cfg.shutdownGrace)
	gctx, cancel := context.WithTimeout(context.Background(), cfg.shutdownGrace)
	defer cancel()
	err = hs.Shutdown(gctx)
	if jerr := runner.Shutdown(gctx); jerr != nil && err == nil {
		err = fmt.Errorf("jobs did not stop in time: %w", jerr)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		log.Warn("grace period over; requests cut off")
	}
	return err
}

// parseProxies reads --trusted-proxies: addresses (a /32 or a /128) and
// CIDRs, separated by commas.
func parseProxies(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, given := range strings.Split(list, ",") {
		p := strings.TrimSpace(given)
		if p == "" {
			continue
		}
		if !strings.Contains(p, "/") {
			if ip := net.ParseIP(p); ip != nil && ip.To4() != nil {
				p += "/32"
			} else {
				p += "/128"
			}
		}
		_, n, err := net.ParseCIDR(p)
		if err != nil {
			return nil, fmt.Errorf("--trusted-proxies: %q is not an address or a CIDR", strings.TrimSpace(given))
		}
		out = append(out, n)
	}
	return out, nil
}
