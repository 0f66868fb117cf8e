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

// write applies change to the job and stores it, re-reading on a conflict
// (a cancel request written by another request or server) and cancelling
// the job's context when a cancel was requested.
func (p *Reporter) write(change func(*store.Job)) error {
	ctx := context.WithoutCancel(p.ctx)
	for range 10 {
		change(p.job)
		p.job.UpdatedAt = time.Now().UTC()
		err := p.r.store.Update(ctx, p.job)
		if err == nil {
			p.lastWrite = time.Now()
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
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
		fresh, gerr := p.r.store.Get(ctx, p.job.ID)
		if gerr != nil {
			return gerr
		}
		*p.job = *fresh
	}
	return store.ErrConflict
}

// Cancelled reports whether the job has been asked to stop.
func (p *Reporter) Cancelled() bool { return p.ctx.Err() != nil }
