package api

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/store"
)

// limits turns a request's limits into engine limits, refusing any budget
// over the server's caps and filling in the default time when none is set.
func (s *Server) limits(prefix string, l LimitsRequest) (ai.Limits, error) {
	over := func(field string, v, cap int64, unit string) error {
		return badField(prefix+field, fmt.Sprintf("%d%s exceeds the server's cap of %d%s", v, unit, cap, unit))
	}
	maxMS := s.cfg.MaxSearchTime.Milliseconds()
	switch {
	case l.TimeMS > maxMS:
		return ai.Limits{}, over("time_ms", l.TimeMS, maxMS, " ms")
	case int64(l.Depth) > int64(s.cfg.MaxDepth):
		return ai.Limits{}, over("depth", int64(l.Depth), int64(s.cfg.MaxDepth), "")
	case l.Nodes > s.cfg.MaxNodes:
		return ai.Limits{}, over("nodes", l.Nodes, s.cfg.MaxNodes, "")
	case l.Iterations > s.cfg.MaxIterations:
		return ai.Limits{}, over("iterations", l.Iterations, s.cfg.MaxIterations, "")
	}
	out := ai.Limits{Time: time.Duration(l.TimeMS) * time.Millisecond, Depth: l.Depth, Nodes: l.Nodes, Iterations: l.Iterations}
	if out.IsZero() {
		out.Time = s.cfg.DefaultSearchTime
	}
	return out, nil
}

// limitsKey is the canonical text of limits, part of a cached analysis.
func limitsKey(l ai.Limits) string {
	return fmt.Sprintf("time=%d,depth=%d,nodes=%d,iterations=%d", l.Time.Milliseconds(), l.Depth, l.Nodes, l.Iterations)
}

// budget is a search bounded by one amount of one kind: time (ms) or
// iterations. Such an analysis serves any request of the same kind with no
// larger amount: it reached at least as far as that request would have.
type budget struct {
	kind   string
	amount int64
}

func budgetOf(l ai.Limits) (budget, bool) {
	switch {
	case l.Time > 0 && l.Depth == 0 && l.Nodes == 0 && l.Iterations == 0:
		return budget{"time", l.Time.Milliseconds()}, true
	case l.Iterations > 0 && l.Time == 0 && l.Depth == 0 && l.Nodes == 0:
		return budget{"iterations", l.Iterations}, true
	}
	return budget{}, false
}

// budgetOfKey reads the budget back from a cached analysis's limits text.
func budgetOfKey(key string) (budget, bool) {
	var ms, iterations int64
	var depth int
	var nodes int64
	if _, err := fmt.Sscanf(key, "time=%d,depth=%d,nodes=%d,iterations=%d", &ms, &depth, &nodes, &iterations); err != nil {
		return budget{}, false
	}
	return budgetOf(ai.Limits{Time: time.Duration(ms) * time.Millisecond, Depth: depth, Nodes: nodes, Iterations: iterations})
}

// serves reports whether a cached analysis answers a request with lim: its
// very limits on a deterministic engine, or a budget of the same kind at
// least as large.
func serves(a *store.Analysis, lim ai.Limits, deterministic bool) bool {
	if deterministic && a.Limits == limitsKey(lim) {
		return true
	}
	have, ok1 := budgetOfKey(a.Limits)
	want, ok2 := budgetOf(lim)
	return ok1 && ok2 && have.kind == want.kind && have.amount >= want.amount
}

func optionsKey(m map[string]string) string {
	var b strings.Builder
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k + "=" + m[k])
	}
	return b.String()
}

// searchOpts are how one search is run: noCache skips the analysis cache's
// answer; slotHeld says the caller already holds a search slot
// (acquireSearch), as a session's engine replies do.
//
// mustAnswer is a search whose move the server has promised (a session
// engine's reply, after the person's move was stored): it is never refused
// for load, and keeps at least half its budget however busy the server.
type searchOpts struct {
	noCache, slotHeld, mustAnswer bool
}

// acquireSearch takes one of the MaxSearches slots, waiting for one at
// most wait, or answers 429 with Retry-After; release gives it back. A
// client whose search waits parked for a slot sends nothing meanwhile,
// where one answered 429 at once comes straight back and keeps a CPU busy
// with refusals. The request's turn goes back with a slot
// taken: searches are bounded by their slots, and a turn held for a
// search's whole time would idle.
func (s *Server) acquireSearch(ctx context.Context, wait time.Duration) (release func(), err error) {
	select {
	case s.searches <- struct{}{}:
	default:
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case s.searches <- struct{}{}:
		case <-t.C:
			s.metrics.rejected.Inc()
			return nil, retryLater(http.StatusTooManyRequests, "too-many-searches", "Too many searches",
				fmt.Sprintf("%d searches are running, the most this server runs at once; retry shortly", cap(s.searches)), 1)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	leaveTurnstile(ctx)
	return func() { <-s.searches }, nil
}

// search runs one engine search under the server's bounds: a slot among
// MaxSearches (429 when none is free), the analysis cache, a hard deadline at
// the time cap, and metrics.
func (s *Server) search(ctx context.Context, st games.State, engine string, engineOpts map[string]string,
	lim ai.Limits, o searchOpts) (games.Move, SearchResult, error) {
	g := st.Game()
	info, err := s.engines.Get(g.Name(), engine)
	if err != nil {
		return nil, SearchResult{}, problemFor(err, "engine")
	}
	if engineOpts, err = s.resolveStrategy(ctx, g.Name(), engineOpts); err != nil {
		return nil, SearchResult{}, err
	}
	if st.Terminal() {
		return nil, SearchResult{}, problem(http.StatusUnprocessableEntity, "game-over", "Game over",
			"the position is terminal: there is no move to search", FieldError{Field: "position", Reason: "game is over"})
	}
	// What the request waited before it got here (for a CPU, for its
	// turn) counts against its deadline; the store's answer below does
	// not, for a store slow to answer (or away) is no sign that the CPUs
	// are busy, and a search is served without it.
	queued := time.Since(arrival(ctx))
	key := store.AnalysisKey{Game: g.Name(), Variant: st.Variant(), Options: st.Options().Key(),
		Engine: info.Name + "?" + optionsKey(engineOpts), EngineVersion: info.Version, Hash: st.Hash()}
	position := st.String()
	// Cached: what a deterministic engine would repeat (bounded by depth,
	// nodes or iterations), and searches bounded by time or iterations
	// alone, which serve requests of no larger budget.
	_, budgeted := budgetOf(lim)
	cacheable := (info.Deterministic && lim.Time == 0) || budgeted
	// One read serves both ends: a hit now, or, after the search, whether
	// the cache holds a larger budget that the new analysis must not replace.
	var held *store.Analysis
	if cacheable {
		held = s.heldAnalysis(ctx, key, position)
	}
	if !o.noCache && cacheable {
		if m, out, ok := cacheHit(held, st, lim, info); ok {
			s.metrics.cacheHits.WithLabelValues("hit").Inc()
			return m, out, nil
		}
		s.metrics.cacheHits.WithLabelValues("miss").Inc()
	}

	slotWait := time.Now()
	if !o.slotHeld {
		// A search with a time budget may wait for a slot a quarter of it.
		release, err := s.acquireSearch(ctx, lim.Time/4)
		if err != nil {
			return nil, SearchResult{}, err
		}
		defer release()
	}
	engineLim, err := onTime(lim, queued+time.Since(slotWait), schedWait())
	if err != nil && o.mustAnswer {
		engineLim, err = engineLimits(lim), nil
		engineLim.Time = lim.Time / 2
	}
	if err != nil {
		s.metrics.rejected.Inc()
		return nil, SearchResult{}, err
	}
	s.metrics.searchesRunning.Inc()
	defer s.metrics.searchesRunning.Dec()

	// The engine keeps to lim itself; the deadline is the hard stop for an
	// engine that overruns and for searches bounded by depth or nodes only.
	hard := s.cfg.MaxSearchTime
	if lim.Time > 0 {
		hard = min(hard, lim.Time+lim.Time/2+200*time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(ctx, hard)
	defer cancel()
	start := time.Now()
	req := ai.Request{State: st.Clone(), Limits: engineLim, Options: engineOpts}
	if t := s.sharedTable(key); t != nil {
		req.Shared = t
	}
	res, err := info.Engine.Search(sctx, req)
	elapsed := time.Since(start)
	s.metrics.nodes.WithLabelValues(g.Name(), info.Name).Add(float64(max(res.Nodes, 0)))
	if err != nil || res.Move == nil {
		s.metrics.searches.WithLabelValues(g.Name(), info.Name, "error").Inc()
		if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, SearchResult{}, problem(http.StatusServiceUnavailable, "timeout", "Search timed out",
				"the search found no move within its time")
		}
		return nil, SearchResult{}, problemFor(err, "engine_options")
	}
	legal, ok := legalMove(st, res.Move)
	if !ok {
		s.metrics.searches.WithLabelValues(g.Name(), info.Name, "error").Inc()
		return nil, SearchResult{}, fmt.Errorf("engine %s/%s returned illegal move %q in %q", g.Name(), info.Name, res.Move, position)
	}
	s.metrics.searches.WithLabelValues(g.Name(), info.Name, "ok").Inc()
	out := SearchResult{Move: legal.String(), Score: res.Score, PV: moveTexts(res.PV), Depth: res.Depth, Nodes: res.Nodes,
		ElapsedMS: elapsed.Milliseconds(), Engine: info.Name, EngineVersion: info.Version, Reused: res.Reused, DB: res.DB, Unchecked: res.Unchecked}
	// An unchecked answer, kept, would be served for the engine's own.
	if sctx.Err() == nil && cacheable && !res.Unchecked && !largerBudget(held, lim) {
		s.keepAnalysis(ctx, key, position, lim, out)
	}
	return legal, out, nil
}

// heldAnalysis is the cache's analysis of key if it is of position (nil
// when there is none, or the store is away: a search is served without
// it).
func (s *Server) heldAnalysis(ctx context.Context, key store.AnalysisKey, position string) *store.Analysis {
	a, err := s.store.Analyses.Get(ctx, key)
	if errors.Is(err, store.ErrUnavailable) {
		s.metrics.storeDown.WithLabelValues("analysis-get").Inc()
	}
	if err == nil && a.Position == position {
		return a
	}
	return nil
}

// cacheHit is the held analysis's answer when it serves a search of lim
// and its move is legal in st.
func cacheHit(a *store.Analysis, st games.State, lim ai.Limits, info ai.EngineInfo) (games.Move, SearchResult, bool) {
	if a == nil || !serves(a, lim, info.Deterministic) {
		return nil, SearchResult{}, false
	}
	m, err := st.ParseMove(a.Move)
	if err != nil {
		return nil, SearchResult{}, false
	}
	legal, ok := legalMove(st, m)
	if !ok {
		return nil, SearchResult{}, false
	}
	return legal, SearchResult{Move: a.Move, Score: a.Score, PV: a.PV, Depth: a.Depth, Nodes: a.Nodes,
		ElapsedMS: a.ElapsedMS, Engine: info.Name, EngineVersion: info.Version, Cached: true, DB: a.DB}, true
}

// keepAnalysis caches a search's answer; a store that does not take it is
// logged, not the request's failure.
func (s *Server) keepAnalysis(ctx context.Context, key store.AnalysisKey, position string, lim ai.Limits, out SearchResult) {
	a := &store.Analysis{Position: position, Move: out.Move, Score: out.Score, PV: out.PV, Depth: out.Depth,
		Nodes: out.Nodes, Limits: limitsKey(lim), ElapsedMS: out.ElapsedMS, DB: out.DB, CreatedAt: time.Now().UTC()}
	if err := s.store.Analyses.Put(context.WithoutCancel(ctx), key, a); err != nil {
		if errors.Is(err, store.ErrUnavailable) {
			s.metrics.storeDown.WithLabelValues("analysis-put").Inc()
		}
		s.log.Warn("analysis cache put", "err", err)
	}
}

// engineLimits keeps back from a time budget what the request spends
// outside the engine (decoding, replaying, answering), as engine servers'
// "move overhead" does: a client asking for 100 ms expects the answer in
// about 100 ms, not the search alone.
func engineLimits(lim ai.Limits) ai.Limits {
	if lim.Time > 0 {
		lim.Time -= min(moveOverhead, lim.Time/10)
	}
	return lim
}

// moveOverhead is the most a time budget loses to engineLimits.
const moveOverhead = 10 * time.Millisecond

// schedPasses is how many times an answer still waits for a CPU once its
// search starts: for the engine to see its deadline, and for the answer
// to be written.
const schedPasses = 2

// onTime is the engine's share of a time budget queued after the request
// arrived (waiting for a CPU, its turn, a search slot), when goroutines
// wait wait for a CPU (schedWatch): the budget less the move overhead, the
// time queued and a wait at each pass still to come. On an idle server
// both are microseconds and the engine gets what engineLimits gives. When
// less than half the budget would be left the search is refused, 429 with
// Retry-After: accepted, it would answer late or barely search.
func onTime(lim ai.Limits, queued, wait time.Duration) (ai.Limits, error) {
	out := engineLimits(lim)
	if lim.Time <= 0 {
		return out, nil
	}
	out.Time -= queued + schedPasses*wait
	if out.Time < lim.Time/2 {
		return ai.Limits{}, retryLater(http.StatusTooManyRequests, "too-busy-for-the-budget", "Too busy for this budget",
			fmt.Sprintf("the server is so busy (this request waited %s for a CPU, its turn and a search slot; a runnable task waits %s) that a %s search would answer late; retry shortly, or ask for more time",
				queued.Round(time.Millisecond), wait.Round(time.Millisecond), lim.Time), 1,
			FieldError{Field: "limits.time_ms", Reason: "cannot be met while the server is this busy"})
	}
	return out, nil
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

// largerBudget reports whether a held analysis has a budget of lim's kind
// larger than lim's: a new analysis of the smaller budget must not replace it.
func largerBudget(held *store.Analysis, lim ai.Limits) bool {
	if held == nil {
		return false
	}
	want, ok1 := budgetOf(lim)
	have, ok2 := budgetOfKey(held.Limits)
	return ok1 && ok2 && have.kind == want.kind && have.amount > want.amount
}
