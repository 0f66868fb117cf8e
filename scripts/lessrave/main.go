//go:build lessexp

// Command lessrave measures what RAVE changes in a turn's choice
// (docs/strength.md): positions from games the engine plays against
// itself at a tenth of a 30 s game's iterations a turn, on random layouts,
// at turns 8, 24, 40 and 56; from each, three searches of -iterations
// choose a turn: RAVE with two seeds, and UCT. If RAVE and UCT agree as
// often as RAVE agrees with itself, RAVE changes nothing the search's own
// noise does not.
//
//	go run -tags lessexp ./scripts/lessrave -games 10   # 5 minutes
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"

	"gameai/ai/lessai"
	"gameai/ai/mcts"
	"gameai/games/less"
)

func main() {
	gamesFlag := flag.Int("games", 10, "games to take positions from (four a game)")
	itersFlag := flag.Int64("iterations", 250_000, "iterations of each search (about a turn's share at 30 s a game)")
	flag.Parse()
	games, iters := *gamesFlag, *itersFlag
	if games < 1 || iters < 1 {
		log.Fatal("-games and -iterations must be at least 1")
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(2026, 11))
	choose := func(kind string, seed uint64, p less.Position, d *less.Distances, n int64) lessai.Choice {
		ch, err := lessai.Chooser{Kind: kind, Seed: seed}.Choose(ctx, p, d, lessai.Limits{Iterations: n}, nil)
		if err != nil || !ch.Found {
			log.Fatalf("%s found no turn (%v) in\n%v", kind, err, p)
		}
		return ch
	}
	var positions, selfAgree, uctAgree int
	// Turns that reach one position in another order are one turn.
	same := func(p less.Position, a, b less.Action) bool {
		q := p
		if err := p.Apply(a); err != nil {
			log.Fatal(err)
		}
		if err := q.Apply(b); err != nil {
			log.Fatal(err)
		}
		return p.Hash() == q.Hash()
	}
	var betaSum float64
	for g := range games {
		w := less.RandomWalls(less.WallDensity, less.DoubleWalls, r.Float64)
		d := less.DistancesFor(w)
		p := *less.NewPosition(w)
		for !p.Over() {
			if t := p.Turn(); t == 8 || t == 24 || t == 40 || t == 56 {
				cfg := lessai.DefaultConfig()
				cfg.Seed = 1
				a, res := lessai.BestTurn(ctx, nil, lessai.NewNode(p, d), cfg, mcts.Limits{Iterations: iters}, nil)
				b := choose(lessai.KindMCTS, 2, p, d, iters)
				u := choose(lessai.KindUCT, 1, p, d, iters)
				positions++
				if same(p, a, b.Action) {
					selfAgree++
				}
				if same(p, a, u.Action) {
					uctAgree++
				}
				// β of the chosen first move at the root: its weight of
				// all-moves-as-first against its own mean.
				n := 0.0
				for _, m := range res.Moves {
					if a.N > 0 && m.Move == a.M[0] {
						n = float64(m.Visits)
					}
				}
				beta := lessai.DefaultConfig().RaveWeight(int64(n))
				betaSum += beta
				fmt.Printf("game %d turn %2d: RAVE %-16s RAVE' %-16s UCT %-16s root visits of its first move %7.0f, beta %.3f\n",
					g+1, p.Turn(), a, b.Action, u.Action, n, beta)
			}
			if p.NilDue(p.ToMove()) {
				if err := p.Apply(less.Nil); err != nil {
					log.Fatal(err)
				}
				continue
			}
			if err := p.Apply(choose(lessai.KindMCTS, uint64(p.Turn()), p, d, iters/10).Action); err != nil {
				log.Fatal(err)
			}
		}
	}
	frac := func(k int) float64 { return float64(k) / float64(positions) }
	fmt.Printf("%d positions, %d iterations a search: RAVE agrees with RAVE (another seed) on %.2f of the turns, "+
		"with UCT on %.2f; mean beta at the root's chosen move %.3f\n",
		positions, iters, frac(selfAgree), frac(uctAgree), betaSum/float64(positions))
}
