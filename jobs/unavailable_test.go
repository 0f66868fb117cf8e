package jobs_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gameai/internal/waitfor"
	"gameai/jobs"
	"gameai/store"
	"gameai/store/memory"
)

// flakyJobs is a job store that can be switched off (every call fails with
// store.ErrUnavailable, as Redis away does) or made to forget its jobs (as a
// Redis restarted without its data does).
type flakyJobs struct {
	store.Jobs
	mu   sync.Mutex
	down bool
	// refused counts the calls refused while down.
	refused int
}

func (f *flakyJobs) err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		f.refused++
		return &store.UnavailableError{Store: "test store", Err: errors.New("connection refused")}
	}
	return nil
}

func (f *flakyJobs) set(down bool) { f.mu.Lock(); f.down = down; f.mu.Unlock() }

func (f *flakyJobs) Update(ctx context.Context, j *store.Job) error {
	if err := f.err(); err != nil {
		return err
	}
	return f.Jobs.Update(ctx, j)
}

func (f *flakyJobs) Get(ctx context.Context, id string) (*store.Job, error) {
	if err := f.err(); err != nil {
		return nil, err
	}
	return f.Jobs.Get(ctx, id)
}

// countToTwo starts a job that counts to 2 on js and lets it take its first
// step; the second waits for a value on step.
func countToTwo(t *testing.T, js store.Jobs) (*jobs.Runner, *store.Job, chan struct{}) {
	t.Helper()
	r := newRunner(js, 1)
	step := make(chan struct{})
	r.Handle("count", count(step))
	j, err := r.Submit(context.Background(), "count", countParams{N: 2})
	if err != nil {
		t.Fatal(err)
	}
	step <- struct{}{}
	return r, j, step
}

// A job that ends while its store is away is written when the store returns:
// its result is not lost and it does not stay live.
func TestResultWaitsForTheStore(t *testing.T) {
	js := &flakyJobs{Jobs: memory.New(store.Config{}).Jobs}
	r, j, step := countToTwo(t, js)
	js.set(true)
	step <- struct{}{}
	// The job ends and its final write fails, more than once.
	waitfor.Check(t, 10*time.Second, "the final write refused twice", func() bool {
		js.mu.Lock()
		defer js.mu.Unlock()
		return js.refused >= 2
	})
	js.set(false)
	got := wait(t, r, j.ID)
	if got.Status != store.JobSucceeded || string(got.Result) != "3" || string(got.Checkpoint) != `{"I":2,"Sum":3}` {
		t.Errorf("job after the store came back: %s %s checkpoint %s", got.Status, got.Result, got.Checkpoint)
	}
	if live, err := js.Live(context.Background()); err != nil || len(live) != 0 {
		t.Errorf("live jobs: %v, %v", live, err)
	}
}

// A live job missing from its store (a Redis restarted empty) is written
// again, whole, at its next write.
func TestLostJobIsWrittenAgain(t *testing.T) {
	forget := &forgetfulJobs{Jobs: memory.New(store.Config{}).Jobs}
	r, j, step := countToTwo(t, forget)
	forget.forget(j.ID)
	step <- struct{}{}
	got := wait(t, r, j.ID)
	if got.Status != store.JobSucceeded || string(got.Result) != "3" || got.Kind != "count" {
		t.Errorf("job written again: %+v", got)
	}
}

// forgetfulJobs answers ErrNotFound for forgotten jobs until they are
// created again.
type forgetfulJobs struct {
	store.Jobs
	mu        sync.Mutex
	forgotten map[string]bool
}

func (f *forgetfulJobs) forget(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.forgotten == nil {
		f.forgotten = map[string]bool{}
	}
	f.forgotten[id] = true
}

func (f *forgetfulJobs) gone(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.forgotten[id]
}

func (f *forgetfulJobs) Update(ctx context.Context, j *store.Job) error {
	if f.gone(j.ID) {
		return store.ErrNotFound
	}
	return f.Jobs.Update(ctx, j)
}

func (f *forgetfulJobs) Create(ctx context.Context, j *store.Job) error {
	if f.gone(j.ID) {
		f.mu.Lock()
		delete(f.forgotten, j.ID)
		f.mu.Unlock()
		// The memory store still holds it: overwrite it as Redis would
		// hold a fresh record.
		old, err := f.Jobs.Get(ctx, j.ID)
		if err != nil {
			return err
		}
		j.Rev = old.Rev
		return f.Jobs.Update(ctx, j)
	}
	return f.Jobs.Create(ctx, j)
}
