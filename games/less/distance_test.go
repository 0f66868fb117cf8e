package less

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

// bruteDistances is a second, separately written search of every set's
// distance from a target: the state is the sorted squares packed 6 bits
// each into one word (a 16 MB array of distances), the queue a list per
// distance, and the rules read from the Walls array directly.
func bruteDistances(w *Walls, target [4]int) []uint8 {
	pack := func(s [4]int) uint32 {
		sort.Ints(s[:])
		return uint32(s[0]) | uint32(s[1])<<6 | uint32(s[2])<<12 | uint32(s[3])<<18
	}
	unpack := func(k uint32) [4]int {
		return [4]int{int(k & 63), int(k >> 6 & 63), int(k >> 12 & 63), int(k >> 18 & 63)}
	}
	dist := make([]uint8, 1<<24)
	for i := range dist {
		dist[i] = 255
	}
	queue := [][]uint32{{pack(target)}}
	dist[pack(target)] = 0
	for d := 0; d < len(queue); d++ {
		for _, k := range queue[d] {
			if int(dist[k]) != d {
				continue
			}
			cur := unpack(k)
			occupied := func(sq int) bool { return sq == cur[0] || sq == cur[1] || sq == cur[2] || sq == cur[3] }
			for i, sq := range cur {
				r, c := sq/8, sq%8
				for _, dd := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
					nr, nc := r+dd[0], c+dd[1]
					if nr < 0 || nr > 7 || nc < 0 || nc > 7 {
						continue
					}
					n := nr*8 + nc
					walls := wallBetween(w, sq, n)
					var to, cost int
					if !occupied(n) {
						to, cost = n, 1+walls
					} else {
						jr, jc := nr+dd[0], nc+dd[1]
						if jr < 0 || jr > 7 || jc < 0 || jc > 7 || walls != 0 || wallBetween(w, n, jr*8+jc) != 0 || occupied(jr*8+jc) {
							continue
						}
						to, cost = jr*8+jc, 1
					}
					next := cur
					next[i] = to
					nk := pack(next)
					if nd := d + cost; nd < int(dist[nk]) {
						dist[nk] = uint8(nd)
						for len(queue) <= nd {
							queue = append(queue, nil)
						}
						queue[nd] = append(queue[nd], nk)
					}
				}
			}
		}
		queue[d] = nil
	}
	return dist
}

// wallBetween reads the walls between adjacent squares from the layout's
// array (the side that faces the other square).
func wallBetween(w *Walls, a, b int) int {
	switch b - a {
	case 1:
		return int(w[a][Right])
	case -1:
		return int(w[a][Left])
	case 8:
		return int(w[a][Down])
	}
	return int(w[a][Up])
}

func TestSoloDistancesMatchABruteForceSearch(t *testing.T) {
	fixture, err := ParseWalls(FixtureLayout)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	random := RandomWalls(0.35, 0.3, rng.Float64)
	for li, w := range []*Walls{fixture, random} {
		start := time.Now()
		d := NewDistances(w)
		t.Logf("tables of a layout in %v", time.Since(start))
		players := []int{Yellow, Black, White, Red}
		if li == 1 {
			players = players[:2] // the other two targets are mirror images of work already checked
		}
		for _, pl := range players {
			want := bruteDistances(w, [4]int(squaresOf(Targets[pl])))
			// Every one of the 635,376 sets.
			bad := 0
			for a := 0; a < 64; a++ {
				for b := a + 1; b < 64; b++ {
					for c := b + 1; c < 64; c++ {
						for e := c + 1; e < 64; e++ {
							k := uint32(a) | uint32(b)<<6 | uint32(c)<<12 | uint32(e)<<18
							set := bit(a) | bit(b) | bit(c) | bit(e)
							if got := d.Solo(pl, set); got != int(want[k]) && bad < 5 {
								bad++
								t.Errorf("layout %d, player %d, set {%d %d %d %d}: table %d, search %d", li, pl, a, b, c, e, got, want[k])
							}
						}
					}
				}
			}
		}
	}
}

func TestSetIndexIsABijection(t *testing.T) {
	seen := make([]bool, NSets)
	n := 0
	for a := 0; a < 64; a++ {
		for b := a + 1; b < 64; b++ {
			for c := b + 1; c < 64; c++ {
				for e := c + 1; e < 64; e++ {
					i := SetIndex(bit(a) | bit(b) | bit(c) | bit(e))
					if i < 0 || i >= NSets || seen[i] {
						t.Fatalf("index %d of {%d %d %d %d} out of range or repeated", i, a, b, c, e)
					}
					seen[i] = true
					n++
				}
			}
		}
	}
	if n != NSets {
		t.Errorf("%d sets, want %d", n, NSets)
	}
}

func TestSoloRouteGoesHomeAtTheTablesCost(t *testing.T) {
	w, _ := ParseWalls(FixtureLayout)
	d := DistancesFor(w)
	g := newGeometry(w)
	for pl := range 4 {
		set := Starts[pl]
		route := SoloRoute(d, w, pl, set)
		cost := 0
		for _, m := range route {
			from, to := int(m.From), int(m.To)
			if set&bit(from) == 0 || set&bit(to) != 0 {
				t.Fatalf("player %d: move %s not of its pieces to an empty square", pl, m)
			}
			c := -1
			for dir := range 4 {
				if int(neighbour[from][dir]) == to {
					c = int(g.stepCost[from][dir])
				}
				if int(g.jumpTo[from][dir]) == to && set&bit(int(neighbour[from][dir])) != 0 {
					c = 1
				}
			}
			if c < 0 {
				t.Fatalf("player %d: %s is not a step or jump", pl, m)
			}
			cost += c
			set = set&^bit(from) | bit(to)
		}
		if set != Targets[pl] || cost != d.Solo(pl, Starts[pl]) {
			t.Errorf("player %d: route of cost %d ends at %v, want home at %d", pl, cost, squaresOf(set), d.Solo(pl, Starts[pl]))
		}
	}
}
