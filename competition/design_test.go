package competition

import (
	"fmt"
	"slices"
	"testing"
)

func field(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("bot%d", i)
	}
	return out
}

func TestMorrisRoundRobinPlaysEveryPairWithBothColoursOnOneOpening(t *testing.T) {
	for n := 2; n <= 20; n++ {
		p := Plan{Game: Morris, Format: RoundRobin, Field: field(n), Rounds: 2, Seed: 5}
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
		games := p.Schedule()
		if len(games) != p.PlannedGames() || len(games) != 2*n*(n-1) {
			t.Fatalf("n=%d: %d games, planned %d", n, len(games), p.PlannedGames())
		}
		white := make([]int, n)
		pairs := map[[2]int]int{}
		for k, g := range games {
			if g.N != k+1 || g.Seats[0] == g.Seats[1] {
				t.Fatalf("n=%d: game %+v at %d", n, g, k)
			}
			white[g.Seats[0]]++
			pairs[[2]int{g.Seats[0], g.Seats[1]}]++
			if k%2 == 1 {
				prev := games[k-1]
				if prev.Board != g.Board || prev.Seats[0] != g.Seats[1] || prev.Seats[1] != g.Seats[0] {
					t.Fatalf("n=%d: games %+v and %+v are not one pairing on one board", n, prev, g)
				}
			} else if k > 0 && games[k-1].Board == g.Board {
				t.Fatalf("n=%d: board %d used by two pairings", n, g.Board)
			}
		}
		for b := range n {
			if white[b] != 2*(n-1) {
				t.Fatalf("n=%d: bot %d white %d times, want %d", n, b, white[b], 2*(n-1))
			}
		}
		if len(pairs) != n*(n-1) {
			t.Fatalf("n=%d: %d ordered pairs, want %d", n, len(pairs), n*(n-1))
		}
		for pr, c := range pairs {
			if c != 2 {
				t.Fatalf("n=%d: %v met %d times with these colours, want once a round", n, pr, c)
			}
		}
	}
}

// lessBalance counts, over games, each bot's colours and each pair's
// meetings as teammates and as opponents.
func lessBalance(n int, games []Game) (colours [][4]int, mate, opp [][]int) {
	colours = make([][4]int, n)
	mate, opp = make([][]int, n), make([][]int, n)
	for i := range n {
		mate[i], opp[i] = make([]int, n), make([]int, n)
	}
	for _, g := range games {
		for s, b := range g.Seats {
			colours[b][s]++
		}
		for x, a := range g.Seats {
			for y, b := range g.Seats {
				switch {
				case x == y:
				case x%2 == y%2:
					mate[a][b]++
				default:
					opp[a][b]++
				}
			}
		}
	}
	return
}

func spread(m [][]int) (lo, hi int) {
	lo, hi = 1<<30, -1
	for i := range m {
		for j := range m[i] {
			if i != j {
				lo, hi = min(lo, m[i][j]), max(hi, m[i][j])
			}
		}
	}
	return
}

func TestLessRoundRobinIsBalanced(t *testing.T) {
	for n := 4; n <= MaxField; n++ {
		// Beyond 20 bots the annealed draw is not held to this balance;
		// the sizes with a design are, through the schedule they play.
		_, design := whist(n)
		if n > 20 && !design {
			continue
		}
		p := Plan{Game: Less, Format: RoundRobin, Field: field(n), Rounds: 1, Seed: uint64(100 + n)}
		games := p.Schedule()
		if len(games) != p.PlannedGames() {
			t.Fatalf("n=%d: %d games, planned %d", n, len(games), p.PlannedGames())
		}
		colours, mate, opp := lessBalance(n, games)
		per := colours[0][0]
		for b, c := range colours {
			for s := range 4 {
				if c[s] != per {
					t.Fatalf("n=%d: bot %d colours %v, bot 0 plays each %d times", n, b, c, per)
				}
			}
		}
		for _, g := range games {
			seen := map[int]bool{}
			for _, b := range g.Seats {
				if seen[b] {
					t.Fatalf("n=%d: bot %d twice in game %+v", n, b, g)
				}
				seen[b] = true
			}
		}
		// Each pair's counts are as equal as the field allows: within one
		// of each other (a table is 2 teammate pairs and 4 opponent pairs;
		// 4 games each), except where the totals cannot be spread evenly.
		mlo, mhi := spread(mate)
		olo, ohi := spread(opp)
		t.Logf("n=%2d tables %2d: teammates %d..%d, opponents %d..%d tables", n, roundRobinTableCount(n), mlo/4, mhi/4, olo/4, ohi/4)
		if design && (mlo != mhi || olo != ohi) {
			t.Errorf("n=%d: teammates %d..%d, opponents %d..%d games: a whist design is exact", n, mlo, mhi, olo, ohi)
		}
		if mhi-mlo > 4 || ohi-olo > 8 {
			t.Errorf("n=%d: teammates %d..%d, opponents %d..%d games: not balanced", n, mlo, mhi, olo, ohi)
		}
		// Every bot sits at enough tables to meet every other (tablesFor);
		// the draw lets at most one pair in a hundred miss each other.
		never := 0
		for a := range n {
			for b := a + 1; b < n; b++ {
				if mate[a][b]+opp[a][b] == 0 {
					never++
				}
			}
		}
		if never*100 > n*(n-1)/2 {
			t.Errorf("n=%d: %d of %d pairs never meet", n, never, n*(n-1)/2)
		}
		// Both games of a layout have the same four bots, teams swapped.
		for k := 0; k < len(games); k += 2 {
			a, b := games[k], games[k+1]
			if a.Board != b.Board || a.Seats[0] != b.Seats[1] || a.Seats[2] != b.Seats[3] || a.Seats[1] != b.Seats[0] {
				t.Fatalf("n=%d: %+v and %+v are not one layout with the teams swapped", n, a, b)
			}
		}
	}
}

func TestSchedulesComeFromTheSeed(t *testing.T) {
	p := Plan{Game: Less, Format: RoundRobin, Field: field(9), Rounds: 2, Seed: 42}
	a, b := p.Schedule(), p.Schedule()
	if !slices.EqualFunc(a, b, func(x, y Game) bool { return slices.Equal(x.Seats, y.Seats) && x.Board == y.Board }) {
		t.Fatal("one plan, two schedules")
	}
	p.Seed = 43
	c := p.Schedule()
	if slices.EqualFunc(a, c, func(x, y Game) bool { return slices.Equal(x.Seats, y.Seats) }) {
		t.Fatal("another seed, the same schedule")
	}
}

func TestPlanCheckNamesTheField(t *testing.T) {
	cases := []struct {
		p    Plan
		want string
	}{
		{Plan{Game: "chess", Format: RoundRobin, Field: field(4), Rounds: 1}, "game"},
		{Plan{Game: Morris, Format: "knockout", Field: field(4), Rounds: 1}, "format"},
		{Plan{Game: Less, Format: RoundRobin, Field: field(3), Rounds: 1}, "bots"},
		{Plan{Game: Morris, Format: RoundRobin, Field: []string{"a", "a"}, Rounds: 1}, "bots"},
		{Plan{Game: Morris, Format: RoundRobin, Field: field(2), Rounds: 0}, "rounds"},
		{Plan{Game: Morris, Format: RoundRobin, Field: field(64), Rounds: 50}, "rounds"},
		{Plan{Game: Morris, Format: RoundRobin, Field: field(65), Rounds: 1}, "bots"},
	}
	for _, c := range cases {
		err := c.p.Check()
		if err == nil || err.Error()[:len(c.want)] != c.want {
			t.Errorf("%+v: %v, want an error about %s", c.p, err, c.want)
		}
	}
}
