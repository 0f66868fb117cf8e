package morris

import (
	"errors"
	"strings"
	"testing"

	"gameai/games"
)

func newState(t *testing.T, variant string, opts map[string]string) games.State {
	t.Helper()
	o, err := games.ResolveOptions(Game.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Game.NewState(variant, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStateThroughTheCommonInterface(t *testing.T) {
	s := newState(t, "", nil)
	if s.Variant() != "nine" || s.ToMove() != 0 || len(s.LegalMoves()) != 24 || s.Terminal() {
		t.Fatalf("start: variant %s, to move %d, %d moves", s.Variant(), s.ToMove(), len(s.LegalMoves()))
	}
	for _, text := range []string{"d6", "d2", "b6", "f2", "f6xd2"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	// White's f6 closed b6-d6-f6 and took d2; black keeps f2 and 7 in hand.
	if want := ".../WWW/.../....../.../..B/... b 6 7 0 5 w"; s.String() != want {
		t.Errorf("after d6 d2 b6 f2 f6xd2: %s, want %s", s, want)
	}
	c := s.Clone()
	if err := c.Play(mustMove(t, "a1")); err != nil {
		t.Fatal(err)
	}
	if c.String() == s.String() {
		t.Error("a clone shares its position")
	}
	if _, err := s.ParseMove("xb4"); err == nil {
		t.Error("a lone removal parsed as a move")
	}
	var ime *games.IllegalMoveError
	for _, c := range []struct{ move, why string }{
		{"d6", "not empty"},
		{"d6-d5", "place its"},
		{"a1xf2", "closes no mill"},
	} {
		m, err := s.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		err = s.Play(m)
		if !errors.As(err, &ime) || !strings.Contains(ime.Reason, c.why) {
			t.Errorf("%s: %v, want an illegal move saying %q", c.move, err, c.why)
		}
	}
	r := s.Result()
	if len(r) != 2 || r[0] != 0.5 {
		t.Errorf("result before the end = %v", r)
	}
}

func TestStateParsesAndReportsTheEnd(t *testing.T) {
	o, _ := games.ResolveOptions(Game.Options(), nil)
	s, err := Game.ParseState("nine", o, "WWW/.../.../W..B../B../.../... b 0 0 0 50 w")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Terminal() || s.ToMove() != -1 || len(s.LegalMoves()) != 0 {
		t.Errorf("black with two pieces: terminal %v, to move %d", s.Terminal(), s.ToMove())
	}
	if r := s.Result(); r[0] != 1 || r[1] != 0 {
		t.Errorf("result %v, want white wins", r)
	}
	var pe *games.ParseError
	if _, err := Game.ParseState("nine", o, "nonsense"); !errors.As(err, &pe) {
		t.Errorf("bad text: %v", err)
	}
	var ve *games.UnknownVariantError
	if _, err := Game.NewState("thirteen", o); !errors.As(err, &ve) {
		t.Errorf("bad variant: %v", err)
	}
	s12, err := Game.NewState("twelve", o)
	if err != nil || s12.(*State).P.InHand(White) != 12 {
		t.Errorf("twelve: %v", err)
	}
}
