package morrisai

import (
	"context"
	"testing"

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
	res, err := Play(context.Background(), white, black, GameOptions{Rules: morris.StandardRules})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Illegal || res.Winner != morris.White || res.Plies != 1 {
		t.Errorf("black placed on white's piece: %+v", res)
	}
	rng := xrand.New(1)
	res, err = Play(context.Background(), RandomPlayer{R: rng}, RandomPlayer{R: rng}, GameOptions{Rules: morris.StandardRules, MaxPlies: 60})
	if err != nil {
		t.Fatal(err)
	}
	if res.Illegal {
		t.Errorf("random legal play ended as illegal: %+v", res)
	}
}
