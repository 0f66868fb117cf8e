// Package jobs runs long work (tuning, searches, matches) in the background
// and keeps its state in the store: status, progress, a checkpoint to resume
// from, the result, and cancellation.
//
// A handler reports progress through a Reporter and returns a result. When a
// job is cancelled its context ends and whatever the handler returns with the
// cancellation (its best so far) is kept as the result. When the server shuts
// down, live jobs stay live in the store and Resume restarts them from their
// last checkpoint on the next start.
package jobs

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"gameai/store"
)

// Handler does the work of one kind of job. It must return soon after ctx
// ends; a result returned with the cancellation is kept.
type Handler func(ctx context.Context, job *store.Job, r *Reporter) (result any, err error)

// ErrUnknownKind is returned by Submit for a kind with no handler.
var ErrUnknownKind = errors.New("jobs: no handler for this kind")

// ErrTooMany is returned by Submit when the queue is full.
var ErrTooMany = errors.New("jobs: too many live jobs")

var (
	errCancelled = errors.New("job cancelled")
	errShutdown  = errors.New("server shutting down")
	// errLostLease stops a job another process took over (its lease
	// lapsed while this one could not renew it): this one writes nothing
	// more of it.
	errLostLease = errors.New("job taken over by another process")
)

// Config bounds the runner.
type Config struct {
	// MaxRunning jobs run at once; the others wait as queued.
	MaxRunning int
	// MaxLive bounds queued plus running jobs of this process.
	MaxLive int
	// ProgressEvery is the shortest interval between progress writes.
	ProgressEvery time.Duration
	// Lease is how long a live job stays this process's without being
	// renewed (every Lease/3): servers sharing a store run each job once,
	// and a dead server's jobs wait this long to be taken over.
	Lease time.Duration
	// AdoptEvery, when positive, is how often the runner looks for live
	// jobs no process holds (their server died) and takes them over, as
	// Resume does at a start: a server beside others sets it.
	AdoptEvery time.Duration
}

// Runner runs jobs in this process.
type Runner struct {
	store    store.Jobs
	cfg      Config
	log      *slog.Logger
	handlers map[string]Handler
	// standing are the kinds whose jobs never end (ladders): they take
	// no slot, so they never keep other jobs waiting.
	standing map[string]bool
	slots    chan struct{}

	// owner names this runner in the jobs' leases (store.Jobs.Claim).
	owner string
	// resuming makes Resume one pass at a time: two passes of one runner
	// would both hold a lease they claimed and start its job twice.
	resuming sync.Mutex

	mu      sync.Mutex
	cancels map[string]context.CancelCauseFunc
	closed  bool
	wg      sync.WaitGroup
	base    context.Context
	stop    context.CancelCauseFunc
}

// New returns a runner over the job store.
func New(js store.Jobs, cfg Config, log *slog.Logger) *Runner {
	if cfg.MaxRunning <= 0 {
		cfg.MaxRunning = 2
	}
	if cfg.MaxLive <= 0 {
		cfg.MaxLive = 100
	}
	if cfg.ProgressEvery <= 0 {
		cfg.ProgressEvery = 500 * time.Millisecond
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 15 * time.Second
	}
	base, stop := context.WithCancelCause(context.Background())
	r := &Runner{store: js, cfg: cfg, log: log, handlers: map[string]Handler{}, standing: map[string]bool{},
		slots: make(chan struct{}, cfg.MaxRunning), cancels: map[string]context.CancelCauseFunc{},
		base: base, stop: stop, owner: rand.Text()}
	go r.keepLeases()
	return r
}

// Handle registers the handler of a kind; call it before Submit or Resume.
func (r *Runner) Handle(kind string, h Handler) { r.handlers[kind] = h }

// HandleStanding registers the handler of a kind whose jobs run until
// cancelled (a ladder): they start at once, beside MaxRunning others.
func (r *Runner) HandleStanding(kind string, h Handler) {
	r.handlers[kind] = h
	r.standing[kind] = true
}

// Handles reports whether kind is a kind of job this runner knows.
func (r *Runner) Handles(kind string) bool {
	_, ok := r.handlers[kind]
	return ok
}

// Submit stores a new queued job and starts it when a slot frees.
func (r *Runner) Submit(ctx context.Context, kind string, params any) (*store.Job, error) {
	h, ok := r.handlers[kind]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownKind, kind)
	}
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil, errShutdown
	}
	if len(r.cancels) >= r.cfg.MaxLive {
		r.mu.Unlock()
		return nil, ErrTooMany
	}
	r.mu.Unlock()
	now := time.Now().UTC()
	j := &store.Job{ID: rand.Text(), Kind: kind, Status: store.JobQueued, Params: raw, CreatedAt: now, UpdatedAt: now}
	// The lease comes first: a job created unleased could be taken by
	// another server looking for jobs to take over before this one claims
	// it. A new id is no other process's; a claim the store did not answer
	// is made at the next renewal.
	if _, err := r.store.Claim(ctx, j.ID, r.owner, r.cfg.Lease); err != nil {
		r.log.Warn("job lease", "job", j.ID, "err", err)
	}
	if err := r.store.Create(ctx, j); err != nil {
		return nil, err // the lease of an id never stored lapses unused
	}
	// The caller gets a copy: the job's goroutine owns j from now on.
	out := *j
	r.start(j, h)
	return &out, nil
}

// Resume restarts the live jobs found in the store that no process holds
// (after a restart, or their server died): it claims each, so that of
// servers resuming at once each job goes to one. Jobs of kinds with no
// handler are marked interrupted. It returns how many resumed.
func (r *Runner) Resume(ctx context.Context) (int, error) {
	r.resuming.Lock()
	defer r.resuming.Unlock()
	live, err := r.store.Unleased(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, j := range live {
		r.mu.Lock()
		_, mine := r.cancels[j.ID]
		r.mu.Unlock()
		if mine {
			continue
		}
		if held, err := r.store.Claim(ctx, j.ID, r.owner, r.cfg.Lease); err != nil || !held {
			if err != nil {
				return n, err
			}
			continue // another process runs it
		}
		h, ok := r.handlers[j.Kind]
		if !ok || j.CancelRequested {
			j.Status = store.JobInterrupted
			if j.CancelRequested {
				j.Status = store.JobCancelled
			}
			j.Error = "the server stopped while this job was live"
			j.UpdatedAt = time.Now().UTC()
			err := r.store.Update(ctx, j)
			r.release(j.ID)
			if err != nil && !errors.Is(err, store.ErrConflict) {
				return n, err
			}
			continue
		}
		r.log.Info("resuming job", "job", j.ID, "kind", j.Kind)
		r.start(j, h)
		n++
	}
	return n, nil
}

func (r *Runner) start(j *store.Job, h Handler) {
	ctx, cancel := context.WithCancelCause(r.base)
	r.mu.Lock()
	r.cancels[j.ID] = cancel
	r.wg.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.wg.Done()
		defer func() {
			r.mu.Lock()
			delete(r.cancels, j.ID)
			r.mu.Unlock()
			if !errors.Is(context.Cause(ctx), errLostLease) {
				r.release(j.ID)
			}
			cancel(nil)
		}()
		if !r.standing[j.Kind] {
			select {
			case r.slots <- struct{}{}:
			case <-ctx.Done():
				r.finish(j, nil, ctx)
				return
			}
			defer func() { <-r.slots }()
		}
		r.run(ctx, j, h)
	}()
}

func (r *Runner) run(ctx context.Context, j *store.Job, h Handler) {
	rep := &Reporter{r: r, job: j, ctx: ctx}
	if err := rep.write(func(j *store.Job) { j.Status = store.JobRunning }); err != nil {
		r.log.Error("job start", "job", j.ID, "err", err)
	}
	result, err := func() (res any, err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("job panicked: %v", p)
			}
		}()
		return h(ctx, j, rep)
	}()
	if err != nil && ctx.Err() == nil {
		r.fail(rep, err)
		return
	}
	r.finishWith(rep, result, ctx)
}

func (r *Runner) fail(rep *Reporter, err error) {
	r.log.Warn("job failed", "job", rep.job.ID, "err", err)
	if werr := rep.settle(func(j *store.Job) { j.Status = store.JobFailed; j.Error = err.Error() }); werr != nil {
		r.log.Error("job write", "job", rep.job.ID, "err", werr)
	}
}

// finish settles a job that never ran.
func (r *Runner) finish(j *store.Job, result any, ctx context.Context) {
	r.finishWith(&Reporter{r: r, job: j, ctx: ctx}, result, ctx)
}

func (r *Runner) finishWith(rep *Reporter, result any, ctx context.Context) {
	cause := context.Cause(ctx)
	if errors.Is(cause, errLostLease) {
		r.log.Warn("job taken over by another process", "job", rep.job.ID)
		return
	}
	if errors.Is(cause, errShutdown) {
		// Left live on purpose: Resume picks it up at the next start.
		if err := rep.write(func(j *store.Job) { j.Status = store.JobQueued }); err != nil {
			r.log.Error("job write", "job", rep.job.ID, "err", err)
		}
		return
	}
	var raw json.RawMessage
	if result != nil {
		b, err := json.Marshal(result)
		if err != nil {
			r.fail(rep, fmt.Errorf("result: %w", err))
			return
		}
		raw = b
	}
	err := rep.settle(func(j *store.Job) {
		j.Result = raw
		if ctx.Err() != nil {
			j.Status = store.JobCancelled
			return
		}
		j.Status = store.JobSucceeded
		j.Progress.Fraction = 1
	})
	if err != nil {
		r.log.Error("job write", "job", rep.job.ID, "err", err)
	}
}

// Cancel asks a job to stop. A job of this process stops at once; a job run
// by another server sees the request at its next progress write.
func (r *Runner) Cancel(ctx context.Context, id string) (*store.Job, error) {
	for {
		j, err := r.store.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if j.Status.Final() {
			return j, nil
		}
		j.CancelRequested = true
		j.UpdatedAt = time.Now().UTC()
		err = r.store.Update(ctx, j)
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return nil, err
		}
		r.mu.Lock()
		cancel := r.cancels[id]
		r.mu.Unlock()
		if cancel != nil {
			cancel(errCancelled)
		}
		return j, nil
	}
}

// Get reads a job.
func (r *Runner) Get(ctx context.Context, id string) (*store.Job, error) { return r.store.Get(ctx, id) }

// Wait blocks until the job of this process with that id has settled.
func (r *Runner) Wait(ctx context.Context, id string) (*store.Job, error) {
	for {
		j, err := r.store.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		r.mu.Lock()
		_, running := r.cancels[id]
		r.mu.Unlock()
		if j.Status.Final() && !running {
			return j, nil
		}
		select {
		case <-ctx.Done():
			return j, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Shutdown stops accepting jobs, asks running ones to stop (they stay live in
// the store, to be resumed) and waits for them until ctx ends.
func (r *Runner) Shutdown(ctx context.Context) error {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.stop(errShutdown)
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// keepLeases renews the leases of this runner's jobs every Lease/3 and,
// with AdoptEvery, takes over the jobs no process holds, until Shutdown.
func (r *Runner) keepLeases() {
	every := r.cfg.Lease / 3
	if r.cfg.AdoptEvery > 0 {
		every = min(every, r.cfg.AdoptEvery)
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	var looked time.Time
	for {
		select {
		case <-r.base.Done():
			return
		case <-tick.C:
		}
		r.renew()
		if r.cfg.AdoptEvery > 0 && time.Since(looked) >= r.cfg.AdoptEvery {
			looked = time.Now()
			if n, err := r.Resume(r.base); err != nil && r.base.Err() == nil {
				r.log.Warn("taking over jobs", "err", err)
			} else if n > 0 {
				r.log.Info("took over jobs no server held", "jobs", n)
			}
		}
	}
}

// renew renews this runner's leases. A job whose lease another process
// now holds stops without a word more; one the store did not answer for
// goes on, as jobs do while the store is away.
func (r *Runner) renew() {
	r.mu.Lock()
	ids := slices.Collect(maps.Keys(r.cancels))
	r.mu.Unlock()
	for _, id := range ids {
		held, err := r.store.Claim(r.base, id, r.owner, r.cfg.Lease)
		if err != nil {
			continue
		}
		r.mu.Lock()
		cancel, live := r.cancels[id]
		r.mu.Unlock()
		switch {
		case held && !live:
			// It stopped here since the list was taken, and released its
			// lease, which this renewal took again.
			r.release(id)
		case !held && live:
			cancel(errLostLease)
		}
	}
}

// release gives up this runner's lease of a job that stopped here, so
// another server can take it at once (a restart hands its jobs over).
func (r *Runner) release(id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.base), 5*time.Second)
	defer cancel()
	if err := r.store.Release(ctx, id, r.owner); err != nil {
		r.log.Warn("job lease", "job", id, "err", err)
	}
}
