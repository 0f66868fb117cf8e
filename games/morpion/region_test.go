package morpion

import (
	"slices"
	"strings"
	"testing"
)

func TestRecordOctagonIsTheRecordsShape(t *testing.T) {
	for _, f := range []fixture{{file: "5T-178.psol", variant: T5}, {file: "5D-82.psol", variant: D5}} {
		g, err := ParsePentasol(f.variant, readFixture(t, f.file))
		if err != nil {
			t.Fatal(err)
		}
		o := RecordOctagon(f.variant)
		if got := OctagonOf(g); got != o {
			t.Errorf("octagon of %s %v, RecordOctagon %v", f.file, got, o)
		}
		b := NewBoardIn(f.variant, o)
		for i, m := range g.Moves {
			if !b.IsLegal(m.Line) {
				t.Fatalf("%s: move %d %v is not legal inside the record's octagon", f.file, i+1, m.Line)
			}
			b.Play(m.Line)
		}
		if b.NumLegal() != 0 {
			t.Errorf("%s: %d moves left after the record inside its octagon, want 0", f.file, b.NumLegal())
		}
	}
}

func TestCrossOctagonHoldsTheCross(t *testing.T) {
	o := crossOctagon
	for y := -3; y < 13; y++ {
		for x := -3; x < 13; x++ {
			if InCross(x, y) && !o.Contains(x, y) {
				t.Errorf("cross dot (%d,%d) outside the cross's octagon", x, y)
			}
		}
	}
	if o.Contains(1, 1) || o.Contains(-1, 4) || !o.Contains(4, 4) {
		t.Error("the cross's octagon holds (1,1) or (-1,4), or not its centre")
	}
}

// TestRegionLegalIsTheWholePlanesInside plays random games inside
// octagons and checks at every step, and back through Undo and Reset, that
// the legal moves are exactly those of the whole plane whose five points
// are all inside.
func TestRegionLegalIsTheWholePlanesInside(t *testing.T) {
	regions := []Octagon{RecordOctagon(T5), RecordOctagon(D5), {11, 14, 11, 14, 11, 14, 11, 14}, {9, 12, 30, 12, 9, 40, 9, 12}}
	r := NewRand(3)
	for _, v := range []Variant{T5, D5} {
		for _, o := range regions {
			root := NewBoardIn(v, o)
			in, whole := NewBoardIn(v, o), NewBoard(v)
			lists := walkRandomGame(t, in, r, func() []Line {
				return slices.DeleteFunc(slices.Sorted(slices.Values(whole.Legal())), func(l Line) bool { return !lineInside(l, &o) })
			}, func(l Line) { whole.Play(l) })
			if in.Score() == 0 {
				t.Fatalf("%v %v: no move inside", v, o)
			}
			for i := len(lists) - 2; i >= 0; i-- {
				in.Undo()
				if got := slices.Sorted(slices.Values(in.Legal())); !slices.Equal(got, lists[i]) {
					t.Fatalf("%v %v: after undo to move %d legal %v, want %v", v, o, i, got, lists[i])
				}
			}
			for range 3 {
				in.Play(in.Legal()[0])
			}
			in.Reset(root)
			if got := slices.Sorted(slices.Values(in.Legal())); !slices.Equal(got, lists[0]) {
				t.Fatalf("%v %v: after Reset legal %v, want %v", v, o, got, lists[0])
			}
		}
	}
}

func TestFinishPlaysOnOutsideTheRegion(t *testing.T) {
	r := NewRand(5)
	small := Octagon{11, 14, 11, 14, 11, 14, 11, 14}
	grown := 0
	for range 20 {
		b := NewBoardIn(T5, small)
		b.RandomPlayout(r)
		g := GridOf(b)
		f := g.Finish(r, 50)
		if !f.Finished() || f.Score() < g.Score() || !slices.Equal(f.Moves[:g.Score()], g.Moves) {
			t.Fatalf("Finish of a %d-move grid: %d moves, finished %v, prefix kept %v",
				g.Score(), f.Score(), f.Finished(), slices.Equal(f.Moves[:min(g.Score(), f.Score())], g.Moves))
		}
		if f.Score() > g.Score() {
			grown++
		}
		if again := f.Finish(r, 50); again != f {
			t.Fatal("Finish of a finished grid is not the grid itself")
		}
	}
	if grown == 0 {
		t.Error("no grid of a small octagon had a move left outside it")
	}
}

func TestParseOctagon(t *testing.T) {
	o, err := ParseOctagon(" 13,14,17,36, 27,26,15,22")
	if err != nil || o != RecordOctagon(T5) {
		t.Fatalf("ParseOctagon = %v, %v", o, err)
	}
	if back, err := ParseOctagon(o.String()); err != nil || back != o {
		t.Errorf("round trip of %v: %v, %v", o, back, err)
	}
	for _, c := range []struct{ in, want string }{
		{"13,14,17", "want 8 comma-separated sides"},
		{"13,14,17,36,27,26,15,x", "side ne: \"x\" is not an integer"},
		{"8,14,17,36,27,26,15,22", "side e: 8 is outside 9..53"},
		{"13,11,17,36,27,26,15,22", "side se: 11 is outside 12..106"},
		{"13,14,17,36,27,26,54,22", "side n: 54 is outside 9..53"},
	} {
		_, err := ParseOctagon(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseOctagon(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
}
