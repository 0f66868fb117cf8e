package morpionai

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"time"

	"gameai/ai"
	"gameai/ai/nested"
	"gameai/games"
	"gameai/games/morpion"
)

// NestedVersion changes when the nrpa or nmcs engine's answers may change.
const NestedVersion = "4"

// nestedDefaults are what the nrpa and nmcs engines answer with when a
// request names no option: NRPA the budget's row of presets (the rows a
// record search takes, the octagon aside), NMCS level 1, one thread, seed
// 1, and DefaultTime when no limit is set. The rows are here so that a
// change of them changes the fingerprint that the version follows.
var nestedDefaults = struct {
	NRPA               map[string][]Preset
	NRPAFallback       Preset
	NMCSLevel, Threads int
	Seed               uint64
	Time               time.Duration
}{presets, fallback, 1, 1, 1, DefaultTime}

// DefaultTime is the budget of a search given no limit at all.
const DefaultTime = time.Second

// Nested is the service's NRPA or NMCS engine: from any position it searches
// continuations within the limits and plays the first move of the longest
// game found; the principal variation is the whole game.
type Nested struct{ Algorithm string }

// Search: limits of time or iterations (playouts); options level, threads
// (at most the machine's cores) and seed. One thread, one seed and an
// iteration limit give one answer.
func (e Nested) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st, ok := req.State.(*morpion.State)
	if !ok {
		return ai.Result{}, fmt.Errorf("%s plays morpion, not %s", e.Algorithm, req.State.Game().Name())
	}
	opts, err := ai.ResolveOptions(nestedTables[e.Algorithm], req.Options)
	if err != nil {
		return ai.Result{}, err
	}
	level, threads, seed := opts.Int("level"), opts.Int("threads"), uint64(opts.Int("seed"))
	var nc nested.NRPAConfig
	if e.Algorithm == "nrpa" {
		level, nc = nrpaSettings(st.Variant(), req.Limits, opts, req.Options)
	}
	root := st.Board()
	if root.NumLegal() == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	start := time.Now()
	b := nested.Budget{Playouts: req.Limits.Iterations}
	switch {
	case req.Limits.Time > 0:
		b.Deadline = start.Add(req.Limits.Time)
	case b.Playouts == 0:
		b.Deadline = start.Add(nestedDefaults.Time)
	}
	base := root.Score()
	runner := nested.NewRunner(b, func(s nested.Sequence, playouts int64) {
		if req.Progress != nil {
			req.Progress(ai.Info{Depth: len(s.Moves), Score: float64(base + len(s.Moves)), Nodes: playouts, Elapsed: time.Since(start)})
		}
	})
	cfg := nested.ParallelConfig{Algorithm: e.Algorithm, Level: level, NRPA: nc, Threads: threads, Seed: seed}
	best := nested.Parallel(ctx, runner, func() nested.Problem { return morpion.NewProblem(root) }, cfg)
	if len(best.Moves) == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	work := *root
	for _, code := range best.Moves {
		work.Play(morpion.Line(code))
	}
	played := work.History()[base:]
	pv := make([]games.Move, len(played))
	for i, m := range played {
		pv[i] = morpion.Move(m)
	}
	return ai.Result{Move: pv[0], Score: float64(base + len(pv)), PV: pv, Depth: len(pv), Nodes: runner.Playouts(),
		Elapsed: time.Since(start)}, nil
}

// nrpaSettings are the nrpa engine's level and configuration: the options
// given, and for the level, patience, layers and extend left out the
// budget's row, as a record search's (the octagon aside: a region is for
// searches from the empty grid, and a position may already reach past it).
func nrpaSettings(variant string, lim ai.Limits, opts games.Options, given map[string]string) (int, nested.NRPAConfig) {
	p := Params{Variant: variant, Algorithm: "nrpa", Threads: opts.Int("threads"), TimeMS: lim.Time.Milliseconds(),
		Playouts: lim.Iterations, Level: opts.Int("level"), Patience: opts.Int("patience"), Layers: opts.Bool("layers"),
		Extend: opts.Bool("extend")}
	if p.TimeMS == 0 && p.Playouts == 0 {
		p.TimeMS = nestedDefaults.Time.Milliseconds()
	}
	p.ApplyPreset(func(s string) bool { _, ok := given[s]; return ok || s == "octagon" })
	return p.Level, nested.NRPAConfig{Layers: p.Layers, Extend: p.Extend, Patience: p.Patience, Repetitions: opts.Int("repetitions")}
}

// NRPAInfo registers the NRPA engine, the default for Morpion.
func NRPAInfo() ai.EngineInfo {
	return nestedInfo("nrpa", "Rosin's nested rollout policy adaptation")
}

// NMCSInfo registers the nested Monte Carlo engine.
func NMCSInfo() ai.EngineInfo {
	return nestedInfo("nmcs", "Cazenave's nested Monte Carlo search")
}

func nestedInfo(algo, what string) ai.EngineInfo {
	table := nestedOptions(algo)
	return ai.EngineInfo{Game: "morpion", Name: algo, Version: NestedVersion, Deterministic: true,
		Description: fmt.Sprintf("%s from the position, root-parallel; plays the first move of the longest game found, "+
			"the pv its whole continuation, the score its length (limits: time, iterations = playouts; %s)",
			what, ai.DescribeOptions(table)),
		Options: table, Engine: Nested{Algorithm: algo}}
}

// nestedTables are the option tables by algorithm, made once.
var nestedTables = map[string][]games.OptionSpec{"nrpa": nestedOptions("nrpa"), "nmcs": nestedOptions("nmcs")}

// nestedOptions is the nrpa or nmcs engine's option table.
func nestedOptions(algo string) []games.OptionSpec {
	t := []games.OptionSpec{
		{Name: "level", Kind: games.OptionInt, Default: strconv.Itoa(nestedDefaults.NMCSLevel), Min: 1, Max: 5, Description: "the nesting level"},
		{Name: "threads", Kind: games.OptionInt, Default: strconv.Itoa(nestedDefaults.Threads), Min: 1, Max: runtime.NumCPU(),
			Description: "independent runs at once, at most the machine's cores"},
		{Name: "seed", Kind: games.OptionInt, Default: strconv.FormatUint(nestedDefaults.Seed, 10), Min: 0, Max: ai.MaxSeed,
			Description: "the random seed (one thread, one seed and an iteration limit give one answer)"},
	}
	if algo == "nrpa" {
		// The level, patience, layers and extend left out are the budget's
		// row (a record search's table, GET /v1/morpion/search-settings).
		t[0].Default, t[0].Description = "", "the nesting level (default: the budget's row)"
		t = append(t,
			games.OptionSpec{Name: "patience", Kind: games.OptionInt, Min: 0, Max: 10000,
				Description: "stale iterations after which a level of 2 or more gives up (0: never; default: the budget's row)"},
			games.OptionSpec{Name: "layers", Kind: games.OptionBool,
				Description: "adapt order-free, by layers of the best grid (default: the budget's row)"},
			games.OptionSpec{Name: "repetitions", Kind: games.OptionInt, Default: "0", Min: 0, Max: 10000,
				Description: "end a level whose best grid came back that many times (0: never)"},
			games.OptionSpec{Name: "extend", Kind: games.OptionBool,
				Description: "a level that improves to within 90% of the best gets its iterations again (default: the budget's row)"})
	}
	return t
}
