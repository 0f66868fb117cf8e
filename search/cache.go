package search

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/store"
)

// cached is a search's place in the analysis cache: its key and position,
// whether its answer may be kept, and what the cache held before it.
type cached struct {
	key       store.AnalysisKey
	position  string
	cacheable bool
	held      *store.Analysis
}

// cacheOf reads the cache once for a search of st: a hit now, or, after
// the search, whether the cache holds a larger budget that the new
// analysis must not replace. Cached are what a deterministic engine would
// repeat (bounded by depth, nodes or iterations), and searches bounded by
// time or iterations alone, which serve requests of no larger budget.
func (s *Service) cacheOf(ctx context.Context, st games.State, info ai.EngineInfo, opts map[string]string, lim ai.Limits) cached {
	c := cached{key: store.AnalysisKey{Game: st.Game().Name(), Variant: st.Variant(), Options: st.Options().Key(),
		Engine: info.Name + "?" + optionsKey(opts), EngineVersion: info.Version, Hash: st.Hash()}, position: st.String()}
	_, budgeted := budgetOf(lim)
	c.cacheable = (info.Deterministic && lim.Time == 0) || budgeted
	if c.cacheable {
		c.held = s.heldAnalysis(ctx, c.key, c.position)
	}
	return c
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

// heldAnalysis is the cache's analysis of key if it is of position (nil
// when there is none, or the store is away: a search is served without
// it).
func (s *Service) heldAnalysis(ctx context.Context, key store.AnalysisKey, position string) *store.Analysis {
	a, err := s.store.Analyses.Get(ctx, key)
	if errors.Is(err, store.ErrUnavailable) {
		s.storeDown("analysis-get")
	}
	if err == nil && a.Position == position {
		return a
	}
	return nil
}

// cacheHit is the held analysis's answer when it serves a search of lim
// and its move is legal in st.
func cacheHit(a *store.Analysis, st games.State, lim ai.Limits, info ai.EngineInfo) (games.Move, Result, bool) {
	if a == nil || !serves(a, lim, info.Deterministic) {
		return nil, Result{}, false
	}
	m, err := st.ParseMove(a.Move)
	if err != nil {
		return nil, Result{}, false
	}
	legal, ok := legalMove(st, m)
	if !ok {
		return nil, Result{}, false
	}
	return legal, Result{Move: a.Move, Score: a.Score, PV: a.PV, Depth: a.Depth, Nodes: a.Nodes,
		ElapsedMS: a.ElapsedMS, Engine: info.Name, EngineVersion: info.Version, Cached: true, DB: a.DB}, true
}

// keepAnalysis caches a search's answer; a store that does not take it is
// logged, not the request's failure.
func (s *Service) keepAnalysis(ctx context.Context, key store.AnalysisKey, position string, lim ai.Limits, out Result) {
	a := &store.Analysis{Position: position, Move: out.Move, Score: out.Score, PV: out.PV, Depth: out.Depth,
		Nodes: out.Nodes, Limits: limitsKey(lim), ElapsedMS: out.ElapsedMS, DB: out.DB, CreatedAt: time.Now().UTC()}
	if err := s.store.Analyses.Put(context.WithoutCancel(ctx), key, a); err != nil {
		if errors.Is(err, store.ErrUnavailable) {
			s.storeDown("analysis-put")
		}
		s.log.Warn("analysis cache put", "err", err)
	}
}
