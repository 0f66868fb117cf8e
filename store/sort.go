package store

import (
	"cmp"
	"slices"
)

// SortStrategies orders strategies by name, so every store lists alike.
func SortStrategies(s []*Strategy) {
	slices.SortFunc(s, func(a, b *Strategy) int { return cmp.Compare(a.Name, b.Name) })
}

// SortJobs orders jobs by creation time, then id.
func SortJobs(j []*Job) {
	slices.SortFunc(j, func(a, b *Job) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
}
