package lessai

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/games"
	"gameai/games/less"
)

// The kinds of Less engine. UCT is MCTS without RAVE: not worse at any
// budget measured, and with the teammate planned as our own the best
// against the CodeCup 2017 runner-up (docs/strength.md).
const (
	KindMCTS       = "mcts"
	KindUCT        = "uct"
	KindExpectimax = "expectimax"
	KindGreedy     = "greedy"
)

// Kinds lists them, the default first.
var Kinds = []string{KindUCT, KindMCTS, KindExpectimax, KindGreedy}

// DefaultBeam is how many turns expectiminimax keeps at each node.
const DefaultBeam = 12

// Chooser picks a turn with one kind of engine; the service's engines and
// the CodeCup bot both play through it, so they cannot drift apart.
type Chooser struct {
	Kind string
	// Tree is the mcts and uct kinds' settings.
	Tree
	// Beam is expectiminimax's (zero: DefaultBeam).
	Beam int
	// Seed of the tree search.
	Seed uint64
	// Model, when set, is what the game has shown of the other seats:
	// the tree plans the seats Tree learns by it.
	Model *Model
	// Trees, when set, keeps the MCTS trees of time-limited searches for
	// the next: a search whose position a kept tree holds (the same player
	// to move, some turns on) starts from its statistics. Searches bounded
	// by iterations always start afresh, so that a seed gives one answer.
	Trees *mcts.Pool[*Node, less.Move]
}

// Tree is the mcts and uct engines' settings, as a Chooser and a CodeCup
// bot's configuration (codecup.BotConfig) both carry them; Apply sets them
// from TreeOptions, the one table of them.
type Tree struct {
	// MCTS is the search (nil: DefaultConfig).
	MCTS *mcts.Config `json:"mcts,omitempty"`
	// TeamPlay plans the teammate's turns as the mover's own
	// (Node.TeamPlay) instead of drawing them as likely moves.
	TeamPlay bool `json:"team_play,omitempty"`
	// HorizonTurns (0: the package's HorizonTurns) and Scale (0: Scale)
	// set the playouts and the rewards (Node).
	HorizonTurns int     `json:"horizon_turns,omitempty"`
	Scale        float64 `json:"scale,omitempty"`
	// LearnTeammate and LearnOpponents plan those seats by a Model learnt
	// from their turns in the game (teammate=model, opponents=model),
	// where a Chooser is given one; until the model knows a seat
	// (Model.Knows) the teammate is planned as TeamPlay says and the
	// opponents as searchers.
	LearnTeammate  bool `json:"learn_teammate,omitempty"`
	LearnOpponents bool `json:"learn_opponents,omitempty"`
	// ChanceOpponents draws the opponents' turns in the tree by move
	// weight, as the playouts do (opponents=chance), instead of choosing
	// the worst for us: a tree of few visits a node that picks the
	// opponents' best replies picks the luckiest playouts' replies. Beside
	// and against the CodeCup 2017 runner-up at 30 s it measured no better
	// than min nodes (docs/strength.md).
	ChanceOpponents bool `json:"chance_opponents,omitempty"`
	// BiasBesideSearcher keeps the search's progressive bias (mcts.Config
	// Bias) only while the teammate is planned as a searcher
	// (bias_beside=searcher): beside the CodeCup 2017 runner-up a bias of
	// 0.3 gained, beside a greedy bot it lost (docs/strength.md), and a
	// model tells the two within a few turns.
	BiasBesideSearcher bool `json:"bias_beside_searcher,omitempty"`
}

// Learns reports whether any seat is planned by a learnt Model.
func (t Tree) Learns() bool { return t.LearnTeammate || t.LearnOpponents }

// plans is how the tree of a search by me plays the other seats, given
// what m (nil: nothing) has learnt of them; nil where neither a model nor
// chance opponents are asked for (TeamPlay alone decides).
func (t Tree) plans(m *Model, me int) *[4]SeatPlan {
	learnt := m != nil && t.Learns()
	if !learnt && !t.ChanceOpponents {
		return nil
	}
	var ps [4]SeatPlan
	for seat := range 4 {
		switch {
		case seat == me:
			ps[seat].Search = true
		case seat == me^2 && learnt && t.LearnTeammate && m.Knows(seat):
			ps[seat] = m.Plan(seat)
		case seat == me^2:
			ps[seat] = SeatPlan{Search: t.TeamPlay, W: byWeight}
		case learnt && t.LearnOpponents && m.Knows(seat):
			ps[seat] = m.Plan(seat)
		case t.ChanceOpponents:
			ps[seat].W = byWeight
		default:
			ps[seat].Search = true
		}
	}
	return &ps
}

// Apply sets the settings of TreeOptions that o holds (resolved against
// the table), leaving the others; the search is changed on a copy, never
// on a configuration another holds.
func (t *Tree) Apply(o games.Options) {
	var cfg *mcts.Config
	search := func() *mcts.Config {
		if cfg == nil {
			c := DefaultConfig()
			if t.MCTS != nil {
				c = *t.MCTS
			}
			cfg = &c
			t.MCTS = cfg
		}
		return cfg
	}
	for k := range o {
		switch k {
		case "teammate":
			t.TeamPlay = o[k] == "max" || o[k] == "model"
			t.LearnTeammate = o[k] == "model"
		case "opponents":
			t.LearnOpponents = o[k] == "model"
			t.ChanceOpponents = o[k] == "chance"
		case "scale":
			t.Scale = o.Float(k)
		case "horizon":
			t.HorizonTurns = o.Int(k)
		case "c":
			search().C = o.Float(k)
		case "fpu":
			search().FPU = o.Float(k)
		case "max_depth":
			search().MaxDepth = o.Int(k)
		case "expand_after":
			search().ExpandAfter = o.Int(k)
		case "bias":
			search().Bias = o.Float(k)
		case "bias_beside":
			t.BiasBesideSearcher = o[k] == "searcher"
		case "settle":
			search().StopSettled = o.Bool(k)
		case "rave_k":
			search().RaveK = o.Float(k)
		}
	}
}

// Limits bound one choice: time or iterations (mcts, uct), time, depth in
// turns or nodes (expectimax); greedy needs none. A kind ignores the limits
// it does not take, and searches DefaultTime when it is given none of its own.
type Limits struct {
	Time       time.Duration
	Iterations int64
	Depth      int
	Nodes      int64
}

// Choice is a chosen turn with what the search saw.
type Choice struct {
	Action less.Action
	// Found is false when the search found no turn: Action is then greedy's.
	Found bool
	// Value is the search's value of the turn for the mover (MCTS: the
	// expected share of the margin, 0..1; expectimax: the evaluation).
	Value   float64
	Depth   int
	Nodes   int64
	Elapsed time.Duration
	// Reused is the visits MCTS inherited from a kept tree (Trees).
	Reused int64
}

// Choose picks the mover's turn in p.
func (c Chooser) Choose(ctx context.Context, p less.Position, d *less.Distances, lim Limits,
	progress func(mcts.Info[less.Move])) (Choice, error) {
	start := time.Now()
	switch c.Kind {
	case KindExpectimax:
		lim.Iterations = 0
	case KindMCTS, KindUCT:
		lim.Depth, lim.Nodes = 0, 0
	}
	if lim == (Limits{}) {
		lim.Time = DefaultTime
	}
	switch c.Kind {
	case KindGreedy:
		return Choice{Action: Greedy(p, d), Found: true, Depth: 1, Nodes: 1, Elapsed: time.Since(start)}, nil
	case KindExpectimax:
		beam := c.Beam
		if beam == 0 {
			beam = DefaultBeam
		}
		res := minimax.Expectimax[*Turns, less.Action](ctx, &Turns{P: p, D: d},
			minimax.ExpectiLimits{Depth: lim.Depth, Nodes: lim.Nodes, Time: lim.Time, Beam: beam})
		if !res.HasMove {
			return Choice{Action: Greedy(p, d), Elapsed: time.Since(start)}, nil
		}
		return Choice{Action: res.Move, Found: true, Value: res.Value, Depth: res.Depth, Nodes: res.Nodes,
			Elapsed: res.Elapsed}, nil
	case KindMCTS, KindUCT:
		root := NewNode(p, d)
		root.TeamPlay = c.TeamPlay
		root.Plans = c.plans(c.Model, p.ToMove())
		cfg := c.search(root.Plans, p.ToMove())
		turns, scale := cmp.Or(c.HorizonTurns, HorizonTurns), cmp.Or(c.Scale, Scale)
		root.Horizon, root.Scale = horizon(p, turns), scale
		var s *mcts.Searcher[*Node, less.Move]
		if c.Trees != nil && lim.Iterations == 0 {
			key := c.treeKey(cfg, turns, scale, p.Walls(), root.Plans)
			s = c.Trees.Get(key, root.Hash(), root.ToMove())
			defer c.Trees.Put(key, s)
		}
		a, res := BestTurn(ctx, s, root, cfg, mcts.Limits{Iterations: lim.Iterations, Time: lim.Time}, progress)
		if a.N == 0 {
			return Choice{Action: Greedy(p, d), Nodes: res.Iterations, Elapsed: res.Elapsed, Reused: res.Reused}, nil
		}
		return Choice{Action: a, Found: true, Value: res.Value, Depth: int(a.N), Nodes: res.Iterations,
			Elapsed: res.Elapsed, Reused: res.Reused}, nil
	}
	return Choice{}, fmt.Errorf("no Less engine %q (engines: %v)", c.Kind, Kinds)
}

// treeKey names the tree a search grows, for Trees. Positions hash their
// pieces, not the walls: the key keeps two layouts' trees apart; a tree
// grown with another teammate model, horizon, reward or search is not this
// one's. The search is its whole configuration but the seed, every field,
// so a field added to mcts.Config cannot be left out of it.
func (c Chooser) treeKey(cfg mcts.Config, turns int, scale float64, walls *less.Walls, plans *[4]SeatPlan) string {
	cfg.Seed = 0
	return fmt.Sprintf("%s %t %d %g %+v %s %s", c.Kind, c.TeamPlay, turns, scale, cfg, walls, plansKey(plans))
}

// search is the MCTS configuration of a search by me whose tree plays the
// other seats by plans (nil: TeamPlay alone decides).
func (c Chooser) search(plans *[4]SeatPlan, me int) mcts.Config {
	cfg := DefaultConfig()
	if c.MCTS != nil {
		cfg = *c.MCTS
	}
	if c.Kind == KindUCT {
		cfg.RAVE = false
	}
	cfg.Seed = c.Seed
	searcher := c.TeamPlay
	if plans != nil {
		searcher = plans[me^2].Search
	}
	if c.BiasBesideSearcher && !searcher {
		cfg.Bias = 0
	}
	return cfg
}

// plansKey names plans for a kept tree's key: roles, and mixtures to a
// tenth (a tree grown for one mixture serves one a little different).
func plansKey(ps *[4]SeatPlan) string {
	if ps == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range ps {
		if p.Search {
			b.WriteString("s ")
			continue
		}
		fmt.Fprintf(&b, "%.1f/%.1f/%.1f ", p.W[PolicyWeight], p.W[PolicyGreedy], p.W[PolicyUniform])
	}
	return b.String()
}

// ValidKind reports whether kind is one of Kinds.
func ValidKind(kind string) bool { return slices.Contains(Kinds, kind) }
