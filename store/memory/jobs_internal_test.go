package memory

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gameai/store"
)

// Final jobs expire after the retention: List and Live skip them at once,
// and a sweep every sweepEvery creates forgets them, so a week of jobs
// does not keep every job ever made.
func TestExpiredJobsAreSkippedThenSwept(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	s := &jobs{cfg: store.Config{JobRetention: time.Hour}, t: newTable(func() time.Time { return now }, 0), kinds: map[string][]string{}, live: map[string]bool{}}
	mk := func(i int, st store.JobStatus) *store.Job {
		return &store.Job{ID: fmt.Sprintf("job_%04d", i), Kind: "k", Status: st, CreatedAt: now.Add(time.Duration(i) * time.Millisecond)}
	}
	running := mk(0, store.JobRunning)
	if err := s.Create(ctx, running); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < sweepEvery-10; i++ {
		if err := s.Create(ctx, mk(i, store.JobSucceeded)); err != nil {
			t.Fatal(err)
		}
	}
	if js, _, err := s.List(ctx, store.JobFilter{}, "", 5); err != nil || len(js) != 5 || js[0].ID != fmt.Sprintf("job_%04d", sweepEvery-11) {
		t.Fatalf("the newest page: %d jobs, %v", len(js), err)
	}
	now = now.Add(2 * time.Hour) // the finished jobs expire; the running one is kept
	js, next, err := s.List(ctx, store.JobFilter{}, "", 5)
	if err != nil || len(js) != 1 || js[0].ID != running.ID || next != "" {
		t.Fatalf("after the retention: %d jobs, next %q, %v; want the running one alone", len(js), next, err)
	}
	if live, err := s.Live(ctx); err != nil || len(live) != 1 || live[0].ID != running.ID {
		t.Fatalf("live: %d, %v", len(live), err)
	}
	for i := sweepEvery - 10; i < sweepEvery; i++ {
		if err := s.Create(ctx, mk(i, store.JobSucceeded)); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.order) != 11 || len(s.t.m) != 11 {
		t.Errorf("after the sweep: %d in order, %d kept; want 11 (one running, ten new)", len(s.order), len(s.t.m))
	}
	if len(s.kinds["k"]) != 11 {
		t.Errorf("after the sweep: %d in kind k's order; want 11", len(s.kinds["k"]))
	}
	running.Status = store.JobSucceeded
	if err := s.Update(ctx, running); err != nil {
		t.Fatal(err)
	}
	if live, _ := s.Live(ctx); len(live) != 0 || len(s.live) != 0 {
		t.Errorf("a job that finished is still live: %d (%d ids)", len(live), len(s.live))
	}
}
