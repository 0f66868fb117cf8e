package hosting

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/store"
)

// When an admission runs: a server's uploads wait here for one of a few
// slots (the turns, owners in turn), a worker's tasks likewise through
// AdmitNow, a stopped server's leftovers are taken up again (Resume). What
// an admission does is pipeline.go's, which knows nothing of this.

// Resume restarts the admissions a stopped server left unfinished: bots
// still building or validating that nobody has touched for stale.
func (h *Host) Resume(ctx context.Context, stale time.Duration) error {
	return h.resume(ctx, stale, store.BotBuilding, store.BotValidating, store.BotWaiting)
}

func (h *Host) resume(ctx context.Context, stale time.Duration, statuses ...store.BotStatus) error {
	if h.why != nil {
		return nil
	}
	for _, st := range statuses {
		bs, err := h.store.Bots.List(ctx, store.BotFilter{Status: st})
		if err != nil {
			return err
		}
		for _, b := range bs {
			if time.Since(b.UpdatedAt) <= stale {
				continue
			}
			if h.claim(ctx, b) {
				h.admitLater(b) // for the workers: queued again unless it is queued or under way
			}
		}
	}
	return nil
}

// ResumeEvery runs Resume every period until Close: a bot waiting after
// our failure is tried again, and, where admissions go to workers
// (Config.Remote), a task that ran out of retries because no worker could
// confine programs (some days of them) is archived, and its bot would stay
// building until this server restarted; Resume queues it afresh.
func (h *Host) ResumeEvery(period, stale time.Duration) {
	if h.why != nil {
		return
	}
	h.resumer.Add(1)
	go func() {
		defer h.resumer.Done()
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-h.ctx.Done():
				return
			case <-tick.C:
				// A server that admits bots itself takes up only those
				// waiting after its failure: the others building are in its
				// queue, and would be queued twice.
				statuses := []store.BotStatus{store.BotWaiting}
				if h.cfg.Remote != nil {
					statuses = []store.BotStatus{store.BotBuilding, store.BotValidating, store.BotWaiting}
				}
				if err := h.resume(h.ctx, stale, statuses...); err != nil && h.ctx.Err() == nil {
					h.cfg.Log.Error("resuming bot admissions", "err", err)
				}
				h.passes.Add(1)
			}
		}
	}()
}

// claim takes up b at the revision read: of several servers sharing the
// store that read it, one succeeds, the others get ErrConflict.
func (h *Host) claim(ctx context.Context, b *store.Bot) bool {
	b.UpdatedAt = time.Now().UTC()
	if b.Status == store.BotWaiting {
		b.Status, b.Reason, b.Rejection = store.BotBuilding, "", "" // taken up: no loop takes it again
	}
	return h.store.Bots.Update(ctx, b) == nil
}

// admitLater queues b's admission: for the workers when there are
// (Config.Remote), else for a slot here, in a goroutine that waits for
// its turn.
func (h *Host) admitLater(b *store.Bot) {
	if h.cfg.Remote != nil {
		if err := h.cfg.Remote.Admit(h.ctx, b.Owner, b.ID, b.Language); err != nil {
			h.cfg.Log.Error("bot admission: queueing it for the workers", "bot", b.ID, "err", err)
			_ = h.failed(b.ID, err) // logged; a failure unrecorded is Resume's to take up
		}
		return
	}
	if h.enter("") != nil {
		return // closing: it stays building, for Resume
	}
	go func() {
		defer h.wg.Done()
		release, err := h.turns.take(h.ctx, b.Owner)
		if err != nil {
			return // closing: it stays building, for Resume
		}
		defer release()
		if err := h.admit(h.ctx, b.ID); err != nil && h.ctx.Err() == nil {
			h.cfg.Log.Error("bot admission", "bot", b.ID, "err", err)
			_ = h.failed(b.ID, err) // logged; a failure unrecorded is Resume's to take up
		}
	}()
}

// enter counts an admission in (h.wg) and, for AdmitNow, marks its bot
// id as here; it refuses once the host is closing (ErrClosing) and a bot
// here already (a task delivered twice). leave undoes it.
func (h *Host) enter(id string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.closing:
		return ErrClosing
	case id != "" && h.here[id]:
		return fmt.Errorf("hosting: %s is already waiting for an admission here", id)
	case id != "":
		h.here[id] = true
	}
	h.wg.Add(1)
	return nil
}

func (h *Host) leave(id string) {
	h.mu.Lock()
	delete(h.here, id)
	h.mu.Unlock()
	h.wg.Done()
}

// ErrClosing is AdmitNow's answer once the host is closing: the
// admission is left to another worker.
var ErrClosing = errors.New("hosting: closing")

// ErrNotBuiltHere is AdmitNow's answer for a bot in a language this
// machine does not build: the admission is left to a worker that does.
var ErrNotBuiltHere = errors.New("hosting: this machine does not build the bot's language")

// AdmitNow admits bot id of owner's here, as a worker handed its task:
// it waits for a slot among this process's admissions (the owners served
// in turn, as for uploads taken here) and returns once the verdict is
// stored, nil even when the bot is rejected; a machine's failure rejects
// it saying so. It returns ctx's error when ctx ends first (the task is
// then tried again), ErrClosing when the host closes, and ErrNotBuiltHere
// for a bot whose language it does not build.
func (h *Host) AdmitNow(ctx context.Context, owner, id string) error {
	if h.why != nil {
		return h.why
	}
	// A bot in a language this worker does not build goes back to the
	// queue for one that does, not rejected for this machine's lack.
	if b, err := h.store.Bots.Get(ctx, id); err == nil {
		if l, ok := h.Language(b.Language); ok && !l.Available {
			return fmt.Errorf("%w: %s: %s", ErrNotBuiltHere, l.Name, l.Reason)
		}
	}
	if err := h.enter(id); err != nil {
		return err
	}
	defer h.leave(id)
	release, err := h.turns.take(ctx, owner)
	switch {
	case errors.Is(err, errTurnsClosed):
		return ErrClosing
	case err != nil:
		return err
	}
	defer release()
	if err := h.admit(ctx, id); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		h.cfg.Log.Error("bot admission", "bot", id, "err", err)
		// A failure that could not even be recorded (the store away, as
		// while Redis fails over) goes back to the queue, which tries the
		// task again later: the bot would stay validating until a
		// server's Resume, twenty minutes on.
		if ferr := h.failed(id, err); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return nil
}

// Wait waits for the admissions under way and queued (tests).
func (h *Host) Wait() { h.wg.Wait() }
