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

// SortRecords orders records best first, ties by time found, then key.
func SortRecords(rs []*Record) {
	slices.SortFunc(rs, func(a, b *Record) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		if c := a.FoundAt.Compare(b.FoundAt); c != 0 {
			return c
		}
		return cmp.Compare(a.Key, b.Key)
	})
}
