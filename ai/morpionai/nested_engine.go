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
const NestedVersion = "1"

// nestedDefaults are what the nrpa and nmcs engines answer with when a
// request names no option: NRPA at level 3 (a level-3 iteration is a
// million playouts, some ten seconds: a short budget still gets the best of
// a truncated level 3, which beats finished level-2 runs), NMCS at level 1,
// one thread, seed 1, and DefaultTime when no limit is set.
var nestedDefaults = struct {
	NRPALevel, NMCSLevel, Threads int
	Seed                          uint64
	Time                          time.Duration
}{3, 1, 1, 1, DefaultTime}

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
	var nc nested.NRPAConfig
	if e.Algorithm == "nrpa" {
		nc = nested.NRPAConfig{Layers: opts.Bool("layers"), Extend: opts.Bool("extend"), Repetitions: opts.Int("repetitions")}
	}
	level, threads, seed := opts.Int("level"), opts.Int("threads"), uint64(opts.Int("seed"))
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
	level := nestedDefaults.NRPALevel
	if algo == "nmcs" {
		level = nestedDefaults.NMCSLevel
	}
	t := []games.OptionSpec{
		{Name: "level", Kind: games.OptionInt, Default: strconv.Itoa(level), Min: 1, Max: 5, Description: "the nesting level"},
		{Name: "threads", Kind: games.OptionInt, Default: strconv.Itoa(nestedDefaults.Threads), Min: 1, Max: runtime.NumCPU(),
			Description: "independent runs at once, at most the machine's cores"},
		{Name: "seed", Kind: games.OptionInt, Default: strconv.FormatUint(nestedDefaults.Seed, 10), Min: 0, Max: ai.MaxSeed,
			Description: "the random seed (one thread, one seed and an iteration limit give one answer)"},
	}
	if algo == "nrpa" {
		t = append(t,
			games.OptionSpec{Name: "layers", Kind: games.OptionBool, Default: "false", Description: "adapt order-free, by layers of the best grid"},
			games.OptionSpec{Name: "repetitions", Kind: games.OptionInt, Default: "0", Min: 0, Max: 10000,
				Description: "end a level whose best grid came back that many times (0: never)"},
			games.OptionSpec{Name: "extend", Kind: games.OptionBool, Default: "false",
				Description: "a level that improves to within 90% of the best gets its iterations again"})
	}
	return t
}
