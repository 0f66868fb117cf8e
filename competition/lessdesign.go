package competition

import (
	"math"
	"math/rand/v2"
	"slices"
)

// A Less table is four bots, two against two: [a1, a2, b1, b2]. It plays
// tableGames games on two layouts, each layout once with each team on
// Yellow and White, the teammates exchanging seats on the second layout,
// so that every bot at the table plays every colour once.
const tableGames = 4

// TableSeats are a table's games, seats by colour (Yellow, Black, White,
// Red); the games of a layout are side by side: the first two the teams
// swapping colours, the last two the same with the teammates exchanging
// seats. Every Less event of two sides seats its games by it, a
// competition's tables and a match between two pairs of programs alike.
func TableSeats(t [4]int) [][]int {
	a1, a2, b1, b2 := t[0], t[1], t[2], t[3]
	return [][]int{
		{a1, b1, a2, b2}, {b1, a1, b2, a2},
		{a2, b2, a1, b1}, {b2, a2, b1, a1},
	}
}

// roundRobinTables are the tables of one pass of a Less round robin of n
// bots: a whist design's, or where n has none a double whist design's,
// its bots relabelled by seed, where this package has one for n; else
// those of lessTables.
func roundRobinTables(n int, seed uint64) [][4]int {
	var design [][4]int
	if w, ok := whist(n); ok {
		for _, r := range w {
			design = append(design, r.Tables...)
		}
	} else if d, ok := doubleWhist(n); ok {
		design = d
	} else {
		return lessTables(n, seed)
	}
	perm := rand.New(rand.NewPCG(seed, 0x3715)).Perm(n)
	out := make([][4]int, len(design))
	for i, t := range design {
		out[i] = [4]int{perm[t[0]], perm[t[1]], perm[t[2]], perm[t[3]]}
	}
	return out
}

// roundRobinTableCount is how many tables roundRobinTables has.
func roundRobinTableCount(n int) int {
	if _, ok := whist(n); ok {
		return n * (n - 1) / 4 // every pair at three tables, six pairs a table
	}
	if _, ok := doubleStarts[n]; ok {
		return n * (n - 1) / 2 // every pair at six tables
	}
	return tablesFor(n)
}

// Balance is how evenly a Less round robin seats its field: its design
// ("whist": every two bots partners once and opponents twice a round, by
// construction; "double-whist": twice and four times, for a size with no
// whist design; "annealed": as evenly as a search found, for a field of a
// size neither has here), and over the whole schedule the fewest
// and most tables a bot sits at and tables at which two bots are partners
// and opponents.
type Balance struct {
	Design    string `json:"design" enums:"whist,double-whist,annealed"`
	Tables    [2]int `json:"tables_per_bot"`
	Partners  [2]int `json:"partners"`
	Opponents [2]int `json:"opponents"`
}

// ScheduleBalance is the balance of a Less round robin's schedule (nil
// for other plans or before it is drawn): what a competition states beside
// its standings. It counts the games themselves (a table is four), so it
// tells the truth of a schedule drawn by an earlier version too.
func ScheduleBalance(p Plan, games []Game) *Balance {
	n := len(p.Field)
	if p.Game != Less || p.Format != RoundRobin || n < 4 || len(games) == 0 {
		return nil
	}
	mate, opp, tables := make([]int, n*n), make([]int, n*n), make([]int, n)
	for _, g := range games {
		for x, a := range g.Seats {
			tables[a]++
			for y := x + 1; y < 4; y++ {
				b := g.Seats[y]
				if x%2 == y%2 {
					mate[a*n+b]++
				} else {
					opp[a*n+b]++
				}
			}
		}
	}
	b := &Balance{Design: "annealed", Tables: [2]int{slices.Min(tables) / tableGames, slices.Max(tables) / tableGames},
		Partners: [2]int{1 << 30, 0}, Opponents: [2]int{1 << 30, 0}}
	for x := range n {
		for y := x + 1; y < n; y++ {
			m := (mate[x*n+y] + mate[y*n+x]) / tableGames
			o := (opp[x*n+y] + opp[y*n+x]) / tableGames
			b.Partners = [2]int{min(b.Partners[0], m), max(b.Partners[1], m)}
			b.Opponents = [2]int{min(b.Opponents[0], o), max(b.Opponents[1], o)}
		}
	}
	switch r := p.Rounds; {
	case b.Partners == [2]int{r, r} && b.Opponents == [2]int{2 * r, 2 * r}:
		b.Design = "whist"
	case b.Partners == [2]int{2 * r, 2 * r} && b.Opponents == [2]int{4 * r, 4 * r}:
		b.Design = "double-whist"
	}
	return b
}

// tablesFor is how many tables a Less round robin of n bots has: every
// bot sits at k tables, the fewest with which it can meet all the others
// (3k ≥ n-1) and for which the n·k places fill whole tables.
func tablesFor(n int) int {
	k := (n - 1 + 2) / 3
	if 3*k-(n-1) < minSlack {
		k++
	}
	for n*k%4 != 0 {
		k++
	}
	return n * k / 4
}

// minSlack is the fewest places beyond the others in the field a bot's
// tables give it (3k - (n-1)): with none to spare, no draw found by the
// annealing lets every pair meet.
const minSlack = 3

// startTemp is the annealing's first temperature, in the cost's units
// (a pair that never meets costs neverMet).
const startTemp = 4.0

// lessTables draws a round robin's tables for n bots from seed: every bot
// at the same number of tables, and each pair of bots teammates and
// opponents as equally often as the field allows, found by simulated
// annealing over swaps of two places (a few milliseconds for 64 bots).
func lessTables(n int, seed uint64) [][4]int {
	t := tablesFor(n)
	var best []int
	bestCost := math.Inf(1)
	// A few independent runs: one run now and then settles with a pair
	// that never meets; the best of four rarely does.
	for run := range uint64(4) {
		places, cost := anneal(n, t, seed*4+run)
		if cost < bestCost {
			best, bestCost = places, cost
		}
	}
	out := make([][4]int, t)
	for i := range out {
		copy(out[i][:], best[4*i:4*i+4])
	}
	return out
}

// anneal is one run of the annealing; it returns the best assignment of
// places (table i is places[4i:4i+4]) it met and its cost.
func anneal(n, t int, seed uint64) ([]int, float64) {
	k := 4 * t / n
	rng := rand.New(rand.NewPCG(seed, 0x7ab1e5))
	places := make([]int, 0, 4*t)
	for b := range n {
		for range k {
			places = append(places, b)
		}
	}
	rng.Shuffle(len(places), func(i, j int) { places[i], places[j] = places[j], places[i] })
	d := newDesign(n, places)
	best, bestCost := slices.Clone(places), d.cost
	steps := min(20000+40*len(places)*n, 1_000_000)
	for s := range steps {
		// Geometric cooling, from about a typical move's cost to a
		// hundredth of it.
		temp := startTemp * math.Pow(0.01, float64(s)/float64(steps))
		i, j := rng.IntN(len(places)), rng.IntN(len(places))
		// Between tables, or across the two teams of one table.
		if places[i] == places[j] || i/4 == j/4 && (i%4 < 2) == (j%4 < 2) {
			continue
		}
		delta := d.swap(places, i, j)
		if delta <= 0 || rng.Float64() < math.Exp(-delta/temp) {
			if d.cost < bestCost {
				best, bestCost = slices.Clone(places), d.cost
			}
			continue
		}
		d.swap(places, i, j) // undo
	}
	d = newDesign(n, best)
	d.repair(best)
	return best, d.cost
}

// repair looks, for each pair that never meets, at every swap that brings
// one of them to a table of the other, and makes the best one that
// lowers the cost; until no such swap helps. Random moves rarely find
// these in a large field, where almost every pair already meets.
func (d *design) repair(places []int) {
	for improved := true; improved; {
		improved = false
		for a := range d.n {
			for b := range d.n {
				if a == b || d.mate[a*d.n+b]+d.opp[a*d.n+b] > 0 {
					continue
				}
				bestI, bestJ, bestDelta := -1, -1, -1e-9
				for i, x := range places {
					if x != b {
						continue
					}
					for j, y := range places {
						if y == a || y == b || !slices.Contains(places[j/4*4:j/4*4+4], a) || i/4 == j/4 {
							continue
						}
						delta := d.swap(places, i, j)
						d.swap(places, i, j)
						if delta < bestDelta {
							bestI, bestJ, bestDelta = i, j, delta
						}
					}
				}
				if bestI >= 0 {
					d.swap(places, bestI, bestJ)
					improved = true
				}
			}
		}
	}
}

// design scores an assignment of places to tables: the squared distance
// of every pair's teammate and opponent counts from their means, a price
// for a pair that never meets, and a heavy one for a bot twice at one
// table.
type design struct {
	n         int
	mate, opp []int // n×n counts
	meanMate  float64
	meanOpp   float64
	cost      float64
}

const twiceAtTable = 1000

func newDesign(n int, places []int) *design {
	pairs := float64(n * (n - 1) / 2)
	t := float64(len(places) / 4)
	d := &design{n: n, mate: make([]int, n*n), opp: make([]int, n*n), meanMate: 2 * t / pairs, meanOpp: 4 * t / pairs}
	for i := 0; i < len(places); i += 4 {
		d.table(places[i:i+4], +1)
	}
	d.cost = d.total()
	return d
}

// table adds (sign +1) or removes (-1) one table's meetings.
func (d *design) table(p []int, sign int) {
	for x := range 4 {
		for y := x + 1; y < 4; y++ {
			a, b := p[x], p[y]
			if (x < 2) == (y < 2) {
				d.mate[a*d.n+b] += sign
				d.mate[b*d.n+a] += sign
			} else {
				d.opp[a*d.n+b] += sign
				d.opp[b*d.n+a] += sign
			}
		}
	}
}

func (d *design) pairCost(a, b int) float64 {
	if a == b {
		c := d.mate[a*d.n+a] + d.opp[a*d.n+a]
		return float64(c) * twiceAtTable
	}
	mate, opp := d.mate[a*d.n+b], d.opp[a*d.n+b]
	m, o := float64(mate)-d.meanMate, float64(opp)-d.meanOpp
	// Teammates weigh most (a team's result is its two players'), and a
	// pair that never meets costs more than any uneven count.
	c := 3*m*m + o*o
	if mate+opp == 0 {
		c += neverMet
	}
	return c
}

const neverMet = 10

func (d *design) total() float64 {
	c := 0.0
	for a := range d.n {
		for b := a; b < d.n; b++ {
			c += d.pairCost(a, b)
		}
	}
	return c
}

// swap exchanges places i and j (on two tables, or in the two teams of
// one) and returns the
// change of cost. Only pairs among the two tables' eight bots change, and
// the swap keeps those eight the same.
func (d *design) swap(places []int, i, j int) float64 {
	ti, tj := places[i/4*4:i/4*4+4], places[j/4*4:j/4*4+4]
	// The distinct bots of the two tables (a bot may sit at both).
	var members []int
	for _, b := range append(append([]int(nil), ti...), tj...) {
		if !slices.Contains(members, b) {
			members = append(members, b)
		}
	}
	sum := func() float64 {
		c := 0.0
		for x, a := range members {
			for _, b := range members[x:] {
				c += d.pairCost(a, b)
			}
		}
		return c
	}
	before := sum()
	same := i/4 == j/4
	d.table(ti, -1)
	if !same {
		d.table(tj, -1)
	}
	places[i], places[j] = places[j], places[i]
	d.table(ti, +1)
	if !same {
		d.table(tj, +1)
	}
	delta := sum() - before
	d.cost += delta
	return delta
}
