package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gameai/store"
)

// Reporter is a job's line to the store: progress, best so far, checkpoints.
// It is used by the job's own goroutine only.
type Reporter struct {
	r         *Runner
	job       *store.Job
	ctx       context.Context
	lastWrite time.Time
	// retryAt and lastErr hold off writes after the store failed to answer.
	retryAt time.Time
	lastErr error
}

// Progress records how far the job is; best (any JSON value, or nil to keep
// the previous one) is the best result so far. Writes are throttled, so it
// may be called often.
func (p *Reporter) Progress(fraction float64, message string, best any) error {
	if time.Since(p.lastWrite) < p.r.cfg.ProgressEvery {
		return nil
	}
	return p.progress(fraction, message, best, nil)
}

// Checkpoint records the state to resume from, with progress, at once.
func (p *Reporter) Checkpoint(fraction float64, message string, best any, checkpoint any) error {
	if checkpoint == nil {
		checkpoint = json.RawMessage("null")
	}
	return p.progress(fraction, message, best, checkpoint)
}

func (p *Reporter) progress(fraction float64, message string, best any, checkpoint any) error {
	var bestRaw, cpRaw json.RawMessage
	var err error
	if best != nil {
		if bestRaw, err = json.Marshal(best); err != nil {
			return err
		}
	}
	if checkpoint != nil {
		if cpRaw, err = json.Marshal(checkpoint); err != nil {
			return err
		}
	}
	return p.write(func(j *store.Job) {
		j.Progress.Fraction = min(max(fraction, 0), 1)
		j.Progress.Message = message
		if bestRaw != nil {
			j.Progress.Best = bestRaw
		}
		if cpRaw != nil {
			j.Checkpoint = cpRaw
		}
	})
}

// storeRetry is how long a job goes on in memory after its store failed to
// answer before it tries to write again, so a job never waits on a store
// that is away at every progress report.
const storeRetry = time.Second

// write applies change to the job and stores it, re-reading on a conflict
// (a cancel request written by another request or server) and cancelling
// the job's context when a cancel was requested. While the store does not
// answer, the change is kept in the job's own copy and written with the next
// write that gets through: the job goes on and loses nothing.
func (p *Reporter) write(change func(*store.Job)) error {
	change(p.job)
	p.job.UpdatedAt = time.Now().UTC()
	if time.Now().Before(p.retryAt) {
		return p.lastErr
	}
	err := p.store(change)
	if errors.Is(err, store.ErrUnavailable) {
		p.retryAt, p.lastErr = time.Now().Add(storeRetry), err
	}
	return err
}

// store writes the job, whose own copy already holds change.
func (p *Reporter) store(change func(*store.Job)) error {
	ctx := context.WithoutCancel(p.ctx)
	for range 10 {
		err := p.r.store.Update(ctx, p.job)
		if errors.Is(err, store.ErrNotFound) {
			// A live job of this process missing from the store means the
			// store lost it (a Redis restarted without its data): it comes
			// back whole from this copy.
			p.r.log.Warn("job missing from the store; writing it again", "job", p.job.ID)
			err = p.r.store.Create(ctx, p.job)
		}
		if err == nil {
			p.lastWrite = time.Now()
			p.retryAt, p.lastErr = time.Time{}, nil
			if p.job.CancelRequested {
				p.r.mu.Lock()
				cancel := p.r.cancels[p.job.ID]
				p.r.mu.Unlock()
				if cancel != nil {
					cancel(errCancelled)
				}
			}
			return nil
		}
		if !errors.Is(err, store.ErrConflict) && !errors.Is(err, store.ErrExists) {
			return err
		}
		fresh, gerr := p.r.store.Get(ctx, p.job.ID)
		if gerr != nil {
			return gerr
		}
		*p.job = *fresh
		change(p.job)
		p.job.UpdatedAt = time.Now().UTC()
	}
	return store.ErrConflict
}

// settle writes a job's final state, retrying while the store does not
// answer, until the runner shuts down: a job that ended while Redis was away
// is written when it returns. A job never settled stays live in the store and
// is resumed from its last checkpoint at the next start.
func (p *Reporter) settle(change func(*store.Job)) error {
	change(p.job)
	p.job.UpdatedAt = time.Now().UTC()
	wait := 100 * time.Millisecond
	for {
		err := p.store(change)
		if !errors.Is(err, store.ErrUnavailable) {
			return err
		}
		select {
		case <-p.r.base.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}
