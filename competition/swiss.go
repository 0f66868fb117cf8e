package competition

import (
	"cmp"
	"slices"
)

// SwissRound draws round `round` (from 1) of a Swiss event from the games
// and results before it and the byes so far: its games, numbered on from
// the games before, and its byes.
//
// Morris uses the Monrad system (the Danish Swiss, a recognised pairing
// system of FIDE's handbook, C.04.4): the bots ranked by points, then by
// the sum of their opponents' points (Buchholz), then by their place in
// the field; the best unpaired bot meets the next best it has not met,
// with backtracking so that no pair meets twice while another pairing
// exists. Each pairing plays both colours on one opening, so colours need
// no allocation rules. An odd field gives the bye to the lowest-ranked bot
// with the fewest byes.
//
// Less goes by score groups too: the n mod 4 lowest-ranked bots with the
// fewest byes sit out, the rest fill tables of four in ranking order, and
// at each table the teams are the split of its four bots whose teammates
// have been teammates least before (then the best with the worst).
func (p Plan) SwissRound(round int, before []Game, results []Result, byes []Bye) ([]Game, []Bye) {
	n := len(p.Field)
	rank := p.swissRanking(before, results, byes)
	byeCount := make([]int, n)
	for _, b := range byes {
		byeCount[b.Bot]++
	}
	sit := n % Seats(p.Game)
	// Byes: from the bottom, the fewest byes first.
	var out []Bye
	for sit > 0 {
		best := -1
		for k := len(rank) - 1; k >= 0; k-- {
			if best < 0 || byeCount[rank[k]] < byeCount[rank[best]] {
				best = k
			}
		}
		out = append(out, Bye{Round: round, Bot: rank[best]})
		rank = slices.Delete(rank, best, best+1)
		sit--
	}
	slices.SortFunc(out, func(a, b Bye) int { return a.Bot - b.Bot })
	met := meetings(n, before)
	var seats [][]int
	if p.Game == Morris {
		pairs := monrad(rank, met.opp, n)
		if pairs == nil { // every pairing repeats a meeting: allow repeats
			pairs = monrad(rank, make([]int, n*n), n)
		}
		for _, pr := range pairs {
			seats = append(seats, []int{pr[0], pr[1]}, []int{pr[1], pr[0]})
		}
	} else {
		for k := 0; k+4 <= len(rank); k += 4 {
			seats = append(seats, TableSeats(bestSplit(rank[k:k+4], met.mate, n))...)
		}
	}
	next, board := 1, 0
	if len(before) > 0 {
		next = before[len(before)-1].N + 1
		board = before[len(before)-1].Board + 1
	}
	games := make([]Game, len(seats))
	for i, s := range seats {
		games[i] = Game{N: next + i, Round: round, Seats: s, Board: board + i/2}
	}
	return games, out
}

// swissRanking orders the field for pairing: points, Buchholz, field order.
func (p Plan) swissRanking(before []Game, results []Result, byes []Bye) []int {
	rows := tally(p, before, results, byes)
	points := make([]float64, len(p.Field))
	for _, r := range rows {
		points[r.Bot] = r.Points
	}
	buchholz := make([]float64, len(p.Field))
	done := map[int]bool{}
	for _, r := range results {
		done[r.N] = true
	}
	for _, g := range before {
		if !done[g.N] {
			continue
		}
		a, b := teams(p.Game, g)
		for _, x := range a {
			for _, y := range b {
				buchholz[x] += points[y]
				buchholz[y] += points[x]
			}
		}
	}
	rank := make([]int, len(p.Field))
	for i := range rank {
		rank[i] = i
	}
	slices.SortStableFunc(rank, func(a, b int) int {
		return cmp.Or(cmp.Compare(points[b], points[a]), cmp.Compare(buchholz[b], buchholz[a]), cmp.Compare(a, b))
	})
	return rank
}

// met counts, for every pair of bots, the games they played as opponents
// and as teammates (n×n).
type met struct{ opp, mate []int }

func meetings(n int, games []Game) met {
	m := met{opp: make([]int, n*n), mate: make([]int, n*n)}
	for _, g := range games {
		for x, a := range g.Seats {
			for y, b := range g.Seats {
				if x == y {
					continue
				}
				if x%2 == y%2 { // Less: Yellow with White, Black with Red
					m.mate[a*n+b]++
				} else {
					m.opp[a*n+b]++
				}
			}
		}
	}
	return m
}

// monrad pairs the ranked bots top down, each with the best-ranked
// partner it has not met, backtracking when the rest cannot be paired;
// nil when there is no pairing without a repeat.
func monrad(rank []int, opp []int, n int) [][2]int {
	var pairs [][2]int
	used := make([]bool, len(rank))
	steps := 0
	var solve func() bool
	solve = func() bool {
		first := slices.Index(used, false)
		if first < 0 {
			return true
		}
		steps++
		if steps > 200000 { // a field this tangled pairs with repeats
			return false
		}
		used[first] = true
		for k := first + 1; k < len(rank); k++ {
			if used[k] || opp[rank[first]*n+rank[k]] > 0 {
				continue
			}
			used[k] = true
			pairs = append(pairs, [2]int{rank[first], rank[k]})
			if solve() {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			used[k] = false
		}
		used[first] = false
		return false
	}
	if !solve() {
		return nil
	}
	return pairs
}

// bestSplit chooses a table's teams: of the three ways to split four
// ranked bots, the one whose teammates were teammates least before, then
// the best with the worst ([a1, a2, b1, b2]).
func bestSplit(four []int, mate []int, n int) [4]int {
	r := four
	splits := [][4]int{
		{r[0], r[3], r[1], r[2]},
		{r[0], r[2], r[1], r[3]},
		{r[0], r[1], r[2], r[3]},
	}
	best, bestRepeats := splits[0], -1
	for _, s := range splits {
		rep := mate[s[0]*n+s[1]] + mate[s[2]*n+s[3]]
		if bestRepeats < 0 || rep < bestRepeats {
			best, bestRepeats = s, rep
		}
	}
	return best
}
