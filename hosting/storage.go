package hosting

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

// Delete removes a bot version and the files no other version keeps.
func (h *Host) Delete(ctx context.Context, b *store.Bot) error {
	if err := h.store.Bots.Delete(ctx, b.ID); err != nil {
		return err
	}
	return h.dropFiles(ctx, b)
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
