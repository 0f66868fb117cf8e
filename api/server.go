package api

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"

	"gameai/accounts"
	"gameai/ai"
	"gameai/ai/morrisai"
	"gameai/games"
	"gameai/hosting"
	"gameai/jobs"
	"gameai/ladders"
	"gameai/search"
	"gameai/seats"
	"gameai/sessions"
	"gameai/store"
)

// Config bounds what any request may cost.
type Config struct {
	// MaxBodyBytes caps a request body.
	MaxBodyBytes int64
	// DefaultSearchTime is the budget of a search that names no limit.
	DefaultSearchTime time.Duration
	// MaxSearchTime caps the time budget any request may ask; a search with
	// only depth, node or iteration limits is also stopped at it.
	MaxSearchTime time.Duration
	MaxDepth      int
	MaxNodes      int64
	MaxIterations int64
	// MaxSearches run at once; over it a request gets 429 with Retry-After.
	MaxSearches int
	// RequestTimeout ends any request; it must exceed MaxSearchTime.
	RequestTimeout time.Duration
	// MaxJobTime caps the time budget of a job (a search, a tuning).
	MaxJobTime time.Duration
	// SearchRuns caps the threads of a record search, each a run on a
	// core of its own: 0 is this machine's cores; a server whose workers
	// play the runs allows more, each a worker's task.
	SearchRuns int
	// MorrisDB is the perfect-play database's directory, which the engines
	// probe and builds write ("": none).
	MorrisDB string
	// Morris is what the server's Morris engines know (the database opened
	// from MorrisDB and its book; nil: nothing), for GET /v1/morris/db.
	Morris *morrisai.Knowledge
	// MaxSessionMoves caps the length of a session.
	MaxSessionMoves int
	// LegalMovesShown caps the legal moves listed in an illegal-move error.
	LegalMovesShown int
	// MaxRequests is how many requests the server works on at once (event
	// streams, probes and metrics aside; a search counts until it holds
	// its slot); AdmitWait is how long one more waits for its turn before
	// it is answered 503 with Retry-After.
	MaxRequests int
	AdmitWait   time.Duration
	// AllowedHosts are the names (besides IP addresses and localhost) a
	// request's Host may give: "name", "*.domain" or "*" (any).
	AllowedHosts []string
	// APIKey, when set, is required (header X-API-Key or a Bearer token) by
	// the mutating admin routes.
	APIKey string
	// Registration is who may make an account: RegistrationClosed (the
	// host alone, the default), RegistrationInvite or RegistrationOpen.
	Registration string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client: a request from one of them counts as the nearest
	// address before it that is not one of them. Empty: a client is the
	// connection's address, and X-Forwarded-For is ignored (anyone may
	// send one).
	TrustedProxies []*net.IPNet
}

// DefaultConfig is the configuration of `gameai serve` without flags.
func DefaultConfig() Config {
	return Config{
		MaxBodyBytes:      1 << 20,
		DefaultSearchTime: time.Second,
		MaxSearchTime:     30 * time.Second,
		MaxDepth:          64,
		MaxNodes:          2_000_000_000,
		MaxIterations:     100_000_000,
		MaxSearches:       4,
		RequestTimeout:    45 * time.Second,
		MaxJobTime:        24 * time.Hour,
		MaxSessionMoves:   5000,
		LegalMovesShown:   50,
		MaxRequests:       4 * runtime.GOMAXPROCS(0),
		AdmitWait:         time.Second,
	}
}

// Deps are what the server serves.
type Deps struct {
	Games   *games.Registry
	Engines *ai.Registry
	Store   *store.Store
	Jobs    *jobs.Runner
	Log     *slog.Logger
	// Version is the build's version, reported by /healthz.
	Version string
	// Collectors join /metrics (the task queue's, with Redis).
	Collectors []prometheus.Collector
	// Hosting takes uploaded bots; nil: a server that refuses uploads.
	Hosting *hosting.Host
}

// Server is the HTTP API.
type Server struct {
	// durability is the store's, as GET /v1/server last read it.
	durability durabilityCache
	cfg        Config
	games      *games.Registry
	engines    *ai.Registry
	store      *store.Store
	jobs       *jobs.Runner
	log        *slog.Logger
	version    string
	echo       *echo.Echo
	metrics    *metrics
	searcher   *search.Service
	accounts   *accounts.Service
	// streams bounds the open event streams, in total and per client.
	streams *streamLimits
	// crossOrigin tells a browser's cross-origin request (sameOrigin).
	crossOrigin *http.CrossOriginProtection
	turnstile   *turnstile
	hosting     *hosting.Host
	// seats are the uploaded bots playing sessions' seats.
	seats *seats.Service
	// sessions are the games played through the API.
	sessions *sessions.Service
	// ladders find, start, set and enter bots on the games' ladders.
	ladders *ladders.Service
	// tokenUses spaces the writes of tokens' last use.
	tokenUses tokenUses
}

// New builds the server and its routes.
func New(cfg Config, d Deps) *Server {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Hosting == nil {
		d.Hosting = hosting.Off(d.Store, errors.New("this server was started without hosting"))
	}
	s := &Server{cfg: cfg, hosting: d.Hosting, games: d.Games, engines: d.Engines, store: d.Store, jobs: d.Jobs,
		log: d.Log, version: d.Version, metrics: newMetrics(d.Collectors...),
		streams: newStreamLimits(maxEventStreams, maxEventStreamsPerClient), crossOrigin: http.NewCrossOriginProtection(),
		turnstile: newTurnstile(cfg.MaxRequests, cfg.MaxSearches, cfg.AdmitWait)}
	s.accounts = accounts.New(d.Store, cfg.Registration, d.Log)
	s.seats = seats.New(d.Store, d.Hosting, cfg.MaxSearchTime)
	s.ladders = ladders.New(d.Store, d.Jobs)
	searchMetrics := search.NewMetrics()
	s.metrics.reg.MustRegister(searchMetrics.Collectors()...)
	s.searcher = search.New(search.Config{MaxSearches: cfg.MaxSearches, MaxSearchTime: cfg.MaxSearchTime,
		DefaultSearchTime: cfg.DefaultSearchTime, MaxDepth: cfg.MaxDepth, MaxNodes: cfg.MaxNodes, MaxIterations: cfg.MaxIterations},
		search.Deps{Engines: d.Engines, Store: d.Store, Metrics: searchMetrics, Log: d.Log,
			StoreDown: func(op string) { s.metrics.storeDown.WithLabelValues(op).Inc() }})
	s.sessions = sessions.New(sessions.Config{MaxMoves: cfg.MaxSessionMoves, MaxSearchTime: cfg.MaxSearchTime},
		sessions.Deps{Store: d.Store, Games: d.Games, Search: s.searcher, Seats: s.seats})
	s.echo = echo.NewWithConfig(echo.Config{
		Logger:           d.Log,
		HTTPErrorHandler: s.errorHandler,
		Validator:        newValidator(),
		IPExtractor:      clientAddress(cfg.TrustedProxies),
	})
	s.echo.Use(
		// Outermost, so a panic in any middleware is answered too; the inner
		// Recover lets the logger and metrics see a handler's panic as a 500.
		middleware.Recover(),
		requestID,
		withSecurityHeaders,
		s.metrics.middleware(),
		middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
			LogStatus: true, LogURIPath: true, LogMethod: true, LogLatency: true, LogRequestID: true,
			HandleError: true,
			LogValuesFunc: func(c *echo.Context, v middleware.RequestLoggerValues) error {
				d.Log.Info("request", "method", v.Method, "path", v.URIPath, "status", v.Status,
					"latency", v.Latency, "request_id", v.RequestID)
				return nil
			},
		}),
		middleware.Recover(),
		s.allowedHost,
		s.sameOrigin,
		jsonBody,
		newBodyFirst(cfg.MaxBodyBytes).middleware,
		s.turnstile.middleware,
		middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{LimitBytes: cfg.MaxBodyBytes,
			// An upload has its own cap (uploadBot).
			Skipper: func(c *echo.Context) bool { return c.Path() == uploadRoute && c.Request().Method == http.MethodPost }}),
		middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: cfg.RequestTimeout,
			// An event stream is bounded by its own lifetime (events.go).
			Skipper: func(c *echo.Context) bool { return c.Path() == "/v1/jobs/:id/events" }}),
	)
	s.routes()
	return s
}

// Handler is the server as an http.Handler. It answers even a panic that
// escapes echo (in the error handler itself) with a 500 problem, because
// net/http would drop the connection without a word.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tw := &trackingWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic outside the handlers", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			if !tw.wrote {
				writeLastResort(tw, r)
			}
		}()
		s.echo.ServeHTTP(tw, r)
	})
}

// clientAddress is how a request's client is told (every per-client and
// per-network bound counts by it): the connection's address, or behind the
// trusted proxies the nearest untrusted address of X-Forwarded-For. Only
// the ranges given are trusted, not loopback or private networks by
// default: a proxy on the same machine is trusted by naming 127.0.0.1/32.
func clientAddress(proxies []*net.IPNet) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range proxies {
		opts = append(opts, echo.TrustIPRange(p))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}
