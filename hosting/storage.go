package hosting

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"gameai/store"
)

// UploadError is an upload refused before anything of it is stored: it
// cannot be a program of its language.
type UploadError struct {
	Field, Why string
}

func (e *UploadError) Error() string { return e.Field + ": " + e.Why }

// QuotaError is an upload past one of its owner's quotas.
type QuotaError struct {
	// Limit is "versions" or "bytes".
	Limit     string
	Max, Used int64
}

func (e *QuotaError) Error() string {
	if e.Limit == "versions" {
		return fmt.Sprintf("an owner keeps at most %d bot versions (%d now): delete old ones to upload more", e.Max, e.Used)
	}
	return fmt.Sprintf("an owner's bots keep at most %d MiB of files (%.1f MiB now): delete old versions to upload more",
		e.Max>>20, float64(e.Used)/(1<<20))
}

// checkUpload says why a file cannot be a program of l ("" when it may
// be): an executable must be a static x86-64 ELF, a source text in UTF-8.
// Checked before storing, so junk costs the server nothing to keep.
func checkUpload(l *Language, file []byte) string {
	if l.compile != nil && (!utf8.Valid(file) || bytes.IndexByte(file, 0) >= 0) {
		return "not a source file: " + l.Title + " source is text in UTF-8"
	}
	if l.check != nil {
		return l.check(file)
	}
	return ""
}

// keptBytes are the bytes of files an owner's versions keep.
func keptBytes(bots []*store.Bot) int64 {
	var n int64
	for _, b := range bots {
		if !b.FilesDropped {
			n += b.Size + b.ProgramSize
		}
	}
	return n
}

// Delete deletes a bot version, saying why (by its author, by the host,
// its author left): its record stays, deleted, with its games, as what
// every link to it finds (a ladder's row, a competition's seat); its files
// go unless another version keeps the same bytes, and so do what only its
// owner saw (the build log, its stderr, its transcripts). Deleting a
// deleted version is ErrNotFound. An owner keeps at most MaxDeleted such
// records: older ones go entirely, so deleting and uploading again cannot
// fill the store.
func (h *Host) Delete(ctx context.Context, b *store.Bot, why string) error {
	gone, err := h.markDeleted(ctx, b.ID, why)
	if err != nil {
		return err
	}
	if err := h.dropFiles(ctx, gone); err != nil {
		return err
	}
	if err := h.forgetPrivate(ctx, gone.ID); err != nil {
		return err
	}
	return h.trimDeleted(ctx, gone.Owner)
}

// MaxDeleted is how many deleted versions an owner's records keep.
const MaxDeleted = 50

// markDeleted writes the version deleted, on the revision it read: the
// record says so before any file goes, as a rejection's does.
func (h *Host) markDeleted(ctx context.Context, id, why string) (*store.Bot, error) {
	for tries := 0; ; tries++ {
		b, err := h.store.Bots.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if b.Status == store.BotDeleted {
			return nil, store.ErrNotFound
		}
		b.Status, b.Reason, b.FilesDropped, b.UpdatedAt = store.BotDeleted, PublicText(why), true, time.Now().UTC()
		err = h.store.Bots.Update(ctx, b)
		if err == nil || !errors.Is(err, store.ErrConflict) || tries == 4 {
			return b, err
		}
	}
}

// forgetPrivate drops what only a version's owner saw: its games stay to
// replay, without its stderr and transcripts, and its build log goes.
func (h *Host) forgetPrivate(ctx context.Context, id string) error {
	d, err := h.store.Bots.Details(ctx, id)
	if err != nil {
		return err
	}
	d.BuildLog = ""
	for i := range d.Games {
		d.Games[i].Stderr, d.Games[i].Transcript = "", ""
	}
	return h.store.Bots.SetDetails(ctx, id, d)
}

// trimDeleted removes owner's oldest deleted versions beyond MaxDeleted.
func (h *Host) trimDeleted(ctx context.Context, owner string) error {
	gone, err := h.store.Bots.List(ctx, store.BotFilter{Owner: owner, Status: store.BotDeleted})
	if err != nil || len(gone) <= MaxDeleted {
		return err
	}
	for _, b := range gone[MaxDeleted:] { // newest first
		if err := h.store.Bots.Delete(ctx, b.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	return nil
}

// dropFiles deletes b's files unless another version still keeps them
// (files are kept by content: two owners may upload the same bytes). An
// upload of the same bytes may store its record after the list that found
// no keeper: the list is read again after the delete and the file put
// back for a keeper that appeared; a record stored later still is followed
// by its uploader's own second put (rekeep). Between the two, no order of
// a delete and an upload of the same bytes loses a file that a version
// keeps, on one server or on several sharing a store.
func (h *Host) dropFiles(ctx context.Context, b *store.Bot) error {
	all, err := h.store.Bots.List(ctx, store.BotFilter{})
	if err != nil {
		return err
	}
	dropped := map[string][]byte{}
	var errs []error
	for _, hash := range []string{b.Source, b.Program} {
		if _, done := dropped[hash]; done || hash == "" || keptByAnother(all, b.ID, hash) {
			continue // a program that is its own source is dropped once
		}
		data, err := h.store.Artefacts.Get(ctx, hash)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err == nil {
			err = h.store.Artefacts.Delete(ctx, hash)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		dropped[hash] = data
	}
	if len(dropped) > 0 {
		errs = append(errs, h.putBackIfKept(ctx, b.ID, dropped))
	}
	return errors.Join(errs...)
}

// putBackIfKept stores again the files dropFiles deleted (by hash) that a
// version other than id keeps now: one more look at the bots for them all.
func (h *Host) putBackIfKept(ctx context.Context, id string, dropped map[string][]byte) error {
	all, err := h.store.Bots.List(ctx, store.BotFilter{})
	if err != nil {
		return err
	}
	var errs []error
	for hash, data := range dropped {
		if keptByAnother(all, id, hash) {
			if _, err := h.store.Artefacts.Put(ctx, data); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// rekeep puts a file again once the record that keeps it is stored: a
// delete of another version with the same bytes may have dropped it
// between the first put and the record (dropFiles).
func (h *Host) rekeep(ctx context.Context, data []byte) error {
	_, err := h.store.Artefacts.Put(ctx, data)
	return err
}

func keptByAnother(all []*store.Bot, id, hash string) bool {
	for _, o := range all {
		if o.ID != id && !o.FilesDropped && (o.Source == hash || o.Program == hash) {
			return true
		}
	}
	return false
}
