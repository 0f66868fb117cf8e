package kinds

// limit is one bound of a job's budget: how much is done of how much is
// allowed (0: not bounded this way).
type limit struct{ done, total int64 }

// spent is the share of a budget used, for progress: the limit that is
// furthest along decides (a run stops at the first limit it reaches),
// capped at 1.
func spent(limits ...limit) float64 {
	f := 0.0
	for _, l := range limits {
		if l.total > 0 {
			f = max(f, float64(l.done)/float64(l.total))
		}
	}
	return min(f, 1)
}
