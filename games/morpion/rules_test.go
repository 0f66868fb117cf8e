package morpion

import (
	"math"
	"slices"
	"testing"
)

// bruteLegal lists the legal lines by the rules alone: every on-board line
// with exactly four dots, and no same-direction played line sharing a unit
// segment (5T) or a point (5D). It shares nothing with the track code.
func bruteLegal(v Variant, dots map[[2]int]bool, played [][3]int) []Line {
	var out []Line
	for y := -Origin; y < Size-Origin; y++ {
		for x := -Origin; x < Size-Origin; x++ {
			for d := range Dir(4) {
				l, ok := MakeLine(x, y, d)
				if !ok {
					continue
				}
				n := 0
				for k := range 5 {
					if dots[[2]int{x + k*dirDX[d], y + k*dirDY[d]}] {
						n++
					}
				}
				if n != 4 {
					continue
				}
				conflict := false
				for _, p := range played {
					if Dir(p[2]) != d {
						continue
					}
					// Same track: the other start lies on this line's track.
					dx, dy := p[0]-x, p[1]-y
					var k int
					switch {
					case dirDX[d] != 0 && dx*dirDY[d] == dy*dirDX[d]:
						k = dx
					case dirDX[d] == 0 && dx == 0:
						k = dy
					default:
						continue
					}
					shared := 5 - abs(k) // points in common
					if (v == T5 && shared >= 2) || (v == D5 && shared >= 1) {
						conflict = true
					}
				}
				if !conflict {
					out = append(out, l)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func startDots() map[[2]int]bool {
	m := map[[2]int]bool{}
	for y := range 10 {
		for x := range 10 {
			if InCross(x, y) {
				m[[2]int{x, y}] = true
			}
		}
	}
	return m
}

// TestIncrementalLegalMatchesRules plays random games and checks at every
// step that the incremental move list equals the rules' list, and that undo
// restores every earlier list.
func TestIncrementalLegalMatchesRules(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, v := range []Variant{T5, D5} {
		r := NewRand(7)
		for g := range games {
			b := NewBoard(v)
			dots := startDots()
			var played [][3]int
			lists := walkRandomGame(t, b, r, func() []Line { return bruteLegal(v, dots, played) }, func(l Line) {
				x, y := b.Hole(l).XY()
				dots[[2]int{x, y}] = true
				sx, sy := l.Start().XY()
				played = append(played, [3]int{sx, sy, int(l.Dir())})
			})
			h := b.Hash()
			for i := len(lists) - 2; i >= 0; i-- {
				b.Undo()
				if got := slices.Sorted(slices.Values(b.Legal())); !slices.Equal(got, lists[i]) {
					t.Fatalf("%v game %d: after undo to move %d legal %v, want %v", v, g, i, got, lists[i])
				}
				checkChanged(t, b, lists[i+1], lists[i])
			}
			if b.Hash() != 0 || h == 0 {
				t.Errorf("hash after undoing everything = %x (was %x)", b.Hash(), h)
			}
		}
	}
}

// walkRandomGame plays a random game on b, checking before every move that
// b's legal moves are want() and that its journal of changes matches the
// lists before and after; before each Play, moved learns the line. It
// returns the sorted legal lists, one a position.
func walkRandomGame(t *testing.T, b *Board, r *Rand, want func() []Line, moved func(Line)) [][]Line {
	t.Helper()
	var lists [][]Line
	for {
		got := slices.Sorted(slices.Values(b.Legal()))
		if w := want(); !slices.Equal(got, w) {
			t.Fatalf("%v move %d: legal %v, want %v", b.Variant(), b.Score(), got, w)
		}
		if len(lists) > 0 {
			checkChanged(t, b, lists[len(lists)-1], got)
		}
		lists = append(lists, got)
		if len(got) == 0 {
			return lists
		}
		l := got[r.Intn(len(got))]
		moved(l)
		b.Play(l)
	}
}

// checkChanged checks the board's journal of the last Play or Undo
// against the move lists before and after it (both sorted).
func checkChanged(t *testing.T, b *Board, before, after []Line) {
	t.Helper()
	ids := func(ls []int32) []Line {
		out := make([]Line, len(ls))
		for i, l := range ls {
			out[i] = Line(l)
		}
		return slices.Sorted(slices.Values(out))
	}
	bornIDs, diedIDs := b.Changed()
	born, died := ids(bornIDs), ids(diedIDs)
	wantBorn := slices.DeleteFunc(slices.Clone(after), func(l Line) bool { _, ok := slices.BinarySearch(before, l); return ok })
	wantDied := slices.DeleteFunc(slices.Clone(before), func(l Line) bool { _, ok := slices.BinarySearch(after, l); return ok })
	if got := born; !slices.Equal(got, wantBorn) {
		t.Fatalf("move %d: journal says %v became legal, want %v", b.Score(), got, wantBorn)
	}
	if got := died; !slices.Equal(got, wantDied) {
		t.Fatalf("move %d: journal says %v became illegal, want %v", b.Score(), got, wantDied)
	}
}

// TestRandomGameLength checks the known mean length of uniform random games
// (53.6 in 5T, 42.9 in 5D) and that none is shorter than 20 moves.
func TestRandomGameLength(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	for _, c := range []struct {
		v    Variant
		mean float64
	}{{T5, 53.6}, {D5, 42.9}} {
		start := NewBoard(c.v)
		b := NewBoard(c.v)
		r := NewRand(1)
		sum, sumSq, shortest := 0.0, 0.0, math.MaxInt
		for range n {
			b.Reset(start)
			k := b.RandomPlayout(r)
			sum += float64(k)
			sumSq += float64(k * k)
			shortest = min(shortest, k)
		}
		mean := sum / float64(n)
		se := math.Sqrt((sumSq/float64(n) - mean*mean) / float64(n))
		// Four standard errors, plus the rounding of the published figure.
		if math.Abs(mean-c.mean) > 4*se+0.05 {
			t.Errorf("%v: mean random game %.3f ± %.3f, want %.1f", c.v, mean, se, c.mean)
		}
		if shortest < 20 {
			t.Errorf("%v: a random game of %d moves, want none under 20", c.v, shortest)
		}
		t.Logf("%v: mean %.3f ± %.3f over %d games, shortest %d", c.v, mean, se, n, shortest)
	}
}

// TestPlayoutsStayFarFromTheEdge backs the board size: random games never
// come within 8 points of the edge.
func TestPlayoutsStayFarFromTheEdge(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 50_000
	}
	start := NewBoard(T5)
	b := NewBoard(T5)
	r := NewRand(3)
	lo, hi := Size, -1
	for range n {
		b.Reset(start)
		b.RandomPlayout(r)
		for _, m := range b.History() {
			X, Y := m.Dot.board()
			lo, hi = min(lo, X, Y), max(hi, X, Y)
		}
	}
	if lo < 8 || hi > Size-9 {
		t.Errorf("random games reached board coordinates %d..%d, within 8 of the edge", lo, hi)
	}
	t.Logf("dots of %d random games span board coordinates %d..%d", n, lo, hi)
}
