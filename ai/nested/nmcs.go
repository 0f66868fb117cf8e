package nested

import "gameai/internal/xrand"

// NMCS is Nested Monte Carlo Search. Level 0 is a uniformly random playout;
// level L plays, at each step, the move whose level L-1 search scores best,
// following the best sequence found so far when that one is better.
type NMCS struct {
	p      Problem
	r      *xrand.Rand
	buf    [][]int32
	seq    []int32
	stop   func() bool
	report func(Sequence)
	// Playouts counts the level-0 playouts run.
	Playouts int64
	best     Sequence
}

// NewNMCS prepares a search from p's current position (its root).
func NewNMCS(p Problem, seed uint64) *NMCS {
	return &NMCS{p: p, r: xrand.New(seed), stop: func() bool { return false }}
}

// OnImprove sets a function called with every new best sequence.
func (n *NMCS) OnImprove(f func(Sequence)) { n.report = f }

// StopWhen sets a function polled between playouts; true ends the search.
func (n *NMCS) StopWhen(f func() bool) { n.stop = f }

// Best is the best sequence found so far.
func (n *NMCS) Best() Sequence { return n.best.clone() }

// Run searches at the level and returns the best sequence found.
func (n *NMCS) Run(level int) Sequence {
	for len(n.buf) <= level+1 {
		n.buf = append(n.buf, make([]int32, 0, 64))
	}
	n.p.Reset()
	n.seq = n.seq[:0]
	s := n.nested(level)
	n.p.Reset()
	return s
}

// playout plays random moves to the end; the moves are appended to n.seq.
func (n *NMCS) playout() float64 {
	n.Playouts++
	buf := n.buf[0]
	for {
		buf = n.p.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[n.r.Intn(len(buf))]
		n.p.Play(m)
		n.seq = append(n.seq, m)
	}
	n.buf[0] = buf
	return n.p.Score()
}

// nested plays level L from the current position to the end and returns the
// best sequence (from the root) it found; the position is left at the end.
func (n *NMCS) nested(level int) Sequence {
	if level == 0 {
		score := n.playout()
		n.offer(score)
		return Sequence{Moves: append([]int32(nil), n.seq...), Score: score}
	}
	var best Sequence
	best.Score = -1e300
	for !n.stop() {
		depth := n.p.Depth()
		moves := n.p.Moves(n.buf[level][:0])
		n.buf[level] = moves
		if len(moves) == 0 {
			break
		}
		// Moves is reused by deeper levels: keep this level's own copy.
		cands := append([]int32(nil), moves...)
		for _, m := range cands {
			n.p.Play(m)
			n.seq = append(n.seq, m)
			s := n.nested(level - 1)
			if s.Score > best.Score {
				best = s
			}
			for n.p.Depth() > depth {
				n.p.Undo()
			}
			n.seq = n.seq[:depth]
			if n.stop() {
				break
			}
		}
		if len(best.Moves) <= depth {
			break
		}
		// Follow the best sequence one step.
		m := best.Moves[depth]
		n.p.Play(m)
		n.seq = append(n.seq, m)
	}
	return best
}

func (n *NMCS) offer(score float64) {
	if score > n.best.Score || n.best.Moves == nil {
		n.best = Sequence{Moves: append([]int32(nil), n.seq...), Score: score}
		if n.report != nil {
			n.report(n.best.clone())
		}
	}
}
