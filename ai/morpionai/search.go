package morpionai

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"gameai/ai/nested"
	"gameai/games/morpion"
)

// Algorithms lists the search names.
var Algorithms = []string{"nrpa", "nmcs", "dna", "dna-pop"}

// Params are a search's settings.
type Params struct {
	Variant   string `json:"variant"`
	Algorithm string `json:"algorithm"`
	// Level of NRPA or NMCS.
	Level int `json:"level,omitempty"`
	// Iterations per NRPA level (N) and its step Alpha.
	Iterations int     `json:"iterations,omitempty"`
	Alpha      float64 `json:"alpha,omitempty"`
	// Stabilization (playouts level 1 runs per adaptation) and Patience
	// (stale iterations before a level of 2 or more gives up), NRPA only;
	// 0 is Rosin's NRPA.
	Stabilization int `json:"stabilization,omitempty"`
	Patience      int `json:"patience,omitempty"`
	// TopPatience is the patience of a run's top level (0: Patience).
	TopPatience int `json:"top_patience,omitempty"`
	// Layers adapts NRPA by layers (order-free); Repetitions ends a level
	// whose best grid came back that many times (0: never). NRPA only.
	Layers      bool `json:"layers,omitempty"`
	Repetitions int  `json:"repetitions,omitempty"`
	// Extend gives an NRPA level its iterations again when it improves to
	// within 90% of the run's best.
	Extend bool `json:"extend,omitempty"`
	// Octagon confines NRPA and NMCS to a region (morpion.Octagon: eight
	// sides, or "record" for the variant's morpion.RecordOctagon); the
	// grids found are then finished outside it. Empty: the whole plane.
	Octagon string `json:"octagon,omitempty"`
	// K lines black-listed per DNA modification; Population for dna-pop.
	K          int    `json:"k,omitempty"`
	Population int    `json:"population,omitempty"`
	Threads    int    `json:"threads"`
	Seed       uint64 `json:"seed"`
	// TimeMS and Playouts bound the run (at least one must be set).
	TimeMS   int64 `json:"time_ms,omitempty"`
	Playouts int64 `json:"playouts,omitempty"`
	// Preset says which measured row (ApplyPreset) chose the NRPA
	// settings the user left out, and what it set.
	Preset string `json:"preset,omitempty"`
}

// Check validates the parameters and fills defaults.
func (p *Params) Check(maxThreads int) error {
	v, err := morpion.ParseVariant(p.Variant)
	if err != nil {
		return &ParamError{"variant", err.Error()}
	}
	p.Variant = v.String()
	switch p.Algorithm {
	case "nrpa", "nmcs":
		if p.Level == 0 {
			p.Level = map[string]int{"nrpa": 3, "nmcs": 2}[p.Algorithm]
		}
	case "dna", "dna-pop":
		if p.Algorithm == "dna-pop" && p.Population == 0 {
			p.Population = 20
		}
	default:
		return &ParamError{"algorithm", fmt.Sprintf("%q: want nrpa, nmcs, dna or dna-pop", p.Algorithm)}
	}
	for _, c := range []struct {
		name string
		n    int
	}{{"level", p.Level}, {"iterations", p.Iterations}, {"stabilization", p.Stabilization}, {"patience", p.Patience},
		{"top_patience", p.TopPatience}, {"repetitions", p.Repetitions}, {"k", p.K}, {"population", p.Population}} {
		if err := checkInt(c.name, c.n); err != nil {
			return err
		}
	}
	if a := setting("alpha"); p.Alpha < 0 || p.Alpha > float64(a.Max) || math.IsNaN(p.Alpha) {
		return &ParamError{"alpha", fmt.Sprintf("must be in (%d, %d] (0: %s)", a.Min, a.Max, a.Default)}
	}
	if p.Octagon != "" {
		if p.Algorithm != "nrpa" && p.Algorithm != "nmcs" {
			return &ParamError{"octagon", "only nrpa and nmcs search inside a region"}
		}
		if _, err := ParseRegion(p.Octagon, v); err != nil {
			return &ParamError{"octagon", err.Error()}
		}
	}
	if p.Threads == 0 {
		p.Threads = 1
	}
	if p.Threads < 1 || p.Threads > maxThreads {
		return &ParamError{"threads", fmt.Sprintf("must be 1..%d", maxThreads)}
	}
	switch {
	case p.TimeMS < 0:
		return &ParamError{"time_ms", "must not be negative"}
	case p.Playouts < 0:
		return &ParamError{"playouts", "must not be negative"}
	case p.TimeMS == 0 && p.Playouts == 0:
		return &ParamError{"budget", "a budget is needed: time_ms or playouts"}
	}
	return nil
}

// ParamError names a bad parameter.
type ParamError struct{ Field, Reason string }

func (e *ParamError) Error() string { return e.Field + ": " + e.Reason }

// Improvement is one new best of a run.
type Improvement struct {
	Score     int   `json:"score"`
	Playouts  int64 `json:"playouts"`
	ElapsedMS int64 `json:"elapsed_ms"`
}

// Progress is a snapshot of a run.
type Progress struct {
	Playouts     int64         `json:"playouts"`
	PlayoutsPerS float64       `json:"playouts_per_s"`
	ElapsedMS    int64         `json:"elapsed_ms"`
	BestScore    int           `json:"best_score"`
	BestLayers   string        `json:"best_layers,omitempty"`
	BestPentasol string        `json:"best_pentasol,omitempty"`
	Improvements []Improvement `json:"improvements"`
	// RunsBegun counts the NRPA or NMCS runs the search started on all its
	// threads: one a thread, and one more each time a run ends (its top
	// level's patience spent) while the budget lasts. The DNA search has
	// none.
	RunsBegun int64 `json:"runs_begun,omitempty"`
	// RunBests counts the runs that ended by themselves by the score of
	// their best grid, highest first: each is an independent draw, so
	// they say how likely a run is to reach a score, where the search's
	// best says only that one did. Runs the budget cut are left out.
	RunBests []RunBest `json:"run_bests,omitempty"`
}

// RunBest is how many runs ended with a best grid of a score.
type RunBest struct {
	Score int   `json:"score"`
	Runs  int64 `json:"runs"`
}

// AddRunBests merges b into a (both highest score first) and returns the
// sum; the input slices are not changed.
func AddRunBests(a, b []RunBest) []RunBest {
	out := make([]RunBest, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].Score > b[j].Score):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].Score > a[i].Score:
			out = append(out, b[j])
			j++
		default:
			out = append(out, RunBest{a[i].Score, a[i].Runs + b[j].Runs})
			i, j = i+1, j+1
		}
	}
	return out
}

// countRunBest adds one run of score to h (highest first) in place: it is
// called for every run that ends, hundreds a second at level 1, where
// AddRunBests would copy the whole list each time.
func countRunBest(h []RunBest, score int) []RunBest {
	i, found := slices.BinarySearchFunc(h, score, func(b RunBest, s int) int { return s - b.Score })
	if found {
		h[i].Runs++
		return h
	}
	return slices.Insert(h, i, RunBest{Score: score, Runs: 1})
}

// Run is a search in progress.
type Run struct {
	params  Params
	variant morpion.Variant
	start   *morpion.Grid
	runner  *nested.Runner
	begun   time.Time
	// offPlayouts, offElapsed and offBegun carry what earlier runs of a
	// resumed search did.
	offPlayouts int64
	offElapsed  time.Duration
	offBegun    int64

	mu       sync.Mutex
	best     *morpion.Grid
	history  []Improvement
	runBests []RunBest
	onRunEnd func(RunRecord) bool
	// recording is whether onRunEnd still wants runs: a record costs a
	// replay of the run's grid, which runs of level 1 or 2 (hundreds a
	// second) should not pay once their log is full.
	recording atomic.Bool
}

// NewRun prepares a search whose parameters passed Check. start (may be nil)
// is a grid to warm-start from; before carries over what earlier runs of a
// resumed search did (its improvements, playouts, elapsed time and runs
// begun, and their runs' bests; its best is start).
func NewRun(p Params, start *morpion.Grid, before Progress) *Run {
	v, _ := morpion.ParseVariant(p.Variant)
	r := &Run{params: p, variant: v, start: start, history: append([]Improvement(nil), before.Improvements...),
		offPlayouts: before.Playouts, offElapsed: time.Duration(before.ElapsedMS) * time.Millisecond,
		offBegun: before.RunsBegun, runBests: AddRunBests(nil, before.RunBests), best: start, begun: time.Now()}
	var b nested.Budget
	if p.TimeMS > 0 {
		b.Deadline = r.begun.Add(time.Duration(p.TimeMS) * time.Millisecond)
	}
	b.Playouts = p.Playouts
	r.runner = nested.NewRunner(b, r.improve)
	r.runner.OnRunEnd(r.runEnded)
	return r
}

// Search runs until the budget or ctx ends and returns the best grid.
func (r *Run) Search(ctx context.Context) *morpion.Grid {
	p := r.params
	var startSeq []int32
	if r.start != nil {
		for _, m := range r.start.Moves {
			startSeq = append(startSeq, int32(m.Line))
		}
	}
	switch p.Algorithm {
	case "nrpa", "nmcs":
		cfg := nested.ParallelConfig{Algorithm: p.Algorithm, Level: p.Level, Threads: p.Threads, Seed: p.Seed,
			NRPA: nested.NRPAConfig{Iterations: p.Iterations, Alpha: p.Alpha, Stabilization: p.Stabilization,
				Patience: p.Patience, TopPatience: p.TopPatience, Layers: p.Layers, Repetitions: p.Repetitions, Extend: p.Extend}, Start: startSeq}
		newProblem := func() nested.Problem { return morpion.NewProblem(r.root()) }
		nested.Parallel(ctx, r.runner, newProblem, cfg)
	default:
		cfg := DNAConfig{K: p.K, Population: p.Population, Threads: p.Threads, Seed: p.Seed, Start: r.start}
		DNASearch(ctx, r.runner, r.variant, cfg)
	}
	return r.Best()
}

func (r *Run) improve(s nested.Sequence, n int64) {
	g := morpion.NewProblem(morpion.NewBoard(r.variant)).Complete(s.Moves)
	if r.params.Octagon != "" {
		g = g.Finish(morpion.NewRand(r.params.Seed^uint64(n)), finishTries)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.best != nil && g.Score() <= r.best.Score() {
		return
	}
	r.best = g
	r.history = append(r.history, Improvement{Score: g.Score(), Playouts: r.offPlayouts + n,
		ElapsedMS: (r.offElapsed + time.Since(r.begun)).Milliseconds()})
}

// RunRecord is one run of a search that ended by itself: on which thread,
// its best grid, the playouts it took, how many of them came before its
// best, and the search's playouts (a resumed search's earlier ones with
// them) when it ended. A hunt's runs, each a draw, say where its basins
// are and how long a run takes to settle in one.
type RunRecord struct {
	Thread   int    `json:"thread"`
	Score    int    `json:"score"`
	Layers   string `json:"layers"`
	Playouts int64  `json:"playouts"`
	FoundAt  int64  `json:"found_at"`
	EndedAt  int64  `json:"ended_at"`
}

// OnRunEnd sets a function (before Search) called with every run that
// ended by itself until it returns false; it may be called from several
// threads at once (so a call already under way on another thread may
// still come after its first false).
func (r *Run) OnRunEnd(f func(RunRecord) bool) {
	r.onRunEnd = f
	r.recording.Store(f != nil)
}

// runEnded counts a run's best grid in RunBests. Inside a region the grid
// is scored finished, as the search's best is, but only for top levels of
// 3 or more: a level-1 or level-2 run lasts about as long as the 1,000
// completions a finish plays, so their runs count the region's moves.
func (r *Run) runEnded(e nested.RunEnd) {
	n := r.runner.Playouts()
	// Unfinished, a run's score is its sequence's (its moves): the grid
	// is built only when a finish or the record needs it, as runs of
	// level 1 are hardly longer than the replay.
	score, finish := int(e.Best.Score), r.params.Octagon != "" && r.params.Level >= 3
	record := r.recording.Load()
	var g *morpion.Grid
	if finish || record {
		g = morpion.NewProblem(morpion.NewBoard(r.variant)).Complete(e.Best.Moves)
		if finish {
			g = g.Finish(morpion.NewRand(r.params.Seed^uint64(n)), finishTries)
		}
		score = g.Score()
	}
	r.mu.Lock()
	r.runBests = countRunBest(r.runBests, score)
	r.mu.Unlock()
	if record && !r.onRunEnd(RunRecord{Thread: e.Worker, Score: score, Layers: morpion.EncodeLayers(g),
		Playouts: e.Playouts, FoundAt: e.FoundAt, EndedAt: r.offPlayouts + n}) {
		r.recording.Store(false)
	}
}

// Progress returns a snapshot; it is safe to call from any goroutine.
func (r *Run) Progress() Progress {
	n := r.runner.Playouts()
	r.mu.Lock()
	defer r.mu.Unlock()
	el := time.Since(r.begun)
	out := Progress{Playouts: r.offPlayouts + n, ElapsedMS: (r.offElapsed + el).Milliseconds(),
		Improvements: append([]Improvement{}, r.history...), RunsBegun: r.offBegun + r.runner.Begun(),
		RunBests: AddRunBests(nil, r.runBests)}
	if s := el.Seconds(); s > 0 {
		out.PlayoutsPerS = float64(n) / s
	}
	if r.best != nil {
		out.BestScore = r.best.Score()
		out.BestLayers = morpion.EncodeLayers(r.best)
		out.BestPentasol = morpion.WritePentasol(r.best)
	}
	return out
}

// Best is the best grid so far (nil before the first playout ends).
func (r *Run) Best() *morpion.Grid {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.best
}

// finishTries is how many random completions a grid found inside a region
// gets outside it: what is left there is a few moves at its rim.
const finishTries = 1000

// root is the start position of the nested searches: the whole plane, or
// the region of the parameters.
func (r *Run) root() *morpion.Board {
	if r.params.Octagon == "" {
		return morpion.NewBoard(r.variant)
	}
	o, _ := ParseRegion(r.params.Octagon, r.variant)
	return morpion.NewBoardIn(r.variant, o)
}

// ParseRegion reads an octagon parameter: "record" (the variant's record
// grid's octagon) or eight sides.
func ParseRegion(s string, v morpion.Variant) (morpion.Octagon, error) {
	if s == "record" {
		return morpion.RecordOctagon(v), nil
	}
	return morpion.ParseOctagon(s)
}
