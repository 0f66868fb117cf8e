package minimax

import (
	"context"
	"math"
	"time"
)

// Expectiminimax for games of more than two players in two sides, where
// some players' choices are not ours to make: the root's side maximises,
// the other side minimises, and a chance node (a teammate, a die) takes
// the weighted mean of its children. Values are from the root's side,
// higher is better. Max and min nodes prune by alpha-beta; a chance node's
// children are searched with the full window.

// NodeKind is how the player to move chooses, for the root's side.
type NodeKind uint8

// The kinds of node.
const (
	MaxNode NodeKind = iota
	MinNode
	ChanceNode
)

// ChancePosition is what expectiminimax needs of a game.
type ChancePosition[M comparable] interface {
	// GenMoves appends the moves, best first by the game's own guess (the
	// search may keep only the first few).
	GenMoves(buf []M) []M
	Make(m M)
	Unmake(m M)
	Hash() uint64
	Over() bool
	// Kind is the kind of the node when root is the root's player.
	Kind(root int) NodeKind
	// ToMove is the player to move.
	ToMove() int
	// Weight is a move's weight at a chance node (the chance of a move is
	// its weight over the sum).
	Weight(m M) float64
	// Value scores a finished position, or one at the search's horizon,
	// for the root's side.
	Value(root int) float64
}

// ExpectiLimits bound an expectiminimax search; it needs at least one.
type ExpectiLimits struct {
	Depth int
	Nodes int64
	Time  time.Duration
	// Beam keeps only the first moves of each node (0: all).
	Beam int
}

// ExpectiResult is the best move of the deepest finished iteration.
type ExpectiResult[M comparable] struct {
	Move    M
	HasMove bool
	Value   float64
	Depth   int
	Nodes   int64
	Elapsed time.Duration
}

type expectiEntry[M comparable] struct {
	key   uint64
	depth int
	value float64
	move  M
}

// Expectimax searches pos by iterative deepening within the limits and
// returns pos as it was. The table keeps exact values only (a value cut by
// the window is not stored).
func Expectimax[P ChancePosition[M], M comparable](ctx context.Context, pos P, lim ExpectiLimits) ExpectiResult[M] {
	e := &expecti[P, M]{ctx: ctx, root: pos.ToMove(), lim: lim, start: time.Now(), table: map[uint64]expectiEntry[M]{}}
	if lim.Time > 0 {
		e.deadline = e.start.Add(lim.Time)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 {
		maxDepth = 64
	}
	var res ExpectiResult[M]
	for depth := 1; depth <= maxDepth; depth++ {
		v, m, ok := e.search(pos, depth, math.Inf(-1), math.Inf(1))
		if e.stopped && res.HasMove {
			break
		}
		if !ok {
			break // no move at the root
		}
		res = ExpectiResult[M]{Move: m, HasMove: true, Value: v, Depth: depth}
		if e.stopped {
			break
		}
		if !e.deadline.IsZero() && time.Since(e.start) > time.Until(e.deadline)/2 {
			break
		}
	}
	res.Nodes, res.Elapsed = e.nodes, time.Since(e.start)
	return res
}

type expecti[P ChancePosition[M], M comparable] struct {
	ctx      context.Context
	root     int
	lim      ExpectiLimits
	start    time.Time
	deadline time.Time
	nodes    int64
	stopped  bool
	table    map[uint64]expectiEntry[M]
	bufs     [][]M
}

func (e *expecti[P, M]) poll() {
	if e.lim.Nodes > 0 && e.nodes >= e.lim.Nodes {
		e.stopped = true
	}
	if e.nodes&1023 == 0 && (e.ctx.Err() != nil || (!e.deadline.IsZero() && time.Now().After(e.deadline))) {
		e.stopped = true
	}
}

// search returns the node's value and, at max and min nodes, its best move.
func (e *expecti[P, M]) search(pos P, depth int, alpha, beta float64) (float64, M, bool) {
	var none M
	e.nodes++
	e.poll()
	if pos.Over() || depth == 0 {
		return pos.Value(e.root), none, false
	}
	key := pos.Hash() ^ uint64(depth)*0x9e3779b97f4a7c15
	var hint M
	hasHint := false
	if t, ok := e.table[key]; ok && t.key == key {
		if t.depth == depth {
			return t.value, t.move, true
		}
		hint, hasHint = t.move, true
	}
	for len(e.bufs) <= depth {
		e.bufs = append(e.bufs, nil)
	}
	moves := pos.GenMoves(e.bufs[depth][:0])
	e.bufs[depth] = moves
	if len(moves) == 0 {
		return pos.Value(e.root), none, false
	}
	if b := e.lim.Beam; b > 0 && len(moves) > b {
		moves = moves[:b]
	}
	if hasHint {
		for i, m := range moves {
			if m == hint {
				moves[0], moves[i] = moves[i], moves[0]
				break
			}
		}
	}
	kind := pos.Kind(e.root)
	var best float64
	var bestMove M
	alpha0, beta0 := alpha, beta
	exact := true
	switch kind {
	case ChanceNode:
		total, sum := 0.0, 0.0
		for _, m := range moves {
			w := pos.Weight(m)
			pos.Make(m)
			v, _, _ := e.search(pos, depth-1, math.Inf(-1), math.Inf(1))
			pos.Unmake(m)
			total += w
			sum += w * v
			if e.stopped {
				return 0, none, false
			}
		}
		best = sum / total
		bestMove = moves[0]
	default:
		best = math.Inf(-1)
		if kind == MinNode {
			best = math.Inf(1)
		}
		for i, m := range moves {
			pos.Make(m)
			v, _, _ := e.search(pos, depth-1, alpha, beta)
			pos.Unmake(m)
			if e.stopped {
				return best, bestMove, i > 0
			}
			if kind == MaxNode && v > best {
				best, bestMove = v, m
				alpha = max(alpha, v)
			}
			if kind == MinNode && v < best {
				best, bestMove = v, m
				beta = min(beta, v)
			}
			if alpha >= beta {
				break
			}
		}
		// A value on or beyond the window is a bound, not the value.
		exact = best > alpha0 && best < beta0
	}
	if len(e.table) > 1<<20 {
		clear(e.table) // bounded memory; the iteration refills it
	}
	if exact {
		e.table[key] = expectiEntry[M]{key: key, depth: depth, value: best, move: bestMove}
	} else if _, ok := e.table[key]; !ok {
		e.table[key] = expectiEntry[M]{key: key, depth: -1, move: bestMove} // a move hint only
	}
	return best, bestMove, true
}
