package less

import (
	"container/list"
	"math/bits"
	"sync"
)

// Solo distances: the fewest points a player's four pieces need to fill
// its target corner, alone on the board (walls stay; the pieces may jump
// over each other). It scores an unfinished player at the end, and
// evaluates positions in the searches.
//
// Every set of 4 squares has an index in the combinatorial number system
// (C(64, 4) = 635,376 sets), and one Dijkstra run from the target corner
// over all sets fills a table of distances per target. Moves cost the same
// both ways, so distances from the target are distances to it.

// NSets is the number of sets of 4 squares.
const NSets = 635376

var binom [NSquares + 1][5]int32

func init() {
	for n := 0; n <= NSquares; n++ {
		binom[n][0] = 1
		for k := 1; k <= 4; k++ {
			if n > 0 {
				binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
			}
		}
	}
}

// SetIndex is the combinatorial index of a set of exactly 4 squares.
func SetIndex(set uint64) int {
	idx := int32(0)
	for k := 1; k <= 4; k++ {
		s := bits.TrailingZeros64(set)
		idx += binom[s][k]
		set &= set - 1
	}
	return int(idx)
}

// unreached marks a set not reached (none is, walls are at most double).
const unreached = 255

// Distances holds a layout's solo distances for the four players.
type Distances struct {
	sets   [4][]uint8         // by SetIndex
	single [4][NSquares]uint8 // one piece alone to the nearest target square
	nets   [4]netMasks        // moves by their net by single
}

// NewDistances computes a layout's tables (about a second; the four
// targets in parallel).
func NewDistances(w *Walls) *Distances {
	g := newGeometry(w)
	d := &Distances{}
	var wg sync.WaitGroup
	for pl := range 4 {
		wg.Go(func() {
			d.sets[pl] = soloTable(g, Targets[pl])
			d.single[pl] = singleTable(g, Targets[pl])
			d.nets[pl] = newNetMasks(g, &d.single[pl])
		})
	}
	wg.Wait()
	return d
}

// Solo is the solo distance of a player's set of 4 squares.
func (d *Distances) Solo(player int, set uint64) int { return int(d.sets[player][SetIndex(set)]) }

// SingleRow is, for every square of a player's board, the solo distance of
// one piece there to the player's nearest target square (a cheap guide for
// playouts).
func (d *Distances) SingleRow(player int) *[NSquares]uint8 { return &d.single[player] }

// soloTable runs Dijkstra (with buckets: costs are 1 to 3) from the target.
//
// The race detector skips it (go:norace): it writes only the table and
// queue it allocates and reads the layout's geometry, which nothing writes
// once made, so there is nothing to find, and checking its 10^7 accesses
// made a layout's tables 3.2 s under -race (0.25 s without): every test
// of a Less engine or referee paid that for each layout it met.
//
//go:norace
func soloTable(g *geometry, target uint64) []uint8 {
	dist := make([]uint8, NSets)
	for i := range dist {
		dist[i] = unreached
	}
	var buckets [][]uint64
	push := func(set uint64, d int) {
		for len(buckets) <= d {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], set)
	}
	dist[SetIndex(target)] = 0
	push(target, 0)
	for d := 0; d < len(buckets); d++ {
		for i := 0; i < len(buckets[d]); i++ {
			set := buckets[d][i]
			if int(dist[SetIndex(set)]) != d {
				continue // reached cheaper since it was queued
			}
			for ps := set; ps != 0; ps &= ps - 1 {
				s := bits.TrailingZeros64(ps)
				rest := set &^ bit(s)
				for dir := range 4 {
					to, cost, ok := g.move(set, s, dir)
					if !ok {
						continue
					}
					next := rest | bit(to)
					k := SetIndex(next)
					if nd := d + cost; nd < int(dist[k]) {
						dist[k] = uint8(nd)
						push(next, nd)
					}
				}
			}
		}
		buckets[d] = nil
	}
	return dist
}

// singleTable is Dijkstra for one piece alone (steps only).
func singleTable(g *geometry, target uint64) [NSquares]uint8 {
	var dist [NSquares]uint8
	for i := range dist {
		dist[i] = unreached
	}
	var buckets [][]int
	push := func(s, d int) {
		for len(buckets) <= d {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], s)
	}
	for _, s := range squaresOf(target) {
		dist[s] = 0
		push(s, 0)
	}
	for d := 0; d < len(buckets); d++ {
		for _, s := range buckets[d] {
			if int(dist[s]) != d {
				continue
			}
			for dir := range 4 {
				if n := neighbour[s][dir]; n >= 0 {
					if nd := d + int(g.stepCost[s][dir]); nd < int(dist[n]) {
						dist[n] = uint8(nd)
						push(int(n), nd)
					}
				}
			}
		}
	}
	return dist
}

// DistancesFor returns the tables of a layout from a small cache (the
// layouts of the games in play), computing them on a miss.
func DistancesFor(w *Walls) *Distances {
	key := w.String()
	distCache.mu.Lock()
	if e, ok := distCache.m[key]; ok {
		distCache.order.MoveToFront(e)
		d := e.Value.(*cacheEntry).d
		distCache.mu.Unlock()
		return d
	}
	distCache.mu.Unlock()
	d := NewDistances(w)
	distCache.mu.Lock()
	defer distCache.mu.Unlock()
	if e, ok := distCache.m[key]; ok { // computed meanwhile by another caller
		return e.Value.(*cacheEntry).d
	}
	distCache.m[key] = distCache.order.PushFront(&cacheEntry{key, d})
	for distCache.order.Len() > distCacheSize {
		last := distCache.order.Back()
		distCache.order.Remove(last)
		delete(distCache.m, last.Value.(*cacheEntry).key)
	}
	return d
}

// distCacheSize bounds the cache: each layout takes 2.5 MB.
const distCacheSize = 16

type cacheEntry struct {
	key string
	d   *Distances
}

var distCache = struct {
	mu    sync.Mutex
	m     map[string]*list.Element
	order *list.List
}{m: map[string]*list.Element{}, order: list.New()}

// SoloRoute is a cheapest way home for a player's set alone on the board:
// the moves, by following the table down to 0.
func SoloRoute(d *Distances, w *Walls, player int, set uint64) []Move {
	g := newGeometry(w)
	var route []Move
	for cur := int(d.sets[player][SetIndex(set)]); cur > 0 && cur != unreached; {
		found := false
		for ps := set; ps != 0 && !found; ps &= ps - 1 {
			s := bits.TrailingZeros64(ps)
			for dir := range 4 {
				to, cost, ok := g.move(set, s, dir)
				if !ok {
					continue
				}
				next := set&^bit(s) | bit(to)
				if int(d.sets[player][SetIndex(next)])+cost == cur {
					route = append(route, Move{int8(s), int8(to)})
					set, cur, found = next, cur-cost, true
					break
				}
			}
		}
		if !found {
			break // cannot happen with a consistent table
		}
	}
	return route
}
