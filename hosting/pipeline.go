package hosting

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/store"
)

// An admission is a bot carried through steps in order: taken up, built
// (and its build kept within the owner's bytes), validated in games
// against our engines, then ready. A step that refuses the bot returns a
// refusal, which ends it rejected for that cause; an error is the
// server's failure, not the bot's (failed records it). The steps know
// nothing of slots or turns (schedule.go) nor of what a box is (boxes).
func (h *Host) admit(ctx context.Context, id string) error {
	b, err := h.takeUp(ctx, id)
	if err != nil || b == nil {
		return err
	}
	w := h.watchAdmission(ctx, id)
	defer w.end()
	details := &store.BotDetails{}
	no, err := h.buildStep(ctx, b, details, w)
	if no == nil && err == nil {
		no, err = h.validateStep(ctx, b, details, w)
	}
	switch {
	case err != nil:
		return err
	case no != nil:
		return h.reject(ctx, b, no.cause, no.why)
	}
	b.Status, b.Reason = store.BotReady, ""
	h.cfg.Log.Info("bot ready", "bot", id)
	return h.save(ctx, b)
}

// A refusal is a step's verdict on the bot: rejected for cause, saying why.
type refusal struct {
	cause store.Rejection
	why   string
}

// takeUp reads the bot to admit: nil when there is nothing to do (it was
// admitted already, a task delivered twice, or deleted meanwhile); one
// waiting after our failure is building again.
func (h *Host) takeUp(ctx context.Context, id string) (*store.Bot, error) {
	b, err := h.store.Bots.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch b.Status {
	case store.BotReady, store.BotRejected, store.BotDeleted:
		return nil, nil
	case store.BotWaiting:
		b.Status, b.Reason, b.Rejection = store.BotBuilding, "", ""
		if err := h.save(ctx, b); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// buildStep builds b's upload in a box and keeps what runs, within the
// owner's quota of bytes; the compiler's output goes to details.
func (h *Host) buildStep(ctx context.Context, b *store.Bot, details *store.BotDetails, w *watcher) (*refusal, error) {
	l, ok := h.Language(b.Language)
	if !ok || !l.Available {
		return &refusal{store.RejectedLanguage, fmt.Sprintf("language %q is not built on this machine", b.Language)}, nil
	}
	src, err := h.store.Artefacts.Get(ctx, b.Source)
	if err != nil {
		return nil, err
	}
	h.cfg.Log.Info("bot building", "bot", b.ID, "language", b.Language)
	w.step(stepBuild, 0, 0, admissionGame{})
	program, log, err := h.build(ctx, l, src)
	details.BuildLog = log
	var be *errBuild
	if errors.As(err, &be) {
		if err := h.store.Bots.SetDetails(ctx, b.ID, details); err != nil {
			return nil, err
		}
		return &refusal{store.RejectedBuild, be.why}, nil
	}
	if err != nil {
		return nil, err
	}
	if b.Program, err = h.store.Artefacts.Put(ctx, program); err != nil {
		return nil, err
	}
	if b.Program != b.Source {
		b.ProgramSize = int64(len(program))
	}
	b.Status = store.BotValidating
	if err := h.store.Bots.SetDetails(ctx, b.ID, details); err != nil {
		return nil, err
	}
	var qe *QuotaError
	if err := h.saveBuilt(ctx, b); errors.As(err, &qe) {
		return &refusal{store.RejectedQuota, fmt.Sprintf("its build is %.1f MiB: %s", float64(b.ProgramSize)/(1<<20), qe.Error())}, nil
	} else if err != nil {
		return nil, err
	}
	return nil, h.rekeep(ctx, program)
}

// validateStep plays b's validation games and keeps them, in words fit
// for anyone (PublicText), in b and in details: the first with a fault
// refuses it.
func (h *Host) validateStep(ctx context.Context, b *store.Bot, details *store.BotDetails, w *watcher) (*refusal, error) {
	h.cfg.Log.Info("bot validating", "bot", b.ID)
	games, played, err := h.validate(ctx, b, w)
	if err != nil {
		return nil, err
	}
	details.Games = played
	for i := range games {
		games[i].Fault, games[i].Result = PublicText(games[i].Fault), PublicText(games[i].Result)
	}
	if err := h.store.Bots.SetDetails(ctx, b.ID, details); err != nil {
		return nil, err
	}
	b.Validation = games
	for i, g := range games {
		if g.Fault != "" {
			return &refusal{store.RejectedValidation, fmt.Sprintf("validation game %d (as %s), turn %d: %s", i+1, g.Seat, g.Turn, g.Fault)}, nil
		}
	}
	return nil, nil
}

// failed ends an admission the server could not carry out (its sandbox
// or store failed, not the bot): the bot waits for another try (Resume,
// ResumeEvery), saying the failure was ours; after maxTries such failures
// it is rejected saying so, rather than tried for ever.
func (h *Host) failed(id string, err error) error {
	b, gerr := h.store.Bots.Get(h.ctx, id)
	if gerr != nil || !b.Status.OnItsWay() {
		if gerr != nil {
			h.cfg.Log.Error("bot admission: recording our failure", "bot", id, "err", gerr)
		}
		return gerr
	}
	b.Tries++
	if b.Tries >= maxTries {
		rerr := h.reject(h.ctx, b, store.RejectedServer, fmt.Sprintf("the server failed %d times to build or validate it, not the bot: %v; upload it again",
			b.Tries, err))
		if rerr != nil {
			h.cfg.Log.Error("bot admission: recording our failure", "bot", id, "err", rerr)
		}
		return rerr
	}
	b.Status, b.Reason = store.BotWaiting, PublicText("the server failed to build or validate it, not the bot ("+err.Error()+"): it is tried again within minutes")
	serr := h.save(h.ctx, b)
	if serr != nil {
		h.cfg.Log.Error("bot admission: recording our failure", "bot", id, "err", serr)
	}
	return serr
}

// maxTries is how many of our failures a bot's admission outlives.
const maxTries = 5

// reject records why b is refused and drops its files: what a rejected
// version leaves is its record, its reason and its details. The files go
// before the record says so, so that whoever reads "rejected" (the owner's
// poll, a quota count) finds them gone; the record is written even when a
// drop failed, and the failure returned.
func (h *Host) reject(ctx context.Context, b *store.Bot, cause store.Rejection, why string) error {
	b.Status, b.Reason, b.Rejection, b.FilesDropped = store.BotRejected, PublicText(why), cause, true
	h.cfg.Log.Info("bot rejected", "bot", b.ID, "reason", why)
	dropErr := h.dropFiles(ctx, b)
	if err := h.save(ctx, b); err != nil {
		return errors.Join(err, dropErr)
	}
	return dropErr
}

// saveBuilt saves b with its build, checked against its owner's quota of
// bytes, which counts what a version keeps: the build too (three small
// sources building at once into 31 MB each kept 94 MB under 64 MiB).
func (h *Host) saveBuilt(ctx context.Context, b *store.Bot) error {
	free := false
	switch o, err := h.store.Owners.Get(ctx, b.Owner); {
	case errors.Is(err, store.ErrNotFound):
		free = true // our own engines' bots have no account
	case err != nil:
		return err
	default:
		free = o.QuotaFree
	}
	if err := h.atStored(ctx, b); err != nil {
		return err
	}
	return h.store.Bots.UpdateChecked(ctx, b, func(mine []*store.Bot) error {
		if used := keptBytes(mine); !free && used > h.cfg.OwnerBytes {
			return &QuotaError{Limit: "bytes", Max: h.cfg.OwnerBytes, Used: used - b.ProgramSize}
		}
		return nil
	})
}

// save writes b over whatever revision is stored (atStored).
func (h *Host) save(ctx context.Context, b *store.Bot) error {
	if err := h.atStored(ctx, b); err != nil {
		return err
	}
	return h.store.Bots.Update(ctx, b)
}

// atStored gives b the stored revision, to be written over: admission is
// the only writer of a bot's status but Delete, so a conflict would be its
// own earlier write. A bot deleted meanwhile stays deleted (ErrNotFound).
func (h *Host) atStored(ctx context.Context, b *store.Bot) error {
	cur, err := h.store.Bots.Get(ctx, b.ID)
	if err != nil {
		return err
	}
	if cur.Status == store.BotDeleted {
		return store.ErrNotFound
	}
	b.Rev, b.UpdatedAt = cur.Rev, time.Now().UTC()
	return nil
}
