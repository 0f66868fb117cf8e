package morpionai

import (
	"context"
	"fmt"
	"runtime"
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
	known := []string{"level", "threads", "seed"}
	if e.Algorithm == "nrpa" {
		known = append(known, "layers", "repetitions", "extend")
	}
	if err := ai.OnlyOptions(req.Options, known...); err != nil {
		return ai.Result{}, err
	}
	var nc nested.NRPAConfig
	if err := ai.BoolOption(req.Options, "layers", &nc.Layers); err != nil {
		return ai.Result{}, err
	}
	if err := ai.BoolOption(req.Options, "extend", &nc.Extend); err != nil {
		return ai.Result{}, err
	}
	if err := ai.IntOption(req.Options, "repetitions", 0, 10000, &nc.Repetitions); err != nil {
		return ai.Result{}, err
	}
	level := nestedDefaults.NRPALevel
	if e.Algorithm == "nmcs" {
		level = nestedDefaults.NMCSLevel
	}
	threads, seed := nestedDefaults.Threads, nestedDefaults.Seed
	if err := ai.IntOption(req.Options, "level", 1, 5, &level); err != nil {
		return ai.Result{}, err
	}
	if err := ai.IntOption(req.Options, "threads", 1, runtime.NumCPU(), &threads); err != nil {
		return ai.Result{}, err
	}
	if err := ai.SeedOption(req.Options, &seed); err != nil {
		return ai.Result{}, err
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

// NRPAInfo registers the NRPA engine, the default for Morpion.
func NRPAInfo() ai.EngineInfo {
	return nestedInfo("nrpa", "Rosin's nested rollout policy adaptation", nestedDefaults.NRPALevel,
		"; layers (true: adapt order-free, by layers of the best grid), repetitions (end a level whose best grid came back that many times), "+
			"extend (true: a level that improves to within 90% of the best gets its iterations again)")
}

// NMCSInfo registers the nested Monte Carlo engine.
func NMCSInfo() ai.EngineInfo {
	return nestedInfo("nmcs", "Cazenave's nested Monte Carlo search", nestedDefaults.NMCSLevel, "")
}

func nestedInfo(algo, what string, level int, more string) ai.EngineInfo {
	return ai.EngineInfo{Game: "morpion", Name: algo, Version: NestedVersion, Deterministic: true,
		Description: fmt.Sprintf("%s from the position, root-parallel; plays the first move of the longest game found, "+
			"the pv its whole continuation, the score its length (limits: time, iterations = playouts; "+
			"options: level (default %d), threads (default %d, at most the cores), seed (default %d)%s)",
			what, level, nestedDefaults.Threads, nestedDefaults.Seed, more),
		Engine: Nested{Algorithm: algo}}
}
