package mcts

import (
	"context"
	"math"
	"time"
)

// Config tunes a search; zero fields take the defaults.
type Config struct {
	// C is the UCT exploration constant for rewards in [0, 1] (default 0.7).
	C float64
	// RAVE mixes each move's all-moves-as-first value into its value with
	// Gelly and Silver's β = sqrt(K / (3n + K)), n the move's visits.
	RAVE bool
	// RaveK is the equivalence parameter K (default 500).
	RaveK float64
	// FPU is the value of a move not tried yet, from the mover's view
	// (default 1: every move is tried before any is tried twice).
	FPU float64
	// Transpositions shares statistics between paths to one state (UCT-2).
	Transpositions bool
	// MaxDepth stops expanding the tree this deep (0: no limit).
	MaxDepth int
	// ExpandAfter gives a move its node on its ExpandAfter-th visit
	// (default 1: on the first). Until then a simulation through it plays
	// out from there and the move is valued by its own mean, so the tree
	// deepens where the search looks most and as fast as its budget
	// allows, rather than a constant number of moves (MaxDepth).
	ExpandAfter int
	// PlayoutLimit cuts playouts after this many moves, scoring the
	// position with the game's evaluation (0: play to the end).
	PlayoutLimit int
	// MaxNodes bounds each thread's tree (default 1<<20 nodes); a full
	// tree goes on with playouts from its leaves.
	MaxNodes int
	// Threads search independent trees whose root statistics are summed
	// (root parallelism; default 1).
	Threads int
	// Seed: one seed and one thread give one search.
	Seed uint64
	// StopSettled ends a timed search early once the time left could not
	// change the root player's moves on the principal variation (at each
	// of its nodes the most visited edge leads the next by more than the
	// iterations that time allows, at the rate so far): the time saved is
	// left to the caller's later searches.
	StopSettled bool
	// Bias is progressive bias (Chaslot et al.): a tried move's value
	// gains Bias × ln(prior / its best sibling's prior) / its visits, so
	// a move its priors rank low must prove itself in more visits before
	// the search spends them on it, while its own results soon outweigh
	// the term (0: off; moves of equal priors are never biased).
	Bias float64
}

// RaveWeight is β, the weight of a move's all-moves-as-first value in its
// value after visits of its own (Gelly and Silver): sqrt(K / (3n + K)).
// c must have its defaults (a search's does).
func (c Config) RaveWeight(visits int64) float64 {
	return math.Sqrt(c.RaveK / (3*float64(visits) + c.RaveK))
}

func (c Config) withDefaults() Config {
	if c.C == 0 {
		c.C = 0.7
	}
	if c.RaveK == 0 {
		c.RaveK = 500
	}
	if c.FPU == 0 {
		c.FPU = 1
	}
	if c.MaxNodes <= 0 {
		c.MaxNodes = 1 << 20
	}
	if c.Threads <= 0 {
		c.Threads = 1
	}
	if c.ExpandAfter <= 0 {
		c.ExpandAfter = 1
	}
	return c
}

// Limits bound a search: iterations (shared out among threads), time, or
// both; a search needs at least one.
type Limits struct {
	Iterations int64
	Time       time.Duration
}

// MoveStat is a root move's statistics.
type MoveStat[M comparable] struct {
	Move   M
	Visits int64
	// Value is the root side's mean reward after the move.
	Value float64
}

// Result is what a search found: the most visited root move.
type Result[M comparable] struct {
	Move       M
	HasMove    bool
	Value      float64
	PV         []M
	Moves      []MoveStat[M]
	Iterations int64
	Nodes      int64
	// Reused is the visits the root had when the search began: a tree
	// kept from an earlier search (Searcher) that had reached this
	// position.
	Reused  int64
	Elapsed time.Duration
}

// Info reports progress during a search.
type Info[M comparable] struct {
	Iterations int64
	Best       MoveStat[M]
	Elapsed    time.Duration
}

// Search runs MCTS from root with new trees. newState makes a scratch
// state of the game (each thread copies the root into its own). progress,
// when set, is called about every 100 ms by the first thread.
func Search[P State[P, M], M comparable](ctx context.Context, root P, newState func() P, cfg Config, lim Limits,
	progress func(Info[M])) Result[M] {
	return new(Searcher[P, M]).Search(ctx, root, newState, cfg, lim, progress)
}

// merge sums the root statistics of the workers' trees.
func merge[P State[P, M], M comparable](ws []*worker[P, M], start time.Time) Result[M] {
	var res Result[M]
	idx := map[M]int{}
	for _, w := range ws {
		res.Iterations += w.iterations
		res.Nodes += int64(len(w.t.nodes))
		res.Reused += w.reused
		if len(w.t.nodes) == 0 {
			continue
		}
		for _, e := range w.t.edgesOf(w.rootNode) {
			i, ok := idx[e.move]
			if !ok {
				i = len(res.Moves)
				idx[e.move] = i
				res.Moves = append(res.Moves, MoveStat[M]{Move: e.move})
			}
			ms := &res.Moves[i]
			if e.n > 0 {
				// The edge's share of the child's value: with
				// transpositions the child may have been reached by other
				// paths too.
				total := ms.Value*float64(ms.Visits) + float64(e.n)*w.rootValue(w.t.mean(&e))
				ms.Visits += int64(e.n)
				ms.Value = total / float64(ms.Visits)
			}
		}
	}
	best := -1
	for i, m := range res.Moves {
		if best < 0 || m.Visits > res.Moves[best].Visits ||
			(m.Visits == res.Moves[best].Visits && m.Value > res.Moves[best].Value) {
			best = i
		}
	}
	if best >= 0 {
		res.Move, res.Value, res.HasMove = res.Moves[best].Move, res.Moves[best].Value, true
		res.PV = ws[0].pv(res.Move)
	}
	res.Elapsed = time.Since(start)
	return res
}

// worker is one thread's search: its tree, scratch state and buffers.
type worker[P State[P, M], M comparable] struct {
	cfg        Config
	t          *tree[M]
	st         P
	r          *Rand
	moves      []M
	priors     []float64
	mkeys      []int32
	path       []step
	sim        []played
	last       []int32 // last[player*keys+key]: latest simulation step + 1 that played it
	keys       int
	iterations int64
	root       int   // the root's player
	side       int   // the player whose side the nodes' rewards are for: the first root's
	flip       bool  // the root's side is side's opponent: values read as 1 - value
	rootNode   int32 // the root's node: 0 in a new tree
	reused     int64 // the root's visits when the search began
}

type step struct {
	node, edge int32
}

type played struct {
	player int8
	key    int32
}

func newWorker[P State[P, M], M comparable](cfg Config, newState func() P, seed uint64) *worker[P, M] {
	return &worker[P, M]{cfg: cfg, t: newTree[M](cfg.MaxNodes, cfg.Transpositions), st: newState(), r: NewRand(seed)}
}

func (w *worker[P, M]) run(ctx context.Context, root P, budget int64, deadline, start time.Time, report func(Info[M])) {
	w.begin(root)
	lastReport := start
	for budget <= 0 || w.iterations < budget {
		if w.iterations&63 == 0 && w.iterations > 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
				break
			}
			if w.cfg.StopSettled && !deadline.IsZero() && w.iterations&1023 == 0 && w.settled(start, deadline) {
				break
			}
			if report != nil && time.Since(lastReport) > 100*time.Millisecond {
				lastReport = time.Now()
				report(Info[M]{Iterations: w.iterations, Best: w.bestRoot(), Elapsed: time.Since(start)})
			}
		}
		w.iterate(root)
		w.iterations++
		if budget <= 0 && deadline.IsZero() && ctx.Err() != nil {
			break
		}
	}
}

// settled reports whether the iterations the time left allows, at the rate
// since start, could not change the most visited edge at any node of the
// principal variation while the root's player moves (a turn of several
// moves is settled move by move). Visits inherited from a kept tree count:
// they are as much a lead.
func (w *worker[P, M]) settled(start, deadline time.Time) bool {
	now := time.Now()
	spent, left := now.Sub(start), deadline.Sub(now)
	if spent <= 0 || left <= 0 {
		return false
	}
	remaining := float64(w.iterations) * float64(left) / float64(spent)
	t := w.t
	for cur := w.rootNode; ; {
		es := t.edgesOf(cur)
		if len(es) == 0 || int(t.nodes[cur].toMove) != w.root {
			return true
		}
		best, second := int32(-1), int32(0)
		for k := range es {
			switch n := es[k].n; {
			case best < 0 || n > es[best].n:
				if best >= 0 {
					second = es[best].n
				}
				best = int32(k)
			case n > second:
				second = n
			}
		}
		if len(es) > 1 && float64(es[best].n-second) <= remaining {
			return false
		}
		if cur = es[best].child; cur < 0 {
			return true
		}
	}
}

// iterate is one simulation: select down the tree, expand one node, play
// out, back up.
func (w *worker[P, M]) iterate(root P) {
	st, t, cfg := w.st, w.t, &w.cfg
	st.CopyFrom(root)
	w.path, w.sim = w.path[:0], w.sim[:0]
	cur := w.rootNode
	for depth := 0; !st.Over(); depth++ {
		if t.nodes[cur].first < 0 {
			if (cfg.MaxDepth > 0 && depth >= cfg.MaxDepth) || depth > 1000 {
				break
			}
			w.moves = st.Moves(w.moves[:0])
			if len(w.moves) == 0 {
				break
			}
			w.priors, w.mkeys = w.priors[:0], w.mkeys[:0]
			lister, listed := any(st).(PriorLister[M])
			if listed {
				w.priors = lister.Priors(w.moves, w.priors)
			}
			for _, m := range w.moves {
				if !listed {
					w.priors = append(w.priors, st.Prior(m))
				}
				w.mkeys = append(w.mkeys, int32(st.MoveKey(m)))
			}
			t.expand(cur, w.moves, w.priors, w.mkeys, cfg.Bias != 0)
		}
		e := w.selectEdge(cur)
		ed := &t.edges[e]
		mover := st.ToMove()
		st.Play(ed.move)
		w.recordKey(mover, ed.key)
		w.path = append(w.path, step{cur, e})
		if ed.child >= 0 {
			cur = ed.child
			continue
		}
		if int(ed.n)+1 < cfg.ExpandAfter {
			// Not yet its node's turn, unless another path made it.
			if c, ok := t.find(st.Hash()); ok && t.nodes[c].n > 0 {
				ed.child, cur = c, c
				continue
			}
			break
		}
		if t.full() {
			break
		}
		c := t.addNode(st.Hash(), st.ToMove())
		// Read the edge again: adding a node may not move edges, but keep
		// the rule simple.
		ed = &t.edges[e]
		ed.child = c
		nd := &t.nodes[c]
		if nd.n > 0 {
			cur = c // a transposition: an old node, go on down
			continue
		}
		// A new node, made late, starts from the edge's own simulations;
		// play out from it.
		nd.n, nd.w = ed.n, ed.w
		break
	}
	stepper, fused := any(st).(PlayoutStepper[M])
	for steps := 0; !st.Over() && (cfg.PlayoutLimit <= 0 || steps < cfg.PlayoutLimit); steps++ {
		mover := st.ToMove()
		if fused {
			m, ok := stepper.PlayoutStep(w.r)
			if !ok {
				break
			}
			w.record(mover, m)
			continue
		}
		w.moves = st.Moves(w.moves[:0])
		if len(w.moves) == 0 {
			break
		}
		m := st.PlayoutMove(w.moves, w.r)
		st.Play(m)
		w.record(mover, m)
	}
	reward := st.Reward(w.side)
	w.backup(reward)
}

func (w *worker[P, M]) record(player int, m M) {
	if w.cfg.RAVE {
		w.recordKey(player, int32(w.st.MoveKey(m)))
	}
}

func (w *worker[P, M]) recordKey(player int, key int32) {
	if !w.cfg.RAVE {
		return
	}
	w.sim = append(w.sim, played{int8(player), key})
	w.last[player*w.keys+int(key)] = int32(len(w.sim))
}

func (w *worker[P, M]) backup(reward float64) {
	t := w.t
	t.nodes[w.rootNode].n++
	t.nodes[w.rootNode].w += reward
	for i, s := range w.path {
		e := &t.edges[s.edge]
		e.n++
		e.w += reward
		if e.child >= 0 {
			c := &t.nodes[e.child]
			c.n++
			c.w += reward
		}
		if !w.cfg.RAVE {
			continue
		}
		// All moves as first: every move of this node that its mover
		// played at this step or later in the simulation.
		base := int(t.nodes[s.node].toMove) * w.keys
		es := t.edgesOf(s.node)
		for k := range es {
			if at := w.last[base+int(es[k].key)]; int(at) > i {
				es[k].rn++
				es[k].rw += reward
			}
		}
	}
	if w.cfg.RAVE {
		for _, s := range w.sim {
			w.last[int(s.player)*w.keys+int(s.key)] = 0
		}
	}
}

// selectEdge picks the edge to follow from node i by its mover's role.
func (w *worker[P, M]) selectEdge(i int32) int32 {
	t, cfg := w.t, &w.cfg
	nd := t.nodes[i]
	es := t.edgesOf(i)
	role := w.st.Role(w.root, int(nd.toMove))
	if role == Chance {
		total := 0.0
		for k := range es {
			total += es[k].prior
		}
		x := w.r.Float64() * total
		for k := range es {
			x -= es[k].prior
			if x < 0 {
				return nd.first + int32(k)
			}
		}
		return nd.first + int32(len(es)-1)
	}
	logN := math.Log(float64(max(nd.n, 1)))
	best, bestV := 0, math.Inf(-1)
	for k := range es {
		e := &es[k]
		var v float64
		switch {
		case e.n > 0:
			// Values are for side's side: the mover wants their
			// complement when it plays against that side.
			against := w.flip != (role == Min)
			q := t.mean(e)
			if against {
				q = 1 - q
			}
			if cfg.RAVE && e.rn > 0 {
				qr := e.rw / float64(e.rn)
				if against {
					qr = 1 - qr
				}
				beta := cfg.RaveWeight(int64(e.n))
				q = (1-beta)*q + beta*qr
			}
			v = q + cfg.C*math.Sqrt(logN/float64(e.n))
			if cfg.Bias != 0 {
				v += cfg.Bias * float64(e.bias) / float64(e.n)
			}
		default:
			// Untried moves go in the order of their priors. (Valuing them
			// by RAVE alone starved moves whose all-moves-as-first value
			// was poor but whose real value was not: a tic-tac-toe block.)
			v = cfg.FPU
		}
		if v > bestV {
			best, bestV = k, v
		}
	}
	return nd.first + int32(best)
}

// rootValue turns a node's mean reward, for side's side, into the root
// side's.
func (w *worker[P, M]) rootValue(v float64) float64 {
	if w.flip {
		return 1 - v
	}
	return v
}

func (w *worker[P, M]) bestRoot() MoveStat[M] {
	var best MoveStat[M]
	for _, e := range w.t.edgesOf(w.rootNode) {
		if int64(e.n) > best.Visits {
			best = MoveStat[M]{Move: e.move, Visits: int64(e.n), Value: w.rootValue(w.t.mean(&e))}
		}
	}
	return best
}

// pv follows the most visited edges from the root, starting with first.
func (w *worker[P, M]) pv(first M) []M {
	out := []M{first}
	cur := int32(-1)
	for _, e := range w.t.edgesOf(w.rootNode) {
		if e.move == first {
			cur = e.child
		}
	}
	seen := map[int32]bool{w.rootNode: true}
	for cur >= 0 && !seen[cur] && len(out) < 64 {
		seen[cur] = true
		es := w.t.edgesOf(cur)
		best := -1
		for k := range es {
			if es[k].n > 0 && (best < 0 || es[k].n > es[best].n) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		out = append(out, es[best].move)
		cur = es[best].child
	}
	return out
}
