package mcts

import (
	"math"
	"slices"
)

// The tree lives in two slices: state nodes and the edges (moves) out of
// them, each node's edges side by side. With transpositions on, a state
// reached by another path is the same node (a table from hash to node), so
// its statistics are shared while every edge keeps its own visit count
// (UCT-2).

type node struct {
	w      float64 // sum of rewards of the root's side through here
	n      int32   // visits
	first  int32   // first edge, or -1 until expanded
	nEdges int32
	toMove int8
}

type edge[M comparable] struct {
	move  M
	child int32   // node, or -1 until it is given one (ExpandAfter)
	n     int32   // visits through this edge
	w     float64 // their rewards, for the root's side
	rn    int32   // RAVE: simulations in which the mover played this move later
	rw    float64
	prior float64
	key   int32 // MoveKey, for RAVE
	// bias is ln(prior / the best sibling's prior), for progressive bias
	// (Config.Bias; zero without it). A float32 fills key's padding.
	bias float32
}

type tree[M comparable] struct {
	nodes []node
	edges []edge[M]
	table map[uint64]int32 // nil without transpositions
	max   int              // node budget
}

func newTree[M comparable](maxNodes int, transpositions bool) *tree[M] {
	// Room for a search of some tens of thousands of iterations without
	// regrowing (copying the tree was 5% of a Less search).
	t := &tree[M]{nodes: make([]node, 0, min(maxNodes, 1<<16)), edges: make([]edge[M], 0, 1<<18), max: maxNodes}
	if transpositions {
		t.table = map[uint64]int32{}
	}
	return t
}

func (t *tree[M]) reset() {
	t.nodes, t.edges = t.nodes[:0], t.edges[:0]
	if t.table != nil {
		clear(t.table)
	}
}

func (t *tree[M]) full() bool { return len(t.nodes) >= t.max }

// find is the node of a state, if the tree has one (with transpositions).
func (t *tree[M]) find(hash uint64) (int32, bool) {
	if t.table == nil {
		return 0, false
	}
	i, ok := t.table[hash]
	return i, ok
}

// mean is an edge's mean reward for the root's side: its child's, which
// with transpositions holds other paths' simulations too, or until it has
// a child (a full tree, or one that expands late) the edge's own.
func (t *tree[M]) mean(e *edge[M]) float64 {
	if e.child >= 0 {
		c := &t.nodes[e.child]
		return c.w / float64(max(c.n, 1))
	}
	return e.w / float64(max(e.n, 1))
}

// addNode creates the node of a state (or finds it, with transpositions).
func (t *tree[M]) addNode(hash uint64, toMove int) int32 {
	if t.table != nil {
		if i, ok := t.table[hash]; ok {
			return i
		}
	}
	i := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{first: -1, toMove: int8(toMove)})
	if t.table != nil {
		t.table[hash] = i
	}
	return i
}

// expand gives node i an edge per move, in decreasing order of prior (the
// order first-play urgency tries them in), with each edge's bias when
// biased.
func (t *tree[M]) expand(i int32, moves []M, priors []float64, keys []int32, biased bool) {
	first := int32(len(t.edges))
	for k, m := range moves {
		t.edges = append(t.edges, edge[M]{move: m, child: -1, prior: max(priors[k], 1e-9), key: keys[k]})
	}
	es := t.edges[first:]
	slices.SortStableFunc(es, func(a, b edge[M]) int {
		switch {
		case a.prior > b.prior:
			return -1
		case a.prior < b.prior:
			return 1
		}
		return 0
	})
	if biased {
		for k := range es {
			es[k].bias = float32(math.Log(es[k].prior / es[0].prior))
		}
	}
	t.nodes[i].first, t.nodes[i].nEdges = first, int32(len(moves))
}

func (t *tree[M]) edgesOf(i int32) []edge[M] {
	n := &t.nodes[i]
	if n.first < 0 {
		return nil
	}
	return t.edges[n.first : n.first+n.nEdges]
}
