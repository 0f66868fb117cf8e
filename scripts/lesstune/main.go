//go:build lessexp

// Command lesstune compares MCTS settings in refereed games, two of the
// setting against two greedy bots on each layout (docs/strength.md: the
// tuning that chose the engine's configuration).
//
//	go run -tags lessexp ./scripts/lesstune -games 20 [-only "FPU 1"]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"time"

	"gameai/ai/lessai"
	"gameai/ai/mcts"
	"gameai/arena"
	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
)

func main() {
	games := flag.Int("games", 20, "games for each setting (even: both colours of every layout)")
	seedFlag := flag.Uint64("seed", 0, "seed of the layouts")
	onlyFlag := flag.String("only", "", "only the setting of this name")
	flag.Parse()
	n, seed := *games, *seedFlag
	if n < 1 {
		log.Fatal("-games must be at least 1")
	}
	r := rand.New(rand.NewPCG(77+seed, 1))
	var layouts []*less.Walls
	for range (n + 1) / 2 {
		layouts = append(layouts, less.RandomWalls(less.WallDensity, less.DoubleWalls, r.Float64))
	}
	run := func(name string, cfg mcts.Config) {
		mc := arena.Entrant{ID: name, Local: &arena.Local{Less: codecup.Internal{Config: codecup.BotConfig{Engine: "mcts",
			Budget: 3 * time.Second, Tree: lessai.Tree{MCTS: &cfg}}}}}
		gr := arena.Entrant{ID: "greedy", Local: &arena.Local{Less: codecup.Internal{Config: codecup.BotConfig{Engine: "greedy"}}}}
		total, wins := 0, 0
		for _, pr := range arena.Pairings(layouts, false)[:n] {
			seats := arena.SidesSeats(pr, [2]arena.Entrant{mc, mc}, [2]arena.Entrant{gr, gr})
			o, err := arena.Runner{}.Play(context.Background(), arena.Spec{Game: competition.Less, Seats: seats[:],
				Layout: pr.Walls.String(), Clock: arena.Clock{GameMS: 10_000}})
			if err != nil {
				log.Fatal(err)
			}
			m := arena.MarginForA(pr, o.Less)
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
	only := *onlyFlag
	for _, v := range variants {
		if only != "" && only != v.name {
			continue
		}
		c := lessai.DefaultConfig()
		v.set(&c)
		run(v.name, c)
	}
}
