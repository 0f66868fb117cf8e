package morpionai

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/games/morpion"
)

// DNAGreedyVersion changes when the engine's answers may change.
const DNAGreedyVersion = "1"

// DNAGreedy implements ai.Engine for morpion states.
type DNAGreedy struct{}

// dnaGreedyMaxSamples caps the DNAs tried when only a time limit is set and
// it is long: enough that the answer stops improving much.
const dnaGreedyMaxSamples = 1 << 30

// dnaGreedyDefaultSeed makes answers reproducible when no seed option is given.
const dnaGreedyDefaultSeed = 1

// dnaGreedyDefaults are what the engine's answers depend on besides the request;
// a test holds DNAGreedyVersion to their fingerprint.
var dnaGreedyDefaults = struct {
	Seed       uint64
	MaxSamples int
}{dnaGreedyDefaultSeed, dnaGreedyMaxSamples}

// Search tries DNAs until a limit: Iterations (DNAs), Nodes (moves played)
// or Time. The engine option "seed" (default 1) makes the answer
// reproducible for iteration or node limits.
func (DNAGreedy) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st, ok := req.State.(*morpion.State)
	if !ok {
		return ai.Result{}, fmt.Errorf("dna-greedy plays morpion, not %s", req.State.Game().Name())
	}
	opts, err := ai.ResolveOptions(dnaGreedyOptions, req.Options)
	if err != nil {
		return ai.Result{}, err
	}
	seed := uint64(opts.Int("seed"))
	root := st.Board()
	if root.NumLegal() == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	start := time.Now()
	samples := req.Limits.Iterations
	if samples <= 0 {
		samples = dnaGreedyMaxSamples
	}
	var deadline time.Time
	if req.Limits.Time > 0 {
		deadline = start.Add(req.Limits.Time)
	}
	r := morpion.NewRand(seed)
	var dna morpion.DNA
	work := *root
	base := root.Score()
	var best []morpion.Played
	var nodes int64
	for i := int64(0); i < samples; i++ {
		if i&15 == 0 && i > 0 && (ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline))) {
			break
		}
		if req.Limits.Nodes > 0 && nodes >= req.Limits.Nodes {
			break
		}
		for j := range dna {
			dna[j] = r.Float64()
		}
		dna.Continue(&work)
		nodes += int64(work.Score() - base)
		if best == nil || work.Score()-base > len(best) {
			best = append(best[:0], work.History()[base:]...)
		}
		for work.Score() > base {
			work.Undo()
		}
		if req.Progress != nil && i&1023 == 0 {
			req.Progress(ai.Info{Depth: len(best), Score: float64(base + len(best)), Nodes: nodes, Elapsed: time.Since(start)})
		}
	}
	pv := make([]games.Move, len(best))
	for i, m := range best {
		pv[i] = morpion.Move(m)
	}
	return ai.Result{Move: pv[0], Score: float64(base + len(best)), PV: pv, Depth: len(best),
		Nodes: nodes, Elapsed: time.Since(start)}, nil
}

// dnaGreedyOptions is the engine's option table.
var dnaGreedyOptions = []games.OptionSpec{{Name: "seed", Kind: games.OptionInt, Default: strconv.Itoa(dnaGreedyDefaultSeed),
	Min: 0, Max: ai.MaxSeed, Description: "the random seed (with an iteration or node limit, one answer)"}}

// DNAGreedyInfo registers the engine.
func DNAGreedyInfo() ai.EngineInfo {
	return ai.EngineInfo{Game: "morpion", Name: "dna-greedy", Version: DNAGreedyVersion, Deterministic: true,
		Description: fmt.Sprintf("random DNAs played to the end from the position; plays the first move of the longest game "+
			"(limits: time, iterations = DNAs, at most %d with time alone; nodes = moves; %s)",
			dnaGreedyDefaults.MaxSamples, ai.DescribeOptions(dnaGreedyOptions)),
		Options: dnaGreedyOptions, Engine: DNAGreedy{}}
}
