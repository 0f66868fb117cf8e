package nested

// Order-free ("layer") adaptation. A Morpion grid is a set of moves; the
// order a playout happened to play them in is one of many that give the
// same grid, and Rosin's adaptation teaches the policy that order: at each
// step it rewards the one move played and charges every legal move its
// probability. Adapting by layers rewards the set instead. From the root,
// layer k is every move of the best sequence legal now; each of them gets
// +alpha, every legal move m gets -alpha·|layer k|·p(m), and the whole
// layer is played before the next is read. Any order of the same grid
// gives the same layers, so the same adaptation (a test checks it).
//
// The layers depend on the sequence alone, not on the policy, so they are
// found once per best rollout (a replay, about a playout's cost) and kept
// with it; each adaptation then sums the exponentials over the spans.

// layering is a rollout's layers: the number of its moves in each, and
// every move legal at some layer with the layers it was legal in.
type layering struct {
	found  bool
	counts []int32
	spans  []span // from and to count layers, not steps
}

func (l *layering) reset() {
	l.found = false
	l.counts, l.spans = l.counts[:0], l.spans[:0]
}

func (l *layering) copyFrom(q *layering) {
	l.found = q.found
	l.counts = append(l.counts[:0], q.counts...)
	l.spans = append(l.spans[:0], q.spans...)
}

// marks is a set of codes cleared in constant time: c is in the set when
// mark[c] equals the current generation.
type marks struct {
	mark []uint32
	gen  uint32
}

func newMarks(codes int) marks { return marks{mark: make([]uint32, codes)} }

func (m *marks) clear() {
	if m.gen++; m.gen == 0 { // wrapped: stale marks could look current
		clear(m.mark)
		m.gen = 1
	}
}

func (m *marks) add(c int32)      { m.mark[c] = m.gen }
func (m *marks) has(c int32) bool { return m.mark[c] == m.gen }

// gridKey is a code's share of a grid's identity, which XORs the keys of
// its moves: equal sets give equal identities in any order.
func gridKey(code int32) uint64 {
	z := uint64(code) + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// layers finds r's layering by replaying its moves layer by layer.
func (n *NRPA) layers(r *rollout) {
	l := &r.lay
	if l.found {
		return
	}
	l.reset()
	n.inBest.clear()
	for _, m := range r.moves {
		n.inBest.add(m)
	}
	f := &n.front
	f.clear()
	n.p.Reset()
	n.root = n.p.Moves(n.root[:0])
	for _, m := range n.root {
		f.add(m, 0, 0)
	}
	for k := int32(0); ; k++ {
		n.layer = n.layer[:0]
		for _, it := range f.items {
			if n.inBest.has(it.code) {
				n.layer = append(n.layer, it.code)
			}
		}
		if len(n.layer) == 0 {
			break
		}
		l.counts = append(l.counts, int32(len(n.layer)))
		// The moves of one grid never exclude each other, so the whole
		// layer can be played in any order.
		for _, m := range n.layer {
			n.p.Play(m)
			born, died := n.p.Changes()
			for _, d := range died {
				// A move born and killed within this layer was never
				// legal at the start of one: an empty span.
				if from, _ := f.remove(d); from <= k {
					l.spans = append(l.spans, span{d, from, k + 1})
				}
			}
			for _, b := range born {
				f.add(b, 0, k+1)
			}
		}
	}
	last := int32(len(l.counts))
	for _, it := range f.items {
		if it.born < last {
			l.spans = append(l.spans, span{it.code, it.born, last})
		}
	}
	f.clear()
	l.found = true
}

// adaptLayers moves pol towards r's grid by layers, every term computed
// from the weights before this adaptation, as adapt does by steps.
func (n *NRPA) adaptLayers(pol *Policy, r *rollout) {
	n.layers(r)
	l := &r.lay
	n.shift(pol, r.moves, l.spans, n.sums(pol, l.spans, len(l.counts)), l.counts)
}
