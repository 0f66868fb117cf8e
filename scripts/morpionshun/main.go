//go:build lessexp

// Command morpionshun asks whether a run kept from one of a grid's
// first-layer moves (those legal on the empty board, inside the record's
// octagon) finds a better grid: for each such move (or one, by -move), it
// runs the ten-minute row's NRPA (level 4, patience 20, layers, extend, the
// record's octagon) with that move forbidden, from a uniform policy or one
// biased towards the grid (-bias), restarting while its budget of playouts
// lasts, and prints each run's end and its best. -move -2 forbids nothing
// (the row itself, to see how long its runs last); -standing prints how
// many of the grid's moves stand on each first-layer move. The screen of
// docs/notebook/morpion.md "The 168's first layer":
//
//	go run -tags lessexp ./scripts/morpionshun -grid LAYERS -playouts 30000000 -move 4 -seed 11
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"gameai/ai/nested"
	"gameai/games/morpion"
	"gameai/scripts/morpiongrid"
)

func main() {
	code := flag.String("grid", "", "the 5T grid, as a layer code")
	playouts := flag.Int64("playouts", 5_000_000, "playouts a run")
	bias := flag.Float64("bias", 0, "bias towards the grid's moves (0: a uniform policy)")
	move := flag.Int("move", -1, "forbid only this first-layer move (its index in the list printed; -1: each in turn; -2: none)")
	runs := flag.Int("runs", 1, "runs (seeds) per move")
	seed := flag.Uint64("seed", 1, "first seed")
	level := flag.Int("level", 4, "NRPA level")
	standing := flag.Bool("standing", false, "print how many of the grid's moves stand on each first-layer move, and stop")
	trace := flag.Bool("trace", false, "with -move -2: each run a search of its own, printing its improvements from 145 up with their first layer (a 1 for each move legal on the empty board that the grid has)")
	flag.Parse()
	g, err := morpion.DecodeLayers(morpion.T5, *code)
	if err != nil {
		fmt.Fprintln(os.Stderr, "morpionshun: -grid:", err)
		os.Exit(2)
	}
	x := &screen{g: g, root: morpion.NewBoardIn(morpion.T5, morpion.RecordOctagon(morpion.T5)),
		playouts: *playouts, level: *level, runs: *runs, seed: *seed}
	for _, m := range g.Moves {
		x.seq = append(x.seq, int32(m.Line))
		if x.root.IsLegal(m.Line) {
			x.first = append(x.first, int32(m.Line))
		}
	}
	fmt.Printf("grid %d, first layer %d moves\n", g.Score(), len(x.first))
	switch {
	case *standing:
		x.standing()
	case *move == -2 && *trace:
		x.trace()
	case *move == -2:
		x.forbid(-1, *bias)
	default:
		for i, m := range x.first {
			if *move < 0 || i == *move {
				fmt.Printf("move %d (%v):\n", i, morpion.Line(m))
				x.forbid(m, *bias)
			}
		}
	}
}

type screen struct {
	g           *morpion.Grid
	root        *morpion.Board
	seq, first  []int32
	playouts    int64
	level, runs int
	seed        uint64
}

// config is the ten-minute row's NRPA.
var config = nested.NRPAConfig{Patience: 20, Layers: true, Extend: true}

// standing prints how many of the grid's moves stand on each of its
// first-layer moves, directly or through others.
func (x *screen) standing() {
	users := morpiongrid.Users(x.g)
	for i, m := range x.g.Moves {
		if x.root.IsLegal(m.Line) {
			on := morpiongrid.Closure(i, users, make([]bool, len(x.g.Moves)))
			fmt.Printf("%v: %d moves stand on it (direct %d)\n", m.Line, len(on)-1, len(users[i]))
		}
	}
}

// forbid runs the row with move m forbidden (none when m < 0), restarting
// while the budget lasts, and prints each run's end and the best.
func (x *screen) forbid(m int32, bias float64) {
	for k := range x.runs {
		p := morpion.NewProblem(x.root)
		pol := nested.NewPolicy(p.Codes())
		if bias > 0 {
			pol.Bias(x.seq, bias)
		}
		if m >= 0 {
			pol.Bias([]int32{m}, -1000) // clamped: never drawn while another move is legal
		}
		n := nested.NewNRPA(p, config, x.seed+uint64(k))
		n.StopWhen(func() bool { return n.Playouts >= x.playouts })
		best := 0
		for n.Playouts < x.playouts {
			g := p.Complete(n.Run(x.level, pol).Moves).Finish(morpion.NewRand(1), 1000)
			best = max(best, g.Score())
			fmt.Printf("  run ends at %d playouts: %d %s\n", n.Playouts, g.Score(), morpion.EncodeLayers(g))
		}
		fmt.Printf("seed %d best %d\n", x.seed+uint64(k), best)
	}
}

// trace runs the row, each run a search of its own, and prints its
// improvements with their first layers.
func (x *screen) trace() {
	rootMoves := slices.Clone(x.root.Legal())
	slices.Sort(rootMoves)
	sig := func(moves []int32) string {
		b := make([]byte, len(rootMoves))
		for i, r := range rootMoves {
			b[i] = '0'
			if slices.Contains(moves, int32(r)) {
				b[i] = '1'
			}
		}
		return string(b)
	}
	fmt.Printf("the grid's first layer: %s\n", sig(x.seq))
	for k := range x.runs {
		p := morpion.NewProblem(x.root)
		for off, draw := int64(0), uint64(0); off < x.playouts; draw++ {
			n := nested.NewNRPA(p, config, (x.seed+uint64(k))*1000+draw)
			n.StopWhen(func() bool { return off+n.Playouts >= x.playouts })
			n.OnImprove(func(s nested.Sequence) {
				if s.Score >= 145 {
					fmt.Printf("  %d %.0f %s\n", off+n.Playouts, s.Score, sig(s.Moves))
				}
			})
			s := n.Run(x.level, nil)
			off += n.Playouts
			fmt.Printf("seed %d run %d ends at %d: %.0f %s\n", x.seed+uint64(k), draw, off, s.Score, sig(s.Moves))
		}
	}
}
