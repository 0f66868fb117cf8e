package lessai

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gameai/ai/mcts"
	"gameai/games/less"
)

// A model of the other players, learnt during a game. In a CodeCup-style
// event a bot sits beside a teammate it did not write: planning that
// teammate's turns as its own (teammate=max) is right beside itself, and
// drawing them by move weight (teammate=chance, the 2017 runner-up's
// guess) is the other guess; neither looks at what the teammate does. A
// Model scores a few candidate policies on the turns each seat has
// actually played, and the tree plays each seat by the one that explains
// it best: as a searcher (our own search: the teammate chooses with us,
// an opponent against us) or drawn from the mixture of the others.

// Policy is a way a player may choose its turns.
type Policy int

// The candidate policies.
const (
	// PolicySearch is our own search's choice, as a short search from the
	// seat's position weighs its moves.
	PolicySearch Policy = iota
	// PolicyWeight draws each move by 16^net, as our playouts do.
	PolicyWeight
	// PolicyGreedy takes the turn that brings the seat's pieces closest to
	// home alone (ties: fewer moves), as the greedy bot does.
	PolicyGreedy
	// PolicyUniform draws every legal move alike.
	PolicyUniform
	nPolicies
)

var policyNames = [nPolicies]string{"search", "weight", "greedy", "uniform"}

func (p Policy) String() string { return policyNames[p] }

// modelNoise is each policy's share of uniform noise at every move: one
// odd move must not rule a policy out for the rest of the game, and the
// tree needs every move's odds above zero.
const modelNoise = 0.1

// planAfter is how many of a seat's turns with a choice the model sees
// before the tree plays the seat by a drawn policy: the first turns run
// home, and every policy that runs home explains them alike.
const planAfter = 5

// searchSmoothing is how many visits of the predicting search the move
// weights are worth where it looked little (a second or third move).
const searchSmoothing = 4.0

// SeatPlan is how the tree plays a seat's turns: as a searcher (the
// teammate with the root's player, an opponent against it), or drawn from
// the mixture W of the drawn policies (W[PolicySearch] is zero).
type SeatPlan struct {
	Search bool
	W      [nPolicies]float64
}

// byWeight is the mixture of a seat drawn by move weight alone, as the
// playouts draw every seat (teammate=chance, opponents=chance).
var byWeight = [nPolicies]float64{PolicyWeight: 1}

// Model is what a game has shown of each seat: the log-likelihood of its
// turns under each policy. The zero Model has seen nothing.
type Model struct {
	LogL [4][nPolicies]float64
	// Seen counts each seat's turns that had a choice.
	Seen [4]int
	// Strays counts each seat's moves that greedy would never play (of
	// its own pieces): a greedy bot has none, a program that searches
	// some in most games. One rules greedy out (Posterior).
	Strays [4]int
	// search is the predicting search's, kept so that its tree's memory
	// (megabytes) is not made again at every turn.
	search *mcts.Searcher[*Node, less.Move]
}

// policyPrior is each policy's odds before a seat has played: a stranger
// is taken for a searcher until its turns say otherwise. A program that
// searches (the 2017 runner-up) plays turns that read now and then as the
// weight draw's or greedy's, while a greedy bot's turns overturn the prior
// within a few turns.
var policyPrior = [nPolicies]float64{PolicySearch: 0.7, PolicyWeight: 0.1, PolicyGreedy: 0.1, PolicyUniform: 0.1}

// Posterior is the odds of each policy for seat after its turns (before
// any, policyPrior). A seat that strayed from greedy's moves once is not
// greedy: a greedy bot never strays, while a program that searches strays
// in most games but plays greedy's turn for long stretches (running home
// is mostly right), so odds alone, however little noise greedy was given,
// let those stretches outweigh a stray: our expectimax was drawn as
// greedy on a third of its turns in round robins, a stray rules that out
// on all but a tenth, and greedy is drawn as often (docs/strength.md).
func (m *Model) Posterior(seat int) [nPolicies]float64 {
	var post, l [nPolicies]float64
	top := math.Inf(-1)
	for i := range l {
		l[i] = m.LogL[seat][i] + math.Log(policyPrior[i])
	}
	if m.Strays[seat] > 0 {
		l[PolicyGreedy] = math.Inf(-1) // a greedy bot never strays
	}
	for _, x := range l {
		top = max(top, x)
	}
	sum := 0.0
	for i := range l {
		post[i] = math.Exp(l[i] - top)
		sum += post[i]
	}
	for i := range post {
		post[i] /= sum
	}
	return post
}

// Best is the policy that explains seat's turns best (PolicySearch before
// any turn: a stranger is assumed to play as well as we do).
func (m *Model) Best(seat int) Policy {
	post, best := m.Posterior(seat), PolicySearch
	for p := range nPolicies {
		if post[p] > post[best] {
			best = p
		}
	}
	return best
}

// Knows reports whether the model has seen enough of seat's turns to
// plan it by them (planAfter); before, the seat is planned as the tree's
// settings say.
func (m *Model) Knows(seat int) bool { return m.Seen[seat] >= planAfter }

// Plan is how the tree plays seat: a searcher when search or the weight
// draw explains it best or before planAfter of its turns, else the
// mixture of the drawn policies by their odds. A program that plays well
// reads to a short search as one of the two (the 2017 runner-up mostly as
// the weight draw), and planning it as a searcher is what measured best
// beside it and against it (docs/strength.md); a greedy or a random seat
// is planned as it plays.
func (m *Model) Plan(seat int) SeatPlan {
	if b := m.Best(seat); !m.Knows(seat) || b == PolicySearch || b == PolicyWeight {
		return SeatPlan{Search: true}
	}
	post := m.Posterior(seat)
	post[PolicySearch] = 0
	sum := post[PolicyWeight] + post[PolicyGreedy] + post[PolicyUniform]
	for i := range post {
		post[i] /= sum
	}
	return SeatPlan{W: post}
}

// Describe says what the model believes of the seats other than me, and
// how Plan would have the tree play each, for a bot's standard error.
func (m *Model) Describe(me int) string { return m.describe(me, nil) }

// DescribeModel is Model.Describe with how this search's tree plays each
// seat, which its settings decide as much as the model (a seat not
// learnt, opponents drawn by weight).
func (t Tree) DescribeModel(m *Model, me int) string { return m.describe(me, t.plans(m, me)) }

// describe is Describe by the plans ps, or by Plan where ps is nil.
func (m *Model) describe(me int, ps *[4]SeatPlan) string {
	var parts []string
	for seat := range 4 {
		if seat == me {
			continue
		}
		post := m.Posterior(seat)
		role := "opponent"
		if seat == me^2 {
			role = "teammate"
		}
		odds := make([]string, 0, nPolicies)
		for p := range nPolicies {
			odds = append(odds, fmt.Sprintf("%s %.2f", p, post[p]))
		}
		sp := m.Plan(seat)
		if ps != nil {
			sp = ps[seat]
		}
		plan := "planned as a searcher"
		switch {
		case sp.Search:
		case sp.W == byWeight:
			plan = "drawn by move weight"
		default:
			plan = "planned as it plays"
		}
		switch k := m.Strays[seat]; {
		case k == 1:
			plan = "a move greedy never plays, " + plan
		case k > 1:
			plan = fmt.Sprintf("%d moves greedy never plays, %s", k, plan)
		}
		parts = append(parts, fmt.Sprintf("%s (%s, %d turns): plays like %s [%s], %s", less.PlayerNames[seat], role,
			m.Seen[seat], m.Best(seat), strings.Join(odds, ", "), plan))
	}
	return strings.Join(parts, "; ")
}

// Observe scores the action a that the player to move in p played (p is
// the position before it) under each policy; lim bounds the short search
// that stands for ours (a few thousand iterations tell its favourites
// from the rest). A turn with no choice, or an action that is not legal
// in p, says nothing and is left out.
func (m *Model) Observe(ctx context.Context, p less.Position, d *less.Distances, a less.Action, lim mcts.Limits) {
	seat := p.ToMove()
	if p.Over() || a.N == 0 {
		return
	}
	if q := p; q.Apply(a) != nil {
		return
	}
	root := NewNode(p, d)
	root.TeamPlay, root.Scale = true, UCTScale
	cfg := DefaultConfig()
	cfg.RAVE, cfg.Threads = false, 1
	if m.search == nil {
		m.search = new(mcts.Searcher[*Node, less.Move])
	}
	s := m.search
	// A fresh tree: one kept from the last seat's prediction would
	// lend this one visits drawn for another root.
	s.Forget()
	s.Search(ctx, root, func() *Node { return &Node{} }, cfg, lim, nil)

	var logp [nPolicies]float64
	n := Node{P: p, D: d}
	turn := p.Turn()
	var moves [40]less.Move
	var stats []mcts.MoveStat[less.Move]
	var ws, gs [40]float64
	choices, strays := 0, 0
	mover := p.Mover()
	step := func(played less.Move) {
		if n.P.Mover() != mover {
			// The seat came home with points left, and moves its
			// teammate's pieces: a greedy bot's turn was chosen for its
			// own pieces, and is anything from here.
			n.Play(played)
			return
		}
		ms := n.Moves(moves[:0])
		if len(ms) > 1 {
			choices++
		}
		k := indexOf(ms, played)
		weights := n.weightOdds(ms, ws[:0])
		greedy := n.greedyOdds(ms, gs[:0])
		u := 1 / float64(len(ms))
		var found bool
		stats, found = s.Visits(n.P.Hash(), n.P.ToMove(), stats[:0])
		ps := weights[k]
		if found {
			// The searcher plays its most visited move: the visits,
			// squared, say how sure the short search is of each.
			total, v := 0.0, 0.0
			for _, st := range stats {
				x := float64(st.Visits) + searchSmoothing*weights[indexOf(ms, st.Move)]
				total += x * x
				if st.Move == played {
					v = x * x
				}
			}
			ps = v / total
		}
		noisy := func(x float64) float64 { return math.Log((1-modelNoise)*x + modelNoise*u) }
		logp[PolicySearch] += noisy(ps)
		logp[PolicyWeight] += noisy(weights[k])
		// A stray rules greedy out (Posterior): its odds need no noise.
		if greedy[k] > 0 {
			logp[PolicyGreedy] += math.Log(greedy[k])
		} else {
			strays++
		}
		logp[PolicyUniform] += math.Log(u)
		n.Play(played)
	}
	for _, mv := range a.Moves() {
		step(mv)
	}
	if n.P.Turn() == turn && !n.P.Over() {
		step(EndTurn) // it stopped with points left and moves that fit
	}
	if choices == 0 {
		return
	}
	m.Seen[seat]++
	m.Strays[seat] += strays
	for i := range logp {
		m.LogL[seat][i] += logp[i]
	}
}

func indexOf(ms []less.Move, m less.Move) int {
	for i, x := range ms {
		if x == m {
			return i
		}
	}
	return len(ms) - 1
}

// weightOdds appends the weight policy's odds of each of ms (the node's
// moves): their priors, normalised.
func (n *Node) weightOdds(ms []less.Move, buf []float64) []float64 {
	sum, start := 0.0, len(buf)
	for _, m := range ms {
		w := n.Prior(m)
		buf = append(buf, w)
		sum += w
	}
	for i := start; i < len(buf); i++ {
		buf[i] /= sum
	}
	return buf
}

// greedyOdds appends the greedy policy's odds of each of ms: the moves
// that begin a turn as close to home as the mover's pieces can get this
// turn (alone on the board), shared alike. However many moves that turn
// takes: points left unspent are lost all the same, so a greedy bot may
// stop early or spend them going back and forth (ours does, where Actions
// lists the longer of two turns to the same place), and either is greedy.
func (n *Node) greedyOdds(ms []less.Move, buf []float64) []float64 {
	mv, turn := n.P.Mover(), n.P.Turn()
	bestD, count := math.MaxInt, 0
	start := len(buf)
	var memo closestMemo
	for _, m := range ms {
		var dist int
		if m == EndTurn {
			dist = n.D.Solo(mv, n.P.Pieces(mv))
		} else {
			q := n.P
			q.Play(m)
			dist = memo.closest(&q, n.D, mv, turn)
		}
		buf = append(buf, float64(dist))
		switch {
		case dist < bestD:
			bestD, count = dist, 1
		case dist == bestD:
			count++
		}
	}
	for i := start; i < len(buf); i++ {
		if buf[i] == float64(bestD) {
			buf[i] = 1 / float64(count)
		} else {
			buf[i] = 0
		}
	}
	return buf[start:]
}

// closestMemo remembers, within one turn, the best a state of the
// mover's pieces and points left leads to: the moves of a turn reach the
// same state in many orders (a search of every order was 100 µs a node).
// Within a turn the other pieces stand still, so the two say it all. An
// open-addressed table on the stack: a turn has a few hundred states.
type closestMemo struct {
	pieces [closestSlots]uint64
	left   [closestSlots]int8
	best   [closestSlots]uint16 // dist + 1 (0: empty)
	n      int                  // held; at most half the slots
}

const closestSlots = 1024

// closest is the least solo distance mover's pieces reach from q within
// the turn (stopping anywhere): a search of at most three moves, bounded
// by the turn's points.
func (c *closestMemo) closest(q *less.Position, d *less.Distances, mover, turn int) int {
	dist := d.Solo(mover, q.Pieces(mover))
	if q.Turn() != turn || q.Over() {
		return dist
	}
	set, left := q.Pieces(mover), int8(q.Left())
	h := int((set*0x9e3779b97f4a7c15)>>54) ^ int(left)
	i := h & (closestSlots - 1)
	for ; c.best[i] != 0; i = (i + 1) & (closestSlots - 1) {
		if c.pieces[i] == set && c.left[i] == left {
			return int(c.best[i] - 1)
		}
	}
	var buf [32]less.Move
	for _, m := range q.Moves(buf[:0]) {
		var dd int
		if q.Cost(m) == int(left) {
			// The turn's last move: only the pieces' new places matter,
			// not the turn that follows.
			dd = d.Solo(mover, set&^(1<<uint(m.From))|1<<uint(m.To))
		} else {
			r := *q
			r.Play(m)
			dd = c.closest(&r, d, mover, turn)
		}
		dist = min(dist, dd)
	}
	if c.n < closestSlots/2 {
		// The slot found empty may since have been taken by a state
		// deeper in the search: look again from it.
		for ; c.best[i] != 0; i = (i + 1) & (closestSlots - 1) {
		}
		c.pieces[i], c.left[i], c.best[i] = set, left, uint16(dist+1)
		c.n++
	}
	return dist
}

// Priors weighs a node's moves (mcts.PriorLister): a seat the plan draws
// from a mixture by that mixture, every other by Prior.
func (n *Node) Priors(ms []less.Move, buf []float64) []float64 {
	if n.Plans == nil || n.Plans[n.P.ToMove()].Search {
		for _, m := range ms {
			buf = append(buf, n.Prior(m))
		}
		return buf
	}
	w := &n.Plans[n.P.ToMove()].W
	start := len(buf)
	buf = n.weightOdds(ms, buf)
	var gs [40]float64
	greedy := gs[:len(ms)]
	if w[PolicyGreedy] > 0 {
		// The dearest of the odds (a search of the rest of the turn):
		// only for a seat that plays greedy at all.
		greedy = n.greedyOdds(ms, gs[:0])
	}
	u := 1 / float64(len(ms))
	for i := range ms {
		x := w[PolicyWeight]*buf[start+i] + w[PolicyGreedy]*greedy[i]
		buf[start+i] = (1-modelNoise)*x + (modelNoise+(1-modelNoise)*w[PolicyUniform])*u
	}
	return buf
}
