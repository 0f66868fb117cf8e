package hosting

import (
	"context"
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
