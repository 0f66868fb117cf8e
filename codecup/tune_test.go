package codecup

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"gameai/ai/lessai"
	"gameai/ai/mcts"
	"gameai/games/less"
)

// TestTuneMCTS compares MCTS settings in refereed games against greedy
// bots (LESS_TUNE=games; an experiment, skipped otherwise).
func TestTuneMCTS(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("LESS_TUNE"))
	if n == 0 {
		t.Skip("set LESS_TUNE to the number of games")
	}
	seed, _ := strconv.ParseUint(os.Getenv("LESS_TUNE_SEED"), 10, 64)
	r := rand.New(rand.NewPCG(77+seed, 1))
	var layouts []*less.Walls
	for range (n + 1) / 2 {
		layouts = append(layouts, less.RandomWalls(less.WallDensity, less.DoubleWalls, r.Float64))
	}
	run := func(name string, cfg mcts.Config) {
		mc := Internal{Config: BotConfig{Engine: "mcts", Budget: 3 * time.Second, Tree: lessai.Tree{MCTS: &cfg}}}
		gr := Internal{Config: BotConfig{Engine: "greedy"}}
		total, wins := 0, 0
		for _, pr := range Pairings(layouts)[:n] {
			rec, err := Referee{Budget: 10 * time.Second}.Play(context.Background(), Seats(pr, mc, gr, mc, gr), pr.Walls)
			if err != nil {
				t.Fatal(err)
			}
			m := MarginForA(pr, rec)
			total += m
			if m > 0 {
				wins++
			}
		}
		fmt.Printf("%-16s wins %2d/%d  mean margin %+.2f\n", name, wins, n, float64(total)/float64(n))
	}
	variants := []struct {
		name string
		set  func(*mcts.Config)
	}{
		{"default", func(*mcts.Config) {}},
		{"C 0.7", func(c *mcts.Config) { c.C = 0.7 }},
		{"C 0.2", func(c *mcts.Config) { c.C = 0.2 }},
		{"FPU 1", func(c *mcts.Config) { c.FPU = 1 }},
		{"playout 24", func(c *mcts.Config) { c.PlayoutLimit = 24 }},
		{"playout 64", func(c *mcts.Config) { c.PlayoutLimit = 64 }},
		{"no RAVE", func(c *mcts.Config) { c.RAVE = false }},
		{"depth 48", func(c *mcts.Config) { c.MaxDepth = 48 }},
		{"FPU 1, C 0.7", func(c *mcts.Config) { c.FPU, c.C = 1, 0.7 }},
		{"FPU 1, playout 64", func(c *mcts.Config) { c.FPU, c.PlayoutLimit = 1, 64 }},
		{"FPU 1, C 0.7, playout 64", func(c *mcts.Config) { c.FPU, c.C, c.PlayoutLimit = 1, 0.7, 64 }},
		{"FPU 1, C 0.2", func(c *mcts.Config) { c.FPU, c.C = 1, 0.2 }},
		{"FPU 1, playout 96", func(c *mcts.Config) { c.FPU, c.PlayoutLimit = 1, 96 }},
		{"FPU 1, playout 160", func(c *mcts.Config) { c.FPU, c.PlayoutLimit = 1, 160 }},
	}
	only := os.Getenv("LESS_TUNE_ONLY")
	for _, v := range variants {
		if only != "" && only != v.name {
			continue
		}
		c := lessai.Config
		v.set(&c)
		run(v.name, c)
	}
}
