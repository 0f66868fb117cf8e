package nested

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/games/morpion"
)

// EXP="level,iters,stab,patience" EXPT=90s EXPSEEDS=1-5
func TestExpNRPA(t *testing.T) {
	spec := os.Getenv("EXP")
	if spec == "" {
		t.Skip()
	}
	f := strings.Split(spec, ",")
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	d, _ := time.ParseDuration(os.Getenv("EXPT"))
	v := morpion.T5
	if os.Getenv("EXPV") == "5D" {
		v = morpion.D5
	}
	var scores []float64
	for seed := uint64(1); seed <= uint64(atoi(os.Getenv("EXPSEEDS"))); seed++ {
		r := NewRunner(Budget{Deadline: time.Now().Add(d)}, nil)
		cfg := ParallelConfig{Level: atoi(f[0]), NRPA: NRPAConfig{Iterations: atoi(f[1]), Stabilization: atoi(f[2]), Patience: atoi(f[3])}, Threads: 1, Seed: seed}
		s := Parallel(context.Background(), r, func() Problem { return morpion.NewProblem(morpion.NewBoard(v)) }, cfg)
		scores = append(scores, s.Score)
		fmt.Printf("%s %s seed=%d best=%v playouts=%d\n", v, spec, seed, s.Score, r.Playouts())
	}
	sum := 0.0
	for _, x := range scores {
		sum += x
	}
	fmt.Printf("SUMMARY %s %s mean=%.1f scores=%v\n", v, spec, sum/float64(len(scores)), scores)
}
