package hosting

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gameai/arena"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/internal/waitfor"
	"gameai/sandbox"
	"gameai/store"
	"gameai/store/memory"
)

// testConfig keeps validation games short: a bot that hangs costs its
// clock, and the hostile suite has several. Confined programs run at half
// a thread's weight, so the clocks leave room for a busy CI machine: a
// Morris bot's slack is 3 s (with 1 s a legal engine lost on time beside
// other packages' tests), and the Less clock 10 s (with 5 s the legal Less
// bot, whose start-up tables take 0.5-0.8 s of CPU, lost on time at turn 2
// in CI on 2026-12-06).
var testConfig = Config{LessClock: 10 * time.Second, MorrisMoveTime: 20 * time.Millisecond, MorrisSlack: 3 * time.Second}

func newHost(t testing.TB) *Host {
	t.Helper()
	h := New(memory.New(store.Config{}), testConfig)
	if err := h.Unavailable(); err != nil {
		h.Close()
		confinetest.Check(t, err)
	}
	t.Cleanup(h.Close)
	return h
}

// testBot is one of the legal bots of testdata (lessbot, morrisbot), built
// as a static executable, as a bot author would upload it.
func testBot(t testing.TB, name string) []byte { return gobuild.Static(t, "./testdata/"+name) }

// admitted submits an upload and waits for its verdict.
func admitted(t *testing.T, h *Host, u Upload) *store.Bot {
	t.Helper()
	if u.Owner == "" {
		u.Owner = "ann"
	}
	b, err := h.Submit(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != store.BotBuilding || b.Version < 1 {
		t.Fatalf("a new upload: %+v", b)
	}
	var got *store.Bot
	waitfor.Check(t, 2*time.Minute, b.ID+" decided", func() bool {
		var err error
		if got, err = h.store.Bots.Get(context.Background(), b.ID); err != nil {
			t.Fatal(err)
		}
		return got.Status == store.BotReady || got.Status == store.BotRejected
	})
	return got
}

func TestLegalBotsAreAdmitted(t *testing.T) {
	h := newHost(t)
	for _, game := range []string{"less", "morris"} {
		t.Run(game, func(t *testing.T) {
			b := admitted(t, h, Upload{Game: game, Name: "legal", Language: "executable", File: testBot(t, game+"bot")})
			if b.Status != store.BotReady {
				t.Fatalf("a legal bot: %s %q\n%+v", b.Status, b.Reason, b.Validation)
			}
			want := map[string]int{"less": 4, "morris": 2}[game]
			if len(b.Validation) != want || b.Validation[0].Fault != "" {
				t.Fatalf("validation games: %+v", b.Validation)
			}
			d, err := h.store.Bots.Details(context.Background(), b.ID)
			if err != nil || len(d.Games) != want {
				t.Fatalf("the games' details: %+v %v", d, err)
			}
			for i, g := range b.Validation {
				if d.Games[i].Record == "" {
					t.Errorf("game %d has no record", i+1)
				}
				// What its program used, beside the box's limits.
				if !strings.Contains(g.Used, " MiB of ") || !strings.Contains(g.Used, "s of CPU time") {
					t.Errorf("game %d says it used %q", i+1, g.Used)
				}
				t.Logf("%s: %s, %d ms, %d lines of record; used %s", g.Seat, g.Result, g.ThinkMS, strings.Count(d.Games[i].Record, "\n"), g.Used)
			}
			if b.Program != b.Source {
				t.Errorf("an executable runs as uploaded: program %s, source %s", b.Program, b.Source)
			}
		})
	}
	again := admitted(t, h, Upload{Game: "less", Name: "legal", Language: "executable", File: testBot(t, "lessbot")})
	if again.Version != 2 {
		t.Errorf("a second upload under the same name: version %d, want 2", again.Version)
	}
}

func TestUploadsThatAreNotProgramsAreRejected(t *testing.T) {
	h := newHost(t)
	for _, c := range []struct {
		lang, src, want string
	}{
		{"c", "int main( { return 0; }\n", "the build failed"},
		{"python", "def f(:\n", "the build failed"},
	} {
		b := admitted(t, h, Upload{Game: "less", Name: "broken-" + c.lang, Language: c.lang, File: []byte(c.src)})
		if b.Status != store.BotRejected || !strings.Contains(b.Reason, c.want) || b.Rejection != store.RejectedBuild {
			t.Errorf("%s: %s %q (%s), want rejected for its build: %s", c.lang, b.Status, b.Reason, b.Rejection, c.want)
		}
		if d, _ := h.store.Bots.Details(context.Background(), b.ID); d.BuildLog == "" {
			t.Errorf("%s: no compiler output for the owner", c.lang)
		}
	}
}

func TestAMachineThatCannotConfineRefusesUploads(t *testing.T) {
	h := &Host{why: sandbox.ErrUnavailable, langs: detectLanguages()}
	if _, err := h.Submit(context.Background(), Upload{Game: "less"}); err == nil {
		t.Fatal("an upload was taken without a sandbox")
	}
	for _, l := range h.Languages() {
		if l.Available {
			t.Errorf("%s is listed available without a sandbox", l.Name)
		}
	}
}

func TestResumeTakesUpAdmissionsAStoppedServerLeft(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	hash, err := h.store.Artefacts.Put(ctx, testBot(t, "morrisbot"))
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for _, id := range []string{"bot_stale", "bot_fresh"} {
		b := &store.Bot{ID: id, Game: "morris", Name: id, Owner: "ann", Language: "executable", Version: 1,
			Status: store.BotValidating, Source: hash, CreatedAt: old, UpdatedAt: old}
		if id == "bot_fresh" {
			b.UpdatedAt = time.Now() // another server is on it
		}
		if err := h.store.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	// Two servers on one store that read the stale bot: one claims it.
	first, _ := h.store.Bots.Get(ctx, "bot_stale")
	second := *first
	if !h.claim(ctx, first) || h.claim(ctx, &second) {
		t.Fatal("two servers claimed one stale admission, or none did")
	}
	stale := *first
	stale.UpdatedAt = old
	if err := h.store.Bots.Update(ctx, &stale); err != nil {
		t.Fatal(err)
	}
	if err := h.Resume(ctx, 10*time.Minute); err != nil {
		t.Fatal(err)
	}
	h.Wait()
	if b, _ := h.store.Bots.Get(ctx, "bot_stale"); b.Status != store.BotReady {
		t.Errorf("the stale admission: %s %q", b.Status, b.Reason)
	}
	if b, _ := h.store.Bots.Get(ctx, "bot_fresh"); b.Status != store.BotValidating {
		t.Errorf("another server's admission was taken over: %s", b.Status)
	}
}

func TestAnAdmissionTheServerCannotCarryOutWaitsAndSaysSo(t *testing.T) {
	h := fakeHost(t, testConfig)
	ctx := context.Background()
	b := &store.Bot{ID: "bot_lost", Game: "less", Name: "lost", Owner: "ann", Language: "c", Version: 1,
		Status: store.BotBuilding, Source: store.ContentHash([]byte("never stored")), CreatedAt: time.Now(), UpdatedAt: time.Now()}
	if err := h.store.Bots.Create(ctx, b); err != nil {
		t.Fatal(err)
	}
	// Our failure is no verdict on the bot: it waits for another try,
	// saying whose failure it was; after maxTries of them it is rejected
	// saying so, not tried for ever.
	for try := 1; try <= maxTries; try++ {
		h.admitLater(b)
		h.Wait()
		got, _ := h.store.Bots.Get(ctx, b.ID)
		want := store.BotWaiting
		if try == maxTries {
			want = store.BotRejected
		}
		if got.Status != want || got.Tries != try || !strings.Contains(got.Reason, "the server failed") ||
			(want == store.BotRejected) != (got.Rejection == store.RejectedServer) {
			t.Fatalf("try %d of an admission whose source is gone: %s after %d tries, %q; want %s", try, got.Status, got.Tries, got.Reason, want)
		}
		b = got
	}
}

// TestAMorrisBotMustMakeItsMoves: a program that answers bestmove none to
// its first go, where nothing repeats, played no game and is rejected.
func TestAMorrisBotMustMakeItsMoves(t *testing.T) {
	h := newHost(t)
	b := admitted(t, h, Upload{Game: "morris", Name: "none", Language: "executable", File: testBot(t, "morrisnone")})
	if b.Status != store.BotRejected || !strings.Contains(b.Reason, "bestmove none") || b.Rejection != store.RejectedValidation ||
		len(b.Validation) == 0 || b.Validation[0].FaultKind != "false-claim" {
		t.Fatalf("a bot that never moves: %s %q %+v", b.Status, b.Reason, b.Validation)
	}
}

// TestAMorrisBotThatNeverAnswersLosesOnTime: a program that hangs at its
// first go costs its admission its move time plus the host's slack, not
// more (the queue behind it moves on), and is rejected for time.
func TestAMorrisBotThatNeverAnswersLosesOnTime(t *testing.T) {
	h := newHost(t)
	start := time.Now()
	b := admitted(t, h, Upload{Game: "morris", Name: "hang", Language: "executable", File: testBot(t, "morrishang")})
	took := time.Since(start)
	if b.Status != store.BotRejected || len(b.Validation) == 0 || b.Validation[0].FaultKind != "time" {
		t.Fatalf("a bot that never answers: %s %q %+v", b.Status, b.Reason, b.Validation)
	}
	// Its first game ends at the first go; a bound of a minute leaves the
	// build and a loaded machine their time and still fails a referee that
	// waited for the program to end.
	if took > time.Minute {
		t.Errorf("its admission took %v", took)
	}
}

// TestTheRefereeGivesTheAdmissionsSlack: a competition's games give an
// uploaded Morris bot the slack its admission gave it (they gave the
// referee's 1 s while admissions gave 2 s: a bot admitted answering 1.5 s
// past its move time could lose every game on time), one default for both.
func TestTheRefereeGivesTheAdmissionsSlack(t *testing.T) {
	h := New(memory.New(store.Config{}), Config{})
	t.Cleanup(h.Close)
	if r := h.Referee(); r.MorrisSlack != arena.DefaultMorrisSlack || r.Uploads != h {
		t.Fatalf("the default host's referee: slack %v, uploads %v", r.MorrisSlack, r.Uploads)
	}
	h = New(memory.New(store.Config{}), Config{MorrisSlack: 5 * time.Second})
	t.Cleanup(h.Close)
	if r := h.Referee(); r.MorrisSlack != 5*time.Second {
		t.Fatalf("slack %v, want 5s", r.MorrisSlack)
	}
}

// TestWellBehavedBotsInEachLanguageAreAdmitted: a legal Less bot written
// in each language (testdata/legal) is built and run under the sandbox
// and its syscall filter and admitted: what the filter refuses is nothing
// a real compiler, runtime or interpreter needs.
func TestWellBehavedBotsInEachLanguageAreAdmitted(t *testing.T) {
	h := newHost(t)
	// The C source is C++ too: g++ builds it and links the C++ runtime.
	langs := []struct{ lang, file string }{{"c", "bot.c"}, {"cpp", "bot.c"}, {"go", "bot.go"}, {"python", "bot.py"}}
	if raceOn {
		// One language under the race detector: the host's side of an
		// admission is the same for each, and four were three minutes.
		langs = langs[:1]
	}
	for _, c := range langs {
		t.Run(c.lang, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "legal", c.file))
			if err != nil {
				t.Fatal(err)
			}
			b := admitted(t, h, Upload{Game: "less", Name: "legal-" + c.lang, Language: c.lang, File: src})
			if b.Status != store.BotReady || len(b.Validation) != 4 {
				d, _ := h.store.Bots.Details(context.Background(), b.ID)
				t.Fatalf("%s %q %+v\nbuild log: %s", b.Status, b.Reason, b.Validation, d.BuildLog)
			}
		})
	}
}
