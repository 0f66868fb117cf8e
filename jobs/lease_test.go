package jobs_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gameai/internal/waitfor"
	"gameai/jobs"
	"gameai/store"
	"gameai/store/memory"
)

// clock is a store's time, moved by the test.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// starts is a handler that counts its starts and runs until released or
// stopped.
type starts struct {
	n       atomic.Int32
	release chan struct{}
	stopped chan error
}

func newStarts() *starts {
	return &starts{release: make(chan struct{}), stopped: make(chan error, 8)}
}

func (s *starts) handle(ctx context.Context, _ *store.Job, _ *jobs.Reporter) (any, error) {
	s.n.Add(1)
	select {
	case <-s.release:
		return "done", nil
	case <-ctx.Done():
		s.stopped <- context.Cause(ctx)
		return nil, ctx.Err()
	}
}

// orphan is a running job whose lease a dead server held until the
// clock's now plus a minute.
func orphan(t *testing.T, st *store.Store) *store.Job {
	t.Helper()
	j := &store.Job{ID: "orphan", Kind: "wait", Status: store.JobRunning, CreatedAt: time.Now().UTC()}
	if err := st.Jobs.Create(t.Context(), j); err != nil {
		t.Fatal(err)
	}
	if held, err := st.Jobs.Claim(t.Context(), j.ID, "dead server", time.Minute); err != nil || !held {
		t.Fatalf("claim for the dead server: %v %v", held, err)
	}
	return j
}

func leaseRunner(t *testing.T, st *store.Store, h *starts, cfg jobs.Config) *jobs.Runner {
	cfg.ProgressEvery = time.Millisecond
	r := jobs.New(st.Jobs, cfg, quiet)
	r.Handle("wait", h.handle)
	t.Cleanup(func() { _ = r.Shutdown(context.Background()) })
	return r
}

// Servers sharing a store run a job once: a second server's Resume leaves
// a job the first runs alone.
func TestALiveJobRunsOnce(t *testing.T) {
	st := memory.New(store.Config{})
	h := newStarts()
	a, b := leaseRunner(t, st, h, jobs.Config{}), leaseRunner(t, st, h, jobs.Config{})
	j, err := a.Submit(t.Context(), "wait", nil)
	if err != nil {
		t.Fatal(err)
	}
	waitfor.Check(t, 10*time.Second, "the job to start", func() bool { return h.n.Load() == 1 })
	if n, err := b.Resume(t.Context()); err != nil || n != 0 {
		t.Fatalf("the second server resumed %d jobs (%v), want none: the first runs it", n, err)
	}
	close(h.release)
	if got := wait(t, a, j.ID); got.Status != store.JobSucceeded || h.n.Load() != 1 {
		t.Errorf("job %s, started %d times; want succeeded once", got.Status, h.n.Load())
	}
}

// A job whose server died is resumed once its lease lapses, not before,
// and by one of several servers resuming at once.
func TestADeadServersJobIsTakenOverOnce(t *testing.T) {
	c := &clock{now: time.Unix(1e9, 0)}
	st := memory.NewWithClock(store.Config{}, c.Now)
	h := newStarts()
	j := orphan(t, st)
	runners := make([]*jobs.Runner, 4)
	for i := range runners {
		runners[i] = leaseRunner(t, st, h, jobs.Config{})
	}
	if n, err := runners[0].Resume(t.Context()); err != nil || n != 0 {
		t.Fatalf("resumed %d (%v) while the dead server's lease holds, want none", n, err)
	}
	c.add(2 * time.Minute)
	var wg sync.WaitGroup
	var resumed atomic.Int32
	for _, r := range runners {
		wg.Go(func() {
			n, err := r.Resume(t.Context())
			if err != nil {
				t.Error(err)
			}
			resumed.Add(int32(n))
		})
	}
	wg.Wait()
	waitfor.Check(t, 10*time.Second, "the job to start", func() bool { return h.n.Load() > 0 })
	if resumed.Load() != 1 || h.n.Load() != 1 {
		t.Fatalf("four servers at once resumed %d, started %d; want one", resumed.Load(), h.n.Load())
	}
	close(h.release)
	waitfor.Check(t, 10*time.Second, "the job to succeed", func() bool {
		got, err := st.Jobs.Get(t.Context(), j.ID)
		return err == nil && got.Status == store.JobSucceeded
	})
}

// A server set to adopt takes over a dead server's job by itself once
// the lease lapses.
func TestAServerAdoptsAnOrphanedJob(t *testing.T) {
	c := &clock{now: time.Unix(1e9, 0)}
	st := memory.NewWithClock(store.Config{}, c.Now)
	h := newStarts()
	close(h.release)
	j := orphan(t, st)
	leaseRunner(t, st, h, jobs.Config{AdoptEvery: time.Millisecond})
	c.add(2 * time.Minute)
	waitfor.Check(t, 10*time.Second, "the job to be taken over and succeed", func() bool {
		got, err := st.Jobs.Get(t.Context(), j.ID)
		return err == nil && got.Status == store.JobSucceeded
	})
	if h.n.Load() != 1 {
		t.Errorf("started %d times, want once", h.n.Load())
	}
}

// A server whose lease lapsed and was taken stops the job and writes
// nothing more of it: the job is the new holder's.
func TestAJobWhoseLeaseWasTakenStops(t *testing.T) {
	c := &clock{now: time.Unix(1e9, 0)}
	st := memory.NewWithClock(store.Config{}, c.Now)
	h := newStarts()
	r := leaseRunner(t, st, h, jobs.Config{Lease: 30 * time.Millisecond})
	j, err := r.Submit(t.Context(), "wait", nil)
	if err != nil {
		t.Fatal(err)
	}
	waitfor.Check(t, 10*time.Second, "the job to start", func() bool { return h.n.Load() == 1 })
	c.add(time.Second) // the runner's lease lapses in the store's time
	if held, err := st.Jobs.Claim(t.Context(), j.ID, "another server", time.Hour); err != nil || !held {
		t.Fatalf("another server's claim: %v %v", held, err)
	}
	before, _ := st.Jobs.Get(t.Context(), j.ID)
	select {
	case cause := <-h.stopped:
		if cause == nil || cause.Error() != "job taken over by another process" {
			t.Errorf("the job stopped for %v", cause)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the job went on after another server took its lease")
	}
	// Shutdown waits for the job's goroutine, which must write nothing.
	if err := r.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}
	after, _ := st.Jobs.Get(t.Context(), j.ID)
	if after.Rev != before.Rev || after.Status != store.JobRunning {
		t.Errorf("the job was written after it was taken: %s v%d, was %s v%d", after.Status, after.Rev, before.Status, before.Rev)
	}
}

// createWatch is a store's jobs that, as each job is created, asks which
// live jobs are unleased, as another server looking for jobs to take over
// could at that moment.
type createWatch struct {
	store.Jobs
	mu  sync.Mutex
	bad []string
}

func (w *createWatch) Create(ctx context.Context, j *store.Job) error {
	if err := w.Jobs.Create(ctx, j); err != nil {
		return err
	}
	free, err := w.Jobs.Unleased(ctx)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, f := range free {
		w.bad = append(w.bad, f.ID)
	}
	return err
}

// A new job is leased before it is stored: no other server can take it
// between the two.
func TestANewJobIsNeverUnleased(t *testing.T) {
	st := memory.New(store.Config{})
	w := &createWatch{Jobs: st.Jobs}
	h := newStarts()
	close(h.release)
	r := jobs.New(w, jobs.Config{ProgressEvery: time.Millisecond}, quiet)
	r.Handle("wait", h.handle)
	t.Cleanup(func() { _ = r.Shutdown(context.Background()) })
	j, err := r.Submit(t.Context(), "wait", nil)
	if err != nil {
		t.Fatal(err)
	}
	wait(t, r, j.ID)
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.bad) != 0 {
		t.Errorf("jobs unleased as they were stored: %v", w.bad)
	}
}
