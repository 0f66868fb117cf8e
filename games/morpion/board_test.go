package morpion

import "testing"

func TestStartHas28LegalMoves(t *testing.T) {
	for _, v := range []Variant{T5, D5} {
		b := NewBoard(v)
		if n := b.NumLegal(); n != 28 {
			t.Errorf("%v: %d legal moves at the start, want 28", v, n)
		}
		dots := 0
		for p := range Point(Size * Size) {
			if b.HasDot(p) {
				dots++
			}
		}
		if dots != 36 {
			t.Errorf("%v: %d dots at the start, want 36", v, dots)
		}
	}
}

func TestTrackRoundTrip(t *testing.T) {
	for d := range Dir(4) {
		for Y := range Size {
			for X := range Size {
				tr, i := trackOf(d, X, Y)
				if got := pointOn(d, tr, i); got != Point(Y*Size+X) {
					t.Fatalf("%v (%d,%d): track %d pos %d gives back %v", d, X, Y, tr, i, got)
				}
			}
		}
	}
}
