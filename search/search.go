// Package search runs one engine search the way the service promises it:
// within the server's caps on a budget, in one of a few slots, on time
// (what the request waited and what the answer will wait for a CPU taken
// off its budget), through the analysis cache and the shared
// transposition table, and with a legal move or an error. The HTTP API
// binds a request and calls it; its errors are values the API turns into
// problems (ErrGameOver, ErrTimeout, *BusyError, *OverCapError, and the
// engines' and games' own).
package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/store"
)

// Config is the server's bounds on searches.
type Config struct {
	// MaxSearches run at once; past it a search waits for a slot, then
	// is refused (a *BusyError).
	MaxSearches int
	// MaxSearchTime caps a search's time budget and is the hard stop of
	// one bounded by depth or nodes; DefaultSearchTime is the budget of
	// a request that sets none.
	MaxSearchTime, DefaultSearchTime time.Duration
	MaxDepth                         int
	MaxNodes, MaxIterations          int64
}

// Deps are what the service searches with.
type Deps struct {
	Engines *ai.Registry
	// Store holds the analysis cache, the shared transposition table and
	// the trained strategies; a store that does not answer slows a search
	// (cold, uncached), it does not fail it.
	Store   *store.Store
	Metrics *Metrics // NewMetrics when nil
	Log     *slog.Logger
	// StoreDown counts an operation on the store that found it away
	// (analysis-get, analysis-put, tt-load, tt-store); nil: not counted.
	StoreDown func(op string)
}

// Service runs searches.
type Service struct {
	cfg       Config
	engines   *ai.Registry
	store     *store.Store
	metrics   *Metrics
	log       *slog.Logger
	storeDown func(op string)
	slots     chan struct{}
}

// New is the search service of a server.
func New(cfg Config, d Deps) *Service {
	s := &Service{cfg: cfg, engines: d.Engines, store: d.Store, metrics: d.Metrics, log: d.Log, storeDown: d.StoreDown,
		slots: make(chan struct{}, max(cfg.MaxSearches, 1))}
	if s.metrics == nil {
		s.metrics = NewMetrics()
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.storeDown == nil {
		s.storeDown = func(string) {}
	}
	return s
}

// Slots is how many searches run at once.
func (s *Service) Slots() int { return cap(s.slots) }

// Acquire takes one of the slots, waiting for one at most wait, or
// returns a *BusyError; release gives it back. A client whose search
// waits parked for a slot sends nothing meanwhile, where one refused at
// once comes straight back and keeps a CPU busy with refusals.
func (s *Service) Acquire(ctx context.Context, wait time.Duration) (release func(), err error) {
	select {
	case s.slots <- struct{}{}:
	default:
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case s.slots <- struct{}{}:
		case <-t.C:
			s.metrics.rejected.Inc()
			return nil, &BusyError{Slots: cap(s.slots)}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return func() { <-s.slots }, nil
}

// A Query is one search.
type Query struct {
	State   games.State
	Engine  string
	Options map[string]string // the engine's
	Limits  ai.Limits         // within the caps (Service.Limits)
	// Queued is what the request waited before it got here (for a CPU,
	// for its turn): it counts against a time budget.
	Queued time.Duration
	// NoCache skips the analysis cache's answer; SlotHeld says the caller
	// holds a slot already (Acquire), as a session's engine replies do.
	NoCache, SlotHeld bool
	// MustAnswer is a search whose move the server has promised (a
	// session engine's reply, after the person's move was stored): it is
	// never refused for load, and keeps at least half its budget however
	// busy the server.
	MustAnswer bool
	// OnSlot, when set, is called once the search has taken its slot
	// (the API gives its request's turn back then: searches are bounded
	// by their slots).
	OnSlot func()
}

// Result is a search's answer.
type Result struct {
	Move          string
	Score         float64
	PV            []string
	Depth         int
	Nodes         int64
	ElapsedMS     int64
	Engine        string
	EngineVersion string
	Cached        bool
	Reused        int64
	DB            string
	Unchecked     bool
}

// Best searches q's position and returns the move (legal in it) and the
// answer. A cached analysis that serves q answers without a search.
func (s *Service) Best(ctx context.Context, q Query) (games.Move, Result, error) {
	st := q.State
	info, err := s.engines.Get(st.Game().Name(), q.Engine)
	if err != nil {
		return nil, Result{}, err
	}
	opts, err := s.ResolveStrategy(ctx, st.Game().Name(), q.Options)
	if err != nil {
		return nil, Result{}, err
	}
	if st.Terminal() {
		return nil, Result{}, ErrGameOver
	}
	c := s.cacheOf(ctx, st, info, opts, q.Limits)
	if !q.NoCache && c.cacheable {
		if m, out, ok := cacheHit(c.held, st, q.Limits, info); ok {
			s.metrics.cacheHits.WithLabelValues("hit").Inc()
			return m, out, nil
		}
		s.metrics.cacheHits.WithLabelValues("miss").Inc()
	}
	slotWait := time.Now()
	if !q.SlotHeld {
		// A search with a time budget may wait for a slot a quarter of it.
		release, err := s.Acquire(ctx, q.Limits.Time/4)
		if err != nil {
			return nil, Result{}, err
		}
		defer release()
		if q.OnSlot != nil {
			q.OnSlot()
		}
	}
	engineLim, err := onTime(q.Limits, q.Queued+time.Since(slotWait), schedWait())
	if err != nil && q.MustAnswer {
		engineLim, err = engineLimits(q.Limits), nil
		engineLim.Time = q.Limits.Time / 2
	}
	if err != nil {
		s.metrics.rejected.Inc()
		return nil, Result{}, err
	}
	return s.run(ctx, st, info, opts, q.Limits, engineLim, c)
}

// run is the engine's search under its hard deadline, checked legal and
// kept in the cache when it may serve another.
func (s *Service) run(ctx context.Context, st games.State, info ai.EngineInfo, opts map[string]string, lim, engineLim ai.Limits,
	c cached) (games.Move, Result, error) {
	game := st.Game().Name()
	s.metrics.running.Inc()
	defer s.metrics.running.Dec()
	// The engine keeps to its limits itself; the deadline is the hard stop
	// for an engine that overruns and for searches bounded by depth or
	// nodes only.
	hard := s.cfg.MaxSearchTime
	if lim.Time > 0 {
		hard = min(hard, lim.Time+lim.Time/2+200*time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(ctx, hard)
	defer cancel()
	start := time.Now()
	req := ai.Request{State: st.Clone(), Limits: engineLim, Options: opts}
	if t := s.sharedTable(c.key); t != nil {
		req.Shared = t
	}
	res, err := info.Engine.Search(sctx, req)
	elapsed := time.Since(start)
	s.metrics.nodes.WithLabelValues(game, info.Name).Add(float64(max(res.Nodes, 0)))
	if err != nil || res.Move == nil {
		s.metrics.searches.WithLabelValues(game, info.Name, "error").Inc()
		if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, Result{}, ErrTimeout
		}
		return nil, Result{}, err
	}
	legal, ok := legalMove(st, res.Move)
	if !ok {
		s.metrics.searches.WithLabelValues(game, info.Name, "error").Inc()
		return nil, Result{}, fmt.Errorf("engine %s/%s returned illegal move %q in %q", game, info.Name, res.Move, c.position)
	}
	s.metrics.searches.WithLabelValues(game, info.Name, "ok").Inc()
	out := Result{Move: legal.String(), Score: res.Score, PV: moveTexts(res.PV), Depth: res.Depth, Nodes: res.Nodes,
		ElapsedMS: elapsed.Milliseconds(), Engine: info.Name, EngineVersion: info.Version, Reused: res.Reused, DB: res.DB, Unchecked: res.Unchecked}
	// An unchecked answer, kept, would be served for the engine's own.
	if sctx.Err() == nil && c.cacheable && !res.Unchecked && !largerBudget(c.held, lim) {
		s.keepAnalysis(ctx, c.key, c.position, lim, out)
	}
	return legal, out, nil
}

func moveTexts(ms []games.Move) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// legalMove returns the legal move m stands for: the listed move of the
// same notation, or m itself when the game plays it though it does not
// list it (Less lists one sequence of moves per resulting position).
func legalMove(st games.State, m games.Move) (games.Move, bool) {
	if legal, ok := games.FindMove(st, m); ok {
		return legal, true
	}
	if c := st.Clone(); c.Play(m) == nil {
		return m, true
	}
	return nil, false
}
