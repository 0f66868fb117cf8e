package kinds

import (
	"context"
	"errors"
	"testing"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/arena"
	"gameai/competition"
	"gameai/jobs/workers"
	"gameai/store"
	"gameai/store/memory"
)

// stopping plays by a script: games 1 and 2 start (their watchers see
// them), game 1 finishes, then play stops with an error.
type stopping struct{ err error }

func (s stopping) Job(string) JobPlayers  { return s }
func (stopping) Parallel(setting int) int { return setting }
func (s stopping) Games(_ context.Context, specs []arena.Spec, _ int, done func(int, arena.Outcome) error,
	watch func(arena.Outcome)) error {
	for _, sp := range specs[:2] {
		watch(arena.Outcome{Result: competition.Result{N: sp.N}})
	}
	if err := done(0, arena.Outcome{Result: competition.Result{N: specs[0].N}}); err != nil {
		return err
	}
	return s.err
}
func (stopping) Tournament(int) morrisai.GameRunner { return nil }
func (stopping) Less(context.Context, []workers.LessGame, func(int, workers.LessGameResult) error) error {
	return nil
}
func (stopping) MorrisDB(context.Context, morrisdb.Space, func(morrisdb.Space, workers.MorrisDBPairState)) error {
	return nil
}
func (stopping) Morpion(context.Context, []workers.MorpionRun, []*workers.MorpionRunState, func([]*workers.MorpionRunState)) error {
	return nil
}
func (stopping) Tasks() *workers.Counts { return nil }

// A competition's games are seen live while played, a finished one leaves
// the live games once recorded, and when play stops early every game still
// live leaves too: a watcher is never shown a game nobody plays.
func TestGamesLeaveTheLiveGamesWhenPlayStops(t *testing.T) {
	st := memory.New(store.Config{})
	d := Deps{Store: st, Players: stopping{err: errors.New("a worker's Redis went away")}}
	specs := []arena.Spec{{N: 1}, {N: 2}, {N: 3}}
	var heard []int
	err := d.playGames(t.Context(), "job1", specs, 2, func(i int, o arena.Outcome) {
		heard = append(heard, o.Result.N)
		// Recorded while still live: a watcher never finds it in neither.
		if _, err := st.Live.Get(t.Context(), LiveKey("job1", o.Result.N)); err != nil {
			t.Errorf("game %d not live when recorded: %v", o.Result.N, err)
		}
	})
	if err == nil || len(heard) != 1 || heard[0] != 1 {
		t.Fatalf("heard %v, err %v; want game 1 and the error", heard, err)
	}
	for _, n := range []int{1, 2, 3} {
		if _, err := st.Live.Get(t.Context(), LiveKey("job1", n)); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("game %d still live after play stopped: %v", n, err)
		}
	}
}

// Here without an arena plays no games, and says so.
func TestHereWithoutAnArenaPlaysNothing(t *testing.T) {
	err := Here{}.Games(t.Context(), []arena.Spec{{N: 1}}, 1, nil, nil)
	if !errors.Is(err, errNoArena) {
		t.Errorf("%v, want errNoArena", err)
	}
	if got := (Here{}).Parallel(1000); got < 1 || got > 1000 {
		t.Errorf("Here.Parallel(1000) = %d", got)
	}
	if (Here{}).Tasks() != nil {
		t.Error("tasks counted in process")
	}
}
