package hosting

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// A Go build in an empty cache compiles the standard library first: 17 s
// of CPU for a bot that reads lines and prints moves, against 0.4 s with
// the library already compiled (2026-12-06, this machine). So a host
// compiles the packages bots import once per machine and toolchain, into
// a seed cache outside every box, and each Go build copies the seed into
// its own scratch space before it builds: the box reads the seed through
// a read-only mount and writes only its copy, so no upload can put
// anything in another's build.

// goSeedImports are the packages the seed compiles: what our starters,
// test bots and a bot author's usual program import.
var goSeedImports = []string{"bufio", "bytes", "container/heap", "container/list", "errors", "fmt", "io",
	"maps", "math", "math/bits", "math/rand", "math/rand/v2", "os", "slices", "sort", "strconv", "strings",
	"sync", "time", "unicode"}

// goSeedMark is the file a finished seed holds (written last).
const goSeedMark = "gameai-seed"

// goSeedWall bounds the seed's build (a cold build is 10 s on 2 cores).
const goSeedWall = 3 * time.Minute

// goSeedIn is where a build's source directory holds the seed: the box
// reads it at /bot/.gocache-seed (the source is mounted read-only).
const goSeedIn = ".gocache-seed"

// seededGo is the Go language's build argv with the seed cache linked
// into the build's source directory src (l.compile unchanged when there
// is no seed): the seed is copied to the build's cache, then the usual
// build runs. A failed copy only costs the build its speed.
func (h *Host) seededGo(l *Language, src string) []string {
	if l.Name != "go" || len(l.compile) == 0 {
		return l.compile
	}
	h.goSeed.once.Do(func() {
		seed, err := makeGoSeed(filepath.Dir(h.work), l)
		if err != nil {
			h.cfg.Log.Warn("Go builds start from an empty cache", "err", err)
			return
		}
		h.goSeed.dir = seed
	})
	if h.goSeed.dir == "" {
		return l.compile
	}
	// Hard links: the seed's files, owned by the host and not writable
	// by a box's user, shown in the build's read-only /bot; the seed and
	// the builds share the host's work directory's file system.
	if err := linkTree(h.goSeed.dir, filepath.Join(src, goSeedIn)); err != nil {
		h.cfg.Log.Warn("a Go build starts from an empty cache", "err", err)
		return l.compile
	}
	quoted := make([]string, len(l.compile))
	for i, a := range l.compile {
		quoted[i] = "'" + a + "'" // our own paths and flags: no quote in them
	}
	sh := "cp -R /bot/" + goSeedIn + " /tmp/gocache 2>/dev/null || rm -rf /tmp/gocache; exec " + strings.Join(quoted, " ")
	return []string{"/bin/sh", "-c", sh}
}

// linkTree makes dst a tree of directories and hard links to src's files.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.Mkdir(to, 0o755)
		}
		return os.Link(p, to)
	})
}

// makeGoSeed returns the seed cache of this toolchain and build
// environment under parent, building it when it is not there. Hosts on one
// machine share it: each builds in a directory of its own and renames it
// into place, and the first rename wins.
func makeGoSeed(parent string, l *Language) (string, error) {
	// The key: what the cache's keys depend on (the toolchain, the
	// environment, the flags; -v only prints the packages compiled).
	var flags []string
	for _, a := range l.compile {
		if a != "-v" {
			flags = append(flags, a)
		}
	}
	id := sha256.Sum256([]byte(l.Toolchain + "\x00" + strings.Join(l.env, "\x00") + "\x00" + strings.Join(flags, "\x00") + "\x00" + strings.Join(goSeedImports, ",")))
	seed := filepath.Join(parent, "gameai-go-seed-"+hex.EncodeToString(id[:8]))
	if _, err := os.Stat(filepath.Join(seed, goSeedMark)); err == nil {
		return seed, nil
	}
	tmp, err := os.MkdirTemp(parent, "gameai-go-seed-new-")
	if err != nil {
		return "", err
	}
	defer func() { _ = os.RemoveAll(tmp) }() // a seed renamed away leaves nothing to remove
	work := filepath.Join(tmp, "work")
	cache := filepath.Join(tmp, "cache")
	if err := os.Mkdir(work, 0o700); err != nil {
		return "", err
	}
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n")
	for _, p := range goSeedImports {
		fmt.Fprintf(&src, "\t_ %q\n", p)
	}
	src.WriteString(")\n\nfunc main() {}\n")
	if err := os.WriteFile(filepath.Join(work, "main.go"), []byte(src.String()), 0o644); err != nil {
		return "", err
	}
	// The build a box runs, on the host: the same toolchain, flags and
	// environment (so the same cache keys), only the paths differ.
	argv := slicesReplace(l.compile, map[string]string{"/out/bot": filepath.Join(work, "bot"), "/bot/main.go": filepath.Join(work, "main.go")})
	ctx, cancel := context.WithTimeout(context.Background(), goSeedWall)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = work
	for _, e := range l.env {
		switch {
		case strings.HasPrefix(e, "GOCACHE="):
			e = "GOCACHE=" + cache
		case strings.HasPrefix(e, "GOPATH="):
			e = "GOPATH=" + filepath.Join(work, "gopath")
		case strings.HasPrefix(e, "HOME="), strings.HasPrefix(e, "TMPDIR="):
			e = e[:strings.IndexByte(e, '=')+1] + work
		}
		cmd.Env = append(cmd.Env, e)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the seed: %v: %s", err, out)
	}
	// Readable by every box's user whatever the umask, writable by the
	// host's only (and a box sees it through a read-only mount); a box's
	// copy is its own to write.
	if err := filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	}); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(cache, goSeedMark), []byte("A seed for confined Go builds (gameai hosting): "+strings.Join(goSeedImports, " ")+"\n"), 0o644); err != nil {
		return "", err
	}
	// A seed found without its mark was damaged after it was placed (a
	// cleaner of old temporary files): it is moved aside in one step (a
	// build reading it keeps its links) and ours goes in its place.
	for try := 0; ; try++ {
		err := os.Rename(cache, seed)
		if err == nil {
			break
		}
		if _, serr := os.Stat(filepath.Join(seed, goSeedMark)); serr == nil {
			return seed, nil // another host's rename won
		}
		if try == 1 {
			return "", errors.Join(errors.New("placing the seed"), err)
		}
		if aerr := os.Rename(seed, filepath.Join(tmp, "damaged")); aerr != nil && !errors.Is(aerr, fs.ErrNotExist) {
			return "", errors.Join(errors.New("placing the seed"), err, aerr)
		}
	}
	return seed, nil
}

// slicesReplace is argv with each argument found in with replaced.
func slicesReplace(argv []string, with map[string]string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if r, ok := with[a]; ok {
			a = r
		}
		out[i] = a
	}
	return out
}
