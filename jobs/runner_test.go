package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"gameai/internal/waitfor"
	"gameai/jobs"
	"gameai/store"
	"gameai/store/memory"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func newRunner(js store.Jobs, max int) *jobs.Runner {
	return jobs.New(js, jobs.Config{MaxRunning: max, ProgressEvery: time.Millisecond}, quiet)
}

func wait(t *testing.T, r *jobs.Runner, id string) *store.Job {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	j, err := r.Wait(ctx, id)
	if err != nil {
		t.Fatalf("Wait(%s): %v", id, err)
	}
	return j
}

type countParams struct{ N int }

// count adds 1..N, checkpointing after each step, so a resumed job continues
// from the checkpoint instead of starting over.
func count(step <-chan struct{}) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		var p countParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, err
		}
		cp := struct{ I, Sum int }{}
		if len(j.Checkpoint) > 0 {
			if err := json.Unmarshal(j.Checkpoint, &cp); err != nil {
				return nil, err
			}
		}
		for cp.I < p.N {
			if step != nil {
				select {
				case <-step:
				case <-ctx.Done():
					return cp.Sum, ctx.Err()
				}
			}
			cp.I++
			cp.Sum += cp.I
			// A store that does not answer does not stop a job (see Reporter).
			if err := rep.Checkpoint(float64(cp.I)/float64(p.N), "counting", cp.Sum, cp); err != nil &&
				!errors.Is(err, store.ErrUnavailable) {
				return nil, err
			}
		}
		return cp.Sum, nil
	}
}

func TestJobSucceeds(t *testing.T) {
	r := newRunner(memory.New(store.Config{}).Jobs, 2)
	r.Handle("count", count(nil))
	j, err := r.Submit(context.Background(), "count", countParams{N: 10})
	if err != nil {
		t.Fatal(err)
	}
	got := wait(t, r, j.ID)
	if got.Status != store.JobSucceeded || string(got.Result) != "55" || got.Progress.Fraction != 1 {
		t.Errorf("job = %+v, want succeeded with 55", got)
	}
	if string(got.Progress.Best) != "55" {
		t.Errorf("best = %s, want 55", got.Progress.Best)
	}
}

func TestUnknownKind(t *testing.T) {
	r := newRunner(memory.New(store.Config{}).Jobs, 1)
	if _, err := r.Submit(context.Background(), "nope", nil); !errors.Is(err, jobs.ErrUnknownKind) {
		t.Errorf("Submit of unknown kind = %v", err)
	}
}

func TestCancelKeepsBestSoFar(t *testing.T) {
	r := newRunner(memory.New(store.Config{}).Jobs, 1)
	step := make(chan struct{})
	r.Handle("count", count(step))
	j, err := r.Submit(context.Background(), "count", countParams{N: 100})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		step <- struct{}{}
	}
	if _, err := r.Cancel(context.Background(), j.ID); err != nil {
		t.Fatal(err)
	}
	got := wait(t, r, j.ID)
	if got.Status != store.JobCancelled || string(got.Result) != "6" {
		t.Errorf("cancelled job = status %s result %s, want cancelled with 6 (1+2+3)", got.Status, got.Result)
	}
	// Cancelling a finished job changes nothing.
	again, err := r.Cancel(context.Background(), j.ID)
	if err != nil || again.Status != store.JobCancelled {
		t.Errorf("second Cancel = %+v, %v", again, err)
	}
}

func TestFailureAndPanic(t *testing.T) {
	r := newRunner(memory.New(store.Config{}).Jobs, 2)
	r.Handle("fail", func(context.Context, *store.Job, *jobs.Reporter) (any, error) {
		return nil, errors.New("bad parameters")
	})
	r.Handle("panic", func(context.Context, *store.Job, *jobs.Reporter) (any, error) {
		panic("boom")
	})
	for kind, want := range map[string]string{"fail": "bad parameters", "panic": "job panicked: boom"} {
		j, err := r.Submit(context.Background(), kind, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := wait(t, r, j.ID)
		if got.Status != store.JobFailed || got.Error != want {
			t.Errorf("%s job = %s %q, want failed %q", kind, got.Status, got.Error, want)
		}
	}
}

func TestQueuedBeyondMaxRunning(t *testing.T) {
	r := newRunner(memory.New(store.Config{}).Jobs, 1)
	step := make(chan struct{})
	r.Handle("count", count(step))
	a, _ := r.Submit(context.Background(), "count", countParams{N: 1})
	b, _ := r.Submit(context.Background(), "count", countParams{N: 1})
	var ja, jb *store.Job
	waitfor.Check(t, 10*time.Second, "one of the jobs running", func() bool {
		ja, _ = r.Get(context.Background(), a.ID)
		jb, _ = r.Get(context.Background(), b.ID)
		return ja.Status == store.JobRunning || jb.Status == store.JobRunning
	})
	running, queued := 0, 0
	for _, j := range []*store.Job{ja, jb} {
		switch j.Status {
		case store.JobRunning:
			running++
		case store.JobQueued:
			queued++
		}
	}
	if running != 1 || queued != 1 {
		t.Errorf("with one slot: %d running, %d queued; want 1 and 1", running, queued)
	}
	step <- struct{}{}
	step <- struct{}{}
	for _, id := range []string{a.ID, b.ID} {
		if got := wait(t, r, id); got.Status != store.JobSucceeded {
			t.Errorf("job %s = %s", id, got.Status)
		}
	}
}

func TestShutdownThenResumeFromCheckpoint(t *testing.T) {
	js := memory.New(store.Config{}).Jobs
	r1 := newRunner(js, 1)
	step := make(chan struct{})
	r1.Handle("count", count(step))
	j, err := r1.Submit(context.Background(), "count", countParams{N: 5})
	if err != nil {
		t.Fatal(err)
	}
	step <- struct{}{}
	step <- struct{}{}
	waitfor.Check(t, 10*time.Second, "the second step's checkpoint", func() bool {
		j, err := js.Get(context.Background(), j.ID)
		var cp struct{ I int }
		return err == nil && json.Unmarshal(j.Checkpoint, &cp) == nil && cp.I == 2
	})
	if err := r1.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	left, _ := js.Get(context.Background(), j.ID)
	if left.Status.Final() {
		t.Fatalf("job after shutdown = %s, want it still live", left.Status)
	}
	if _, err := r1.Submit(context.Background(), "count", countParams{N: 1}); err == nil {
		t.Error("Submit after Shutdown succeeded")
	}

	r2 := newRunner(js, 1)
	steps := 0
	r2.Handle("count", func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		unblocked := make(chan struct{})
		close(unblocked)
		var cp struct{ I int }
		_ = json.Unmarshal(j.Checkpoint, &cp)
		steps = 5 - cp.I
		return count(unblocked)(ctx, j, rep)
	})
	n, err := r2.Resume(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v; want 1 job", n, err)
	}
	got := wait(t, r2, j.ID)
	if got.Status != store.JobSucceeded || string(got.Result) != "15" {
		t.Errorf("resumed job = %s %s, want succeeded 15", got.Status, got.Result)
	}
	if steps != 3 {
		t.Errorf("resumed job had %d steps left, want 3 (it must continue from its checkpoint)", steps)
	}
}

func TestResumeWithoutHandlerMarksInterrupted(t *testing.T) {
	js := memory.New(store.Config{}).Jobs
	if err := js.Create(context.Background(), &store.Job{ID: "old", Kind: "gone", Status: store.JobRunning}); err != nil {
		t.Fatal(err)
	}
	r := newRunner(js, 1)
	if n, err := r.Resume(context.Background()); err != nil || n != 0 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	got, _ := js.Get(context.Background(), "old")
	if got.Status != store.JobInterrupted {
		t.Errorf("job of an unknown kind after resume = %s, want interrupted", got.Status)
	}
}

// A standing job (a ladder, which runs until cancelled) takes no slot: a
// job submitted after it still runs on a runner of one slot.
func TestStandingJobsTakeNoSlot(t *testing.T) {
	r := newRunner(memory.New(store.Config{}).Jobs, 1)
	forever := make(chan struct{})
	r.HandleStanding("ladder", count(forever))
	r.Handle("count", count(nil))
	l, _ := r.Submit(context.Background(), "ladder", countParams{N: 1})
	b, _ := r.Submit(context.Background(), "count", countParams{N: 3})
	if got := wait(t, r, b.ID); got.Status != store.JobSucceeded {
		t.Errorf("a job beside a standing one: %s", got.Status)
	}
	forever <- struct{}{}
	if got := wait(t, r, l.ID); got.Status != store.JobSucceeded {
		t.Errorf("the standing job: %s", got.Status)
	}
}
