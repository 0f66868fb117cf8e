package arena

import (
	"errors"
	"fmt"
	"testing"

	"gameai/competition"
	"gameai/games/morris"
	"gameai/internal/lineio"
	"gameai/morrisuci"
)

// A Morris program's failed move is classed by what the error is, however
// its words run.
func TestFaultKindOfAFailedMove(t *testing.T) {
	for _, c := range []struct {
		err  error
		want competition.FaultKind
	}{
		{fmt.Errorf("bot: %w", lineio.ErrTimeout), competition.TimeOut},
		{fmt.Errorf("bot: %w (4096 bytes): exited with status 0", lineio.ErrLineTooLong), competition.OutputLimit},
		{fmt.Errorf("bot answered bestmove \"zz\": %w: %w", morrisuci.ErrProtocol, errors.New("no such point")), competition.Protocol},
		{errors.New("bot: EOF: killed by SIGSEGV"), competition.Crash},
	} {
		if got := faultKind(c.err); got != c.want {
			t.Errorf("%v: %s, want %s", c.err, got, c.want)
		}
	}
}

func TestClaimableOnlyWhereThePositionRepeats(t *testing.T) {
	rec := &morris.GameRecord{}
	p := morris.NewPosition(morris.StandardRules)
	play := func(m morris.Move) {
		p.Make(m)
		rec.Moves = append(rec.Moves, m)
	}
	quiet := func(pred func(morris.Move) bool) (morris.Move, bool) {
		for _, m := range p.GenMoves(nil) {
			if !m.Removes() && pred(m) {
				return m, true
			}
		}
		return 0, false
	}
	if claimable(rec) {
		t.Error("the start position is claimable")
	}
	for range 18 {
		m, ok := quiet(func(morris.Move) bool { return true })
		if !ok {
			t.Fatalf("no quiet placement after %v", rec.Moves)
		}
		play(m)
	}
	if claimable(rec) {
		t.Fatal("the position after the placements is claimable")
	}
	// Each side slides a piece out and back: the position four plies on
	// is the one before.
	var out [2]morris.Move
	for i := range out {
		m, ok := quiet(func(m morris.Move) bool { return m.From() >= 0 && (i == 0 || m.To() != out[0].From()) })
		if !ok {
			t.Fatalf("no quiet slide after %v", rec.Moves)
		}
		out[i] = m
		play(m)
	}
	if claimable(rec) {
		t.Fatal("a new position is claimable")
	}
	for _, o := range out {
		back, ok := quiet(func(m morris.Move) bool { return m.From() == o.To() && m.To() == o.From() })
		if !ok {
			t.Fatalf("%v cannot go back", o)
		}
		play(back)
	}
	if !claimable(rec) {
		t.Error("a repeated position is not claimable")
	}
}
