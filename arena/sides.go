package arena

import (
	"math"

	"gameai/arena/series"
	"gameai/competition"
	"gameai/games/less"
)

// TeamResult sums a side's results over a match: from its point of view,
// the margin of a game is the other team's total minus its own.
type TeamResult struct {
	Tally   series.Tally `json:"tally"`
	Margins []int        `json:"margins"`
	// Detours and Wasted are the side's sums over the games it was given
	// (LessRecord's, by team).
	Detours int `json:"detours"`
	Wasted  int `json:"wasted"`
}

// Add counts a game of margin m for this side: a win above 0, a loss below,
// a draw at 0.
func (t *TeamResult) Add(m int) {
	t.Margins = append(t.Margins, m)
	switch {
	case m > 0:
		t.Tally.Add(1)
	case m < 0:
		t.Tally.Add(0)
	default:
		t.Tally.Add(0.5)
	}
}

// AddGame counts a refereed game of a pairing for side A (a) and side B
// (b): the margin and where each side's points went.
func AddGame(a, b *TeamResult, pr Pairing, g *LessRecord) {
	m, ta := MarginForA(pr, g), pr.TeamOfA()
	a.Add(m)
	b.Add(-m)
	a.Detours, b.Detours = a.Detours+g.Detours[ta], b.Detours+g.Detours[1-ta]
	a.Wasted, b.Wasted = a.Wasted+g.Wasted[ta], b.Wasted+g.Wasted[1-ta]
}

// Mean is the mean margin; Half the half-width of its 95% interval.
func (t TeamResult) Mean() (mean, half float64) {
	n := float64(len(t.Margins))
	if n == 0 {
		return 0, 0
	}
	for _, m := range t.Margins {
		mean += float64(m)
	}
	mean /= n
	if n > 1 {
		v := 0.0
		for _, m := range t.Margins {
			v += (float64(m) - mean) * (float64(m) - mean)
		}
		half = 1.959964 * math.Sqrt(v/(n-1)/n)
	}
	return mean, half
}

// Pairing is one game of a match between two sides of two programs
// each, [a1, a2] and [b1, b2]: its layout and its seating, a row of
// competition.TableSeats (even rows put side A on Yellow and White).
type Pairing struct {
	Walls   *less.Walls
	Seating int
}

// Pairings plays each layout twice, the sides swapping colours; with
// exchange, four times, the teammates also exchanging seats, so that each
// program plays every colour once a layout.
func Pairings(layouts []*less.Walls, exchange bool) []Pairing {
	per := 2
	if exchange {
		per = 4
	}
	var out []Pairing
	for _, w := range layouts {
		for k := range per {
			out = append(out, Pairing{w, k})
		}
	}
	return out
}

// SidesSeats puts side A's (a) and side B's (b) players in colour order
// for a pairing.
func SidesSeats[T any](pr Pairing, a, b [2]T) [4]T {
	all := [4]T{a[0], a[1], b[0], b[1]}
	var out [4]T
	for colour, i := range competition.TableSeats([4]int{0, 1, 2, 3})[pr.Seating] {
		out[colour] = all[i]
	}
	return out
}

// MarginForA is side A's margin in a game of a pairing.
func MarginForA(pr Pairing, g *LessRecord) int {
	a := pr.TeamOfA()
	return g.Teams[1-a] - g.Teams[a]
}

// AYW reports whether side A plays Yellow and White.
func (pr Pairing) AYW() bool { return pr.Seating%2 == 0 }

// TeamOfA is the team side A plays: 0 (Yellow and White) or 1.
func (pr Pairing) TeamOfA() int {
	if pr.AYW() {
		return 0
	}
	return 1
}
