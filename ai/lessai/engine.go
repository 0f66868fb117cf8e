package lessai

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gameai/ai"
	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/games"
	"gameai/games/less"
)

// Versions change whenever the engines' answers may change.
const (
	MCTSVersion       = "1"
	ExpectimaxVersion = "1"
	GreedyVersion     = "1"
)

// DefaultTime is the budget of a search given no limit at all.
const DefaultTime = time.Second

// BestTurn runs MCTS-RAVE on p and returns a whole turn: the moves of the
// principal variation while the same player is to move (it stops early
// where the tree does, or at EndTurn).
func BestTurn(ctx context.Context, p less.Position, d *less.Distances, cfg mcts.Config, lim mcts.Limits,
	progress func(mcts.Info[less.Move])) (less.Action, mcts.Result[less.Move]) {
	root := &Node{P: p, D: d}
	res := mcts.Search(ctx, root, func() *Node { return &Node{} }, cfg, lim, progress)
	var a less.Action
	q := p
	turn := q.Turn()
	for _, m := range res.PV {
		if m == EndTurn || q.Turn() != turn || a.N == 3 || q.Cost(m) < 0 || q.Cost(m) > q.Left() {
			break
		}
		q.Play(m)
		a.M[a.N] = m
		a.N++
	}
	return a, res
}

// Greedy returns the action that brings the mover's pieces closest to home
// alone (ties: fewer moves), the baseline bot.
func Greedy(p less.Position, d *less.Distances) less.Action {
	t := &Turns{P: p, D: d}
	as := t.GenMoves(nil)
	if len(as) == 0 {
		return less.Nil
	}
	return as[0]
}

type engine struct{ kind string }

// Search plays the position's turn: limits of time or iterations (mcts),
// time, depth or nodes (expectimax); greedy needs none.
func (e engine) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st, ok := req.State.(*less.State)
	if !ok {
		return ai.Result{}, fmt.Errorf("%s plays less, not %s", e.kind, req.State.Game().Name())
	}
	p := *st.P
	if p.Over() {
		return ai.Result{}, ai.ErrNoMove
	}
	d := less.DistancesFor(p.Walls())
	start := time.Now()
	switch e.kind {
	case "greedy":
		if err := ai.OnlyOptions(req.Options); err != nil {
			return ai.Result{}, err
		}
		a := Greedy(p, d)
		return ai.Result{Move: a, PV: []games.Move{a}, Depth: 1, Nodes: 1, Elapsed: time.Since(start)}, nil
	case "expectimax":
		if err := ai.OnlyOptions(req.Options, "beam"); err != nil {
			return ai.Result{}, err
		}
		beam := 12
		if b, ok := req.Options["beam"]; ok {
			n, err := strconv.Atoi(b)
			if err != nil || n < 1 || n > 1000 {
				return ai.Result{}, &ai.OptionError{Name: "beam", Reason: fmt.Sprintf("%q is not an integer in 1..1000", b)}
			}
			beam = n
		}
		lim := minimax.ExpectiLimits{Depth: req.Limits.Depth, Nodes: req.Limits.Nodes, Time: req.Limits.Time, Beam: beam}
		if lim.Depth == 0 && lim.Nodes == 0 && lim.Time == 0 {
			lim.Time = DefaultTime
		}
		res := minimax.Expectimax[*Turns, less.Action](ctx, &Turns{P: p, D: d}, lim)
		if !res.HasMove {
			return ai.Result{}, ai.ErrNoMove
		}
		return ai.Result{Move: res.Move, Score: res.Value, PV: []games.Move{res.Move}, Depth: res.Depth,
			Nodes: res.Nodes, Elapsed: res.Elapsed}, nil
	}
	if err := ai.OnlyOptions(req.Options, "seed"); err != nil {
		return ai.Result{}, err
	}
	cfg := Config
	if s, ok := req.Options["seed"]; ok {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return ai.Result{}, &ai.OptionError{Name: "seed", Reason: fmt.Sprintf("%q is not a non-negative integer", s)}
		}
		cfg.Seed = n
	}
	lim := mcts.Limits{Iterations: req.Limits.Iterations, Time: req.Limits.Time}
	if lim.Iterations == 0 && lim.Time == 0 {
		lim.Time = DefaultTime
	}
	var progress func(mcts.Info[less.Move])
	if req.Progress != nil {
		progress = func(in mcts.Info[less.Move]) {
			req.Progress(ai.Info{Nodes: in.Iterations, Score: in.Best.Value, Elapsed: in.Elapsed})
		}
	}
	a, res := BestTurn(ctx, p, d, cfg, lim, progress)
	if a.N == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	return ai.Result{Move: a, Score: res.Value, PV: []games.Move{a}, Depth: int(a.N), Nodes: res.Iterations,
		Elapsed: res.Elapsed}, nil
}

// Infos registers the engines; MCTS is the default.
func Infos() []ai.EngineInfo {
	return []ai.EngineInfo{
		{Game: "less", Name: "mcts", Version: MCTSVersion, Deterministic: true, Engine: engine{"mcts"},
			Description: "MCTS with RAVE and transpositions over single moves, playouts guided home and cut off after 40 moves " +
				"(limits: time, iterations; score: the expected share of the margin for the side to move, 0..1; option seed)"},
		{Game: "less", Name: "expectimax", Version: ExpectimaxVersion, Deterministic: true, Engine: engine{"expectimax"},
			Description: "expectiminimax over whole turns, the teammate a chance node, evaluation by the score as it stands " +
				"(limits: time, depth in turns, nodes; option beam = moves kept per node, default 12)"},
		{Game: "less", Name: "greedy", Version: GreedyVersion, Deterministic: true, Engine: engine{"greedy"},
			Description: "the turn that brings the mover's pieces closest to home alone (no search; a baseline)"},
	}
}
