package morrisdb

import (
	"context"
	"encoding/binary"
	"maps"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"gameai/games/morris"
)

// lookup gives the values of a solved space (a lower one, by captures).
type lookup func(Space) *values

// table is one space being solved: its values and, for each undecided
// position, what of its moves is not yet known to lose (three bytes a
// cell in all). A cell stands for a class of placements, and a decided
// position P takes back one move into each placement of its class's
// predecessors Q (un-moves from P alone): over the symmetries, the moves
// of Q into P's class number the un-moves from P into Q's class times
// |Stab(Q)|/|Stab(P)|. So a cell counts each move as Q's orbit (16 over
// |Stab(Q)|), and each un-move takes P's orbit off: a move lost to every
// placement of P's class takes off what it put on.
type table struct {
	space Space
	val   *values
	left  []uint16
}

// solve works out the spaces {w-b, b-w} together (each one's moves without
// a capture lead into the other; captures lead to the lower spaces that
// lower gives), by retrograde analysis from the positions decided at once:
// a side that cannot move (a loss in 0), a capture into a position lost
// for the opponent or leaving it two pieces (a win in 1), captures only
// into positions won by the opponent (a loss in 1). Then, distance by
// distance, a position with a move into a loss for the opponent is a win
// one ply longer, and one whose every move leads to a win for the opponent
// a loss one ply longer than the longest; what is left is a draw.
// progress, when not nil, is told the first pass's work in positions
// (level -1) and then each level of the retrograde pass taken back.
func solve(ctx context.Context, s Space, lower lookup, progress func(done uint64, level int)) (map[Space]*values, error) {
	spaces := []Space{s}
	if s.W != s.B {
		spaces = append(spaces, Space{s.B, s.W})
	}
	tabs := map[Space]*table{}
	for _, sp := range spaces {
		tabs[sp] = &table{space: sp, val: newValues(sp.Size()), left: make([]uint16, sp.Size())}
	}
	maxD := 1
	for _, sp := range spaces {
		initialise(ctx, tabs[sp], lower, progress)
	}
	for d := 0; d <= maxD && d < maxDistance; d++ {
		for _, sp := range spaces {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if propagate(tabs[sp], tabs[Space{sp.B, sp.W}], d, progress) {
				maxD = d + 1
			}
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	out := map[Space]*values{}
	for sp, t := range tabs {
		out[sp] = t.val
	}
	return out, nil
}

// initialise decides the positions that need no retrograde step and counts
// the moves of the others, on every core.
func initialise(ctx context.Context, t *table, lower lookup, progress func(uint64, int)) {
	s := t.space
	var below *values
	if s.B > 3 {
		below = lower(Space{s.B - 1, s.W})
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	chunk := max(s.rows()/uint64(workers*16), 1)
	next := uint64(0)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				lo := next
				next += chunk
				mu.Unlock()
				if lo >= s.rows() || ctx.Err() != nil {
					return
				}
				hi := min(lo+chunk, s.rows())
				// Every value decided here fits its byte: no map is written.
				s.each(lo, hi, func(i uint64, m, o morris.Bits, orbit uint64) {
					v, left := first(s, m, o, orbit, below)
					t.val.cells[i], t.left[i] = uint8(v), left
				})
				if progress != nil {
					mu.Lock()
					progress((hi-lo)*s.block(), -1)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
}

// first is a position's value when its moves alone decide it, or its
// count of moves that stay in the pair of spaces, each counted as the
// position's orbit (table), plus one for a capture into a draw, which
// keeps it from being lost.
func first(s Space, m, o morris.Bits, orbit uint64, below *values) (Value, uint16) {
	empty := morris.Bits(1<<morris.NPoints-1) &^ (m | o)
	fly := s.W == 3
	removable := o &^ morris.InMills(o)
	if removable == 0 {
		removable = o
	}
	any, drawExit := false, false
	left := 0
	for ms := m; ms != 0; ms &= ms - 1 {
		x := bits.TrailingZeros32(uint32(ms))
		to := empty
		if !fly {
			to &= morris.Adjacent(x)
		}
		for ; to != 0; to &= to - 1 {
			y := bits.TrailingZeros32(uint32(to))
			any = true
			after := m&^(1<<x) | 1<<y
			if !morris.Closes(y, after) {
				left++
				continue
			}
			if s.B == 3 {
				return Win(1), 0
			}
			next := Space{s.B - 1, s.W}
			for r := removable; r != 0; r &= r - 1 {
				v := below.at(next.Index(o&^(r&-r), after))
				if v.IsLoss() {
					return Win(1), 0
				}
				drawExit = drawExit || v == Draw
			}
		}
	}
	switch {
	case !any:
		return Loss(0), 0
	case left == 0 && !drawExit:
		return Loss(1), 0
	}
	left *= int(orbit)
	if drawExit {
		left++
	}
	return 0, uint16(left)
}

// propagate takes the positions of t decided at distance d back to their
// predecessors in p (the space of the side that moved into them), and
// reports whether it decided any. Every core finds predecessors, a batch
// of t's positions at a time, and then every core applies those that fall
// in its part of p, before the next batch is read (t may be p: reading
// while writing would race). Within a level the order of the updates does
// not matter, so neither does which core applies which: a predecessor
// with a move into a loss keeps a move that is no win for the opponent,
// so its count never reaches 0, and whichever update comes first decides
// it the same way.
func propagate(t, p *table, d int, progress func(uint64, int)) bool {
	s := t.space
	win, loss := Win(d), Loss(d)
	// apply decides what ups (predecessors found) decide in p; a value
	// past a byte is set in p's cell at once and returned for p's map,
	// which only one goroutine may write.
	apply := func(ups []uint64, long []uint64) (bool, []uint64) {
		decided := false
		for _, u := range ups {
			i := u >> upShift
			if p.val.cells[i] != 0 {
				continue
			}
			v := Value(0)
			if u&1 == 1 {
				v = Win(d + 1)
			} else if p.left[i] -= uint16(u >> 1 & orbitMask); p.left[i] == 0 {
				v = Loss(d + 1)
			}
			if v == 0 {
				continue
			}
			decided = true
			if v < overflow {
				p.val.cells[i] = uint8(v)
			} else {
				p.val.cells[i] = overflow
				long = append(long, i<<1|uint64(v&1))
			}
		}
		return decided, long
	}
	setLong := func(long []uint64) {
		for _, l := range long {
			v := Loss(d + 1)
			if l&1 == 1 {
				v = Win(d + 1)
			}
			p.val.long[l>>1] = v
		}
	}
	// Past what a byte holds, the few positions are in the map.
	fromLong := func() bool {
		var ups []uint64
		for _, i := range sortedKeys(t.val.long) {
			if v := t.val.long[i]; v == win || v == loss {
				m, o := s.Position(i)
				ups = predecessors(ups, s, p.space, m, o, orbit(o, movers(s.W).stab[i/s.block()]), v == loss)
			}
		}
		decided, long := apply(ups, nil)
		setLong(long)
		return decided
	}
	if win >= overflow && loss >= overflow {
		return fromLong()
	}
	n := s.block()
	stabs := movers(s.W).stab
	// The two values as bytes in every lane of a word (one past a byte's
	// reach is overflow's byte: a cell the exact test then passes over).
	wb, lb := lanes*uint64(min(win, overflow)), lanes*uint64(min(loss, overflow))
	workers := runtime.GOMAXPROCS(0)
	batch := max(uint64(1<<16)/n, 1) // ranks a batch: some 64 K positions, so that what they find stays in cache
	// Each finder sorts what it finds by the part of p it falls in, and
	// each part is applied by one goroutine: no two write one cell.
	part := (p.val.len() + uint64(workers) - 1) / uint64(workers)
	found := make([][][]uint64, workers)
	for w := range found {
		found[w] = make([][]uint64, workers)
	}
	scratch := make([][]uint64, workers) // a finder's predecessors of one position, reused
	decided := false
	partDecided := make([]bool, workers)
	long := make([][]uint64, workers)
	for r0 := uint64(0); r0 < s.rows(); r0 += batch {
		r1 := min(r0+batch, s.rows())
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				parts := found[w]
				for k := range parts {
					parts[k] = parts[k][:0]
				}
				ups := scratch[w]
				var free [morris.NPoints]uint8
				for r := r0 + uint64(w); r < r1; r += uint64(workers) {
					m := uint32(0)
					row := t.val.cells[r*n : (r+1)*n]
					for j := 0; j < len(row); j++ {
						// Eight cells at a time past those holding neither
						// value: a level is a few cells of the pair's
						// billions, and the scan for them is most of its work.
						if j&7 == 0 && j+8 <= len(row) && !holds(binary.LittleEndian.Uint64(row[j:]), wb, lb) {
							j += 7
							continue
						}
						c := row[j]
						if c == 0 || c == overflow || (Value(c) != win && Value(c) != loss) {
							continue
						}
						if m == 0 {
							m = movers(s.W).reps[r]
							freePoints(m, &free)
						}
						o := expand(unrank(uint64(j), s.B), &free)
						k := uint64(len(morris.Symmetries))
						if stabs[r] != 0 {
							k = orbit(o, stabs[r])
						}
						ups = predecessors(ups[:0], s, p.space, morris.Bits(m), o, k, Value(c) == loss)
						for _, u := range ups {
							k := (u >> upShift) / part
							parts[k] = append(parts[k], u)
						}
					}
				}
				scratch[w] = ups
			}()
		}
		wg.Wait()
		for k := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for w := range workers {
					var dec bool
					dec, long[k] = apply(found[w][k], long[k])
					partDecided[k] = partDecided[k] || dec
				}
			}()
		}
		wg.Wait()
	}
	for k := range workers {
		decided = decided || partDecided[k]
		setLong(long[k])
	}
	// A level that straddles the byte's end: its other half is in the map.
	if win >= overflow || loss >= overflow {
		decided = fromLong() || decided
	}
	if progress != nil {
		progress(0, d)
	}
	return decided
}

// lanes is a byte of 1 in every lane of a word.
const lanes = 0x0101010101010101

// holds reports whether a byte of x is a byte of a or of b (each a byte
// repeated in all eight lanes): a lane is zero after the exclusive or
// exactly where they match, and a word has a zero lane exactly when
// (v - lanes) &^ v has a lane's top bit set.
func holds(x, a, b uint64) bool {
	u, v := x^a, x^b
	return ((u-lanes)&^u|(v-lanes)&^v)&(lanes<<7) != 0
}

// An update of propagate is a predecessor's cell shifted by upShift, the
// decided position's orbit (at most 16) shifted by one, and a last bit set
// when the position is lost for its mover (so that the predecessor wins).
const (
	upShift   = 6
	orbitMask = 1<<(upShift-1) - 1
)

// predecessors appends, for the position (m to move, o the other, orbit
// the placements its cell stands for) of s, the update for each position
// of ps (o's side to move) that moves into it. The last move went from an
// empty point x to y, and closed no mill (one that did was a capture, out
// of this pair).
func predecessors(ups []uint64, s, ps Space, m, o morris.Bits, orbit uint64, lost bool) []uint64 {
	empty := morris.Bits(1<<morris.NPoints-1) &^ (m | o)
	fly := s.B == 3 // the side that moved
	tag := orbit << 1
	if lost {
		tag |= 1
	}
	for ys := o &^ morris.InMills(o); ys != 0; ys &= ys - 1 {
		y := bits.TrailingZeros32(uint32(ys))
		from := empty
		if !fly {
			from &= morris.Adjacent(y)
		}
		for ; from != 0; from &= from - 1 {
			x := bits.TrailingZeros32(uint32(from))
			ups = append(ups, ps.Index(o&^(1<<y)|1<<x, m)<<upShift|tag)
		}
	}
	return ups
}

func sortedKeys(m map[uint64]Value) []uint64 { return slices.Sorted(maps.Keys(m)) }
