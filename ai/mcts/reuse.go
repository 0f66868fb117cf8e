package mcts

import (
	"context"
	"sync"
	"time"
)

// Tree reuse. A game asks for a move, plays it, and asks again a few plies
// later: the position it asks about is usually in the tree the last search
// grew, with its statistics. A Searcher keeps its threads' trees between
// searches and starts from that node instead of a new tree when
//
//   - the configuration is the same (the seed aside),
//   - transpositions are on (the table finds the node by its hash),
//   - the tree is under half its node budget (room to grow; the rest of
//     the old tree stays, unreachable, until the next reset).
//
// Otherwise the trees start afresh, as Search's do. Every node's rewards
// stay those of the first root's side; a search whose root player is on
// the other side reads them as 1 - value, which needs rewards that sum to
// 1 between opponents (Reward(a) = 1 - Reward(b), as wins, draws and
// squashed margins do). A teammate's search reads them as they are. So one
// tree serves every seat of a game.

// Searcher is a search whose trees outlive it. It is not safe for
// concurrent use: one search at a time (Pool hands them out).
type Searcher[P State[P, M], M comparable] struct {
	cfg     Config
	workers []*worker[P, M]
}

// Search runs MCTS from root, from the node of root in each thread's kept
// tree where it can (Result.Reused says how many visits it inherited).
func (s *Searcher[P, M]) Search(ctx context.Context, root P, newState func() P, cfg Config, lim Limits,
	progress func(Info[M])) Result[M] {
	cfg = cfg.withDefaults()
	start := time.Now()
	var deadline time.Time
	if lim.Time > 0 {
		deadline = start.Add(lim.Time)
	}
	same := cfg
	same.Seed = s.cfg.Seed
	if same != s.cfg || len(s.workers) != cfg.Threads {
		s.workers = nil
	}
	s.cfg = cfg
	var wg sync.WaitGroup
	for w := range cfg.Threads {
		budget := int64(0)
		if lim.Iterations > 0 {
			budget = lim.Iterations / int64(cfg.Threads)
			if int64(w) < lim.Iterations%int64(cfg.Threads) {
				budget++
			}
		}
		seed := cfg.Seed + uint64(w)*0x9e3779b97f4a7c15
		if len(s.workers) <= w {
			s.workers = append(s.workers, newWorker[P, M](cfg, newState, seed))
		}
		wk := s.workers[w]
		wk.r.Seed(seed)
		wk.iterations = 0
		var report func(Info[M])
		if w == 0 {
			report = progress
		}
		wg.Go(func() { wk.run(ctx, root, budget, deadline, start, report) })
	}
	wg.Wait()
	return merge(s.workers, start)
}

// Forget empties the trees, keeping their memory: the next search starts
// afresh, without making its tree again.
func (s *Searcher[P, M]) Forget() {
	for _, w := range s.workers {
		w.t.reset()
	}
}

// Holds reports whether a search from the position of hash with player to
// move would start from a kept tree.
func (s *Searcher[P, M]) Holds(hash uint64, player int) bool {
	for _, w := range s.workers {
		if _, ok := w.holds(hash, player); ok {
			return true
		}
	}
	return false
}

// Visits appends to buf the visits of the moves out of the node of hash
// (player to move) in the first thread's tree: how a finished search
// weighed the choices at a position it reached beyond its root. False when
// the tree has no such node, or has not expanded it; it needs
// transpositions (the table finds the node).
func (s *Searcher[P, M]) Visits(hash uint64, player int, buf []MoveStat[M]) ([]MoveStat[M], bool) {
	if len(s.workers) == 0 || s.workers[0].t.table == nil {
		return buf, false
	}
	t := s.workers[0].t
	i, ok := t.table[hash]
	if !ok || int(t.nodes[i].toMove) != player || t.nodes[i].first < 0 {
		return buf, false
	}
	for _, e := range t.edgesOf(i) {
		buf = append(buf, MoveStat[M]{Move: e.move, Visits: int64(e.n)})
	}
	return buf, true
}

// holds finds the node a search from hash with player to move can start
// from.
func (w *worker[P, M]) holds(hash uint64, player int) (int32, bool) {
	t := w.t
	if t.table == nil || len(t.nodes) == 0 || len(t.nodes) >= w.cfg.MaxNodes/2 {
		return 0, false
	}
	i, ok := t.table[hash]
	if !ok || int(t.nodes[i].toMove) != player {
		return 0, false
	}
	return i, true
}

// begin readies the tree for a search from root: its node in the kept
// tree, or a new tree.
func (w *worker[P, M]) begin(root P) {
	if i, ok := w.holds(root.Hash(), root.ToMove()); ok {
		w.root = root.ToMove()
		w.flip = root.Role(w.root, w.side) == Min
		w.rootNode, w.reused = i, int64(w.t.nodes[i].n)
		return
	}
	w.t.reset()
	w.root, w.side, w.flip = root.ToMove(), root.ToMove(), false
	w.keys = root.KeySpace()
	if w.cfg.RAVE {
		if n := root.Players() * w.keys; len(w.last) != n {
			w.last = make([]int32, n)
		}
	}
	w.rootNode, w.reused = w.t.addNode(root.Hash(), root.ToMove()), 0
}

// Pool keeps a few Searchers between searches for a service: a search
// takes the one whose trees hold its position (under a key naming what
// else the trees depend on, such as the evaluation), or the least recently
// used, whose memory a new tree reuses. Idle searchers are let go after a
// while, since a tree is tens to hundreds of megabytes.
type Pool[P State[P, M], M comparable] struct {
	mu      sync.Mutex
	idle    []pooled[P, M] // least recently used first
	max     int
	idleFor time.Duration
	timer   *time.Timer
}

type pooled[P State[P, M], M comparable] struct {
	key string
	s   *Searcher[P, M]
}

// NewPool keeps at most size idle searchers, for idleFor after the last
// search.
func NewPool[P State[P, M], M comparable](size int, idleFor time.Duration) *Pool[P, M] {
	return &Pool[P, M]{max: size, idleFor: idleFor}
}

// Get takes a searcher out of the pool: one whose trees hold the position
// under key, else the least recently used, else a new one. Give it back
// with Put.
func (p *Pool[P, M]) Get(key string, hash uint64, player int) *Searcher[P, M] {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.idle) - 1; i >= 0; i-- {
		if e := p.idle[i]; e.key == key && e.s.Holds(hash, player) {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			return e.s
		}
	}
	if len(p.idle) > 0 {
		s := p.idle[0].s
		p.idle = p.idle[1:]
		s.Forget() // its trees were grown under another key, or elsewhere
		return s
	}
	return new(Searcher[P, M])
}

// Put gives a searcher back after a search under key.
func (p *Pool[P, M]) Put(key string, s *Searcher[P, M]) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle = append(p.idle, pooled[P, M]{key, s})
	if len(p.idle) > p.max {
		p.idle = p.idle[len(p.idle)-p.max:]
	}
	if p.timer == nil {
		p.timer = time.AfterFunc(p.idleFor, p.drop)
	} else {
		p.timer.Reset(p.idleFor)
	}
}

// drop lets the idle searchers go.
func (p *Pool[P, M]) drop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	clear(p.idle)
	p.idle = p.idle[:0]
}

// Idle is how many searchers the pool holds.
func (p *Pool[P, M]) Idle() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}
