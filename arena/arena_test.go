package arena_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"gameai/arena"
	"gameai/competition"
	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/sandbox"
	"gameai/store"
	"gameai/store/memory"
)

// lessSpec is a Less game of a competition. Its clock is long for bots
// that answer at once, as these tests' do: a confined bot's start on a
// loaded machine (CI) is no one's fault.
func lessSpec(n int, ids ...string) arena.Spec {
	s := arena.Spec{Game: competition.Less, N: n, Board: n / 2, Seed: 11, Clock: arena.Clock{GameMS: 10000}}
	for _, id := range ids {
		s.Seats = append(s.Seats, arena.Entrant{ID: id})
	}
	return s
}

func TestLessGameOfOurEngines(t *testing.T) {
	s := lessSpec(3, "gameai:greedy", "gameai:greedy:seed=3", "gameai:greedy", "gameai:greedy:seed=3")
	o, err := arena.Runner{}.Play(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	r := o.Result
	if r.N != 3 || r.Score[0] != r.Score[2] || r.Score[1] != r.Score[3] || r.Score[0]+r.Score[1] != 1 {
		t.Fatalf("result %+v", r)
	}
	if r.Margin[0] != -r.Margin[1] || r.Margin[0] != r.Margin[2] || o.Fault != nil {
		t.Fatalf("margins %v, fault %+v", r.Margin, o.Fault)
	}
	if len(o.Moves) == 0 || len(o.TimesMS) != len(o.Moves) || o.Board != arena.Layout(11, 1).String() || o.Record == "" {
		t.Fatalf("%d moves, %d times, board %q", len(o.Moves), len(o.TimesMS), o.Board)
	}
}

func TestMorrisGameAtADepthIsTheSameEveryTime(t *testing.T) {
	s := arena.Spec{Game: competition.Morris, N: 1, Board: 4, Seed: 2, Clock: arena.Clock{MoveMS: 1000},
		Seats: []arena.Entrant{{ID: "gameai:alphabeta:strategy=ga-2019-best,depth=2"}, {ID: "gameai:alphabeta:strategy=petcu-e32,depth=1"}}}
	a, b := playTwice(t, s)
	if !slices.Equal(a.Moves, b.Moves) || a.Reason != b.Reason || len(a.Moves) <= arena.OpeningPlies {
		t.Fatalf("two plays: %v (%s) and %v (%s)", a.Moves, a.Reason, b.Moves, b.Reason)
	}
	if a.Result.Score[0]+a.Result.Score[1] != 1 || len(a.TimesMS) != len(a.Moves) || a.Fault != nil {
		t.Fatalf("%+v", a)
	}
	if got, want := a.Board, arena.Opening(2, 4); len(want) != arena.OpeningPlies || got == "" || a.Moves[0] != want[0].String() {
		t.Fatalf("board %q, opening %v, moves %v", got, want, a.Moves)
	}
}

func TestCheckBuiltin(t *testing.T) {
	for _, c := range []struct {
		game, id string
		ours, ok bool
	}{
		{"less", "gameai:uct:teammate=max", true, true},
		{"less", "gameai:chess", true, false},
		{"morris", "gameai:alphabeta:strategy=ga-2019-best,depth=3", true, true},
		{"morris", "gameai:exe:/bin/sh", true, false},
		{"morris", "bot_123", false, true},
		// The ids GET /v1/bots lists name the game.
		{"less", "gameai:less:mcts", true, true},
		{"morris", "gameai:morris:mcts", true, true},
		{"morris", "gameai:morris:alphabeta:strategy=ga-2019-best", true, true},
		{"morris", "gameai:less:uct", true, false},
	} {
		ours, err := arena.CheckBuiltin(c.game, c.id)
		if ours != c.ours || (err == nil) != c.ok {
			t.Errorf("%s %s: ours %v, err %v", c.game, c.id, ours, err)
		}
	}
}

// testBots are the uploaded bots of the tests, static executables.
func testBots(t *testing.T) map[string][]byte {
	return map[string][]byte{"lesscrash": gobuild.Static(t, "./testdata/lesscrash"),
		"morrisbot": gobuild.Static(t, "../hosting/testdata/morrisbot")}
}

// uploaded stores a program as a ready bot (its admission is hosting's
// business) and returns it as an entrant.
func uploaded(t *testing.T, st *store.Store, game, name string, program []byte) arena.Entrant {
	t.Helper()
	hash, err := st.Artefacts.Put(context.Background(), program)
	if err != nil {
		t.Fatal(err)
	}
	b := &store.Bot{ID: "bot_" + name, Game: game, Name: name, Owner: "ann", Language: "executable", Version: 1,
		Status: store.BotReady, Source: hash, Program: hash, CreatedAt: time.Now()}
	u := hosting.UploadedOf(b)
	return arena.Entrant{ID: b.ID, Uploaded: &u}
}

func confinedRunner(t *testing.T) (arena.Runner, *store.Store) {
	st := memory.New(store.Config{})
	h := hosting.New(st, hosting.Config{})
	if err := h.Unavailable(); err != nil {
		h.Close()
		confinetest.Check(t, err)
	}
	t.Cleanup(h.Close)
	return arena.Runner{Uploads: h}, st
}

func TestUploadedBotsPlayConfined(t *testing.T) {
	r, st := confinedRunner(t)
	bots := testBots(t)
	crash := uploaded(t, st, "less", "crash", bots["lesscrash"])
	s := lessSpec(1, "gameai:greedy", "", "gameai:greedy", "gameai:greedy")
	s.Seats[1] = crash
	o, err := r.Play(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if o.Fault == nil || o.Fault.Seat != 1 || o.Fault.Turn < 17 {
		t.Fatalf("fault %+v", o.Fault)
	}
	if !slices.Equal(o.Result.Faults, []int{1}) || o.Result.Score[1] != 0 || o.Result.Score[3] != 0 || o.Result.Score[0] != 1 {
		t.Fatalf("result %+v", o.Result)
	}
	if len(o.Stderr) != 4 || o.Stderr[0] != "" || !strings.Contains(o.Stderr[1], "giving up after 5 actions") {
		t.Fatalf("stderr %q", o.Stderr)
	}

	m := uploaded(t, st, "morris", "mb", bots["morrisbot"])
	ms := arena.Spec{Game: competition.Morris, N: 2, Board: 0, Seed: 5, Clock: arena.Clock{MoveMS: 50},
		Seats: []arena.Entrant{{ID: "gameai:alphabeta:strategy=ga-2019-best,depth=1"}, m}}
	mo, err := r.Play(context.Background(), ms)
	if err != nil {
		t.Fatal(err)
	}
	if mo.Fault != nil || len(mo.Moves) <= arena.OpeningPlies || mo.Result.Score[0]+mo.Result.Score[1] != 1 {
		t.Fatalf("morris: %+v", mo)
	}
	if len(mo.Stderr) != 2 {
		t.Fatalf("stderr of the uploaded seat: %q", mo.Stderr)
	}
}

func TestLessGameOfBoundedSearchesIsTheSameEveryTime(t *testing.T) {
	s := lessSpec(5, "gameai:uct:iterations=300,teammate=max", "gameai:greedy", "gameai:uct:iterations=300,teammate=max", "gameai:expectimax:depth=1")
	a, b := playTwice(t, s)
	if !slices.Equal(a.Moves, b.Moves) || a.Fault != nil {
		t.Fatalf("two plays differ: %v\n%v", a.Moves, b.Moves)
	}
}

// playTwice plays the same game twice, in process.
func playTwice(t *testing.T, s arena.Spec) (a, b arena.Outcome) {
	t.Helper()
	for _, o := range []*arena.Outcome{&a, &b} {
		var err error
		if *o, err = (arena.Runner{}).Play(context.Background(), s); err != nil {
			t.Fatal(err)
		}
	}
	return a, b
}

// A bot admitted in good faith that turns hostile in a competition game
// (after its third action it starts a child meant to outlive it and spins
// without answering) loses that game on time
// at its own turn, the others' results stand, and no process of it
// outlives the game.
func TestABotTurningHostileMidGameLosesAndLeavesNothing(t *testing.T) {
	r, st := confinedRunner(t)
	coat := uploaded(t, st, "less", "turncoat", gobuild.Static(t, "./testdata/lessturncoat"))
	s := lessSpec(2, "gameai:greedy", "gameai:greedy", "", "gameai:greedy")
	// Spent by its spin; room before it for its first turn's solo
	// distance tables (about 2.4 CPU-s on its one core, thawed only at its
	// turn), which took over 4 s on a loaded 2-core machine.
	s.Clock.GameMS = 12000
	s.Seats[2] = coat
	o, err := r.Play(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if o.Fault == nil || o.Fault.Seat != 2 || o.Fault.Turn <= 4 || !strings.Contains(o.Fault.Reason, "timed out") {
		t.Fatalf("fault %+v, want White (seat 2) timed out after its third action", o.Fault)
	}
	if !slices.Equal(o.Result.Faults, []int{2}) || o.Result.Score[2] != 0 || o.Result.Score[0] != 0 || o.Result.Score[1] != 1 {
		t.Fatalf("result %+v: the irregular loss is its team's", o.Result)
	}
	if left := confinetest.Leftovers(sandbox.IsBoxUser, sandbox.Group()); len(left) > 0 {
		t.Fatalf("processes of the bot outlived its game: %v", left)
	}
}
