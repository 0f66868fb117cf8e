//go:build lessexp

// Command morpionlns is large neighbourhood search on a Morpion grid: it
// takes a part of the grid away, searches the rest again with NRPA (layers
// on) from the position left, keeps a result at least as good (within
// -slack of the best so far) that is another grid, and goes on from it
// until its time is spent; then it prints how the repairs scored against
// the grid they came from. The screen of docs/notebook/morpion.md
// "Rebuilding parts of a 168", built with the experiments' tag:
//
//	go run -tags lessexp ./scripts/morpionlns -grid LAYERS -k 40 -level 2 -time 60s -seed 1
package main

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"time"

	"gameai/ai/nested"
	"gameai/games/morpion"
	"gameai/internal/xrand"
	"gameai/scripts/morpiongrid"
)

func main() {
	code := flag.String("grid", "", "the 5T grid to start from, as a layer code")
	k := flag.Int("k", 20, "a repair takes away up to this many moves (uniform in 1..k)")
	level := flag.Int("level", 2, "the repairing NRPA's level")
	budget := flag.Duration("time", time.Minute, "how long to search")
	seed := flag.Uint64("seed", 1, "random seed")
	slack := flag.Int("slack", 0, "keep a repair within this much of the best so far")
	closed := flag.Bool("closed", true, "take a move with every move that uses its dot (false: the nearest dots only; what stood on them falls)")
	plane := flag.Bool("plane", false, "repair on the whole plane, not the record's octagon")
	flag.Parse()
	start, err := morpion.DecodeLayers(morpion.T5, *code)
	if err != nil {
		fmt.Fprintln(os.Stderr, "morpionlns: -grid:", err)
		os.Exit(2)
	}
	s := &search{k: *k, level: *level, closed: *closed, plane: *plane, r: xrand.New(*seed),
		oct: morpion.RecordOctagon(morpion.T5), hist: map[int]int{}}
	s.run(start, *slack, time.Now().Add(*budget))
}

type search struct {
	k, level      int
	closed, plane bool
	r             *xrand.Rand
	oct           morpion.Octagon
	// What the repairs did: their scores less the grid's, how many, how
	// many moves they took away in all, how many were kept.
	hist                 map[int]int
	repairs, taken, kept int
	playouts             int64
}

func (s *search) board() *morpion.Board {
	if s.plane {
		return morpion.NewBoard(morpion.T5)
	}
	return morpion.NewBoardIn(morpion.T5, s.oct)
}

// replay plays the moves of g not gone, in g's order, that are still
// legal (a move whose dot is gone falls).
func (s *search) replay(g *morpion.Grid, gone []bool) *morpion.Board {
	b := s.board()
	for i, m := range g.Moves {
		if (gone == nil || !gone[i]) && b.IsLegal(m.Line) {
			b.Play(m.Line)
		}
	}
	return b
}

func (s *search) run(start *morpion.Grid, slack int, end time.Time) {
	cur := morpion.GridOf(s.replay(start, nil))
	best, bestIn := start.Score(), cur.Score()
	fmt.Printf("start %d, %d inside the region\n", start.Score(), cur.Score())
	for time.Now().Before(end) {
		gone := s.takeAway(cur)
		p := morpion.NewProblem(s.replay(cur, gone))
		n := nested.NewNRPA(p, nested.NRPAConfig{Layers: true}, s.r.Uint64())
		n.StopWhen(func() bool { return n.Playouts&1023 == 0 && time.Now().After(end) })
		g := p.Complete(n.Run(s.level, nil).Moves)
		s.playouts += n.Playouts
		s.repairs++
		s.hist[g.Score()-cur.Score()]++
		bestIn = max(bestIn, g.Score())
		if g.Score() < bestIn-slack || sameLines(g, cur) {
			continue
		}
		s.kept++
		cur = g
		if f := g.Finish(morpion.NewRand(s.r.Uint64()), 1000); f.Score() > best {
			best = f.Score()
			fmt.Printf("%s: best %d %s\n", time.Now().Format(time.TimeOnly), best, morpion.EncodeLayers(f))
		}
	}
	fmt.Printf("best %d; %d repairs (%d playouts), %d kept, %.1f moves taken away on average\n",
		best, s.repairs, s.playouts, s.kept, float64(s.taken)/float64(max(s.repairs, 1)))
	diffs := slices.Sorted(maps.Keys(s.hist))
	for _, d := range diffs {
		fmt.Printf("repair %+d: %d\n", d, s.hist[d])
	}
}

// takeAway picks a dot of g and up to k moves around it, nearest first
// (Chebyshev distance, ties at random): with -closed, each with every
// move that uses its dot and so on, while the whole stays within k.
func (s *search) takeAway(g *morpion.Grid) []bool {
	cx, cy := g.Moves[s.r.Intn(len(g.Moves))].Dot.XY()
	k := 1 + s.r.Intn(s.k)
	type near struct{ d, i int }
	order := make([]near, len(g.Moves))
	for i, m := range g.Moves {
		x, y := m.Dot.XY()
		order[i] = near{max(abs(x-cx), abs(y-cy))*1000 + s.r.Intn(1000), i}
	}
	slices.SortFunc(order, func(a, b near) int { return a.d - b.d })
	gone := make([]bool, len(g.Moves))
	if !s.closed {
		for _, o := range order[:min(k, len(order))] {
			gone[o.i] = true
		}
		s.taken += min(k, len(order))
		return gone
	}
	users := morpiongrid.Users(g)
	size := 0
	for _, o := range order {
		part := morpiongrid.Closure(o.i, users, gone)
		if size+len(part) > k {
			continue
		}
		for _, x := range part {
			gone[x] = true
		}
		if size += len(part); size == k {
			break
		}
	}
	s.taken += size
	return gone
}

func sameLines(a, b *morpion.Grid) bool {
	lines := func(g *morpion.Grid) []morpion.Line {
		out := make([]morpion.Line, len(g.Moves))
		for i, m := range g.Moves {
			out[i] = m.Line
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(lines(a), lines(b))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
