package nested

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Runner coordinates independent searches on several cores (root
// parallelism): a shared best sequence, a shared playout count and one stop
// condition (the context, a playout budget, a deadline).
type Runner struct {
	budget    int64
	deadline  time.Time
	onImprove func(Sequence, int64)
	onRunEnd  func(RunEnd)

	playouts atomic.Int64
	begun    atomic.Int64
	stop     atomic.Bool
	mu       sync.Mutex
	best     Sequence
}

// Budget bounds a run; zero fields do not bound it.
type Budget struct {
	Playouts int64
	Deadline time.Time
}

// NewRunner returns a runner for one search. onImprove (may be nil) sees
// every new overall best with the playout count at that moment; it is
// called under a lock, in order.
func NewRunner(b Budget, onImprove func(Sequence, int64)) *Runner {
	r := &Runner{budget: b.Playouts, deadline: b.Deadline, onImprove: onImprove}
	r.best.Score = -1e300
	return r
}

// RunWorkers runs work on threads goroutines until each returns, which they
// do once Stopped, and returns the best sequence offered.
func (r *Runner) RunWorkers(ctx context.Context, threads int, work func(r *Runner, worker int)) Sequence {
	stopWatch := context.AfterFunc(ctx, func() { r.stop.Store(true) })
	defer stopWatch()
	var wg sync.WaitGroup
	for w := range max(threads, 1) {
		wg.Go(func() { work(r, w) })
	}
	wg.Wait()
	return r.Best()
}

// Offer proposes a sequence; the best so far is kept (ties keep the older).
func (r *Runner) Offer(s Sequence) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.Score > r.best.Score {
		r.best = s.clone()
		if r.onImprove != nil {
			r.onImprove(r.best.clone(), r.playouts.Load())
		}
	}
}

// Count adds playouts run by a worker.
func (r *Runner) Count(n int64) { r.playouts.Add(n) }

// Begin counts a run a worker starts: a search on a thread is a series of
// runs, the next begun when one ends (by patience or its iterations), and
// how many an hour takes is what tells whether the runs settle or restart.
func (r *Runner) Begin() { r.begun.Add(1) }

// RunEnd is a run that ended by itself: its worker, its best sequence, the
// playouts it took and how many of them came before its best.
type RunEnd struct {
	Worker   int
	Best     Sequence
	Playouts int64
	FoundAt  int64
}

// OnRunEnd sets a function (before RunWorkers) called with every run that
// ended by itself, not cut by the budget or the context; it may be called
// from several workers at once. Each run is an independent draw, so its
// outcome, unlike the search's best, says how likely a run is to reach a
// score.
func (r *Runner) OnRunEnd(f func(RunEnd)) { r.onRunEnd = f }

// Ended reports a run once it is over; runs the budget or the context cut
// are left out (they are not whole draws).
func (r *Runner) Ended(e RunEnd) {
	if r.onRunEnd != nil && !r.Stopped() {
		r.onRunEnd(e)
	}
}

// Begun is the number of runs the workers have started.
func (r *Runner) Begun() int64 { return r.begun.Load() }

// Playouts is the number of playouts counted so far.
func (r *Runner) Playouts() int64 { return r.playouts.Load() }

// Stopped reports whether the workers should return: the context ended,
// the budget of playouts is spent or the deadline passed.
func (r *Runner) Stopped() bool {
	if r.stop.Load() {
		return true
	}
	if (r.budget > 0 && r.playouts.Load() >= r.budget) || (!r.deadline.IsZero() && time.Now().After(r.deadline)) {
		r.stop.Store(true)
		return true
	}
	return false
}

// Best is the best sequence offered so far.
func (r *Runner) Best() Sequence {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.best.clone()
}

// workerSeed derives a distinct, reproducible seed for each worker and run.
func workerSeed(seed uint64, worker, run int) uint64 {
	return seed*0x9e3779b97f4a7c15 + uint64(worker)<<32 + uint64(run)
}

// ParallelConfig sets a root-parallel NRPA or NMCS run.
type ParallelConfig struct {
	// Algorithm is "nrpa" (default) or "nmcs".
	Algorithm string
	Level     int
	NRPA      NRPAConfig
	Threads   int
	Seed      uint64
	// Start, when set, is a sequence to warm-start from: NRPA begins every
	// run from a policy biased towards it by Bias (default 3).
	Start []int32
	Bias  float64
}

// Parallel runs independent searches on cfg.Threads cores until the
// runner's budget or the context ends; each worker restarts a fresh search
// whenever one finishes. It returns the best sequence found.
func Parallel(ctx context.Context, r *Runner, newProblem func() Problem, cfg ParallelConfig) Sequence {
	level := max(cfg.Level, 1)
	bias := cfg.Bias
	if bias == 0 {
		bias = 3
	}
	return r.RunWorkers(ctx, cfg.Threads, func(r *Runner, w int) {
		p := newProblem()
		var pol *Policy
		if len(cfg.Start) > 0 && cfg.Algorithm != "nmcs" {
			pol = NewPolicy(p.Codes())
			pol.Bias(cfg.Start, bias)
		}
		for run := 0; !r.Stopped(); run++ {
			seed := workerSeed(cfg.Seed, w, run)
			var counted int64
			count := func(total int64) bool {
				r.Count(total - counted)
				counted = total
				return r.Stopped()
			}
			r.Begin()
			// foundAt is the run's playouts when its best came.
			var foundAt int64
			if cfg.Algorithm == "nmcs" {
				n := NewNMCS(p, seed)
				n.OnImprove(func(s Sequence) { foundAt = n.Playouts; r.Offer(s) })
				n.StopWhen(func() bool { return count(n.Playouts) })
				n.Run(level)
				count(n.Playouts)
				r.Ended(RunEnd{Worker: w, Best: n.Best(), Playouts: n.Playouts, FoundAt: foundAt})
				continue
			}
			n := NewNRPA(p, cfg.NRPA, seed)
			n.OnImprove(func(s Sequence) { foundAt = n.Playouts; r.Offer(s) })
			n.StopWhen(func() bool { return count(n.Playouts) })
			n.Run(level, pol)
			count(n.Playouts)
			r.Ended(RunEnd{Worker: w, Best: n.Best(), Playouts: n.Playouts, FoundAt: foundAt})
		}
	})
}
