package less

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPlayoutMovesMatchTheMoveList plays random games on three layouts and
// checks, at every step, the word-parallel moves of the playouts against
// Moves and Cost (a loop over pieces and directions): the same moves at the
// same costs, the best of them by the mover's single distances, and
// hasMove.
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
			row := dist.SingleRow(p.Mover())
			want := p.Moves(nil)
			ms := p.movesByDirection()
			if ms.count() != len(want) {
				t.Fatalf("game %d %v: %d playout moves, Moves has %d", game, p, ms.count(), len(want))
			}
			var got []Move
			bestGain, bests := -1<<30, []Move(nil)
			for k := range ms.count() {
				m, cost := ms.nth(p.g, k)
				got = append(got, m)
				if int(cost) != p.moveCost(m) {
					t.Fatalf("game %d: %v costs %d, want %d", game, m, cost, p.moveCost(m))
				}
				switch g := int(row[m.From]) - int(row[m.To]); {
				case g > bestGain:
					bestGain, bests = g, []Move{m}
				case g == bestGain:
					bests = append(bests, m)
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
			best, gain := ms.best(&dist.gains[p.Mover()], p.pieces[p.Mover()])
			var gotBest []Move
			for k := range best.count() {
				m, _ := best.nth(p.g, k)
				gotBest = append(gotBest, m)
			}
			if len(want) > 0 && (gain != bestGain || !slices.Equal(gotBest, bests)) {
				t.Fatalf("game %d: best %v (gain %d), want %v (gain %d)", game, gotBest, gain, bests, bestGain)
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
