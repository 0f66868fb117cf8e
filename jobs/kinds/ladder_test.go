package kinds

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"gameai/arena"
	"gameai/competition"
	"gameai/store"
	"gameai/store/memory"
)

// An entered bot plays as its newest ready version (a version building or
// rejected does not take its place); our engines play as listed, a bad
// spec and a bot of another game do not play, each with a note why.
func TestLadderEntrantsAreTheNewestReadyVersions(t *testing.T) {
	st := memory.New(store.Config{})
	ctx := context.Background()
	add := func(id string, version int, status store.BotStatus, game string) {
		t.Helper()
		b := &store.Bot{ID: id, Game: game, Name: "walker", Owner: "ann", Language: "executable", Version: version,
			Status: status, Program: "p" + id, CreatedAt: time.Unix(int64(version), 0)}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	add("bot_v1", 1, store.BotReady, "less")
	add("bot_v2", 2, store.BotReady, "less")
	add("bot_v3", 3, store.BotRejected, "less")
	add("bot_m1", 1, store.BotReady, "morris")
	d := Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	p := LadderParams{Game: "less", Bots: []string{"gameai:less:greedy", "gameai:less:uct:c=-1"}, Entered: []string{"bot_v1", "bot_m1"}}
	got, notes, whole := d.ladderEntrants(ctx, p)
	if !whole {
		t.Errorf("a read that did not fail: whole %v", whole)
	}
	if ids := slices.Sorted(maps.Keys(got)); !slices.Equal(ids, []string{"bot_v1", "gameai:less:greedy"}) {
		t.Errorf("entrants %v, notes %v", ids, notes)
	}
	if u := got["bot_v1"].Uploaded; got["bot_v1"].ID != "bot_v2" || u == nil || u.Version != 2 || u.Program != "pbot_v2" {
		t.Errorf("bot_v1 plays as %s, %+v", got["bot_v1"].ID, u)
	}
	if len(notes) != 2 {
		t.Errorf("notes %v: want two, for the bad spec and the Morris bot", notes)
	}
}

// A version that leaves the ladder says why: replaced by a newer version,
// deleted (by its author, or as its author left), its author disabled, or
// withdrawn; one that comes back has left no more. The ladder keeps its
// entrants between games (entrantsOnce), so each change is seen through
// the store's count of changes.
func TestALadderSaysWhyAVersionLeft(t *testing.T) {
	st := memory.New(store.Config{})
	ctx := context.Background()
	add := func(id string, version int) *store.Bot {
		t.Helper()
		b := &store.Bot{ID: id, Game: "morris", Name: "mill", Owner: "ann", Language: "executable", Version: version,
			Status: store.BotReady, Program: "p" + id, CreatedAt: time.Unix(int64(version), 0)}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	if err := st.Owners.Create(ctx, &store.Owner{Name: "ann"}); err != nil {
		t.Fatal(err)
	}
	d := Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	p := LadderParams{Game: "morris", Bots: []string{"gameai:morris:random"}, Entered: []string{"bot_v1"}}
	var ls LadderState
	var seen entrantsSeen
	rng := rand.New(rand.NewPCG(1, 2))
	step := func(want map[string]string) {
		t.Helper()
		d.nextLadderGame(ctx, p, &ls, &seen, rng)
		got := map[string]string{}
		for id, l := range ls.Left {
			got[id] = l.Why
		}
		if !maps.Equal(got, want) {
			t.Errorf("left %v, want %v (on it: %v)", got, want, ls.Active)
		}
	}
	add("bot_v1", 1)
	step(map[string]string{})
	v2 := add("bot_v2", 2)
	step(map[string]string{"bot_v1": "replaced by ann/mill v2"})
	v2.Status, v2.Reason = store.BotDeleted, "deleted by its author"
	if err := st.Bots.Update(ctx, v2); err != nil {
		t.Fatal(err)
	}
	step(map[string]string{"bot_v2": "deleted by its author"}) // v1 plays again
	if err := st.Owners.SetDisabled(ctx, "ann", true, ""); err != nil {
		t.Fatal(err)
	}
	step(map[string]string{"bot_v2": "deleted by its author", "bot_v1": "its author's account is disabled by the host"})
	if err := st.Owners.SetDisabled(ctx, "ann", false, ""); err != nil {
		t.Fatal(err)
	}
	step(map[string]string{"bot_v2": "deleted by its author"})
	p.Entered = nil
	step(map[string]string{"bot_v2": "deleted by its author", "bot_v1": "withdrawn from the ladder"})
}

// countedBots counts a store's reads of bots and owners.
type countedBots struct {
	store.Bots
	reads int
}

func (c *countedBots) Get(ctx context.Context, id string) (*store.Bot, error) {
	c.reads++
	return c.Bots.Get(ctx, id)
}

func (c *countedBots) List(ctx context.Context, f store.BotFilter) ([]*store.Bot, error) {
	c.reads++
	return c.Bots.List(ctx, f)
}

// unavailableOwners fails every read of an owner as a store away does.
type unavailableOwners struct{ store.Owners }

func (unavailableOwners) Get(context.Context, string) (*store.Owner, error) {
	return nil, &store.UnavailableError{Store: "a test's store", Err: errors.New("connection refused")}
}

// A ladder reads its uploaded entrants once per change, not before every
// game: again when a bot or an owner is written or its settings list other
// bots, and after a read that failed (an owner the store could not read is
// not taken for enabled, and not kept).
func TestALadderReadsItsEntrantsOncePerChange(t *testing.T) {
	st := memory.New(store.Config{})
	ctx := context.Background()
	counted := &countedBots{Bots: st.Bots}
	st.Bots = counted
	for i, id := range []string{"bot_a", "bot_b"} {
		b := &store.Bot{ID: id, Game: "morris", Name: id, Owner: "ann", Language: "executable", Version: 1,
			Status: store.BotReady, Program: "p" + id, CreatedAt: time.Unix(int64(i), 0)}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Owners.Create(ctx, &store.Owner{Name: "ann"}); err != nil {
		t.Fatal(err)
	}
	d := Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	p := LadderParams{Game: "morris", Entered: []string{"bot_a", "bot_b"}}
	var ls LadderState
	var seen entrantsSeen
	rng := rand.New(rand.NewPCG(1, 2))
	games := func(what string, n, wantReads int, wantSeats bool) {
		t.Helper()
		counted.reads = 0
		for range n {
			if seats, _, why := d.nextLadderGame(ctx, p, &ls, &seen, rng); (seats != nil) != wantSeats {
				t.Errorf("%s: seats %v (%s)", what, seats, why)
			}
		}
		if counted.reads != wantReads {
			t.Errorf("%s: %d reads of the bots in %d games, want %d", what, counted.reads, n, wantReads)
		}
	}
	games("the first games", 5, 4, true) // each bot: itself and its versions
	games("nothing changed", 5, 0, true)
	if err := st.Owners.SetDisabled(ctx, "ann", true, ""); err != nil {
		t.Fatal(err)
	}
	games("its author disabled", 5, 2, false) // each bot read, its author's refused
	if err := st.Owners.SetDisabled(ctx, "ann", false, ""); err != nil {
		t.Fatal(err)
	}
	games("its author enabled", 3, 4, true)
	p.Entered = []string{"bot_a"}
	games("one withdrawn", 3, 2, false)
	p.Entered = []string{"bot_a", "bot_b"}
	games("entered again", 1, 4, true)
	b, err := st.Bots.Get(ctx, "bot_b")
	if err != nil {
		t.Fatal(err)
	}
	b.Status, b.Reason = store.BotDeleted, "deleted by its author"
	if err := st.Bots.Update(ctx, b); err != nil {
		t.Fatal(err)
	}
	games("a bot deleted", 3, 4, false)
	owners := st.Owners
	st.Owners = unavailableOwners{owners}
	if err := st.Bots.Update(ctx, b); err != nil { // a change, so the next game reads
		t.Fatal(err)
	}
	games("its author unread", 3, 3*2, false) // each bot, every game: no read whole is kept
	if !strings.Contains(seen.notes["bot_a"], "connection refused") {
		t.Errorf("bot_a's note with its author unread: %q", seen.notes["bot_a"])
	}
	st.Owners = owners
	games("its author read again", 2, 4, false)
}

// A ladder's state stays small however long its log refuses its games:
// the latest games whole, the bots' stderr (its tail) and conversations
// only for the latest few.
func TestLadderStateIsBounded(t *testing.T) {
	var st LadderState
	long := string(make([]byte, 3*LadderStderrBytes))
	for n := 1; n <= MaxLadderGames+50; n++ {
		st.record("morris", LadderGame{N: n, Seats: []string{"a", "b"},
			Outcome: arena.Outcome{Result: competition.Result{N: n, Score: []float64{1, 0}}, Stderr: []string{long, ""},
				Transcripts: []string{"0.000 > position startpos\n0.020 < bestmove a1\n", ""}}})
	}
	if len(st.Unlogged) != MaxLadderGames || st.Played != MaxLadderGames+50 || st.Unlogged[0].N != 51 {
		t.Fatalf("%d games kept of %d, the first %d", len(st.Unlogged), st.Played, st.Unlogged[0].N)
	}
	with := 0
	for _, g := range st.Unlogged {
		if (g.Outcome.Stderr != nil) != (g.Outcome.Transcripts != nil) {
			t.Errorf("game %d keeps stderr %v and transcripts %v: want both or neither", g.N, g.Outcome.Stderr != nil, g.Outcome.Transcripts != nil)
		}
		if g.Outcome.Stderr != nil {
			with++
			if len(g.Outcome.Stderr[0]) > LadderStderrBytes+len("…") {
				t.Errorf("game %d keeps %d bytes of stderr", g.N, len(g.Outcome.Stderr[0]))
			}
		}
	}
	if with != LadderStderrGames {
		t.Errorf("%d games keep stderr, want the latest %d", with, LadderStderrGames)
	}
}

// failingJobs is a store's jobs whose first List fails as a store that
// does not answer fails.
type failingJobs struct {
	store.Jobs
	failed bool
}

func (f *failingJobs) List(ctx context.Context, fl store.JobFilter, cursor string, n int) ([]*store.Job, string, error) {
	if !f.failed {
		f.failed = true
		return nil, "", &store.UnavailableError{Store: "a test's store", Err: errors.New("connection refused")}
	}
	return f.Jobs.List(ctx, fl, cursor, n)
}

// A ladder started again while its store fails waits for the store and
// goes on from the earlier ladder's state: reading "no earlier ladder"
// from the failure started every rating again and forked its history. A
// record that does not read fails it, saying so.
func TestALadderResumesThroughAStoreThatFailsOnce(t *testing.T) {
	ctx := context.Background()
	st := memory.New(store.Config{})
	earlier := &store.Job{ID: "job_earlier", Kind: Ladder, Status: store.JobCancelled, CreatedAt: time.Now(),
		Params: []byte(`{"game":"morris"}`), Checkpoint: []byte(`{"next":42,"played":41}`)}
	if err := st.Jobs.Create(ctx, earlier); err != nil {
		t.Fatal(err)
	}
	st.Jobs = &failingJobs{Jobs: st.Jobs}
	ladderStoreWait = time.Millisecond
	t.Cleanup(func() { ladderStoreWait = time.Second })
	var said []string
	d := Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	got, err := d.resumeLadder(ctx, func(m string) { said = append(said, m) }, "morris", "job_new")
	if err != nil || got.Next != 42 || got.Played != 41 || len(said) != 1 {
		t.Errorf("resumed: next %d, played %d, %v; said %q; want next 42, played 41, one wait said", got.Next, got.Played, err, said)
	}
	bad := &store.Job{ID: "job_bad", Kind: Ladder, Status: store.JobCancelled, CreatedAt: time.Now().Add(time.Second),
		Params: []byte(`{"game":"morris"}`), Checkpoint: []byte(`{"next":"not a number"}`)}
	if err := st.Jobs.Create(ctx, bad); err != nil {
		t.Fatal(err)
	}
	if _, err := d.resumeLadder(ctx, func(string) {}, "morris", "job_new"); err == nil || !strings.Contains(err.Error(), "job_bad") {
		t.Errorf("an earlier ladder that does not read: %v, want an error naming it", err)
	}
}
