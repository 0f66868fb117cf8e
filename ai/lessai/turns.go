package lessai

import (
	"math"
	"slices"

	"gameai/ai/minimax"
	"gameai/games/less"
)

// Turns is a Less position as expectiminimax sees it: its moves are whole
// turns (every distinct action), best first by how much closer they bring
// the mover home. The root's side maximises, the other side minimises, the
// root's teammate is a chance node weighted by progress.
type Turns struct {
	P     less.Position
	D     *less.Distances
	stack []less.Position
	buf   []scored
}

type scored struct {
	a     less.Action
	dist  int
	moves int8
}

// GenMoves lists the turn's distinct actions, the mover's best first: by
// how far the mover's pieces end from home alone on the board, and with
// them its teammate's, so a turn that brings the mover home spends the
// points it has left on its teammate's pieces (the mover's rule once home)
// as well as they can be spent. The teammate's pieces stay where they are
// in any other turn: its distance only orders the turns that move them.
func (t *Turns) GenMoves(buf []less.Action) []less.Action {
	t.buf = t.buf[:0]
	mv := t.P.Mover()
	for _, a := range t.P.Actions() {
		q := t.P
		applyAction(&q, a)
		dist := t.D.Solo(mv, q.Pieces(mv)) + t.D.Solo(mv^2, q.Pieces(mv^2))
		t.buf = append(t.buf, scored{a, dist, a.N})
	}
	slices.SortStableFunc(t.buf, func(x, y scored) int {
		if x.dist != y.dist {
			return x.dist - y.dist
		}
		return int(x.moves) - int(y.moves)
	})
	for _, s := range t.buf {
		buf = append(buf, s.a)
	}
	return buf
}

// applyAction plays an action known legal (from Actions).
func applyAction(p *less.Position, a less.Action) {
	turn := p.Turn()
	for _, m := range a.Moves() {
		p.Play(m)
	}
	if p.Turn() == turn && !p.Over() {
		p.EndTurn()
	}
}

func (t *Turns) Make(a less.Action) {
	t.stack = append(t.stack, t.P)
	applyAction(&t.P, a)
}

func (t *Turns) Unmake(less.Action) {
	t.P = t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
}

func (t *Turns) Hash() uint64 { return t.P.Hash() }
func (t *Turns) Over() bool   { return t.P.Over() }
func (t *Turns) ToMove() int  { return t.P.ToMove() }

// Kind: the root's player maximises, its teammate is chance, the others
// minimise.
func (t *Turns) Kind(root int) minimax.NodeKind {
	switch t.P.ToMove() {
	case root:
		return minimax.MaxNode
	case root ^ 2:
		return minimax.ChanceNode
	}
	return minimax.MinNode
}

// Weight makes a teammate likelier to play a turn that brings it closer.
func (t *Turns) Weight(a less.Action) float64 {
	q := t.P
	mv := q.Mover()
	before := t.D.Solo(mv, q.Pieces(mv))
	applyAction(&q, a)
	return math.Exp(float64(before - t.D.Solo(mv, q.Pieces(mv))))
}

// Value is the root side's margin as the game would score it now: the
// other side's points used and solo distances minus its own, with a
// little for mobility (moves open to each side's players).
func (t *Turns) Value(root int) float64 {
	s := less.TeamScores(t.P.Scores(t.D))
	mine := less.Team(root)
	v := float64(s[1-mine] - s[mine])
	if !t.P.Over() {
		v += 0.01 * float64(t.mobility(mine)-t.mobility(1-mine))
	}
	return v
}

// mobility counts the single moves a side's players have from here (3
// points each, as at the start of a turn).
func (t *Turns) mobility(team int) int {
	n := 0
	var buf [64]less.Move
	for _, pl := range []int{team, team + 2} {
		q := t.P
		if !q.ForPlayer(pl) {
			continue
		}
		n += len(q.Moves(buf[:0]))
	}
	return n
}
