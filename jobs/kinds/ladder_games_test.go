package kinds

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gameai/arena"
	"gameai/competition"
	"gameai/store"
	"gameai/store/memory"
)

// refusingLogs is a store's game logs that refuse every Add while down.
type refusingLogs struct {
	store.GameLogs
	down bool
	adds int
}

func (r *refusingLogs) Add(ctx context.Context, log string, n int, game []byte, keep int) error {
	if r.down {
		return &store.UnavailableError{Store: "a test's store", Err: errors.New("connection refused")}
	}
	r.adds++
	return r.GameLogs.Add(ctx, log, n, game, keep)
}

func ladderGameWithTalk(n int) LadderGame {
	return LadderGame{N: n, At: time.Unix(int64(n), 0).UTC(), Seats: []string{"a", "b"},
		Outcome: arena.Outcome{Result: competition.Result{N: n, Score: []float64{1, 0}}, Stderr: []string{fmt.Sprintf("stderr of %d", n), ""},
			Transcripts: []string{fmt.Sprintf("0.000 > position startpos\n0.020 < bestmove a%d\n", n), ""}}}
}

// A ladder writes each game to its log once and keeps none in its
// checkpoint: the log holds the latest MaxLadderGames, their talk the
// latest LadderStderrGames. While the log refuses, the checkpoint holds
// the games, readers see them there, and they are written once it
// answers; a game written twice (a crash after the write, before the
// checkpoint) is one game.
func TestALadderLogsItsGamesOnce(t *testing.T) {
	ctx := context.Background()
	s := memory.New(store.Config{})
	logs := &refusingLogs{GameLogs: s.GameLogs}
	s.GameLogs = logs
	d := Deps{Store: s, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	var st LadderState
	for n := 1; n <= MaxLadderGames+20; n++ {
		st.record("morris", ladderGameWithTalk(n))
		if err := d.logGames(ctx, "morris", &st); err != nil {
			t.Fatal(err)
		}
		if len(st.Unlogged) != 0 {
			t.Fatalf("game %d: %d games left in the checkpoint", n, len(st.Unlogged))
		}
	}
	// The checkpoint as it is written: no games in it.
	if raw, _ := json.Marshal(st); strings.Contains(string(raw), `"games":[`) {
		t.Errorf("the checkpoint holds games: %.200s", raw)
	}
	numbers := func() string {
		t.Helper()
		gs, err := LadderGames(ctx, s, "morris", st, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			if g.Outcome.Stderr != nil || g.Outcome.Transcripts != nil {
				t.Errorf("game %d listed with its talk", g.N)
			}
		}
		if len(gs) == 0 {
			return "none"
		}
		return fmt.Sprintf("%d games, %d to %d", len(gs), gs[0].N, gs[len(gs)-1].N)
	}
	if got, want := numbers(), fmt.Sprintf("%d games, %d to 21", MaxLadderGames, MaxLadderGames+20); got != want {
		t.Errorf("listed: %s, want %s", got, want)
	}
	talk := func(n int) string {
		t.Helper()
		g, err := LadderGameN(ctx, s, "morris", st, n)
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		if g.N != n || len(g.Seats) != 2 || g.Outcome.Result.N != n {
			t.Errorf("game %d read as %+v", n, g)
		}
		return strings.Join(g.Outcome.Stderr, "") + strings.Join(g.Outcome.Transcripts, "")
	}
	last := MaxLadderGames + 20
	if got := talk(last); !strings.Contains(got, fmt.Sprintf("stderr of %d", last)) || !strings.Contains(got, fmt.Sprintf("bestmove a%d", last)) {
		t.Errorf("the latest game's talk: %q", got)
	}
	if got := talk(last - LadderStderrGames + 1); got == "" {
		t.Errorf("game %d, among the latest %d, has no talk", last-LadderStderrGames+1, LadderStderrGames)
	}
	if got := talk(last - LadderStderrGames); got != "" {
		t.Errorf("game %d keeps its talk: %q", last-LadderStderrGames, got)
	}
	if _, err := LadderGameN(ctx, s, "morris", st, 20); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("game 20, past the log's %d: %v, want ErrNotFound", MaxLadderGames, err)
	}

	// The store refuses: counted, kept in the checkpoint, shown from it.
	logs.down = true
	for n := last + 1; n <= last+3; n++ {
		st.record("morris", ladderGameWithTalk(n))
		if err := d.logGames(ctx, "morris", &st); err == nil {
			t.Fatal("no error while the log refuses")
		}
	}
	if len(st.Unlogged) != 3 || st.Played != last+3 {
		t.Fatalf("%d unlogged, %d played", len(st.Unlogged), st.Played)
	}
	if got, want := numbers(), fmt.Sprintf("%d games, %d to 21", MaxLadderGames+3, last+3); got != want {
		t.Errorf("listed while the log refuses: %s, want %s", got, want)
	}
	if got := talk(last + 2); !strings.Contains(got, fmt.Sprintf("stderr of %d", last+2)) {
		t.Errorf("an unlogged game's talk: %q", got)
	}
	logs.down = false
	if err := d.logGames(ctx, "morris", &st); err != nil || len(st.Unlogged) != 0 {
		t.Fatalf("logged again: %v, %d left", err, len(st.Unlogged))
	}
	if got, want := numbers(), fmt.Sprintf("%d games, %d to 24", MaxLadderGames, last+3); got != want {
		t.Errorf("listed once logged: %s, want %s", got, want)
	}

	// A crash after a game's write and before the checkpoint that drops
	// it: resumed, the checkpoint writes it again; one game.
	st.Unlogged = []LadderGame{ladderGameWithTalk(last + 3)}
	if err := d.logGames(ctx, "morris", &st); err != nil {
		t.Fatal(err)
	}
	if got, want := numbers(), fmt.Sprintf("%d games, %d to 24", MaxLadderGames, last+3); got != want {
		t.Errorf("after a game written twice: %s, want %s", got, want)
	}
}

// A checkpoint of before the log (the latest games in it) decodes with
// its games unlogged, and the first logGames moves them to the log.
func TestAnOldLadderCheckpointMovesItsGamesToTheLog(t *testing.T) {
	ctx := context.Background()
	s := memory.New(store.Config{})
	d := Deps{Store: s, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	old := `{"ladder":{},"games":[{"n":7,"at":"2026-12-01T10:00:00Z","seats":["a","b"],"outcome":{"result":{"n":7,"score":[0,1]}}},` +
		`{"n":8,"at":"2026-12-01T10:01:00Z","seats":["b","a"],"outcome":{"result":{"n":8,"score":[1,0]},"stderr":["hello",""]}}],"played":8,"next":9}`
	j := &store.Job{Params: []byte(`{"game":"morris"}`), Checkpoint: []byte(old)}
	_, st, err := DecodeLadder(j)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Unlogged) != 2 {
		t.Fatalf("%d unlogged games decoded, want 2", len(st.Unlogged))
	}
	if err := d.logGames(ctx, "morris", &st); err != nil || len(st.Unlogged) != 0 {
		t.Fatalf("logGames: %v, %d left", err, len(st.Unlogged))
	}
	gs, err := LadderGames(ctx, s, "morris", st, 10)
	if err != nil || len(gs) != 2 || gs[0].N != 8 || gs[1].N != 7 || gs[1].Outcome.Result.Score[1] != 1 {
		t.Fatalf("logged: %+v, %v", gs, err)
	}
	g, err := LadderGameN(ctx, s, "morris", st, 8)
	if err != nil || len(g.Outcome.Stderr) != 2 || g.Outcome.Stderr[0] != "hello" {
		t.Errorf("game 8: %+v, %v", g.Outcome, err)
	}
}

// A ladder whose earlier job is gone (only its log remains) numbers its
// games after the log's, not over them.
func TestALadderNumbersItsGamesAfterItsLog(t *testing.T) {
	ctx := context.Background()
	s := memory.New(store.Config{})
	d := Deps{Store: s, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	st := LadderState{Unlogged: []LadderGame{ladderGameWithTalk(57)}}
	if err := d.logGames(ctx, "less", &st); err != nil {
		t.Fatal(err)
	}
	got, err := d.resumeLadder(ctx, func(string) {}, "less", "job_new")
	if err != nil || got.Next != 58 {
		t.Errorf("resumed: next %d, %v; want 58", got.Next, err)
	}
	if got, err := d.resumeLadder(ctx, func(string) {}, "morris", "job_new"); err != nil || got.Next != 0 {
		t.Errorf("another game's: next %d, %v; want 0 (nothing earlier)", got.Next, err)
	}
}

// A game whose talk is past the store's bound is logged without it and
// leaves the checkpoint: kept, it would be refused after every game.
func TestALadderGameTooLargeToKeepIsDropped(t *testing.T) {
	ctx := context.Background()
	s := memory.New(store.Config{})
	d := Deps{Store: s, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	g := ladderGameWithTalk(1)
	g.Outcome.Transcripts[0] = strings.Repeat("0.000 > Yellow\n", store.MaxLoggedGame/15+1)
	st := LadderState{Unlogged: []LadderGame{g}}
	if err := d.logGames(ctx, "less", &st); err != nil || len(st.Unlogged) != 0 {
		t.Fatalf("logGames: %v, %d left", err, len(st.Unlogged))
	}
	got, err := LadderGameN(ctx, s, "less", st, 1)
	if err != nil || got.N != 1 || got.Outcome.Transcripts != nil {
		t.Errorf("game 1: n %d, transcripts kept %v, %v", got.N, got.Outcome.Transcripts != nil, err)
	}
}
