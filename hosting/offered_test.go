package hosting

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameai/store"
	"gameai/store/memory"
)

// machines is a Remote whose workers' machines build what it says.
type machines struct {
	said []map[string]string
	err  error
}

func (m *machines) Admit(context.Context, string, string, string) error { return nil }

func (m *machines) Toolchains(context.Context) ([]map[string]string, error) { return m.said, m.err }

// With admissions on the workers, the languages offered are those a
// worker's machine builds, whatever this machine has; until a worker has
// spoken, this machine's own; a Redis that does not answer is an error.
func TestOfferedAreTheWorkersLanguages(t *testing.T) {
	m := &machines{}
	h := &Host{cfg: Config{Remote: m}.withDefaults(), langs: detectLanguages()}
	byName := func() map[string]Language {
		t.Helper()
		ls, err := h.Offered(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]Language{}
		for _, l := range ls {
			out[l.Name] = l
		}
		return out
	}
	got := byName()
	for _, l := range h.Languages() {
		if g := got[l.Name]; g.Available != l.Available || g.Toolchain != l.Toolchain || g.Reason != l.Reason {
			t.Errorf("no worker has spoken: %+v, want this machine's %+v", g, l)
		}
	}

	// What this machine says of itself as a worker: its built languages,
	// none when it cannot confine.
	said := h.Toolchains()
	for _, l := range h.Languages() {
		if line, ok := said[l.Name]; ok != l.Available || line != l.Toolchain {
			t.Errorf("this machine says %s: %q %t; it has %+v", l.Name, line, ok, l)
		}
	}
	if said := (&Host{why: errors.New("no sandbox"), langs: h.langs}).Toolchains(); len(said) != 0 {
		t.Errorf("a machine that cannot confine says it builds %v", said)
	}

	m.said = []map[string]string{{"c": "gcc 14", "executable": "none"}, {"c": "gcc (Debian) 13"}, {}}
	got = byName()
	if c := got["c"]; !c.Available || c.Toolchain != "gcc (Debian) 13; gcc 14" || c.Reason != "" {
		t.Errorf("c on two machines: %+v", c)
	}
	if e := got["executable"]; !e.Available || e.Toolchain != "none" {
		t.Errorf("executable on one machine: %+v", e)
	}
	for _, name := range []string{"cpp", "go", "python"} {
		if l := got[name]; l.Available || l.Toolchain != "" || !strings.Contains(l.Reason, "workers that admit bots (2) has its toolchain") {
			t.Errorf("%s on no machine: %+v", name, l)
		}
	}

	m.said = []map[string]string{{}}
	for name, l := range byName() {
		if l.Available || !strings.Contains(l.Reason, "(1) can confine") {
			t.Errorf("%s with the one worker unconfined: %+v", name, l)
		}
	}

	m.err = errors.New("redis: connection refused")
	if _, err := h.Offered(context.Background()); !errors.Is(err, m.err) {
		t.Errorf("the workers' Redis down: %v", err)
	}
}

// A worker handed a bot in a language its machine does not build leaves
// it to one that does (the task is retried), rather than rejecting it.
func TestAWorkerLeavesALanguageItDoesNotBuild(t *testing.T) {
	st := memory.New(store.Config{})
	langs := detectLanguages()
	for _, l := range langs {
		if l.Name == "c" {
			l.Available, l.Reason = false, "/usr/bin/gcc is not installed on this machine"
		}
	}
	h := &Host{cfg: Config{}.withDefaults(), store: st, langs: langs}
	ctx := context.Background()
	b := &store.Bot{ID: "bot_c", Game: "less", Name: "c", Owner: "ann", Language: "c", Version: 1, Status: store.BotBuilding}
	if err := st.Bots.Create(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := h.AdmitNow(ctx, "ann", b.ID); !errors.Is(err, ErrNotBuiltHere) || !strings.Contains(err.Error(), "gcc is not installed") {
		t.Fatalf("AdmitNow: %v, want ErrNotBuiltHere saying why", err)
	}
	if got, err := st.Bots.Get(ctx, b.ID); err != nil || got.Status != store.BotBuilding {
		t.Errorf("the bot after: %+v %v, want it still building", got, err)
	}
}

// TestAToolchainsVersionIsAskedOncePerBinary: the version line is asked
// once for a binary, and again when the binary changes.
func TestAToolchainsVersionIsAskedOncePerBinary(t *testing.T) {
	dir := t.TempDir()
	tool, count := filepath.Join(dir, "tool"), filepath.Join(dir, "asked")
	write := func(version string) {
		t.Helper()
		script := "#!/bin/sh\necho x >> " + count + "\necho '" + version + "'\necho second line\n"
		if err := os.WriteFile(tool, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	asked := func() int {
		t.Helper()
		b, err := os.ReadFile(count)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "x")
	}
	write("tool 1.0")
	for range 3 {
		if got := versionLine(tool, "--version"); got != "tool 1.0" {
			t.Fatalf("version line %q", got)
		}
	}
	if n := asked(); n != 1 {
		t.Errorf("asked %d times for one binary", n)
	}
	write("tool 2.0.1") // another size: another binary
	if got := versionLine(tool, "--version"); got != "tool 2.0.1" || asked() != 2 {
		t.Errorf("after the binary changed: %q, asked %d times", got, asked())
	}
}
