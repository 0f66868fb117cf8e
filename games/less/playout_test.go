package less

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPlayoutMovesMatchTheMoveList plays random games on three layouts and
// checks, at every step, the word-parallel moves of the playouts against
// Moves and Cost (a loop over pieces and directions): the same moves at the
// same costs, hasMove, and a playout step's draw weighed from the list.
func TestPlayoutMovesMatchTheMoveList(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	steps := 0
	dists := map[*Walls]*Distances{}
	walls := []*Walls{RandomWalls(0.2, 0.3, r.Float64), RandomWalls(0.4, 0.5, r.Float64)}
	if w, err := ParseWalls(FixtureLayout); err == nil {
		walls = append(walls, w)
	}
	for game := range 30 {
		w := walls[game%len(walls)]
		if game < len(walls) {
			dists[w] = NewDistances(w)
		}
		dist := dists[w]
		p := NewPosition(w)
		for !p.Over() {
			want := p.Moves(nil)
			ms := p.movesByDirection()
			if ms.count() != len(want) {
				t.Fatalf("game %d %v: %d playout moves, Moves has %d", game, p, ms.count(), len(want))
			}
			var got []Move
			for k := range ms.count() {
				m, cost := ms.nth(p.g, k)
				got = append(got, m)
				if int(cost) != p.moveCost(m) {
					t.Fatalf("game %d: %v costs %d, want %d", game, m, cost, p.moveCost(m))
				}
			}
			cmp := func(a, b Move) int { return int(a.From)*64 + int(a.To) - int(b.From)*64 - int(b.To) }
			slices.SortFunc(got, cmp)
			slices.SortFunc(want, cmp)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d %v: playout moves %v, Moves %v", game, p, got, want)
			}
			if p.hasMove() != (len(want) > 0) {
				t.Fatalf("game %d %v: hasMove %v with moves %v", game, p, p.hasMove(), want)
			}
			if len(want) > 0 {
				checkPlayoutDraw(t, p, dist, want, r)
			}
			if len(want) == 0 {
				break
			}
			m := want[r.IntN(len(want))]
			p.Play(m)
			if p.CanEndTurn() && r.IntN(4) == 0 {
				p.EndTurn()
			}
			steps++
		}
	}
	if steps < 1000 {
		t.Errorf("only %d steps checked", steps)
	}
}

// checkPlayoutDraw weighs want (the legal moves of p) as PlayoutStep is
// documented to, 16^net with ending the turn a move of net -left, the
// levels more than two below the best left out, and checks the total a
// step draws from and the level of the move it plays.
func checkPlayoutDraw(t *testing.T, p *Position, dist *Distances, want []Move, r *rand.Rand) {
	t.Helper()
	top := minNet - 1
	for _, m := range want {
		top = max(top, p.Net(dist, m))
	}
	if p.moved > 0 {
		top = max(top, -int(p.left))
	}
	base := top - 2
	weight := func(net int) int {
		if net < base {
			return 0
		}
		return 1 << (4 * (net - base))
	}
	total := 0
	for _, m := range want {
		total += weight(p.Net(dist, m))
	}
	if p.moved > 0 {
		total += weight(-int(p.left))
	}
	q := *p
	drawn := 0
	m, ok := q.PlayoutStep(dist, func(n int) int { drawn = n; return r.IntN(n) })
	if !ok || drawn != total {
		t.Fatalf("%v: a playout step drew from %d (ok %v), want %d", p, drawn, ok, total)
	}
	if m == EndTurnMove {
		if p.moved == 0 {
			t.Fatalf("%v: a playout step ended a turn before its first move", p)
		}
		return
	}
	if !slices.Contains(want, m) || weight(p.Net(dist, m)) == 0 {
		t.Fatalf("%v: a playout step played %v (net %d), not a legal move of net %d or more", p, m, p.Net(dist, m), base)
	}
}
