package nested

import (
	"math"

	"gameai/internal/xrand"
)

// NRPAConfig sets an NRPA search; zero fields take Rosin's values.
type NRPAConfig struct {
	// Iterations at each level (N, default 100).
	Iterations int
	// Alpha is the adaptation step (default 1).
	Alpha float64
	// Stabilization is the number of playouts level 1 runs with one
	// policy before each adaptation, towards the best of them (Cazenave's
	// stabilized NRPA; default 1, Rosin's NRPA).
	Stabilization int
	// Patience, when positive, ends a level of 2 or more once that many
	// of its iterations in a row have not improved its best: the search
	// gives up on a stuck policy and its caller starts a new one.
	Patience int
	// TopPatience, when positive, is the patience of a run's top level
	// instead: a level-5 run whose draws (level 4) have settled holds its
	// policy for Patience draws of several minutes each, most of an hour,
	// where a new run would start another draw of the basins.
	TopPatience int
	// Layers adapts order-free: a grid is a set of moves, so instead of
	// rewarding the best sequence's arbitrary order, each step rewards
	// every move of it that is legal now (a layer) and plays them all (as
	// Nagórko's NRPA for Morpion does; see layers.go).
	Layers bool
	// Repetitions, when positive, ends a level once the level below has
	// brought back its best grid that many times: its policy has settled
	// on that grid, and further iterations there mostly repeat it
	// (limited repetitions, after Cazenave 2024).
	Repetitions int
	// Extend gives a level its N iterations again whenever it improves
	// its best to within extendShare of the run's best so far (this
	// NRPA's): a level still finding near-best grids is worth more than a
	// fresh one (Nagórko's NRPA has this as an option, off by default
	// there; his program runs one run).
	Extend bool
}

// extendShare is how close to the run's best an improvement must come
// to extend its level (Nagórko's 90%).
const extendShare = 0.9

func (c NRPAConfig) withDefaults() NRPAConfig {
	if c.Iterations <= 0 {
		c.Iterations = 100
	}
	if c.Alpha <= 0 {
		c.Alpha = 1
	}
	if c.Stabilization <= 0 {
		c.Stabilization = 1
	}
	return c
}

// maxWeight bounds a policy weight so exp never overflows; real runs stay
// far below it.
const maxWeight = 80 // exp(80) ≈ 5.5e34 fits a float32

// Policy is NRPA's weight per move code, kept with its exponential so that a
// playout step costs one look-up per legal move. The two sit side by side
// (one cache line serves both in the random look-ups of playouts and
// adaptations) as float32: half the cache of float64, and far more
// precision than the sampling needs (sums are taken in float64).
type Policy struct {
	c []entry
}

type entry struct{ w, e float32 }

// NewPolicy returns the uniform policy over n codes.
func NewPolicy(n int) *Policy {
	p := &Policy{c: make([]entry, n)}
	for i := range p.c {
		p.c[i].e = 1
	}
	return p
}

// Bias adds b to the weight of every code of a sequence: a policy that
// tends to replay it (the warm start from a known grid).
func (p *Policy) Bias(moves []int32, b float64) {
	for _, m := range moves {
		p.set(m, p.c[m].w+float32(b))
	}
}

// Weight is the weight of a code.
func (p *Policy) Weight(code int32) float64 { return float64(p.c[code].w) }

func (p *Policy) set(code int32, w float32) {
	w = min(max(w, -maxWeight), maxWeight)
	p.c[code] = entry{w, exp32(w)}
}

func (p *Policy) copyFrom(q *Policy) { copy(p.c, q.c) }

func (p *Policy) uniform() {
	for i := range p.c {
		p.c[i] = entry{0, 1}
	}
}

// rollout is a game from the root with, for every move that was legal
// during it, the steps it was legal in, so that adapting the policy towards
// it needs no replay.
type rollout struct {
	moves []int32
	spans []span
	// zs[i] is the sum of exponentials over step i's legal moves under the
	// policy the rollout was played with.
	zs    []float64
	score float64
	// grid identifies the set of moves, whatever their order.
	grid uint64
	// lay is the rollout's layering, found on first need (layers.go).
	lay layering
}

// span says that a move was legal at steps from to to-1.
type span struct{ code, from, to int32 }

func (r *rollout) reset() {
	r.moves, r.spans, r.zs = r.moves[:0], r.spans[:0], r.zs[:0]
	r.grid = 0
	r.lay.reset()
}

func (r *rollout) copyFrom(q *rollout) {
	r.moves = append(r.moves[:0], q.moves...)
	r.spans = append(r.spans[:0], q.spans...)
	r.zs = append(r.zs[:0], q.zs...)
	r.score, r.grid = q.score, q.grid
	r.lay.copyFrom(&q.lay)
}

// NRPA is Nested Rollout Policy Adaptation (Rosin, IJCAI 2011).
type NRPA struct {
	p      Incremental
	cfg    NRPAConfig
	r      *xrand.Rand
	stop   func() bool
	report func(Sequence)
	pols   []*Policy  // one scratch policy per level
	bests  []*rollout // the best rollout of each level's current run
	cur    rollout    // the playout in progress
	front  frontier   // playout: the legal moves
	root   []int32    // playout: the root's legal moves
	zs     []float64  // adapt: sums of exponentials under the policy now
	coef   []float64  // adapt: alpha·count/z at each step
	pre    []float64  // adapt: prefix sums of coef
	inBest marks      // layers: the moves of the rollout being layered
	layer  []int32    // layers: the moves of the layer being played
	best   Sequence
	// top is the level the current Run started at.
	top int
	// grids: playouts note their grid's identity (rollout.grid), which
	// only the layers and repetitions need: 2-3% of a playout otherwise.
	grids bool
	// Playouts counts the level-0 playouts run; moves, their moves.
	Playouts int64
	moves    int64
}

// NewNRPA prepares a search from p's root.
func NewNRPA(p Problem, cfg NRPAConfig, seed uint64) *NRPA {
	cfg = cfg.withDefaults()
	return &NRPA{p: incremental(p), cfg: cfg, r: xrand.New(seed), stop: func() bool { return false },
		front: newFrontier(p.Codes()), inBest: newMarks(p.Codes()), grids: cfg.Layers || cfg.Repetitions > 0}
}

// OnImprove sets a function called with every new best sequence.
func (n *NRPA) OnImprove(f func(Sequence)) { n.report = f }

// StopWhen sets a function polled between playouts; true ends the search.
func (n *NRPA) StopWhen(f func() bool) { n.stop = f }

// Best is the best sequence found so far.
func (n *NRPA) Best() Sequence { return n.best.clone() }

// Run searches at a level (at least 1) from the policy (nil: uniform) and
// returns the best sequence of this run. The policy is not modified.
func (n *NRPA) Run(level int, pol *Policy) Sequence {
	level = max(level, 1)
	codes := n.p.Codes()
	for len(n.pols) <= level {
		n.pols = append(n.pols, NewPolicy(codes))
		n.bests = append(n.bests, &rollout{})
	}
	n.top = level
	start := n.pols[level]
	if pol != nil {
		start.copyFrom(pol)
	} else {
		start.uniform()
	}
	r := n.level(level, start)
	n.p.Reset()
	return Sequence{Moves: append([]int32(nil), r.moves...), Score: r.score}
}

// level runs NRPA at a level with pol, which it adapts in place, and returns
// its best rollout (owned by the level).
func (n *NRPA) level(level int, pol *Policy) *rollout {
	best := n.bests[level]
	best.reset()
	best.score = math.Inf(-1)
	stale, repeats := 0, 0
	// seen notes a sequence from the level below against the best: ties
	// go to the newer sequence; a return of the best grid counts.
	seen := func(r *rollout) (replaced, improved bool) {
		if r.score < best.score {
			return false, false
		}
		switch {
		case r.score > best.score:
			improved, repeats = true, 0
		case r.grid == best.grid:
			repeats++
			if n.cfg.Layers {
				// The same grid in another order: the same layers,
				// already found.
				return false, false
			}
		default:
			repeats = 0
		}
		best.copyFrom(r)
		return true, improved
	}
	patience := n.patience(level)
	for left := n.cfg.Iterations; left > 0; left-- {
		if n.stop() {
			break
		}
		// A level-1 playout just played with pol still has its sums of
		// exponentials right.
		fresh, improved := false, false
		if level == 1 {
			for range n.cfg.Stabilization {
				n.playout(pol)
				replaced, better := seen(&n.cur)
				fresh = fresh || replaced
				improved = improved || better
			}
		} else {
			child := n.pols[level-1]
			child.copyFrom(pol)
			_, improved = seen(n.level(level-1, child))
		}
		if n.cfg.Repetitions > 0 && repeats >= n.cfg.Repetitions {
			break
		}
		if improved && n.cfg.Extend && best.score >= extendShare*n.best.Score {
			left = n.cfg.Iterations + 1 // the loop takes one off
		}
		if n.cfg.Layers {
			n.adaptLayers(pol, best)
		} else {
			n.adapt(pol, best, fresh)
		}
		if stale++; improved {
			stale = 0
		}
		if level >= 2 && patience > 0 && stale >= patience {
			break
		}
	}
	return best
}

// patience is how many stale iterations a level runs before it gives up
// (0: no limit).
func (n *NRPA) patience(level int) int {
	if level == n.top && n.cfg.TopPatience > 0 {
		return n.cfg.TopPatience
	}
	return n.cfg.Patience
}

// playout plays from the root choosing each move with probability
// proportional to exp(weight), into n.cur.
func (n *NRPA) playout(pol *Policy) {
	n.Playouts++
	n.p.Reset()
	c := &n.cur
	c.reset()
	pc := pol.c
	f := &n.front
	f.clear()
	n.root = n.p.Moves(n.root[:0])
	// z, the sum of the legal moves' exponentials, follows the changes;
	// mass is everything added to it since it was last summed afresh, so
	// that a subtraction that cancels most of it (a move far likelier than
	// the rest leaving) is caught and z summed again.
	z, mass := 0.0, 0.0
	for _, m := range n.root {
		e := pc[m].e
		f.add(m, e, 0)
		z += float64(e)
	}
	mass = z
	for step := int32(1); len(f.items) > 0; step++ {
		if z < mass*0x1p-20 {
			z = f.sum()
			mass = z
		}
		x := n.r.Float64() * z
		pick := f.items[len(f.items)-1].code
		for _, it := range f.items {
			if x -= float64(it.e); x < 0 {
				pick = it.code
				break
			}
		}
		c.zs = append(c.zs, z)
		c.moves = append(c.moves, pick)
		if n.grids {
			c.grid ^= gridKey(pick)
		}
		n.p.Play(pick)
		born, died := n.p.Changes()
		for _, m := range died {
			born, e := f.remove(m)
			c.spans = append(c.spans, span{m, born, step})
			z -= float64(e)
		}
		for _, m := range born {
			e := pc[m].e
			f.add(m, e, step)
			z += float64(e)
			mass += float64(e)
		}
	}
	c.score = n.p.Score()
	n.moves += int64(len(c.moves))
	if c.score > n.best.Score || n.best.Moves == nil {
		n.best = Sequence{Moves: append([]int32(nil), c.moves...), Score: c.score}
		if n.report != nil {
			n.report(n.best.clone())
		}
	}
}

// adapt moves pol towards the rollout: along it, add alpha to the played
// move's weight and subtract alpha·exp(w[m])/Z from every legal move m,
// every term computed from the weights before this adaptation (the
// exponentials are refreshed only at the end). fresh says that r was played
// with pol as it is, so its sums Z need no recomputing.
func (n *NRPA) adapt(pol *Policy, r *rollout, fresh bool) {
	zs := r.zs
	if !fresh {
		zs = n.sums(pol, r.spans, len(r.moves))
	}
	n.shift(pol, r.moves, r.spans, zs, nil)
}

// sums is, for each of steps steps, the sum of the exponentials of the
// moves legal then, from the spans they were legal in.
func (n *NRPA) sums(pol *Policy, spans []span, steps int) []float64 {
	zs := append(n.zs[:0], make([]float64, steps)...)
	n.zs = zs
	for _, s := range spans {
		e := float64(pol.c[s.code].e)
		for i := s.from; i < s.to; i++ {
			zs[i] += e
		}
	}
	return zs
}

// shift adapts pol by steps: +alpha to every move of moves, and to every
// move of a span -alpha·count·exp(w)/Z at each step of it (count 1 where
// counts is nil), all from the weights before. A move's terms over its
// span sum to exp(w) times a difference of prefix sums of alpha·count/Z.
func (n *NRPA) shift(pol *Policy, moves []int32, spans []span, zs []float64, counts []int32) {
	a := n.cfg.Alpha
	pc := pol.c
	n.coef = n.coef[:0]
	n.pre = append(n.pre[:0], 0)
	sum := 0.0
	for k, z := range zs {
		c := a / z
		if counts != nil {
			c *= float64(counts[k])
		}
		n.coef = append(n.coef, c)
		sum += c
		n.pre = append(n.pre, sum)
	}
	pre, coef := n.pre, n.coef
	// A difference of prefix sums is off by at most about 2·steps·ε·sum;
	// times exp(w[m]) that must stay far below what a float32 weight
	// resolves, or the span is summed directly (huge weights only).
	risk := 2 * float64(len(zs)+1) * 0x1p-52 * sum
	for _, s := range spans {
		e := float64(pc[s.code].e)
		d := pre[s.to] - pre[s.from]
		if e*risk > 1e-7 {
			d = 0
			for _, c := range coef[s.from:s.to] {
				d += c
			}
		}
		pc[s.code].w -= float32(e * d)
	}
	for _, m := range moves {
		pc[m].w += float32(a)
	}
	for _, s := range spans {
		pol.set(s.code, pc[s.code].w)
	}
}
