//go:build lessexp

// Command nrpaexp runs nested rollout policy adaptation on Morpion from
// the start, one seed after another on one core, and prints each seed's
// best score and the mean: the screen behind the NRPA settings of
// docs/strength.md (once an environment-gated test of ai/nested that only
// printed). Built with the experiments' tag:
//
//	go run -tags lessexp ./scripts/nrpaexp -level 3 -iterations 100 -time 90s -seeds 5
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"gameai/ai/nested"
	"gameai/games/morpion"
)

func main() {
	level := flag.Int("level", 3, "nesting level")
	iters := flag.Int("iterations", 100, "iterations a level")
	stab := flag.Int("stabilization", 0, "NRPA stabilization (0: the package's)")
	patience := flag.Int("patience", 0, "NRPA patience (0: none)")
	budget := flag.Duration("time", 90*time.Second, "time a seed")
	seeds := flag.Int("seeds", 5, "seeds 1..N")
	variant := flag.String("variant", "5T", "5T or 5D")
	flag.Parse()
	v := morpion.T5
	switch *variant {
	case "5T":
	case "5D":
		v = morpion.D5
	default:
		fmt.Fprintf(os.Stderr, "nrpaexp: -variant %q: 5T or 5D\n", *variant)
		os.Exit(2)
	}
	sum := 0.0
	var scores []float64
	for seed := uint64(1); seed <= uint64(*seeds); seed++ {
		r := nested.NewRunner(nested.Budget{Deadline: time.Now().Add(*budget)}, nil)
		cfg := nested.ParallelConfig{Level: *level, NRPA: nested.NRPAConfig{Iterations: *iters, Stabilization: *stab, Patience: *patience},
			Threads: 1, Seed: seed}
		s := nested.Parallel(context.Background(), r, func() nested.Problem { return morpion.NewProblem(morpion.NewBoard(v)) }, cfg)
		scores = append(scores, s.Score)
		sum += s.Score
		fmt.Printf("%s seed=%d best=%v playouts=%d\n", *variant, seed, s.Score, r.Playouts())
	}
	fmt.Printf("SUMMARY %s level=%d iterations=%d mean=%.1f scores=%v\n", *variant, *level, *iters, sum/float64(len(scores)), scores)
}
