package lessai

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gameai/ai/mcts"
	"gameai/games"
	"gameai/games/less"
)

// scripted plays one seat's turns by a fixed policy, as a stranger's bot
// might.
type scripted func(p less.Position, d *less.Distances, r *rand.Rand) less.Action

func drawnTurn(pick func(n *Node, ms []less.Move, r *rand.Rand) less.Move) scripted {
	return func(p less.Position, d *less.Distances, r *rand.Rand) less.Action {
		n := Node{P: p, D: d}
		var a less.Action
		turn := p.Turn()
		var buf [40]less.Move
		for n.P.Turn() == turn && !n.P.Over() && a.N < 3 {
			ms := n.Moves(buf[:0])
			if len(ms) == 0 {
				break
			}
			m := pick(&n, ms, r)
			if m == EndTurn {
				break
			}
			n.Play(m)
			a.M[a.N] = m
			a.N++
		}
		return a
	}
}

var (
	greedyBot scripted = func(p less.Position, d *less.Distances, _ *rand.Rand) less.Action { return Greedy(p, d) }
	weightBot          = drawnTurn(func(n *Node, ms []less.Move, r *rand.Rand) less.Move {
		return n.PlayoutMove(ms, mcts.NewRand(r.Uint64()))
	})
	uniformBot = drawnTurn(func(_ *Node, ms []less.Move, r *rand.Rand) less.Move { return ms[r.IntN(len(ms))] })
)

func searchBot(iterations int64) scripted {
	return func(p less.Position, d *less.Distances, r *rand.Rand) less.Action {
		c := Chooser{Kind: KindUCT, Tree: Tree{TeamPlay: true, Scale: UCTScale}, Seed: r.Uint64()}
		ch, err := c.Choose(context.Background(), p, d, Limits{Iterations: iterations}, nil)
		if err != nil {
			panic(err)
		}
		return ch.Action
	}
}

// watch plays turns of a game with the four scripted seats, a model
// observing every turn, and calls check after each.
func watch(t *testing.T, seed uint64, seats [4]scripted, turns int, check func(m *Model, turn int)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	w := less.RandomWalls(0.3, 0.1, r.Float64)
	p := *less.NewPosition(w)
	d := less.DistancesFor(w)
	var m Model
	for turn := 0; turn < turns && !p.Over(); turn++ {
		seat := p.ToMove()
		a := seats[seat](p, d, r)
		m.Observe(context.Background(), p, d, a, mcts.Limits{Iterations: 1000})
		if err := p.Apply(a); err != nil {
			t.Fatalf("turn %d: %s played %s: %v", turn, less.PlayerNames[seat], a, err)
		}
		check(&m, turn)
	}
}

// The test: a partner that always plays greedy is known as greedy
// within a few of its turns, and the others by what they play (a random
// player perhaps still as a searcher).
func TestModelRecognisesEachPolicy(t *testing.T) {
	if testing.Short() {
		t.Skip("searches at every turn")
	}
	seats := [4]scripted{searchBot(3000), weightBot, greedyBot, uniformBot}
	want := [4]Policy{PolicySearch, PolicyWeight, PolicyGreedy, PolicyUniform}
	for seed := range uint64(4 / raceRuns) {
		var m Model
		watch(t, 100+seed, seats, 48, func(got *Model, turn int) {
			m = *got
			if turn >= 4*4 && got.Best(2) != PolicyGreedy {
				t.Errorf("seed %d, after %d of its turns the greedy seat looks %s: %s", seed, got.Seen[2], got.Best(2), got.Describe(0))
			}
		})
		for seat, p := range want {
			// A random player is told from a searcher only where its
			// choices matter (where every move is as good, a search
			// spreads its visits as evenly): the prior keeps it a
			// searcher until then.
			if p == PolicyUniform && m.Best(seat) == PolicySearch {
				continue
			}
			if m.Best(seat) != p {
				t.Errorf("seed %d: %s (%s) looks like %s after %d turns: %s", seed, less.PlayerNames[seat], p, m.Best(seat),
					m.Seen[seat], m.Describe(seat^1))
			}
		}
		if post := m.Posterior(2); post[PolicyGreedy] < 0.99 {
			t.Errorf("seed %d: greedy's odds for the greedy seat %.3f after %d turns", seed, post[PolicyGreedy], m.Seen[2])
		}
		// Greedy never strays from greedy's moves; a random player does
		// within a few turns.
		if m.Strays[2] != 0 || m.Strays[3] == 0 {
			t.Errorf("seed %d: strays from greedy %v (the greedy seat none, the random one some)", seed, m.Strays)
		}
	}
}

// A program that searches plays greedy's turn most of the time (running
// home is mostly right), and a short search spreads its visits where the
// greedy odds are sure: the full-scale games showed our own engine
// and the 2017 runner-up planned as greedy on a fifth of their turns,
// some from their first. Planned so, a teammate that searches is not
// planned with us; only a seat whose turns are greedy's every time is.
func TestSearchersAreNotPlannedAsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("searches at every turn")
	}
	seats := [4]scripted{searchBot(3000), greedyBot, searchBot(3000), greedyBot}
	tree := Tree{TeamPlay: true, LearnTeammate: true, LearnOpponents: true}
	var searched, drawn int
	for seed := range uint64(4 / raceRuns) {
		watch(t, 200+seed, seats, 48, func(m *Model, turn int) {
			ps := tree.plans(m, 0)
			if !ps[2].Search {
				drawn++
			}
			if p := ps[1]; m.Seen[1] >= planAfter && (p.Search || p.W[PolicyGreedy] < 0.5) {
				t.Errorf("seed %d, after %d of its turns the greedy seat is planned as %+v: %s", seed, m.Seen[1], p, m.Describe(0))
			}
			searched++
		})
	}
	// The share is over four games' turns; the race detector's run plays
	// one (a minute for four under it) and checks each turn's plan.
	if raceRuns == 1 && drawn*20 > searched {
		t.Errorf("the searching teammate was planned as a drawn policy after %d of %d turns", drawn, searched)
	}
}

// strayAfter plays greedy's turns, then once, on its turns-th turn or the
// first after with a move greedy would not play, that move (the rest of
// the turn greedy's again): a program that searches, as it reads to the
// model between its strays.
func strayAfter(turns int) scripted {
	played, strayed := 0, false
	return func(p less.Position, d *less.Distances, _ *rand.Rand) less.Action {
		played++
		if strayed || played < turns {
			return Greedy(p, d)
		}
		n := Node{P: p, D: d}
		var buf [40]less.Move
		var gs [40]float64
		ms := n.Moves(buf[:0])
		for i, g := range n.greedyOdds(ms, gs[:0]) {
			if g == 0 && ms[i] != EndTurn {
				strayed = true
				n.Play(ms[i])
				a := less.Action{N: 1}
				a.M[0] = ms[i]
				if n.P.Turn() == p.Turn() && !n.P.Over() {
					rest := Greedy(n.P, d)
					for _, m := range rest.Moves()[:min(int(rest.N), 2)] {
						a.M[a.N] = m
						a.N++
					}
				}
				return a
			}
		}
		return Greedy(p, d)
	}
}

// A seat that plays greedy's turns for long, then one move greedy never
// plays, is no longer greedy: greedy never strays, and planning a program
// that searches as greedy is what the model got wrong most (our
// expectimax drawn as greedy on a third of its turns). A greedy seat
// beside it stays greedy.
func TestOneStrayRulesGreedyOut(t *testing.T) {
	if testing.Short() {
		t.Skip("searches at every turn")
	}
	for seed := range uint64(4 / raceRuns) {
		seats := [4]scripted{greedyBot, greedyBot, strayAfter(2 * planAfter), greedyBot}
		var before, after int
		watch(t, 300+seed, seats, 60, func(m *Model, turn int) {
			if m.Knows(1) && m.Best(1) != PolicyGreedy {
				t.Errorf("seed %d, turn %d: the greedy seat looks %s: %s", seed, turn, m.Best(1), m.Describe(0))
			}
			switch {
			case m.Strays[2] == 0 && m.Knows(2):
				before++
				if m.Best(2) != PolicyGreedy {
					t.Errorf("seed %d, turn %d: greedy's turns so far, but the seat looks %s: %s", seed, turn, m.Best(2), m.Describe(0))
				}
			case m.Strays[2] > 0:
				after++
				if !strings.Contains(m.Describe(0), "White (teammate, ") || !strings.Contains(m.Describe(0), "a move greedy never plays") {
					t.Errorf("seed %d, turn %d: the stray is not told: %s", seed, turn, m.Describe(0))
				}
				if p := m.Plan(2); m.Best(2) == PolicyGreedy || p.W[PolicyGreedy] != 0 {
					t.Errorf("seed %d, turn %d: after a stray the seat looks %s, planned as %+v: %s", seed, turn, m.Best(2), p,
						m.Describe(0))
				}
			}
		})
		if before == 0 || after == 0 {
			t.Errorf("seed %d: the seat was watched as greedy on %d turns and after its stray on %d: the test saw nothing",
				seed, before, after)
		}
	}
}

func TestPlansFollowTheModel(t *testing.T) {
	var m Model
	tree := Tree{TeamPlay: true, LearnTeammate: true, LearnOpponents: true}
	ps := tree.plans(&m, 0)
	for seat, p := range ps {
		if !p.Search {
			t.Errorf("before any turn, %s is planned as %+v, want a searcher", less.PlayerNames[seat], p)
		}
	}
	m.Seen = [4]int{0, planAfter - 1, planAfter - 1, planAfter - 1}
	m.LogL[1] = [nPolicies]float64{-10, -20, -1, -30}  // greedy
	m.LogL[2] = [nPolicies]float64{-1, -20, -10, -30}  // search
	m.LogL[3] = [nPolicies]float64{-10, -2.5, -2, -30} // greedy a little likelier than weight
	// The first turns run home, which every policy explains: a seat is
	// planned as it plays only after planAfter of them.
	if ps := tree.plans(&m, 0); !ps[1].Search || !ps[3].Search {
		t.Errorf("after %d turns, greedy opponents are planned as %+v and %+v", planAfter-1, ps[1], ps[3])
	}
	m.Seen = [4]int{0, planAfter, planAfter, planAfter}
	ps = tree.plans(&m, 0)
	if ps[1].Search || ps[1].W[PolicyGreedy] < 0.99 {
		t.Errorf("a greedy opponent is planned as %+v", ps[1])
	}
	if !ps[2].Search {
		t.Errorf("a searching teammate is planned as %+v", ps[2])
	}
	wantW := 1 / (1 + math.Exp(0.5)) // weight's share of the two, by their likelihoods (the same prior)
	if p := ps[3]; p.Search || math.Abs(p.W[PolicyWeight]-wantW) > 1e-3 || math.Abs(p.W[PolicyGreedy]-(1-wantW)) > 1e-3 {
		t.Errorf("an opponent greedy or weight is planned as %+v, want weight %.3f", p, wantW)
	}
	// A seat that plays like the weight draw (as a program that searches
	// reads) is planned as a searcher.
	m.LogL[1] = [nPolicies]float64{-10, -1, -20, -30}
	if ps := tree.plans(&m, 0); !ps[1].Search {
		t.Errorf("an opponent playing like the weight draw is planned as %+v", ps[1])
	}
	m.LogL[1] = [nPolicies]float64{-10, -20, -1, -30}
	n := &Node{Plans: ps}
	for seat, want := range []mcts.Role{mcts.Max, mcts.Chance, mcts.Max, mcts.Chance} {
		if got := n.Role(0, seat); got != want {
			t.Errorf("role of %s: %v, want %v", less.PlayerNames[seat], got, want)
		}
	}
	// A teammate the model does not know yet is planned as TeamPlay says,
	// here as the weight draw, not as the searcher Plan assumes.
	m.Seen[2] = planAfter - 1
	if p := (Tree{LearnTeammate: true}).plans(&m, 0)[2]; p.Search || p.W[PolicyWeight] != 1 {
		t.Errorf("a teammate seen %d times without TeamPlay is planned as %+v, want the weight draw", m.Seen[2], p)
	}
	m.Seen[2] = planAfter
	// Learning the teammate only: the opponents stay searchers whatever
	// they have shown.
	if ps := (Tree{LearnTeammate: true}).plans(&m, 0); !ps[1].Search || !ps[3].Search {
		t.Errorf("opponents not learnt are planned as %+v and %+v", ps[1], ps[3])
	}
}

// opponents=chance draws the opponents' turns in the tree by move weight,
// with or without a model, and leaves the teammate and a learnt teammate
// as they were; min and model keep them searchers until learnt.
func TestChanceOpponentsAreDrawnByWeight(t *testing.T) {
	var tr Tree
	tr.Apply(games.Options{"opponents": "chance", "teammate": "max"})
	if !tr.ChanceOpponents || tr.LearnOpponents || tr.Learns() || !tr.TeamPlay {
		t.Fatalf("opponents=chance gave %+v", tr)
	}
	var m Model
	m.Seen[1], m.Seen[2] = planAfter, planAfter
	m.LogL[1] = [nPolicies]float64{-10, -20, -1, -30} // plays greedy
	for _, model := range []*Model{nil, &m} {
		for _, tc := range []Tree{tr, {ChanceOpponents: true, LearnTeammate: true}} {
			ps := tc.plans(model, 0)
			if ps == nil {
				t.Fatalf("%+v with model %v: no plans", tc, model != nil)
			}
			for _, seat := range []int{1, 3} {
				if p := ps[seat]; p.Search || p.W != ([nPolicies]float64{PolicyWeight: 1}) {
					t.Errorf("%+v: opponent %d planned as %+v, want the weight draw", tc, seat, p)
				}
			}
			mate := SeatPlan{Search: tc.TeamPlay, W: [nPolicies]float64{PolicyWeight: 1}}
			if model != nil && tc.LearnTeammate {
				mate = m.Plan(2)
			}
			if !ps[0].Search || ps[2] != mate {
				t.Errorf("%+v: the mover and teammate planned as %+v and %+v", tc, ps[0], ps[2])
			}
			n := &Node{Plans: ps}
			if n.Role(0, 1) != mcts.Chance || n.Role(0, 3) != mcts.Chance {
				t.Errorf("%+v: opponents' roles %v and %v, want chance", tc, n.Role(0, 1), n.Role(0, 3))
			}
		}
	}
	// The bot's standard error says how the tree plays each seat, not only
	// what the model believes.
	if d := (Tree{ChanceOpponents: true, LearnTeammate: true}).DescribeModel(&m, 0); strings.Count(d, "drawn by move weight") != 2 ||
		!strings.Contains(d, "Black (opponent, 5 turns): plays like greedy") {
		t.Errorf("chance opponents described as %q", d)
	}
	tr.Apply(games.Options{"opponents": "min"})
	if tr.ChanceOpponents || tr.plans(&m, 0) != nil {
		t.Errorf("opponents=min after chance gave %+v", tr)
	}
	// A search with chance opponents plays a legal turn.
	st := start(t)
	p := *st.P
	d := less.DistancesFor(p.Walls())
	ch, err := Chooser{Kind: KindUCT, Tree: Tree{ChanceOpponents: true}, Seed: 1}.Choose(context.Background(), p, d,
		Limits{Iterations: 2000}, nil)
	if q := p; err != nil || !ch.Found || q.Apply(ch.Action) != nil {
		t.Errorf("a search with chance opponents chose %v (found %v): %v", ch.Action, ch.Found, err)
	}
}

// A seat drawn from a mixture weighs its moves by it: greedy's moves
// carry greedy's share, every move some, and they sum to one.
func TestPriorsOfAMixture(t *testing.T) {
	st := start(t)
	p := *st.P
	d := less.DistancesFor(p.Walls())
	var ps [4]SeatPlan
	ps[0].W[PolicyGreedy] = 1
	n := &Node{P: p, D: d, Plans: &ps}
	ms := n.Moves(nil)
	pri := n.Priors(ms, nil)
	var gs []float64
	gs = n.greedyOdds(ms, gs)
	sum := 0.0
	for i, x := range pri {
		sum += x
		if x <= 0 {
			t.Errorf("move %s has prior %g", ms[i], x)
		}
		want := (1-modelNoise)*gs[i] + modelNoise/float64(len(ms))
		if math.Abs(x-want) > 1e-12 {
			t.Errorf("move %s: prior %g, want %g", ms[i], x, want)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("priors sum to %g", sum)
	}
	// The greedy odds pick the moves that begin Greedy's turn.
	g := Greedy(p, d)
	if k := indexOf(ms, g.M[0]); gs[k] == 0 {
		t.Errorf("greedy's first move %s has greedy odds 0 (%v)", g.M[0], gs)
	}
}

// The greedy odds name exactly the moves that begin a turn as close home
// as can be (in any number of moves), over positions of random games:
// the memo and the short cut for a turn's last move change nothing; and
// Greedy's turn gets as close.
func TestGreedyOddsAgreeWithGreedy(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for game := range 6 / raceRuns {
		w := less.RandomWalls(0.3, 0.1, r.Float64)
		p := *less.NewPosition(w)
		d := less.DistancesFor(w)
		for turn := 0; turn < 40 && !p.Over(); turn++ {
			n := &Node{P: p, D: d}
			ms := n.Moves(nil)
			if len(ms) == 0 {
				p.Pass()
				continue
			}
			gs := n.greedyOdds(ms, nil)
			// Each first move's best turn, by brute force.
			type best struct{ dist, moves int }
			bs := make([]best, len(ms))
			top := best{math.MaxInt, 0}
			for i, m := range ms {
				b := best{d.Solo(p.Mover(), p.Pieces(p.Mover())), 0}
				if m != EndTurn {
					q := p
					q.Play(m)
					b.dist, b.moves = plainClosest(q, d, p.Mover(), p.Turn())
					b.moves++
				}
				bs[i] = b
				if b.dist < top.dist || b.dist == top.dist && b.moves < top.moves {
					top = b
				}
			}
			for i, m := range ms {
				if (gs[i] > 0) != (bs[i].dist == top.dist) {
					t.Fatalf("game %d turn %d: move %s has greedy odds %g, its best turn %+v, the best %+v", game, turn, m, gs[i], bs[i], top)
				}
			}
			// Greedy (whole turns) gets as close.
			q := p
			if err := q.Apply(Greedy(p, d)); err != nil || d.Solo(p.Mover(), q.Pieces(p.Mover())) != top.dist {
				t.Fatalf("game %d turn %d: Greedy's turn ends at %d (%v), the best %d", game, turn, d.Solo(p.Mover(), q.Pieces(p.Mover())), err, top.dist)
			}
			if err := p.Apply(drawnTurn(func(n *Node, ms []less.Move, r *rand.Rand) less.Move {
				return n.PlayoutMove(ms, mcts.NewRand(r.Uint64()))
			})(p, d, r)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// plainClosest is closest by brute force: every order of every move.
func plainClosest(q less.Position, d *less.Distances, mover, turn int) (dist, moves int) {
	dist = d.Solo(mover, q.Pieces(mover))
	if q.Turn() != turn || q.Over() {
		return dist, 0
	}
	for _, m := range q.Moves(nil) {
		r := q
		r.Play(m)
		if dd, mm := plainClosest(r, d, mover, turn); dd < dist || dd == dist && mm+1 < moves {
			dist, moves = dd, mm+1
		}
	}
	return dist, moves
}

// bias_beside=searcher keeps the bias while the teammate is planned as a
// searcher (not yet known, or learnt as one) and drops it once the model
// plans a greedy teammate, or when the teammate is drawn by weight; any
// keeps it throughout, and the other seats' plans do not matter.
func TestBiasBesideASearcherOnly(t *testing.T) {
	biased := DefaultConfig()
	biased.Bias = 0.3
	var tr Tree
	tr.Apply(games.Options{"teammate": "model", "opponents": "model", "bias": "0.3", "bias_beside": "searcher"})
	if !tr.BiasBesideSearcher || tr.MCTS == nil || tr.MCTS.Bias != 0.3 {
		t.Fatalf("bias_beside=searcher applied as %+v", tr)
	}
	c := Chooser{Kind: KindUCT, Tree: tr}
	var m Model
	bias := func() float64 { return c.search(c.plans(&m, 0), 0).Bias }
	if b := bias(); b != 0.3 {
		t.Errorf("beside a teammate not yet seen the bias is %v, want 0.3", b)
	}
	m.Seen = [4]int{0, planAfter, planAfter, planAfter}
	m.LogL[1] = [nPolicies]float64{-10, -20, -1, -30} // a greedy opponent
	m.LogL[2] = [nPolicies]float64{-1, -20, -10, -30} // a searching teammate
	m.LogL[3] = [nPolicies]float64{-10, -20, -1, -30}
	if b := bias(); b != 0.3 {
		t.Errorf("beside a searcher, greedy opponents, the bias is %v, want 0.3", b)
	}
	m.LogL[2] = [nPolicies]float64{-10, -20, -1, -30} // a greedy teammate
	if b := bias(); b != 0 {
		t.Errorf("beside a greedy teammate the bias is %v, want 0", b)
	}
	c.BiasBesideSearcher = false
	if b := bias(); b != 0.3 {
		t.Errorf("bias_beside=any beside a greedy teammate: %v, want 0.3", b)
	}
	// A teammate drawn by weight, with no model (plans nil) or with one.
	chance := Chooser{Kind: KindUCT, Tree: Tree{MCTS: &biased, BiasBesideSearcher: true}}
	if b := chance.search(chance.plans(nil, 0), 0).Bias; b != 0 {
		t.Errorf("beside a teammate drawn by weight the bias is %v, want 0", b)
	}
	chance.TeamPlay = true
	if b := chance.search(chance.plans(nil, 0), 0).Bias; b != 0.3 {
		t.Errorf("beside a teammate planned as the mover's own the bias is %v, want 0.3", b)
	}
}
