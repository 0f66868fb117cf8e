package lessai

import (
	"math"
	"math/rand/v2"
	"testing"

	"gameai/games/less"
)

// Greedy's turn, over every turn of games it plays in all four seats on
// random layouts, ends the mover's pieces as close to home (alone) as any
// turn can; and where the closest turns bring them home with points left,
// its teammate's pieces (the mover's to move once home) as close as any of
// those turns can. The second case must come up, or the test says nothing
// of it.
func TestGreedyMovesItsTeammateOnceHome(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	deciding := 0
	// Under the race detector (one goroutine here, some 70 s for twelve
	// games) a quarter of them.
	for game := range 12 / raceRuns {
		w := less.RandomWalls(0.3, 0.1, r.Float64)
		p := *less.NewPosition(w)
		d := less.DistancesFor(w)
		for turn := 0; !p.Over(); turn++ {
			as := p.Actions()
			if len(as) == 0 {
				p.Pass()
				continue
			}
			mv := p.Mover()
			after := func(a less.Action) (own, mate int) {
				q := p
				if err := q.Apply(a); err != nil {
					t.Fatalf("game %d turn %d: %s: %v", game, turn, a, err)
				}
				return d.Solo(mv, q.Pieces(mv)), d.Solo(mv^2, q.Pieces(mv^2))
			}
			owns, mates := make([]int, len(as)), make([]int, len(as))
			bestOwn, bestMate, worstMate := math.MaxInt, math.MaxInt, 0
			for i, a := range as {
				owns[i], mates[i] = after(a)
				bestOwn = min(bestOwn, owns[i])
			}
			for i := range as {
				if owns[i] == bestOwn {
					bestMate, worstMate = min(bestMate, mates[i]), max(worstMate, mates[i])
				}
			}
			g := Greedy(p, d)
			own, mate := after(g)
			if own != bestOwn || mate != bestMate {
				t.Fatalf("game %d turn %d: Greedy's %s ends the mover %d and its teammate %d from home; the closest turns %d and %d",
					game, turn, g, own, mate, bestOwn, bestMate)
			}
			if bestMate < worstMate {
				deciding++
			}
			if err := p.Apply(g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if deciding == 0 {
		t.Fatal("no turn brought a mover home with points its teammate could use: the test decided nothing")
	}
	t.Logf("%d turns where the teammate's pieces decided", deciding)
}
