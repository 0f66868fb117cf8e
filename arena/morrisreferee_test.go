package arena

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gameai/ai/morrisai"
	"gameai/competition"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// scripted plays its moves in turn, whatever the position.
type scripted struct{ moves []morris.Move }

func (*scripted) Name() string { return "scripted" }

func (s *scripted) Move(context.Context, *morris.Position, []morris.Move) (morris.Move, error) {
	m := s.moves[0]
	s.moves = s.moves[1:]
	return m, nil
}

// An illegal move loses, and the result says so as a value, not only in
// its text; a game the rules end is not illegal.
func TestPlayMarksAnIllegalMove(t *testing.T) {
	d6, _ := morris.ParseMove("d6")
	white := &scripted{moves: []morris.Move{d6}}
	black := &scripted{moves: []morris.Move{d6}} // the point white took
	res, err := refereeMorris(context.Background(), white, black, MorrisOptions{Rules: morris.StandardRules})
	if err != nil {
		t.Fatal(err)
	}
	if res.Ending != morris.IllegalMove || res.Winner != morris.White || res.Plies != 1 {
		t.Errorf("black placed on white's piece: %+v", res)
	}
	rng := xrand.New(1)
	res, err = refereeMorris(context.Background(), morrisai.RandomPlayer{R: rng}, morrisai.RandomPlayer{R: rng}, MorrisOptions{Rules: morris.StandardRules, MaxPlies: 60})
	if err != nil {
		t.Fatal(err)
	}
	if res.Ending == morris.IllegalMove {
		t.Errorf("random legal play ended as illegal: %+v", res)
	}
}

// failing answers its first move with an error, as a program that died.
type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Move(context.Context, *morris.Position, []morris.Move) (morris.Move, error) {
	return 0, errors.New("the program ended")
}

func local(p MorrisPlayer) Entrant {
	return Entrant{ID: p.Name(), Local: &Local{Morris: func(context.Context) (MorrisPlayer, func(), error) { return p, func() {}, nil }}}
}

// A game of players made here needs no clock; a player's failed move is a
// fault of the side to move, in the outcome and in the record alike; an
// opening the rules refuse is no game at all.
func TestASpecOfLocalPlayers(t *testing.T) {
	d6, _ := morris.ParseMove("d6")
	s := Spec{Game: competition.Morris, Seats: []Entrant{local(&scripted{moves: []morris.Move{d6}}), local(failing{})},
		Morris: &MorrisOptions{Rules: morris.StandardRules}}
	o, err := Runner{}.Play(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if o.Fault == nil || o.Fault.Seat != morris.Black || o.Fault.Kind != competition.Crash || o.Fault.Turn != 2 {
		t.Fatalf("fault %+v", o.Fault)
	}
	if o.Morris.Winner != morris.White || !strings.Contains(o.Record, `[Result "1-0"]`) || !strings.Contains(o.Record, "[Termination") {
		t.Errorf("winner %d, record:\n%s", o.Morris.Winner, o.Record)
	}
	s.Morris.Opening = []morris.Move{d6, d6}
	if _, err := (Runner{}).Play(context.Background(), s); err == nil || !strings.Contains(err.Error(), "opening move 2") {
		t.Errorf("an illegal opening: %v", err)
	}
}

// A game stopped at its ply limit is the adjudicator's where it says, and
// material's where it does not.
func TestAGameStoppedIsAdjudicatedByTheHook(t *testing.T) {
	play := func(hook func(*morris.Position) (int, string, bool)) MorrisGame {
		rng := xrand.New(3)
		res, err := refereeMorris(context.Background(), morrisai.RandomPlayer{R: rng}, morrisai.RandomPlayer{R: rng},
			MorrisOptions{Rules: morris.StandardRules, MaxPlies: 10, Adjudicate: hook})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := play(func(*morris.Position) (int, string, bool) { return morris.Black, "black wins with perfect play", true })
	if res.Ending != morris.PlyLimit || res.Winner != morris.Black || !strings.Contains(res.Reason, "perfect play") {
		t.Errorf("adjudicated by the hook: %+v", res)
	}
	res = play(func(*morris.Position) (int, string, bool) { return morris.White, "", false })
	if res.Ending != morris.PlyLimit || res.Winner != morris.White || !strings.Contains(res.Reason, "white has more pieces (9 to 8)") {
		t.Errorf("the hook silent, by material (white's mill at the 9th ply): %+v", res)
	}
}
