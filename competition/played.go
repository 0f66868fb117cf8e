package competition

import (
	"cmp"
	"iter"
	"slices"
)

// played yields each result with its game, in game-number order, leaving
// out results of no planned game or that do not check against theirs
// (what a store may hold after a plan changed). In order because
// floating-point sums depend on their order, and the same results must
// give the same standings and ratings to the last bit.
func played(games []Game, results []Result) iter.Seq2[Game, Result] {
	return func(yield func(Game, Result) bool) {
		byN := make(map[int]Game, len(games))
		for _, g := range games {
			byN[g.N] = g
		}
		sorted := slices.Clone(results)
		slices.SortStableFunc(sorted, func(a, b Result) int { return cmp.Compare(a.N, b.N) })
		for _, r := range sorted {
			g, ok := byN[r.N]
			if !ok || r.Check(g) != nil {
				continue
			}
			if !yield(g, r) {
				return
			}
		}
	}
}
