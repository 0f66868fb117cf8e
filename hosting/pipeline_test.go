package hosting

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gameai/store"
)

// The admission's steps (build, validation games, verdict) on fake
// boxes: a legal program is ready with what it used beside its limits, a
// script that does not compile is rejected for its build with the
// compiler's words, one that does not speak the protocol for its first
// validation game. No root: the steps do not care what a box is.
func TestTheAdmissionsStepsWithoutABox(t *testing.T) {
	h := fakeHost(t, testConfig)
	legal := admitted(t, h, Upload{Game: "less", Name: "legal", Language: "executable", File: testBot(t, "lessbot")})
	if legal.Status != store.BotReady || len(legal.Validation) != 4 {
		t.Fatalf("a legal bot: %s %q, %d games", legal.Status, legal.Reason, len(legal.Validation))
	}
	for i, g := range legal.Validation {
		if g.Fault != "" || !strings.Contains(g.Used, " MiB of 512 MiB memory") {
			t.Errorf("game %d: fault %q, used %q", i+1, g.Fault, g.Used)
		}
	}
	if l, ok := h.Language("python"); !ok || !l.Available {
		t.Skip("no python3: the scripts' steps are not tried")
	}
	starts := h.sb.(*fakeBoxes).starts()
	broken := admitted(t, h, Upload{Game: "less", Name: "broken", Language: "python", File: []byte("def f(:\n")})
	d, _ := h.store.Bots.Details(context.Background(), broken.ID)
	if broken.Status != store.BotRejected || broken.Rejection != store.RejectedBuild || !strings.Contains(d.BuildLog, "SyntaxError") {
		t.Errorf("a script that does not compile: %s %s %q, its log %q", broken.Status, broken.Rejection, broken.Reason, d.BuildLog)
	}
	if n := h.sb.(*fakeBoxes).starts() - starts; n != 1 {
		t.Errorf("a failed build started %d programs, want the compiler alone", n)
	}
	mute := admitted(t, h, Upload{Game: "less", Name: "chatter", Language: "python",
		File: []byte("import sys\nfor line in sys.stdin:\n    print('hello', flush=True)\n")})
	if mute.Status != store.BotRejected || mute.Rejection != store.RejectedValidation || !strings.Contains(mute.Reason, "validation game 1") {
		t.Errorf("a script that does not speak the protocol: %s %s %q", mute.Status, mute.Rejection, mute.Reason)
	}
}

// One owner's bots that sleep instead of playing (each holds its slot
// until its first game's clock runs out) beside another owner's quick
// bot, one admission at a time: the quick bot goes before the second
// sleeper, waiting for the one running only (it waited 95 s behind three
// such bots before). On fake boxes: the order is the turns', whatever a
// box is, and a plain program is not slowed by a box's low CPU weight.
func TestSleepersDelayAnotherOwnerByOneAdmissionAtMost(t *testing.T) {
	cfg := testConfig
	cfg.Admissions = 1
	h := fakeHost(t, cfg)
	if l, ok := h.Language("python"); !ok || !l.Available {
		t.Skip("no python3 for the sleepers")
	}
	ctx := context.Background()
	quickBot := testBot(t, "lessbot")
	sleeper := []byte("import sys, time\nsys.stdin.readline()\nsys.stdin.readline()\ntime.sleep(10**9)\n")
	var sleepers []*store.Bot
	for i := range 2 {
		b, err := h.Submit(ctx, Upload{Game: "less", Name: fmt.Sprintf("sleeper%d", i), Language: "python", Owner: "mallory", File: sleeper})
		if err != nil {
			t.Fatal(err)
		}
		sleepers = append(sleepers, b)
	}
	start := time.Now()
	quick := admitted(t, h, Upload{Game: "less", Name: "quick", Language: "executable", Owner: "ann", File: quickBot})
	took := time.Since(start)
	if quick.Status != store.BotReady {
		t.Fatalf("the quick bot: %s %q", quick.Status, quick.Reason)
	}
	h.Wait()
	// The sleepers' admissions take their turns in the order their
	// goroutines ask, not the order of Submit: the second is whichever
	// was decided last.
	var last *store.Bot
	for _, s := range sleepers {
		b, err := h.store.Bots.Get(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != store.BotRejected {
			t.Errorf("sleeper %s: %s, want rejected", b.Name, b.Status)
		}
		if last == nil || b.UpdatedAt.After(last.UpdatedAt) {
			last = b
		}
	}
	if !quick.UpdatedAt.Before(last.UpdatedAt) {
		t.Errorf("the quick bot was decided at %v, the second sleeper at %v", quick.UpdatedAt, last.UpdatedAt)
	}
	start = time.Now()
	if again := admitted(t, h, Upload{Game: "less", Name: "quick", Language: "executable", Owner: "ann", File: quickBot}); again.Status != store.BotReady {
		t.Fatalf("the quick bot alone: %s %q", again.Status, again.Reason)
	}
	own := time.Since(start)
	// How long it waited is a measure (BENCHMARKS.md), not a bound a test
	// can hold on a loaded machine: the order above is what fairness is.
	t.Logf("the quick bot's admission: %v behind two sleepers, %v alone (a game's clock %v)",
		took.Round(time.Millisecond), own.Round(time.Millisecond), testConfig.LessClock)
}
