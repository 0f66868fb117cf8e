package lessai

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gameai/ai"
	"gameai/ai/mcts"
	"gameai/games"
	"gameai/games/less"
)

// Versions change whenever the engines' answers may change; a test holds
// each to the fingerprint of its default configuration. mcts 5 and uct 7
// only added the bias setting, off by default (mcts.Config.Bias): the same
// answers, a new fingerprint; uct 8 only took the bias's range from 0
// (games.OptionSpec.MinClosed), where it was above -1; uct 9 only added
// bias_beside, any by default. (The fingerprint has since left settings at
// zero out, so a setting added off needs no new version.) uct 10 searches
// with bias=0.3 while its teammate is planned as a searcher
// (bias_beside=searcher).
const (
	MCTSVersion       = "5"
	UCTVersion        = "10"
	ExpectimaxVersion = "2"
	GreedyVersion     = "2"
)

// DefaultTime is the budget of a search given no limit at all.
const DefaultTime = time.Second

// BestTurn runs MCTS-RAVE from root (NewNode) and returns a whole turn:
// the moves of the principal variation while the same player is to move
// (it stops early where the tree does, or at EndTurn). s, when not nil,
// searches from the trees it kept where they hold the position.
func BestTurn(ctx context.Context, s *mcts.Searcher[*Node, less.Move], root *Node,
	cfg mcts.Config, lim mcts.Limits, progress func(mcts.Info[less.Move])) (less.Action, mcts.Result[less.Move]) {
	if s == nil {
		s = new(mcts.Searcher[*Node, less.Move])
	}
	res := s.Search(ctx, root, func() *Node { return &Node{} }, cfg, lim, progress)
	var a less.Action
	q := root.P
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
// alone (ties: fewer moves), the baseline bot; one that brings them home
// with points left brings its teammate's pieces closest next.
func Greedy(p less.Position, d *less.Distances) less.Action {
	t := &Turns{P: p, D: d}
	as := t.GenMoves(nil)
	if len(as) == 0 {
		return less.Nil
	}
	return as[0]
}

// engine is one kind of Less engine. trees keeps the last Less trees of
// the engines registered together (Infos): a session's next engine turn,
// or a second request for the same game, starts from what the last search
// learnt. One tree of a one-second search is some 130 MB, so one is kept,
// and let go after two idle minutes.
type engine struct {
	kind  string
	trees *mcts.Pool[*Node, less.Move]
}

// Search plays the position's turn through the Chooser: limits of time or
// iterations (mcts), time, depth or nodes (expectimax); greedy needs none.
func (e engine) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st, ok := req.State.(*less.State)
	if !ok {
		return ai.Result{}, fmt.Errorf("%s plays less, not %s", e.kind, req.State.Game().Name())
	}
	p := *st.P
	if p.Over() {
		return ai.Result{}, ai.ErrNoMove
	}
	c, err := e.chooser(req.Options)
	if err != nil {
		return ai.Result{}, err
	}
	c.Trees = e.trees
	var progress func(mcts.Info[less.Move])
	if req.Progress != nil {
		progress = func(in mcts.Info[less.Move]) {
			req.Progress(ai.Info{Nodes: in.Iterations, Score: in.Best.Value, Elapsed: in.Elapsed})
		}
	}
	lim := Limits{Time: req.Limits.Time, Iterations: req.Limits.Iterations, Depth: req.Limits.Depth, Nodes: req.Limits.Nodes}
	ch, err := c.Choose(ctx, p, less.DistancesFor(p.Walls()), lim, progress)
	if err != nil {
		return ai.Result{}, err
	}
	if !ch.Found {
		return ai.Result{}, ai.ErrNoMove
	}
	return ai.Result{Move: ch.Action, Score: ch.Value, PV: []games.Move{ch.Action}, Depth: ch.Depth, Nodes: ch.Nodes,
		Elapsed: ch.Elapsed, Reused: ch.Reused}, nil
}

// chooser is the engine set by the options given (none: its defaults).
func (e engine) chooser(given map[string]string) (Chooser, error) {
	c := Chooser{Kind: e.kind}
	opts, err := ai.ResolveOptions(engineOptions[e.kind], given)
	if err != nil {
		return Chooser{}, err
	}
	switch e.kind {
	case KindGreedy:
	case KindExpectimax:
		c.Beam = opts.Int("beam")
	default:
		c.Tree.Apply(opts)
		c.Seed = uint64(opts.Int("seed"))
	}
	return c, nil
}

// defaultSearch is the search a tree engine runs with its default options
// beside a teammate planned as a searcher (as a bot starts a game), for
// its description: the configuration Search builds, not a second account
// of the defaults.
func defaultSearch(kind string) mcts.Config {
	c, err := engine{kind: kind}.chooser(nil)
	if err != nil {
		panic(fmt.Sprintf("lessai: %s's own option defaults are refused: %v", kind, err))
	}
	return c.search(nil, 0)
}

// treeOptions says what the mcts or uct engine takes, for its
// description.
func treeOptions(kind string) string {
	return "; a time-limited search starts from the last search's tree where it holds the position, whichever seat it was for" +
		" (limits: time, iterations; score: the expected share of the margin for the side to move, 0..1; " + ai.DescribeOptions(optionsOf(kind)) + ")"
}

// engineOptions are the engines' option tables by kind, made once.
var engineOptions = map[string][]games.OptionSpec{KindUCT: optionsOf(KindUCT), KindMCTS: optionsOf(KindMCTS),
	KindExpectimax: optionsOf(KindExpectimax), KindGreedy: nil}

// optionsOf is an engine's option table.
func optionsOf(kind string) []games.OptionSpec {
	switch kind {
	case KindGreedy:
		return nil
	case KindExpectimax:
		return []games.OptionSpec{{Name: "beam", Kind: games.OptionInt, Default: strconv.Itoa(DefaultBeam), Min: 1, Max: 1000,
			Description: "turns kept at each node"}}
	}
	return append([]games.OptionSpec{{Name: "seed", Kind: games.OptionInt, Default: strconv.FormatUint(DefaultConfig().Seed, 10), Min: 0,
		Max: ai.MaxSeed, Description: "the random seed"}}, TreeOptions(kind)...)
}

// TreeOptions are the settings of the mcts and uct engines' tree search:
// the service's engine options and the CodeCup bot specs'
// (codecup.ParseSpec) are this one table.
func TreeOptions(kind string) []games.OptionSpec {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	// uct's defaults are the best measured against the CodeCup 2017
	// runner-up at 30 s, both when it plays both seats of a team and when
	// its teammate is that program (docs/strength.md): the teammate planned
	// as its own, rewards at scale 3. mcts keeps the package's.
	// Since version 3 uct learns the other seats in a game (teammate and
	// opponents "model"): as good beside and against the runner-up, and
	// some 2.5 points a game better beside and against a greedy bot.
	// Since version 6 a move gets its node on its 8th visit (expand_after);
	// since version 10 a progressive bias while the teammate is planned as
	// a searcher (bias, bias_beside).
	teammate, opponents, scale, expandAfter, bias, biasBeside := "chance", "min", Scale, DefaultConfig().ExpandAfter, DefaultConfig().Bias, "any"
	if kind == KindUCT {
		teammate, opponents, scale, expandAfter, bias, biasBeside = "model", "model", UCTScale, UCTExpandAfter, UCTBias, "searcher"
	}
	t := []games.OptionSpec{
		{Name: "teammate", Kind: games.OptionChoice, Default: teammate, Choices: []string{"chance", "max", "model"},
			Description: "chance: the teammate's turns drawn by move weight; " +
				"max: planned as the mover's own; " +
				"model: learnt from its turns in the game (a bot that sees them: as max until then)"},
		{Name: "opponents", Kind: games.OptionChoice, Default: opponents, Choices: []string{"min", "model", "chance"},
			Description: "min: the opponents' turns planned as the worst for us; " +
				"model: learnt from their turns in the game, as the teammate's; " +
				"chance: drawn by move weight, as in the playouts"},
		{Name: "scale", Kind: games.OptionFloat, Default: f(scale), Min: 0, Max: 1000,
			Description: "the margin in points that makes a 73% reward"},
		{Name: "horizon", Kind: games.OptionInt, Default: strconv.Itoa(HorizonTurns), Min: 1, Max: less.Turns,
			Description: "turns past the root's round that playouts go"},
		{Name: "c", Kind: games.OptionFloat, Default: f(DefaultConfig().C), Min: 0, Max: 1_000_000, Description: "the exploration constant"},
		{Name: "fpu", Kind: games.OptionFloat, Default: f(DefaultConfig().FPU), Min: 0, Max: 1_000_000,
			Description: "the value of a move not yet tried"},
		{Name: "max_depth", Kind: games.OptionInt, Default: strconv.Itoa(DefaultConfig().MaxDepth), Min: 1, Max: 1000,
			Description: "how deep the tree grows"},
		{Name: "expand_after", Kind: games.OptionInt, Default: strconv.Itoa(expandAfter), Min: 1, Max: 1_000_000,
			Description: "the visits a move has before it gets its node: the tree deepens with its budget"},
		{Name: "bias", Kind: games.OptionFloat, Default: f(bias), Min: 0, MinClosed: true, Max: 1000,
			Description: "progressive bias: a tried move's value gains bias × ln(its weight / the best sibling's) / its visits (0: off)"},
		{Name: "bias_beside", Kind: games.OptionChoice, Default: biasBeside, Choices: []string{"any", "searcher"},
			Description: "any: the bias in every search; searcher: only while the teammate is planned as a searcher " +
				"(a model that draws the teammate's turns as greedy or random turns it off)"},
		{Name: "settle", Kind: games.OptionBool, Default: "false",
			Description: "end a timed search once the time left could not change its move"},
	}
	if kind == KindMCTS {
		t = append(t, games.OptionSpec{Name: "rave_k", Kind: games.OptionFloat, Default: f(DefaultConfig().RaveK), Min: 0, Max: 1_000_000,
			Description: "RAVE's equivalence: the visits at which a move's own value weighs as much as its RAVE value"})
	}
	return t
}

// Infos registers the engines; UCT is the default: RAVE was worth nothing
// at 3 s a game and if anything a point a game less at 30 s, and the
// reason was measured (docs/strength.md). The descriptions are made from
// the configurations, so they say what the engines run.
func Infos() []ai.EngineInfo {
	tree := fmt.Sprintf("MCTS over single moves, playouts drawing moves by 16^(distance gained - points spent) "+
		"and stopped %d turns past the root's round: ", HorizonTurns)
	trees := mcts.NewPool[*Node, less.Move](1, 2*time.Minute)
	return []ai.EngineInfo{
		{Game: "less", Name: KindUCT, Version: UCTVersion, Deterministic: true, Engine: engine{KindUCT, trees},
			Description: tree + defaultSearch(KindUCT).Describe() + treeOptions(KindUCT) +
				"; its defaults the best measured against the CodeCup 2017 runner-up and beside it, or beside a greedy bot " +
				"(scale=3, expand_after=8; teammate=model, opponents=model: a bot that sees the other seats' turns learns how each plays, " +
				"and plans a searching seat as a searcher, a greedy one as greedy; bias=0.3, bias_beside=searcher: a progressive bias " +
				"while the teammate is planned as a searcher; docs/strength.md)",
			Options: optionsOf(KindUCT)},
		{Game: "less", Name: KindMCTS, Version: MCTSVersion, Deterministic: true, Engine: engine{KindMCTS, trees},
			Description: tree + defaultSearch(KindMCTS).Describe() + treeOptions(KindMCTS), Options: optionsOf(KindMCTS)},
		{Game: "less", Name: KindExpectimax, Version: ExpectimaxVersion, Deterministic: true, Engine: engine{KindExpectimax, trees},
			Description: "expectiminimax over whole turns, the teammate a chance node, evaluation by the score as it stands " +
				"(limits: time, depth in turns, nodes; " + ai.DescribeOptions(optionsOf(KindExpectimax)) + ")",
			Options: optionsOf(KindExpectimax)},
		{Game: "less", Name: KindGreedy, Version: GreedyVersion, Deterministic: true, Engine: engine{KindGreedy, trees},
			Description: "the turn that brings the mover's pieces closest to home alone (no search; a baseline; no options)"},
	}
}
