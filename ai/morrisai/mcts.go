package morrisai

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"gameai/ai"
	"gameai/ai/mcts"
	"gameai/games"
	"gameai/games/morris"
)

// MCTSVersion changes whenever the MCTS engine's answers may change (3: the
// search's configuration gained Bias, off here; the same answers).
const MCTSVersion = "3"

// Node is a Morris position as MCTS sees it. Playouts are uniformly random
// and cut off after PlayoutLimit plies, where the strategy's evaluation,
// squashed to [0, 1], scores them.
type Node struct {
	P *morris.Position
	C *morris.Coefficients
}

func (n *Node) CopyFrom(src *Node)                                     { n.P.CopyFrom(src.P); n.C = src.C }
func (n *Node) Moves(buf []morris.Move) []morris.Move                  { return n.P.GenMoves(buf) }
func (n *Node) Play(m morris.Move)                                     { n.P.Make(m) }
func (n *Node) ToMove() int                                            { return n.P.SideToMove() }
func (n *Node) Over() bool                                             { return n.P.Outcome().Over }
func (n *Node) Hash() uint64                                           { return n.P.Hash() }
func (n *Node) KeySpace() int                                          { return 25 * morris.NPoints }
func (n *Node) Players() int                                           { return 2 }
func (n *Node) PlayoutMove(ms []morris.Move, r *mcts.Rand) morris.Move { return ms[r.Intn(len(ms))] }

// Role: one opponent, who minimises.
func (n *Node) Role(root, p int) mcts.Role {
	if p == root {
		return mcts.Max
	}
	return mcts.Min
}

// Prior tries mills first.
func (n *Node) Prior(m morris.Move) float64 {
	if m.Removes() {
		return 2
	}
	return 1
}

// MoveKey is from (24 for a placement) and to.
func (n *Node) MoveKey(m morris.Move) int {
	f := m.From()
	if f < 0 {
		f = morris.NPoints
	}
	return f*morris.NPoints + m.To()
}

// evalScale turns an evaluation into odds: a difference of evalScale is a
// 73% chance (the strategies weigh a piece 6 to 30).
const evalScale = 100

// Reward is 1, 0.5 or 0 for a finished game, the squashed evaluation of
// one cut off.
func (n *Node) Reward(player int) float64 {
	if o := n.P.Outcome(); o.Over {
		switch o.Winner {
		case -1:
			return 0.5
		case player:
			return 1
		}
		return 0
	}
	e := float64(n.P.Evaluate(player, n.C))
	return 1 / (1 + math.Exp(-e/evalScale))
}

// MCTS is the Monte Carlo tree search engine for Morris. It keeps the
// last two trees of time-limited searches (a one-second tree is some tens
// of MB), for two idle minutes.
type MCTS struct {
	trees *mcts.Pool[*Node, morris.Move]
}

// NewMCTS is the engine with a pool of trees of its own.
func NewMCTS() *MCTS { return &MCTS{trees: mcts.NewPool[*Node, morris.Move](2, 2*time.Minute)} }

// MCTSConfig is the engine's tree search setting (a copy each call).
func MCTSConfig() mcts.Config {
	return mcts.Config{C: 0.7, Transpositions: true, PlayoutLimit: 40, MaxNodes: 1 << 20}
}

// Search runs MCTS within the limits of time or iterations (with none, it
// takes DefaultTime). Options: strategy or coefficients (the cut-off
// evaluation), seed.
func (e *MCTS) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st, ok := req.State.(*morris.State)
	if !ok {
		return ai.Result{}, fmt.Errorf("mcts plays morris, not %s", req.State.Game().Name())
	}
	opts, err := ai.ResolveOptions(mctsOptions, req.Options)
	if err != nil {
		return ai.Result{}, err
	}
	coef, _, err := StrategyOption(req.Options)
	if err != nil {
		return ai.Result{}, err
	}
	cfg := MCTSConfig()
	cfg.Seed = uint64(opts.Int("seed"))
	if st.P.Outcome().Over {
		return ai.Result{}, ai.ErrNoMove
	}
	lim := mcts.Limits{Iterations: req.Limits.Iterations, Time: req.Limits.Time}
	if lim.Iterations == 0 && lim.Time == 0 {
		lim.Time = DefaultTime
	}
	root := &Node{P: st.P.Clone(), C: &coef}
	newNode := func() *Node { return &Node{P: root.P.Clone()} }
	var progress func(mcts.Info[morris.Move])
	if req.Progress != nil {
		progress = func(in mcts.Info[morris.Move]) {
			req.Progress(ai.Info{Nodes: in.Iterations, Score: in.Best.Value, Elapsed: in.Elapsed})
		}
	}
	s := new(mcts.Searcher[*Node, morris.Move])
	if lim.Iterations == 0 {
		// Time-limited: start from a kept tree where one holds the
		// position under the same evaluation and rules.
		r := st.P.Rules()
		key := fmt.Sprintf("%v %v %v", r.Variant, r.Options(), coef)
		s = e.trees.Get(key, root.Hash(), root.ToMove())
		defer e.trees.Put(key, s)
	}
	res := s.Search(ctx, root, newNode, cfg, lim, progress)
	if !res.HasMove {
		return ai.Result{}, ai.ErrNoMove
	}
	return ai.Result{Move: res.Move, Score: res.Value, PV: toGames(res.PV), Depth: len(res.PV),
		Nodes: res.Iterations, Elapsed: res.Elapsed, Reused: res.Reused}, nil
}

// MCTSInfo registers the engine.
func MCTSInfo() ai.EngineInfo {
	return ai.EngineInfo{Game: "morris", Name: "mcts", Version: MCTSVersion, Deterministic: true,
		Description: "Monte Carlo tree search: " + MCTSConfig().Describe() + "; random playouts, scored by the strategy where they are cut; " +
			"a time-limited search starts from the last searches' trees where one holds the position " +
			"(limits: time, iterations; score = expected result for the side to move, 0..1; " + ai.DescribeOptions(mctsOptions) + ")",
		Options: mctsOptions, Engine: NewMCTS()}
}

// mctsOptions is the MCTS engine's option table: the strategy's, and the
// seed.
var mctsOptions = append(slices.Clone(strategyOptions), games.OptionSpec{Name: "seed", Kind: games.OptionInt,
	Default: strconv.FormatUint(MCTSConfig().Seed, 10), Min: 0, Max: ai.MaxSeed, Description: "the random seed"})
