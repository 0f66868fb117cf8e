package arena_test

import (
	"testing"

	"gameai/arena"
	"gameai/games/less"
)

// A match of two sides seats its games as a competition's tables do: the
// sides swap colours on every layout, and with exchange each program
// plays every colour once a layout, its teammate always beside it.
func TestSidesSeatEveryColourOnce(t *testing.T) {
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		t.Fatal(err)
	}
	a, b := [2]string{"a1", "a2"}, [2]string{"b1", "b2"}
	for _, exchange := range []bool{false, true} {
		prs := arena.Pairings([]*less.Walls{w, w}, exchange)
		per := map[bool]int{false: 2, true: 4}[exchange]
		if len(prs) != 2*per {
			t.Fatalf("exchange %v: %d games for two layouts, want %d", exchange, len(prs), 2*per)
		}
		colours := map[string]map[int]int{}
		for i, pr := range prs[:per] {
			seats := arena.SidesSeats(pr, a, b)
			for c, p := range seats {
				if colours[p] == nil {
					colours[p] = map[int]int{}
				}
				colours[p][c]++
				if mate := seats[(c+2)%4]; mate[0] != p[0] {
					t.Errorf("game %d: %s's teammate is %s", i+1, p, mate)
				}
			}
			onYW := seats[less.Yellow][0] == 'a'
			if onYW != pr.AYW() || pr.TeamOfA() != map[bool]int{true: 0, false: 1}[onYW] {
				t.Errorf("game %d: seats %v, AYW %v, team of A %d", i+1, seats, pr.AYW(), pr.TeamOfA())
			}
		}
		for p, cs := range colours {
			want := per // a colour a game of the layout
			if len(cs) != want {
				t.Errorf("exchange %v: %s played colours %v on a layout, want %d, each once", exchange, p, cs, want)
			}
		}
	}
}
