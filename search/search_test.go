package search

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/games/morris"
	"gameai/store"
	"gameai/store/memory"
)

// scripted is an engine whose answer the test sets: the first legal move
// (or move, when set), after a wait; it records the limits it was given.
type scripted struct {
	mu     sync.Mutex
	move   games.Move
	wait   time.Duration
	calls  int
	limits []ai.Limits
}

func (e *scripted) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	e.mu.Lock()
	e.calls++
	e.limits = append(e.limits, req.Limits)
	m, wait := e.move, e.wait
	e.mu.Unlock()
	if wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ai.Result{}, ctx.Err()
		}
	}
	if m == nil {
		m = req.State.LegalMoves()[0]
	}
	return ai.Result{Move: m, Depth: 1, Nodes: 1}, nil
}

func (e *scripted) searched() (int, []ai.Limits) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls, slices.Clone(e.limits)
}

var testConfig = Config{MaxSearches: 1, MaxSearchTime: 10 * time.Second, DefaultSearchTime: 50 * time.Millisecond,
	MaxDepth: 12, MaxNodes: 1e6, MaxIterations: 1e6}

// newService is a search service over a fresh store with the Morris
// alpha-beta and two scripted engines, "budget" (searches by time) and
// "fixed" (deterministic).
func newService(t *testing.T, st *store.Store) (*Service, *scripted, *scripted) {
	t.Helper()
	if st == nil {
		st = memory.New(store.Config{})
	}
	budget, fixed := &scripted{}, &scripted{}
	e := ai.NewRegistry()
	e.Register(ai.EngineInfo{Game: "morris", Name: "budget", Version: "1", Engine: budget})
	e.Register(ai.EngineInfo{Game: "morris", Name: "fixed", Version: "1", Deterministic: true, Engine: fixed})
	return New(testConfig, Deps{Engines: e, Store: st}), budget, fixed
}

func start(t *testing.T) games.State {
	t.Helper()
	st, err := morris.Game.NewState("", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestLimitsPastTheCapsAreRefusedNamingTheLimit(t *testing.T) {
	s, _, _ := newService(t, nil)
	for _, c := range []struct {
		asked Asked
		field string
	}{
		{Asked{TimeMS: 10_001}, "time_ms"},
		{Asked{Depth: 13}, "depth"},
		{Asked{Nodes: 1e6 + 1}, "nodes"},
		{Asked{Iterations: 1e6 + 1}, "iterations"},
	} {
		var oc *OverCapError
		if _, err := s.Limits(c.asked); !errors.As(err, &oc) || oc.Field != c.field {
			t.Errorf("%+v: %v, want past the cap of %s", c.asked, err, c.field)
		}
	}
	if l, err := s.Limits(Asked{}); err != nil || l.Time != testConfig.DefaultSearchTime {
		t.Errorf("no limits: %+v %v, want the default time", l, err)
	}
	if l, err := s.Limits(Asked{Depth: 12, TimeMS: 10_000}); err != nil || l.Depth != 12 || l.Time != 10*time.Second {
		t.Errorf("at the caps: %+v %v", l, err)
	}
}

// A deterministic engine's answer at a depth is served again from the
// cache; a budget of time serves no larger one, and a larger budget is
// searched and replaces it.
func TestTheCacheServesWhatASearchWouldRepeat(t *testing.T) {
	s, budget, fixed := newService(t, nil)
	ctx := context.Background()
	pos := start(t)
	for i, wantCached := range []bool{false, true} {
		_, res, err := s.Best(ctx, Query{State: pos, Engine: "fixed", Limits: ai.Limits{Depth: 3}})
		if err != nil || res.Cached != wantCached {
			t.Fatalf("depth 3, search %d: cached %v (%v), want %v", i+1, res.Cached, err, wantCached)
		}
	}
	if n, _ := fixed.searched(); n != 1 {
		t.Errorf("the deterministic engine searched %d times, want once", n)
	}
	for _, c := range []struct {
		ms     int64
		cached bool
	}{{40, false}, {20, true}, {40, true}, {80, false}, {40, true}} {
		_, res, err := s.Best(ctx, Query{State: pos, Engine: "budget", Limits: ai.Limits{Time: time.Duration(c.ms) * time.Millisecond}})
		if err != nil || res.Cached != c.cached {
			t.Errorf("%d ms: cached %v (%v), want %v", c.ms, res.Cached, err, c.cached)
		}
	}
	if n, _ := budget.searched(); n != 2 {
		t.Errorf("the budget engine searched %d times, want 2 (40 ms, then 80 ms)", n)
	}
	if _, res, _ := s.Best(ctx, Query{State: pos, Engine: "budget", Limits: ai.Limits{Time: 20 * time.Millisecond}, NoCache: true}); res.Cached {
		t.Error("no_cache was served from the cache")
	}
}

// An engine's illegal move is the server's error, not an answer, and is
// not kept.
func TestAnIllegalMoveIsNeverAnswered(t *testing.T) {
	s, _, fixed := newService(t, nil)
	taken := start(t).LegalMoves()[0]
	fixed.move = taken
	after := start(t)
	if err := after.Play(taken); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Best(context.Background(), Query{State: after, Engine: "fixed", Limits: ai.Limits{Depth: 2}}); err == nil {
		t.Fatal("an engine's move onto a taken point was answered")
	}
	fixed.move = nil
	if _, res, err := s.Best(context.Background(), Query{State: after, Engine: "fixed", Limits: ai.Limits{Depth: 2}}); err != nil || res.Cached {
		t.Errorf("after an illegal answer: cached %v (%v), want a fresh search", res.Cached, err)
	}
}

// Every slot taken: a search waits a quarter of its budget for one, then
// is refused as busy; one whose caller holds a slot is not. A search the
// server has promised keeps half its budget however long it queued, where
// another is refused for its budget.
func TestSearchesUnderLoad(t *testing.T) {
	s, budget, _ := newService(t, nil)
	ctx := context.Background()
	pos := start(t)
	release, err := s.Acquire(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var busy *BusyError
	_, _, err = s.Best(ctx, Query{State: pos, Engine: "budget", Limits: ai.Limits{Time: 40 * time.Millisecond}})
	if !errors.As(err, &busy) || busy.Slots != 1 || busy.Budget != 0 {
		t.Errorf("every slot taken: %v, want busy for its slots", err)
	}
	if _, _, err := s.Best(ctx, Query{State: pos, Engine: "budget", Limits: ai.Limits{Time: 40 * time.Millisecond}, SlotHeld: true, NoCache: true}); err != nil {
		t.Errorf("with its slot held: %v", err)
	}
	release()
	lim := ai.Limits{Time: 100 * time.Millisecond}
	if _, _, err := s.Best(ctx, Query{State: pos, Engine: "budget", Limits: lim, Queued: 80 * time.Millisecond, NoCache: true}); !errors.As(err, &busy) || busy.Budget != lim.Time {
		t.Errorf("queued 80 ms of 100: %v, want busy for its budget", err)
	}
	slotTaken := false
	if _, _, err := s.Best(ctx, Query{State: pos, Engine: "budget", Limits: lim, Queued: 80 * time.Millisecond, NoCache: true, MustAnswer: true,
		OnSlot: func() { slotTaken = true }}); err != nil || !slotTaken {
		t.Fatalf("a promised reply queued 80 ms of 100: %v (slot taken %v)", err, slotTaken)
	}
	if _, ls := budget.searched(); ls[len(ls)-1].Time != 50*time.Millisecond {
		t.Errorf("a promised reply's engine got %v, want half the budget", ls[len(ls)-1].Time)
	}
}

// A search that finds no move in its time is ErrTimeout; a terminal
// position is ErrGameOver before any engine runs.
func TestASearchPastItsTimeIsATimeout(t *testing.T) {
	cfg := testConfig
	cfg.MaxSearchTime = 50 * time.Millisecond
	s, _, fixed := newService(t, nil)
	s.cfg = cfg
	fixed.wait = time.Minute
	if _, _, err := s.Best(context.Background(), Query{State: start(t), Engine: "fixed", Limits: ai.Limits{Depth: 4}}); !errors.Is(err, ErrTimeout) {
		t.Errorf("an engine that overruns: %v, want ErrTimeout", err)
	}
	if _, _, err := s.Best(context.Background(), Query{State: over{start(t)}, Engine: "fixed", Limits: ai.Limits{Depth: 4}}); !errors.Is(err, ErrGameOver) {
		t.Errorf("a terminal position: %v, want ErrGameOver", err)
	}
	if n, _ := fixed.searched(); n != 1 {
		t.Errorf("the engine ran %d times, want once (not for the terminal position)", n)
	}
}

// over is a position said to be terminal.
type over struct{ games.State }

func (over) Terminal() bool { return true }

// awayAnalyses is an analysis cache whose store does not answer.
type awayAnalyses struct{}

func (awayAnalyses) Get(context.Context, store.AnalysisKey) (*store.Analysis, error) {
	return nil, store.ErrUnavailable
}
func (awayAnalyses) Put(context.Context, store.AnalysisKey, *store.Analysis) error {
	return store.ErrUnavailable
}

// A store that does not answer slows a search (uncached), it does not
// fail it; each miss is counted by its operation.
func TestAStoreAwayFailsNoSearch(t *testing.T) {
	st := memory.New(store.Config{})
	st.Analyses = awayAnalyses{}
	s, _, _ := newService(t, st)
	var ops []string
	s.storeDown = func(op string) { ops = append(ops, op) }
	if _, res, err := s.Best(context.Background(), Query{State: start(t), Engine: "fixed", Limits: ai.Limits{Depth: 2}}); err != nil || res.Move == "" {
		t.Fatalf("with the store away: %+v %v", res, err)
	}
	if !slices.Contains(ops, "analysis-get") || !slices.Contains(ops, "analysis-put") {
		t.Errorf("counted %v, want the cache's get and put", ops)
	}
}
