// Command whistsearch looks for the first rounds of Z-cyclic whist
// designs (competition/whist.go's whistStarts): for n = 4k+1 bots, k
// tables on the non-zero elements of Z_n (0 has the bye); for n = 4k, k
// tables on Z_(n-1) and a fixed point ∞ (printed -1). A table (a, b, c, d)
// has a and c partners, b and d partners; developed over Z_m (each round
// the first plus g), every two bots are partners once and opponents twice
// exactly when the partners' differences cover each non-zero element of
// Z_m once and the opponents' twice. The search is simulated annealing
// over the arrangement of the elements, restarted with the next seed until
// it finds one or time runs out; it prints Go literals for the table, or
// the seeds it tried, so that -seed resumes where a search stopped.
//
// With -double it looks for the first tables of double whist designs
// (competition/whist.go's doubleStarts) for the sizes with no whist design,
// n = 4k+2 or 4k+3: every element twice (n = 4k+3: the non-zero ones of
// Z_n; n = 4k+2: Z_(n-1) and ∞), so that developed over Z_m every two bots
// are partners twice and opponents four times; no table may hold one bot
// twice (a difference of 0).
//
//	go run ./scripts/whistsearch -time 5m 24 28 32
//	go run ./scripts/whistsearch -double 6 7 10 11 14 15
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"strconv"
	"time"
)

func main() {
	limit := flag.Duration("time", time.Minute, "time for each size")
	steps := flag.Int("steps", 3_000_000, "annealing steps of one run")
	double := flag.Bool("double", false, "double whist designs, for sizes 4k+2 and 4k+3")
	first := flag.Uint64("seed", 1, "first seed tried (another search's last seed + 1 resumes it)")
	flag.Parse()
	for _, a := range flag.Args() {
		n, err := strconv.Atoi(a)
		switch {
		case err != nil || n < 4:
			log.Fatalf("%q: not a size", a)
		case *double && n%4 < 2:
			log.Fatalf("%q: want a size 4k+2 or 4k+3 (4k and 4k+1 have whist designs)", a)
		case !*double && n%4 > 1:
			log.Fatalf("%q: want a size 4k or 4k+1", a)
		}
		start := time.Now()
		var t [][4]int
		seed := *first - 1
		for t == nil && time.Since(start) < *limit {
			seed++
			t = search(n, *double, rand.New(rand.NewPCG(seed, 7)), *steps)
		}
		if t == nil {
			fmt.Printf("// %d: none found in %v (seeds %d to %d)\n", n, *limit, *first, seed)
			continue
		}
		fmt.Printf("\t%d: {", n)
		for i, x := range t {
			if i > 0 {
				fmt.Print(", ")
			}
			fmt.Printf("{%d, %d, %d, %d}", x[0], x[1], x[2], x[3])
		}
		fmt.Printf("}, // seed %d, %v\n", seed, time.Since(start).Round(time.Millisecond))
	}
}

// state is an arrangement and its difference counts.
type state struct {
	m         int
	elems     []int // table t is elems[4t:4t+4]; -1 is ∞
	part, opp []int
	lambda    int // how often two bots are partners: 1, or 2 in a double design
	cost      int
}

// pairs of a table's places: partners (0,2), (1,3); the others opponents.
var partnerPairs = [][2]int{{0, 2}, {1, 3}}
var opponentPairs = [][2]int{{0, 1}, {0, 3}, {2, 1}, {2, 3}}

// diffs are the two differences of x and y; none where one is ∞ (the
// development meets ∞ with every element alike), but ∞ beside ∞ is a
// difference of 0: one bot twice at a table.
func (s *state) diffs(x, y int) (int, int, bool) {
	if x < 0 && y < 0 {
		return 0, 0, true
	}
	if x < 0 || y < 0 {
		return 0, 0, false
	}
	return ((x-y)%s.m + s.m) % s.m, ((y-x)%s.m + s.m) % s.m, true
}

// bump adds sign to a count and keeps the cost (squared distances from
// the targets: partners λ, opponents 2λ, and 0 for the difference 0) up
// to date.
func (s *state) bump(arr []int, target, d, sign int) {
	if d == 0 {
		target = 0
	}
	before := (arr[d] - target) * (arr[d] - target)
	arr[d] += sign
	s.cost += (arr[d]-target)*(arr[d]-target) - before
}

// table adds (sign 1) or removes (-1) the differences of table t.
func (s *state) table(t, sign int) {
	e := s.elems[4*t : 4*t+4]
	for _, pp := range partnerPairs {
		if a, b, ok := s.diffs(e[pp[0]], e[pp[1]]); ok {
			s.bump(s.part, s.lambda, a, sign)
			s.bump(s.part, s.lambda, b, sign)
		}
	}
	for _, op := range opponentPairs {
		if a, b, ok := s.diffs(e[op[0]], e[op[1]]); ok {
			s.bump(s.opp, 2*s.lambda, a, sign)
			s.bump(s.opp, 2*s.lambda, b, sign)
		}
	}
}

func search(n int, double bool, rng *rand.Rand, steps int) [][4]int {
	s := &state{m: n, lambda: 1}
	if double {
		s.lambda = 2
	}
	for range s.lambda {
		if n%2 == 0 {
			s.m = n - 1
			s.elems = append(s.elems, -1)
			for x := range s.m {
				s.elems = append(s.elems, x)
			}
		} else {
			for x := 1; x < s.m; x++ {
				s.elems = append(s.elems, x)
			}
		}
	}
	rng.Shuffle(len(s.elems), func(i, j int) { s.elems[i], s.elems[j] = s.elems[j], s.elems[i] })
	s.part, s.opp = make([]int, s.m), make([]int, s.m)
	// Every count starts at 0: the cost of the empty arrangement.
	s.cost = (s.m - 1) * (s.lambda*s.lambda + 4*s.lambda*s.lambda)
	tables := len(s.elems) / 4
	for t := range tables {
		s.table(t, 1)
	}
	for step := 0; step < steps && s.cost > 0; step++ {
		temp := 2.0 * math.Pow(0.005, float64(step)/float64(steps))
		i, j := rng.IntN(len(s.elems)), rng.IntN(len(s.elems))
		ti, tj := i/4, j/4
		if ti == tj && i%2 == j%2 {
			continue // partners exchanging places: the same table
		}
		before := s.cost
		s.table(ti, -1)
		if tj != ti {
			s.table(tj, -1)
		}
		s.elems[i], s.elems[j] = s.elems[j], s.elems[i]
		s.table(ti, 1)
		if tj != ti {
			s.table(tj, 1)
		}
		if s.cost <= before || rng.Float64() < math.Exp(float64(before-s.cost)/temp) {
			continue
		}
		s.table(ti, -1)
		if tj != ti {
			s.table(tj, -1)
		}
		s.elems[i], s.elems[j] = s.elems[j], s.elems[i]
		s.table(ti, 1)
		if tj != ti {
			s.table(tj, 1)
		}
	}
	if s.cost != 0 {
		return nil
	}
	out := make([][4]int, tables)
	for t := range out {
		copy(out[t][:], s.elems[4*t:4*t+4])
	}
	return out
}
