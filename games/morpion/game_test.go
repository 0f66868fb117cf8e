package morpion

import (
	"errors"
	"testing"

	"gameai/games"
)

func TestGameInterface(t *testing.T) {
	st, err := Game.NewState("5T", nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.ToMove() != 0 || len(st.LegalMoves()) != 28 || st.Terminal() {
		t.Fatalf("start: to move %d, %d legal", st.ToMove(), len(st.LegalMoves()))
	}
	first := st.LegalMoves()[0]
	m, err := st.ParseMove(first.String())
	if err != nil || m.String() != first.String() {
		t.Fatalf("ParseMove(%q) = %v, %v", first, m, err)
	}
	c := st.Clone()
	if err := st.Play(m); err != nil {
		t.Fatal(err)
	}
	if len(c.LegalMoves()) != 28 || st.Result()[0] != 1 {
		t.Errorf("the clone changed, or the score is %v", st.Result())
	}
	var ime *games.IllegalMoveError
	if err := st.Play(m); !errors.As(err, &ime) || ime.Reason == "" {
		t.Errorf("replaying a move = %v, want IllegalMoveError", err)
	}
	back, err := Game.ParseState("5T", nil, st.String())
	if err != nil || back.Hash() != st.Hash() {
		t.Errorf("ParseState(String()) = %v; hash %x vs %x", err, back.Hash(), st.Hash())
	}
	if _, err := Game.NewState("5X", nil); err == nil {
		t.Error("variant 5X accepted")
	}
	if _, err := st.ParseMove("(0,2) ? 2"); err == nil {
		t.Error("bad move text accepted")
	}
	var pe *games.ParseError
	if _, err := Game.ParseState("5T", nil, "(28,28)\n(25,27) | 7\n"); !errors.As(err, &pe) || pe.Offset != 18 {
		t.Errorf("bad Pentasol = %v, want a parse error at offset 18 (the 7)", err)
	}
}

func TestGameStateFromFixture(t *testing.T) {
	st, err := Game.ParseState("5D", nil, readFixture(t, "5D-82.psol"))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Terminal() || st.Result()[0] != 82 || st.ToMove() != -1 {
		t.Errorf("5D record: terminal %v result %v", st.Terminal(), st.Result())
	}
	if st.String() != "LG4VXOFJjGWQMXhsY7aRf+/97Y" {
		t.Errorf("position text %q", st.String())
	}
}
