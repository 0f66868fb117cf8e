package hosting

import (
	"context"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gameai/starters"
)

// TestAGoBuildCompilesOnlyTheBot: a Go upload's build in the sandbox
// starts from the seed's compiled standard library, so it compiles the
// bot's own package and nothing else (go build -v names each package it
// compiles; from an empty cache that is every package fmt, bufio, os and
// strings need, 17 s of CPU).
func TestAGoBuildCompilesOnlyTheBot(t *testing.T) {
	h := newHost(t)
	l, ok := h.Language("go")
	if !ok || !l.Available {
		t.Fatalf("no Go here: %+v", l)
	}
	v := *l
	at := slices.Index(v.compile, "build")
	v.compile = slices.Insert(slices.Clone(v.compile), at+1, "-v")
	s, _ := starters.Get("less", "go")
	for run := range 2 { // the first makes the seed, the second finds it
		prog, log, err := h.build(context.Background(), &v, s.Source)
		if err != nil {
			t.Fatalf("run %d: %v\n%s", run, err, log)
		}
		if strings.TrimSpace(log) != "command-line-arguments" {
			t.Errorf("run %d compiled more than the bot:\n%s", run, log)
		}
		if len(prog) == 0 {
			t.Fatalf("run %d: no program", run)
		}
	}
	seed := h.goSeed.dir
	again, err := makeGoSeed(filepath.Dir(seed), l)
	if err != nil || again != seed {
		t.Errorf("another host's seed: %q, %v; want %q", again, err, seed)
	}
}

// TestABuildCannotWriteTheSeed: a build is a stranger's program's first
// step in a box; one that goes for the seed it is shown (appending to its
// files, removing and opening them up) changes nothing the next build
// starts from.
func TestABuildCannotWriteTheSeed(t *testing.T) {
	h := newHost(t)
	l, ok := h.Language("go")
	if !ok || !l.Available {
		t.Fatalf("no Go here: %+v", l)
	}
	s, _ := starters.Get("less", "go")
	if _, log, err := h.build(context.Background(), l, s.Source); err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	sizes := func() map[string]int64 {
		out := map[string]int64{}
		_ = filepath.WalkDir(h.goSeed.dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if fi, err := d.Info(); err == nil {
					out[p] = fi.Size()
				}
			}
			return nil
		})
		return out
	}
	before := sizes()
	attack := *l
	attack.compile = []string{"/bin/sh", "-c", "for f in $(find /bot/" + goSeedIn + " -type f); do echo pwned >> $f; done; " +
		"chmod -R 777 /bot/" + goSeedIn + "; rm -rf /bot/" + goSeedIn + "; echo pwned > /bot/" + goSeedIn + "/" + goSeedMark + "; exit 0"}
	_, log, _ := h.build(context.Background(), &attack, s.Source)
	if !strings.Contains(log, "Read-only file system") {
		t.Errorf("the attack's writes were not refused as writes to a read-only file system:\n%.2000s", log)
	}
	after := sizes()
	if len(before) == 0 || !maps.Equal(before, after) {
		t.Errorf("the seed changed under a build: %d files before, %d after", len(before), len(after))
	}
	if fi, err := os.Stat(filepath.Join(h.goSeed.dir, goSeedMark)); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the seed's mark after the build: %v %v", fi, err)
	}
}

// TestADamagedSeedIsReplaced: a seed that lost its mark after it was
// placed (a cleaner of old temporary files) is moved aside and built
// again, not left to make every later host build Go from nothing. The
// "toolchain" is a shell line that writes one cache entry.
func TestADamagedSeedIsReplaced(t *testing.T) {
	parent := t.TempDir()
	l := &Language{Name: "go", Toolchain: "fake go 1", env: []string{"GOCACHE=/tmp/gocache"},
		compile: []string{"/bin/sh", "-c", `mkdir -p "$GOCACHE" && echo compiled > "$GOCACHE/entry"`}}
	seed, err := makeGoSeed(parent, l)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(seed, goSeedMark)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(seed, "entry")); err != nil {
		t.Fatal(err)
	}
	again, err := makeGoSeed(parent, l)
	if err != nil || again != seed {
		t.Fatalf("after the damage: %q, %v; want %q", again, err, seed)
	}
	for _, f := range []string{goSeedMark, "entry"} {
		if _, err := os.Stat(filepath.Join(seed, f)); err != nil {
			t.Errorf("the seed again: %v", err)
		}
	}
	left, _ := os.ReadDir(parent)
	if len(left) != 1 {
		t.Errorf("beside the seed: %v", left)
	}
}
