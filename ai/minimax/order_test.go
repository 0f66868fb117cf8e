package minimax

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// keyed is a position whose moves are their own history keys, for testing
// the ordering alone.
type keyed struct{ nim }

func (k *keyed) OrderKeys(ms []int, keys []int32) []int32 {
	for _, m := range ms {
		keys = append(keys, int32(m))
	}
	return keys
}

// score puts the best move first and sortRest the others after it, best
// first, equal scores in their generated order: together they give the
// stable sort by score, whatever the first move taken out before them.
func TestScoreThenSortRestIsAStableSort(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	s := NewSearcher[*keyed, int](1024)
	s.history = make([]int32, 64)
	for round := range 200 {
		for i := range s.history {
			s.history[i] = int32(rnd.IntN(5)) // many ties
		}
		s.killers[0] = [2]int{rnd.IntN(64), rnd.IntN(64)}
		n := 1 + rnd.IntN(30)
		moves := make([]int, n)
		for i := range moves {
			moves[i] = rnd.IntN(32)
			if rnd.IntN(6) == 0 {
				moves[i] |= Tactical
			}
		}
		from := rnd.IntN(2)
		if from >= n {
			from = 0
		}
		rank := func(m int) int32 {
			switch {
			case m&Tactical != 0:
				return orderTactical + s.history[m&^Tactical]>>8
			case m == s.killers[0][0]:
				return orderKiller1
			case m == s.killers[0][1]:
				return orderKiller2
			}
			return s.history[m]
		}
		want := slices.Clone(moves)
		slices.SortStableFunc(want[from:], func(a, b int) int { return cmp.Compare(rank(b), rank(a)) })
		pos := &keyed{}
		s.score(pos, 0, moves, from)
		if rank(moves[from]) != rank(want[from]) {
			t.Fatalf("round %d: score put %d (rank %d) first, want rank %d", round, moves[from], rank(moves[from]), rank(want[from]))
		}
		if n-from > 1 {
			s.sortRest(0, moves, from)
		}
		if !slices.Equal(moves, want) {
			t.Fatalf("round %d: ordered %v, want %v", round, moves, want)
		}
		for i, m := range moves {
			if int(s.keys[0][i]) != m {
				t.Fatalf("round %d: key %d is %d, its move %d", round, i, s.keys[0][i], m)
			}
		}
	}
}
