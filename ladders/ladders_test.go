package ladders

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"gameai/jobs"
	"gameai/jobs/kinds"
	"gameai/store"
	"gameai/store/memory"
)

// newService is the ladders of a memory store whose ladder jobs wait to
// be cancelled, playing nothing: what is tested here is the settings and
// entries the real kind reads.
func newService(t *testing.T) (*Service, *store.Store, *jobs.Runner) {
	t.Helper()
	st := memory.New(store.Config{})
	r := jobs.New(st.Jobs, jobs.Config{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	r.HandleStanding(kinds.Ladder, func(ctx context.Context, _ *store.Job, _ *jobs.Reporter) (any, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = r.Shutdown(ctx)
	})
	return New(st, r), st, r
}

func addBot(t *testing.T, st *store.Store, id, owner, name string, version int, status store.BotStatus) *store.Bot {
	t.Helper()
	b := &store.Bot{ID: id, Game: "less", Owner: owner, Name: name, Version: version, Language: "c", Status: status}
	if err := st.Bots.Create(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	return b
}

func entered(t *testing.T, s *Service, game string) []string {
	t.Helper()
	_, p, _, err := s.State(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	return p.Entered
}

// A game without a ladder says so; Set starts one, then sets it; an owner
// enters a ready bot (every other version of it comes off) and withdraws
// it; a bot not ready is refused, and so is an entry where no ladder runs;
// a ladder started again keeps the entries.
func TestLaddersAreFoundSetAndEntered(t *testing.T) {
	ctx := context.Background()
	s, st, r := newService(t)
	if _, err := s.Find(ctx, "less"); !errors.Is(err, ErrNoLadder) {
		t.Fatalf("Find before any ladder: %v, want ErrNoLadder", err)
	}
	v1 := addBot(t, st, "bot_v1", "ann", "runner", 1, store.BotReady)
	if err := s.Enter(ctx, v1, true); !errors.Is(err, ErrNoLadder) {
		t.Fatalf("Enter with no ladder: %v, want ErrNoLadder", err)
	}
	j, started, err := s.Set(ctx, "less", func(p *kinds.LadderParams) {
		p.Game, p.State, p.Bots = "less", kinds.LadderRunning, []string{"gameai:less:greedy"}
	})
	if err != nil || !started {
		t.Fatalf("Set: started %v, %v", started, err)
	}
	again, started, err := s.Set(ctx, "less", func(p *kinds.LadderParams) { p.GamesPerMinute = 7 })
	if err != nil || started || again.ID != j.ID {
		t.Fatalf("Set of a running ladder: started %v, %v, job %s (was %s)", started, err, again.ID, j.ID)
	}
	if _, p, _, _ := s.State(ctx, "less"); p.GamesPerMinute != 7 || p.Bots[0] != "gameai:less:greedy" {
		t.Errorf("after the second Set: %+v", p)
	}
	if _, err := s.Find(ctx, "morris"); !errors.Is(err, ErrNoLadder) {
		t.Errorf("another game's ladder: %v, want ErrNoLadder", err)
	}

	if err := s.Enter(ctx, v1, true); err != nil {
		t.Fatal(err)
	}
	v2 := addBot(t, st, "bot_v2", "ann", "runner", 2, store.BotReady)
	if err := s.Enter(ctx, v2, true); err != nil {
		t.Fatal(err)
	}
	other := addBot(t, st, "bot_bob", "bob", "walker", 1, store.BotReady)
	if err := s.Enter(ctx, other, true); err != nil {
		t.Fatal(err)
	}
	if got := entered(t, s, "less"); !slices.Equal(got, []string{"bot_v2", "bot_bob"}) {
		t.Errorf("entered %v, want v2 alone of ann's runner, and bob's", got)
	}
	building := addBot(t, st, "bot_v3", "ann", "runner", 3, store.BotBuilding)
	var nr *NotReadyError
	if err := s.Enter(ctx, building, true); !errors.As(err, &nr) || nr.Bot != "bot_v3" || nr.Status != store.BotBuilding {
		t.Errorf("a building version entered: %v", err)
	}
	if err := s.Enter(ctx, v2, false); err != nil {
		t.Fatal(err)
	}
	if got := entered(t, s, "less"); !slices.Equal(got, []string{"bot_bob"}) {
		t.Errorf("after the withdrawal: %v", got)
	}

	// Stopped and started again: a new job with the entries.
	if _, err := r.Cancel(ctx, j.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Wait(ctx, j.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Enter(ctx, v1, true); !errors.Is(err, ErrNoLadder) {
		t.Errorf("Enter on a stopped ladder: %v, want ErrNoLadder", err)
	}
	if found, err := s.Find(ctx, "less"); err != nil || found.ID != j.ID {
		t.Errorf("Find of a stopped ladder: %v, %v", found, err)
	}
	next, started, err := s.Set(ctx, "less", func(p *kinds.LadderParams) { p.Game, p.State = "less", kinds.LadderRunning })
	if err != nil || !started || next.ID == j.ID {
		t.Fatalf("started again: %v, %v", started, err)
	}
	if got := entered(t, s, "less"); !slices.Equal(got, []string{"bot_bob"}) {
		t.Errorf("entries after starting again: %v", got)
	}
}

// A disabled owner's bots leave every running ladder at once; others'
// stay.
func TestWithdrawOwnerTakesEveryBotOff(t *testing.T) {
	ctx := context.Background()
	s, st, _ := newService(t)
	if err := s.WithdrawOwner(ctx, "ann"); err != nil {
		t.Fatalf("an owner with no bots and no ladder: %v", err)
	}
	for _, game := range []string{"less", "morris"} {
		if _, _, err := s.Set(ctx, game, func(p *kinds.LadderParams) { p.Game, p.State = game, kinds.LadderRunning }); err != nil {
			t.Fatal(err)
		}
	}
	a := addBot(t, st, "bot_a", "ann", "a", 1, store.BotReady)
	b := addBot(t, st, "bot_b", "ann", "b", 1, store.BotReady)
	c := addBot(t, st, "bot_c", "cy", "c", 1, store.BotReady)
	for _, bot := range []*store.Bot{a, b, c} {
		if err := s.Enter(ctx, bot, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.WithdrawOwner(ctx, "ann"); err != nil {
		t.Fatal(err)
	}
	if got := entered(t, s, "less"); !slices.Equal(got, []string{"bot_c"}) {
		t.Errorf("after ann's withdrawal: %v", got)
	}
}

// Entries made at once, while the ladder's job writes its state, are all
// kept: each is a write on the version it read, retried on a conflict.
func TestEntriesAtOnceAreAllKept(t *testing.T) {
	ctx := context.Background()
	s, st, _ := newService(t)
	j, _, err := s.Set(ctx, "less", func(p *kinds.LadderParams) { p.Game, p.State = "less", kinds.LadderRunning })
	if err != nil {
		t.Fatal(err)
	}
	var bots []*store.Bot
	for i := range 8 {
		bots = append(bots, addBot(t, st, "bot_"+string(rune('a'+i)), "own"+string(rune('a'+i)), "x", 1, store.BotReady))
	}
	var wg sync.WaitGroup
	for _, b := range bots {
		wg.Go(func() {
			if err := s.Enter(ctx, b, true); err != nil {
				t.Error(err)
			}
		})
	}
	// The job's own writes meanwhile, as a ladder checkpoints.
	wg.Go(func() {
		for range 8 {
			cur, err := st.Jobs.Get(ctx, j.ID)
			if err != nil {
				t.Error(err)
				return
			}
			cur.Checkpoint = []byte(`{"played":1}`)
			if err := st.Jobs.Update(ctx, cur); err != nil && !errors.Is(err, store.ErrConflict) {
				t.Error(err)
			}
		}
	})
	wg.Wait()
	if got := entered(t, s, "less"); len(got) != len(bots) {
		t.Errorf("%d entries kept of %d: %v", len(got), len(bots), got)
	}
}
