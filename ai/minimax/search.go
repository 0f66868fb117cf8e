package minimax

import (
	"context"
	"time"
)

// MaxPly bounds the search's distance from the root.
const MaxPly = 128

// Limits bound a search; zero fields do not bound it, but a search needs at
// least one (Depth is capped at MaxPly-1).
type Limits struct {
	Depth int
	Nodes int64
	// Time is the budget: the search deepens until it runs out, and an
	// iteration it cuts short still counts once its first root move is
	// searched (a later move that beat it, beat it at the new depth).
	Time time.Duration
}

// Info reports a finished iteration.
type Info[M comparable] struct {
	Depth   int
	Score   Score
	Nodes   int64
	PV      []M
	Elapsed time.Duration
}

// Result is the outcome of a search: the best move of the deepest
// iteration that searched its first root move (the last one may be cut
// short by the clock), its score and principal variation; Depth is the
// deepest finished iteration.
type Result[M comparable] struct {
	Move    M
	HasMove bool
	Score   Score
	PV      []M
	Depth   int
	Nodes   int64
	Elapsed time.Duration
}

// Searcher holds what one search thread needs, allocated once: the
// transposition table, move buffers, killers and history. It is not safe
// for concurrent use; make one per goroutine.
type Searcher[P Position[M], M comparable] struct {
	tt    *table[M]
	bufs  [MaxPly][]M
	order [MaxPly][]uint64
	keys  [MaxPly][]int32
	// score's copies of the moves and keys it reorders.
	sortedM []M
	sortedK []int32
	one     [1]int32
	killers [MaxPly][2]M
	history []int32
	pv      [MaxPly][MaxPly]M
	pvLen   [MaxPly]int

	nodes    int64
	stopped  bool
	rootDone int // root moves searched to the end in this iteration
	ctx      context.Context
	deadline time.Time
	maxNodes int64
	nextPoll int64 // the node count from which poll looks at the clock again
	start    time.Time

	// OnInfo, when set, is called after every finished iteration.
	OnInfo func(Info[M])
	// Keep keeps the table from one search to the next (a player's
	// successive moves): what earlier searches found serves, and is the
	// first replaced. Left false, a search at a fixed depth or node count
	// gives the same answer whatever was searched before.
	Keep bool

	seed []Entry[M] // for the next Search (SearchFrom)
}

// NewSearcher returns a searcher with a transposition table of about
// ttEntries entries (rounded down to a power of two).
func NewSearcher[P Position[M], M comparable](ttEntries int) *Searcher[P, M] {
	s := &Searcher[P, M]{tt: newTable[M](max(ttEntries, 1024))}
	for i := range s.bufs {
		s.bufs[i] = make([]M, 0, 64)
		s.order[i] = make([]uint64, 0, 64)
		s.keys[i] = make([]int32, 0, 64)
	}
	return s
}

// checkEvery is how many nodes pass between looks at the clock and the
// context: rare enough to cost nothing, often enough to stop in time.
const checkEvery = 2048

// Search finds the best move of pos within the limits. pos is returned in
// its state at the call. The transposition table (unless Keep), killers
// and history are cleared first, so that a search at a fixed depth always
// gives the same answer.
func (s *Searcher[P, M]) Search(ctx context.Context, pos P, lim Limits) Result[M] {
	s.tt.keep = s.Keep
	s.tt.clear()
	for _, e := range s.seed {
		s.tt.store(e.Hash, e.Move, e.Score, e.Depth, bound(e.Bound))
	}
	s.killers = [MaxPly][2]M{}
	if n := pos.KeySpace(); len(s.history) != n {
		s.history = make([]int32, n)
	} else {
		clear(s.history)
	}
	s.nodes, s.stopped, s.ctx, s.maxNodes, s.nextPoll = 0, false, ctx, lim.Nodes, checkEvery
	s.start = time.Now()
	s.deadline = time.Time{}
	if lim.Time > 0 {
		s.deadline = s.start.Add(lim.Time)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth >= MaxPly {
		maxDepth = MaxPly - 1
	}
	var res Result[M]
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDone = 0
		score := s.negamax(pos, depth, 0, -Inf, Inf)
		if s.stopped && depth > 1 {
			if s.rootDone > 0 && s.pvLen[0] > 0 {
				// Cut short after its first root move, the table's best:
				// what it found is at the new depth, and as good or better.
				res.Move, res.Score, res.PV = s.pv[0][0], score, append([]M(nil), s.pv[0][:s.pvLen[0]]...)
			}
			break
		}
		if s.pvLen[0] == 0 {
			break // no legal move at the root
		}
		res = Result[M]{Move: s.pv[0][0], HasMove: true, Score: score, Depth: depth,
			PV: append([]M(nil), s.pv[0][:s.pvLen[0]]...)}
		if s.stopped {
			res.Depth = depth - 1 // the first iteration, cut short
			break
		}
		if s.OnInfo != nil {
			s.OnInfo(Info[M]{Depth: depth, Score: score, Nodes: s.nodes, PV: res.PV, Elapsed: time.Since(s.start)})
		}
		// A win or loss within the depth is final. A timed search goes
		// on to its deadline: a cut iteration is kept (above), so time
		// left over is time lost.
		if IsMate(score) && int(Mate-abs(score)) <= depth {
			break
		}
	}
	if !res.HasMove && s.stopped {
		// Stopped before the first iteration finished a move: any legal
		// move beats none.
		if ms := pos.GenMoves(s.bufs[0][:0]); len(ms) > 0 {
			res.Move, res.HasMove = ms[0], true
		}
	}
	res.Nodes, res.Elapsed = s.nodes, time.Since(s.start)
	return res
}

func abs(s Score) Score {
	if s < 0 {
		return -s
	}
	return s
}

// poll decides whether to stop: the context, the deadline, the node budget.
// Leaves, most of the nodes, do not poll: the clock is looked at once
// checkEvery nodes have passed since the last look, not when the count is
// a multiple of it (which a leaf usually has, and the clock was then
// missed for tens of thousands of nodes).
func (s *Searcher[P, M]) poll() {
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
		return
	}
	if s.nodes < s.nextPoll {
		return
	}
	s.nextPoll = s.nodes + checkEvery
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && time.Now().After(s.deadline)) {
		s.stopped = true
	}
}

// negamax is alpha-beta in negamax form with principal variation search.
func (s *Searcher[P, M]) negamax(pos P, depth, ply int, alpha, beta Score) Score {
	s.pvLen[ply] = 0
	s.nodes++
	// The table's slot is read first, so that a cache miss overlaps the
	// work of the rules check below. A lookup is a miss more often than
	// not (a quarter of the search's time once), so the parent has
	// usually asked for the slot already (see the move loop).
	var key uint64
	var slot entry[M]
	var inTable bool
	if depth > 0 {
		key = pos.Hash()
		slot, inTable = s.tt.probe(key)
	}
	if ply > 0 {
		if over, sc := pos.Terminal(ply); over {
			return distance(sc, ply)
		}
	}
	if depth <= 0 || ply >= MaxPly-1 {
		return pos.Evaluate()
	}
	s.poll()
	if s.stopped && ply > 0 {
		return 0
	}

	var ttMove M
	hasTT := false
	if e := &slot; inTable {
		ttMove, hasTT = e.move, true
		if ply > 0 && int(e.depth) >= depth {
			sc := fromTable(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && sc >= beta,
				e.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}

	moves := pos.GenMoves(s.bufs[ply][:0])
	s.bufs[ply] = moves
	if len(moves) == 0 {
		return -Mate + Score(ply) // no move: lost
	}
	// The table's move goes first, before the others are ordered: it often
	// cuts off at once, and then they need no ordering at all.
	first := 0
	if hasTT {
		for i, m := range moves {
			if m == ttMove {
				moves[0], moves[i] = moves[i], moves[0]
				first = 1
				break
			}
		}
	}

	alpha0 := alpha
	best := -Inf
	var bestMove M
	for i := range moves {
		switch i {
		case first:
			s.score(pos, ply, moves, first)
			// Each child reads its table slot first thing: fetch them all
			// now, while the first is searched (children at depth 0 read
			// no table).
			if depth >= 2 {
				for _, m := range moves[first:] {
					s.tt.prefetch(pos.HashAfter(m))
				}
			}
		case first + 1:
			s.sortRest(ply, moves, first)
		}
		m := moves[i]
		pos.Make(m)
		var sc Score
		if i == 0 {
			sc = -s.negamax(pos, depth-1, ply+1, -beta, -alpha)
		} else {
			sc = -s.negamax(pos, depth-1, ply+1, -alpha-1, -alpha)
			if sc > alpha && sc < beta {
				sc = -s.negamax(pos, depth-1, ply+1, -beta, -alpha)
			}
		}
		pos.Unmake(m)
		if ply == 0 && !s.stopped {
			s.rootDone++
		}
		if s.stopped && (ply > 0 || i > 0) {
			return best // the caller discards it, or the root keeps its best
		}
		if sc <= best {
			continue
		}
		best, bestMove = sc, m
		if sc <= alpha {
			continue
		}
		alpha = sc
		s.pv[ply][0] = m
		copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
		s.pvLen[ply] = s.pvLen[ply+1] + 1
		if alpha >= beta {
			s.cutoff(pos, ply, depth, m, i, first)
			break
		}
	}
	if s.stopped {
		// The root cut in its first move: its score is none, and the
		// table (shared beyond the search) must not keep it.
		return best
	}
	b := boundExact
	switch {
	case best >= beta:
		b = boundLower
	case best <= alpha0:
		b = boundUpper
	}
	s.tt.store(key, bestMove, toTable(best, ply), depth, b)
	return best
}

// distance turns a game-over score into one that prefers quick wins.
func distance(sc Score, ply int) Score {
	switch {
	case sc >= Mate:
		return Mate - Score(ply)
	case sc <= -Mate:
		return -Mate + Score(ply)
	}
	return sc
}

// Ordering scores: tactical moves, then the killers, then the rest by
// history (the table move was taken out before).
const (
	orderTactical = 1 << 29
	orderKiller1  = 1 << 28
	orderKiller2  = 1<<28 - 1
)

// score scores moves[from:] for ordering, keeps their keys for cutoff and
// brings the best to the front (swapped with the first). The others are
// ordered by sortRest only when the search gets to them: where the first
// ordered move cuts off, as it often does, they never need it.
func (s *Searcher[P, M]) score(pos P, ply int, moves []M, from int) {
	keys := pos.OrderKeys(moves, s.keys[ply][:0])
	s.keys[ply] = keys
	sc := s.order[ply][:0]
	k := s.killers[ply]
	top := uint64(0)
	for i, m := range moves[from:] {
		key := keys[from+i]
		var v int32
		switch {
		case key&Tactical != 0:
			v = orderTactical + s.history[key&^Tactical]>>8
		case m == k[0]:
			v = orderKiller1
		case m == k[1]:
			v = orderKiller2
		default:
			v = s.history[key]
		}
		// One word per move, the score above its index (inverted, so that
		// equal scores keep their order): the sort moves one array.
		w := uint64(v)<<32 | uint64(^uint32(i))
		sc = append(sc, w)
		// The larger of the two without a branch, which would be
		// mispredicted often (words stay below 2^63: scores below 2^30).
		top ^= (top ^ w) & uint64(int64(top-w)>>63)
	}
	s.order[ply] = sc
	// The best word carries its move's index.
	best := int(^uint32(top))
	moves[from], moves[from+best] = moves[from+best], moves[from]
	keys[from], keys[from+best] = keys[from+best], keys[from]
}

// sortRest puts moves[from:] in the order of the scores score gave them,
// best first and equal scores as generated: the order a full sort would
// have given at once, the best staying first.
func (s *Searcher[P, M]) sortRest(ply int, moves []M, from int) {
	sc, keys := s.order[ply], s.keys[ply]
	// Insertion sort, best first: for the dozen or two moves of a node it
	// beats picking the best one at a time.
	for i := 1; i < len(sc); i++ {
		v := sc[i]
		j := i
		for ; j > 0 && sc[j-1] < v; j-- {
			sc[j] = sc[j-1]
		}
		sc[j] = v
	}
	// The words index the moves as generated: undo score's swap.
	best := ^uint32(sc[0])
	m, k := append(s.sortedM[:0], moves[from:]...), append(s.sortedK[:0], keys[from:]...)
	m[0], m[best] = m[best], m[0]
	k[0], k[best] = k[best], k[0]
	s.sortedM, s.sortedK = m, k
	for j, v := range sc {
		i := ^uint32(v)
		moves[from+j], keys[from+j] = m[i], k[i]
	}
}

// cutoff remembers a quiet move that refuted the position: as a killer of
// the ply and in the history.
func (s *Searcher[P, M]) cutoff(pos P, ply, depth int, m M, i, first int) {
	var key int32
	if i < first {
		// The table move, cut off before the others were ordered.
		key = pos.OrderKeys(s.bufs[ply][:1], s.one[:0])[0]
	} else {
		key = s.keys[ply][i]
	}
	if key&Tactical != 0 {
		return
	}
	if s.killers[ply][0] != m {
		s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
	}
	h := &s.history[key]
	*h += int32(depth * depth)
	if *h > 1<<24 {
		for k := range s.history {
			s.history[k] /= 2
		}
	}
}
