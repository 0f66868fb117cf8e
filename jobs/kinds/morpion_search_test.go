package kinds

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"gameai/ai/morpionai"
	"gameai/games/morpion"
	"gameai/jobs"
	"gameai/jobs/workers"
	"gameai/store"
	"gameai/store/memory"
)

// scriptedRuns plays a search's runs by a script: each run "finds" the next
// grid of grids and spends its whole time budget at once; it keeps the
// runs and states of each call.
type scriptedRuns struct {
	stopping // plays no games
	mu       sync.Mutex
	grids    []*morpion.Grid
	calls    [][]workers.MorpionRun
	states   [][]*workers.MorpionRunState // what each call was handed
}

func (h *scriptedRuns) Job(string) JobPlayers  { return h }
func (*scriptedRuns) Parallel(setting int) int { return setting }
func (*scriptedRuns) Tasks() *workers.Counts   { return nil }

func (h *scriptedRuns) Morpion(_ context.Context, runs []workers.MorpionRun, states []*workers.MorpionRunState,
	progress func([]*workers.MorpionRunState)) error {
	h.mu.Lock()
	h.calls = append(h.calls, slices.Clone(runs))
	h.states = append(h.states, slices.Clone(states))
	out := make([]*workers.MorpionRunState, len(runs))
	for i, run := range runs {
		g := h.grids[0]
		h.grids = h.grids[1:]
		out[i] = &workers.MorpionRunState{Done: true, Progress: morpionai.Progress{
			Playouts: 100, ElapsedMS: run.Params.TimeMS, BestScore: g.Score(), BestLayers: morpion.EncodeLayers(g), RunsBegun: 3,
			RunBests:     []morpionai.RunBest{{Score: g.Score(), Runs: 1}, {Score: 10, Runs: 2}},
			Improvements: []morpionai.Improvement{{Score: g.Score(), Playouts: 50, ElapsedMS: run.Params.TimeMS / 2}}}}
	}
	h.mu.Unlock()
	progress(out)
	return nil
}

// grid is a random finished 5T grid of a seed.
func grid(seed uint64) *morpion.Grid {
	b := morpion.NewBoard(morpion.T5)
	b.RandomPlayout(morpion.NewRand(seed))
	return morpion.GridOf(b)
}

// distinctGrids are n random grids of scores all different, in the order
// of their seeds.
func distinctGrids(n int) []*morpion.Grid {
	var out []*morpion.Grid
	seen := map[int]bool{}
	for seed := uint64(1); len(out) < n; seed++ {
		if g := grid(seed); !seen[g.Score()] {
			seen[g.Score()] = true
			out = append(out, g)
		}
	}
	return out
}

func searchRunner(t *testing.T, st *store.Store, p Players) *jobs.Runner {
	t.Helper()
	r := jobs.New(st.Jobs, jobs.Config{ProgressEvery: time.Millisecond}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	Register(r, Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Players: p})
	t.Cleanup(func() { _ = r.Shutdown(context.Background()) })
	return r
}

func searchParams() MorpionSearchParams {
	p := MorpionSearchParams{Params: morpionai.Params{Variant: "5T", Algorithm: "nrpa", Level: 1, Threads: 2, Seed: 7,
		TimeMS: 2500}}
	if err := p.Check(2); err != nil {
		panic(err)
	}
	return p
}

// A search plays one run a thread, each with a seed of its own, from the
// start grid for the whole budget, and reports them as one search: the
// best grid of all, their playouts and the NRPA runs they began summed.
func TestASearchPlaysARunAThread(t *testing.T) {
	grids := distinctGrids(2)
	h := &scriptedRuns{grids: slices.Clone(grids)}
	st := memory.New(store.Config{})
	r := searchRunner(t, st, h)
	p := searchParams()
	p.Start = morpion.EncodeLayers(grid(99))
	j, err := r.Submit(t.Context(), MorpionSearch, p)
	if err != nil {
		t.Fatal(err)
	}
	j, err = r.Wait(t.Context(), j.ID)
	if err != nil || j.Status != store.JobSucceeded {
		t.Fatalf("job %+v, %v", j, err)
	}
	if len(h.calls) != 1 || len(h.calls[0]) != 2 {
		t.Fatalf("runs played %v, want one call of 2", h.calls)
	}
	a, b := h.calls[0][0], h.calls[0][1]
	if a.Start != p.Start || b.Start != p.Start || a.Params.Seed == b.Params.Seed ||
		a.Params.TimeMS != 2500 || a.Params.Threads != 1 {
		t.Errorf("runs %+v and %+v: want one thread each from the start, 2500 ms, seeds apart", a, b)
	}
	var res MorpionSearchResult
	if err := json.Unmarshal(j.Result, &res); err != nil {
		t.Fatal(err)
	}
	top := slices.MaxFunc(grids, func(a, b *morpion.Grid) int { return a.Score() - b.Score() })
	if res.BestScore != top.Score() || res.BestLayers != morpion.EncodeLayers(top) || res.Playouts != 200 ||
		res.ElapsedMS != 2500 || res.RunsBegun != 6 || !res.BudgetSpent {
		t.Errorf("result %+v: want best %d, 200 playouts in 2500 ms, 6 runs begun", res.Progress, top.Score())
	}
	// Each run's bests add up: both grids' scores (once each, or twice
	// when they tie) and the four runs that ended at 10.
	wantBests := []morpionai.RunBest{{Score: grids[0].Score(), Runs: 1}, {Score: grids[1].Score(), Runs: 1}, {Score: 10, Runs: 4}}
	if grids[0].Score() < grids[1].Score() {
		wantBests[0], wantBests[1] = wantBests[1], wantBests[0]
	} else if grids[0].Score() == grids[1].Score() {
		wantBests = slices.Delete(wantBests, 0, 1)
		wantBests[0].Runs = 2
	}
	if !slices.Equal(res.RunBests, wantBests) {
		t.Errorf("run bests %v, want %v", res.RunBests, wantBests)
	}
	if last := res.Improvements[len(res.Improvements)-1]; last.Score != top.Score() {
		t.Errorf("last improvement %+v, want the best %d", last, top.Score())
	}
	recs, err := st.Records.Top(t.Context(), "morpion", "5T", 10)
	if err != nil || len(recs) == 0 || recs[0].Score != float64(top.Score()) {
		t.Errorf("hall of fame %+v, %v; want the best grid", recs, err)
	}
}

// A search resumed hands its runs the states its checkpoint holds.
func TestASearchResumesItsRuns(t *testing.T) {
	cp := morpionCheckpoint{States: []*workers.MorpionRunState{{Progress: morpionai.Progress{Playouts: 10, ElapsedMS: 400}}, nil}}
	h := &scriptedRuns{grids: distinctGrids(2)}
	r := searchRunner(t, resumable(t, searchParams(), cp), h)
	if n, err := r.Resume(t.Context()); err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	if j, err := r.Wait(t.Context(), "search"); err != nil || j.Status != store.JobSucceeded {
		t.Fatalf("job %+v, %v", j, err)
	}
	if got := h.states[0]; len(got) != 2 || got[0] == nil || got[0].Playouts != 10 || got[1] != nil {
		t.Errorf("the runs were handed %v, want their states", got)
	}
}

// A search checkpointed before its runs were played one a thread (one run
// of several threads: its playouts, time and best grid) resumes its runs
// from that grid with what it spent off the budget, and keeps its
// improvements first.
func TestASearchResumesAnOldCheckpoint(t *testing.T) {
	grids := distinctGrids(3)
	old := grids[0]
	raw := `{"runs": 2, "playouts": 100, "elapsed_ms": 1000, "best_layers": "` + morpion.EncodeLayers(old) +
		`", "improvements": [{"score": ` + strconv.Itoa(old.Score()) + `, "playouts": 5, "elapsed_ms": 20}]}`
	var cp morpionCheckpoint
	if err := json.Unmarshal([]byte(raw), &cp); err != nil {
		t.Fatal(err)
	}
	h := &scriptedRuns{grids: slices.Clone(grids[1:])}
	r := searchRunner(t, resumable(t, searchParams(), cp), h)
	if n, err := r.Resume(t.Context()); err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	j, err := r.Wait(t.Context(), "search")
	if err != nil || j.Status != store.JobSucceeded {
		t.Fatalf("job %+v, %v", j, err)
	}
	for _, run := range h.calls[0] {
		if run.Start != morpion.EncodeLayers(old) || run.Params.TimeMS != 1500 {
			t.Errorf("run %+v: want it from the checkpoint's grid with the 1500 ms left", run)
		}
	}
	var res MorpionSearchResult
	if err := json.Unmarshal(j.Result, &res); err != nil {
		t.Fatal(err)
	}
	top := slices.MaxFunc(grids, func(a, b *morpion.Grid) int { return a.Score() - b.Score() })
	if res.Playouts != 300 || res.ElapsedMS != 2500 || res.BestScore != top.Score() ||
		res.Improvements[0].Score != old.Score() || res.Improvements[0].ElapsedMS != 20 {
		t.Errorf("result %+v: want the old 100 playouts and 1000 ms added, its improvement first, best %d", res.Progress, top.Score())
	}
}

// resumable is a store holding a running search job "search" with a
// checkpoint.
func resumable(t *testing.T, p MorpionSearchParams, cp morpionCheckpoint) *store.Store {
	t.Helper()
	params, _ := json.Marshal(p)
	raw, _ := json.Marshal(cp)
	st := memory.New(store.Config{})
	now := time.Now().UTC()
	j := &store.Job{ID: "search", Kind: MorpionSearch, Status: store.JobRunning, Params: params, Checkpoint: raw,
		CreatedAt: now, UpdatedAt: now}
	if err := st.Jobs.Create(t.Context(), j); err != nil {
		t.Fatal(err)
	}
	return st
}

// Here plays each run on a core of its own and goes on from a run's state:
// its playouts and best grid carried, a run done not played again.
func TestHerePlaysRunsFromTheirStates(t *testing.T) {
	p := morpionai.Params{Variant: "5T", Algorithm: "nrpa", Level: 1, Threads: 3, Seed: 3, Playouts: 300}
	if err := p.Check(3); err != nil {
		t.Fatal(err)
	}
	runs := workers.Runs(p, "")
	g := grid(9)
	done := &workers.MorpionRunState{Done: true, Progress: morpionai.Progress{Playouts: 100, BestScore: 1}}
	states := []*workers.MorpionRunState{nil,
		{Progress: morpionai.Progress{Playouts: 40, ElapsedMS: 5, BestScore: g.Score(), BestLayers: morpion.EncodeLayers(g)}}, done}
	var last []*workers.MorpionRunState
	if err := (Here{}).Morpion(t.Context(), runs, states, func(s []*workers.MorpionRunState) { last = slices.Clone(s) }); err != nil {
		t.Fatal(err)
	}
	if len(last) != 3 || !last[0].Done || !last[1].Done || !last[2].Done || last[2].Playouts != done.Playouts {
		t.Fatalf("final states %+v", last)
	}
	if last[0].Playouts < 100 || last[0].BestScore == 0 {
		t.Errorf("a fresh run: %+v", last[0].Progress)
	}
	if me := workers.ProcessName(); last[0].Worker != me || last[1].Worker != me {
		t.Errorf("runs played by %q and %q, want this process, %q", last[0].Worker, last[1].Worker, me)
	}
	if last[1].Playouts < 100 || last[1].BestScore < g.Score() || last[1].Resumes != 1 {
		t.Errorf("a resumed run: %d playouts, best %d, resumed %d times; want its 40 carried, at least its %d, once",
			last[1].Playouts, last[1].BestScore, last[1].Resumes, g.Score())
	}
}
