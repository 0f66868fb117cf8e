package hosting

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"gameai/store"
	"gameai/store/memory"
)

// junk is n bytes of noise, different for each seed.
func junk(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// Junk is refused before anything of it is stored: noise as an executable,
// a script as an executable, a dynamically linked program, noise or NUL
// bytes as a source. It needs no sandbox: nothing runs.
func TestJunkUploadsAreRefusedBeforeStoring(t *testing.T) {
	st := memory.New(store.Config{})
	h := &Host{cfg: Config{}.withDefaults(), store: st, langs: detectLanguages()}
	dynamic, _ := os.ReadFile("/bin/true") // the system's, linked to its C library
	for _, c := range []struct {
		lang string
		file []byte
		want string
	}{
		{"executable", junk(1, MaxUpload), "not a Linux executable"},
		{"executable", []byte("#!/bin/sh\necho hi\n"), "not a Linux executable"},
		{"c", junk(2, 1<<20), "not a source file"},
		{"python", []byte("print('hi')\x00\n"), "not a source file"},
		{"executable", dynamic, "dynamically linked"},
	} {
		if c.file == nil {
			continue
		}
		_, err := h.Submit(context.Background(), Upload{Game: "less", Name: "junk", Language: c.lang, Owner: "ann", File: c.file})
		var ue *UploadError
		if !errors.As(err, &ue) || ue.Field != "file" || !strings.Contains(ue.Why, c.want) {
			t.Errorf("%s, %d bytes: %v, want an UploadError: %s", c.lang, len(c.file), err, c.want)
		}
		if _, err := st.Artefacts.Get(context.Background(), store.ContentHash(c.file)); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: the refused file was stored (%v)", c.lang, err)
		}
	}
	if bs, _ := st.Bots.List(context.Background(), store.BotFilter{}); len(bs) != 0 {
		t.Errorf("refused uploads left %d bots", len(bs))
	}
}

// An owner's versions and kept bytes are bounded; a rejected version's
// files are dropped (so junk sources that fail to build cost their record
// only), and deleting a version gives its room back.
func TestAnOwnersStorageIsBounded(t *testing.T) {
	cfg := testConfig
	cfg.OwnerVersions, cfg.OwnerBytes = 4, 3<<20
	h := fakeHost(t, cfg) // the quotas are the steps', whatever a box is
	ctx := context.Background()
	var rejected []*store.Bot
	for i := range 3 {
		src := append([]byte("int main( {\n"), bytes.Repeat([]byte("/* junk */\n"), 90_000+i)...) // 1 MB of C that fails to build
		b := admitted(t, h, Upload{Game: "less", Name: "junk", Language: "c", Owner: "bob", File: src})
		if b.Status != store.BotRejected || !b.FilesDropped {
			t.Fatalf("junk source %d: %s %q dropped %v", i, b.Status, b.Reason, b.FilesDropped)
		}
		if _, err := h.store.Artefacts.Get(ctx, b.Source); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a rejected version's source is still kept (%v)", err)
		}
		rejected = append(rejected, b)
	}
	legal := testBot(t, "lessbot")
	if len(legal) > 3<<20 {
		h.cfg.OwnerBytes = int64(len(legal)) + 1<<20
	}
	ready := admitted(t, h, Upload{Game: "less", Name: "legal", Language: "executable", Owner: "bob", File: legal})
	if ready.Status != store.BotReady {
		t.Fatalf("a legal bot: %s %q", ready.Status, ready.Reason)
	}
	_, err := h.Submit(ctx, Upload{Game: "less", Name: "more", Language: "executable", Owner: "bob", File: legal})
	var qe *QuotaError
	if !errors.As(err, &qe) || qe.Limit != "versions" || qe.Max != 4 {
		t.Fatalf("a fifth version: %v, want the versions quota", err)
	}
	if err := h.Delete(ctx, rejected[0], "deleted by its author"); err != nil {
		t.Fatal(err)
	}
	h.cfg.OwnerBytes = int64(len(legal)) + 1000
	_, err = h.Submit(ctx, Upload{Game: "less", Name: "other", Language: "executable", Owner: "bob", File: junkELF(legal)})
	if !errors.As(err, &qe) || qe.Limit != "bytes" {
		t.Fatalf("past the bytes kept: %v, want the bytes quota", err)
	}
	// Freed of quota by the host, the same upload is taken.
	free := admitted(t, h, Upload{Game: "less", Name: "other", Language: "executable", Owner: "bob", File: junkELF(legal), QuotaFree: true})
	if err := h.Delete(ctx, free, "deleted by its author"); err != nil {
		t.Fatal(err)
	}
	// The same bytes as a ready version of another owner are kept for it
	// when this one's version goes.
	other := admitted(t, h, Upload{Game: "less", Name: "legal", Language: "executable", Owner: "cy", File: legal})
	if err := h.Delete(ctx, ready, "deleted by its author"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.Artefacts.Get(ctx, other.Program); err != nil {
		t.Errorf("another owner's program went with this one's version: %v", err)
	}
	if err := h.Delete(ctx, other, "deleted by its author"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.Artefacts.Get(ctx, other.Program); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the last version that kept it is gone, its file is not: %v", err)
	}
}

// junkELF is a different file that still passes the executable's checks:
// the program with bytes appended.
func junkELF(exe []byte) []byte { return append(append([]byte(nil), exe...), junk(3, 4096)...) }
