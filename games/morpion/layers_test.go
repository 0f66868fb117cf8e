package morpion

import (
	"math/big"
	"testing"
)

func TestAscendingDNAPlays35(t *testing.T) {
	for _, v := range []Variant{T5, D5} {
		g := AscendingDNA().Interpret(v)
		if g.Score() != 35 || !g.Finished() {
			t.Errorf("%v: ascending DNA gives %d moves (finished %v), want 35", v, g.Score(), g.Finished())
		}
		if code := EncodeLayers(g); code != "Flxbd2BbBV6Y" {
			t.Errorf("%v: layer code of the ascending game = %q, want Flxbd2BbBV6Y", v, code)
		}
	}
}

func TestLayerCodeVectors(t *testing.T) {
	for _, f := range fixtureFiles {
		g, err := ParsePentasol(f.variant, readFixture(t, f.file))
		if err != nil {
			t.Fatal(err)
		}
		code := EncodeLayers(g)
		if f.layers != "" && code != f.layers {
			t.Errorf("%s: code %q, want %q", f.file, code, f.layers)
		}
		back, err := DecodeLayers(f.variant, code)
		if err != nil {
			t.Fatalf("%s: decoding %q: %v", f.file, code, err)
		}
		if back.Score() != g.Score() || back.Board().Hash() != g.Board().Hash() || !back.Finished() {
			t.Errorf("%s: decoded %d moves, want the same grid of %d", f.file, back.Score(), g.Score())
		}
		if again := EncodeLayers(back); again != code {
			t.Errorf("%s: re-encoding gives %q, want %q", f.file, again, code)
		}
	}
	if got := len("LExADeKLwSlCPJRV1L1BHVWXa7d/2tfqyjrn9Zv7/17p3///Q"); got*6 < 290 || got*6 >= 296 {
		t.Errorf("the Bruneau vector holds %d bits, the spec says 290", got*6)
	}
}

func TestDecodeSpecVectors(t *testing.T) {
	for _, c := range []struct {
		v     Variant
		code  string
		moves int
	}{
		{T5, "Flxbd2BbBV6Y", 35},
		{D5, "Flxbd2BbBV6Y", 35},
		{T5, "LExADeKLwSlCPJRV1L1BHVWXa7d/2tfqyjrn9Zv7/17p3///Q", 170},
		{D5, "LG4VXOFJjGWQMXhsY7aRf+/97Y", 82},
	} {
		g, err := DecodeLayers(c.v, c.code)
		if err != nil {
			t.Fatalf("%v %s: %v", c.v, c.code, err)
		}
		if g.Score() != c.moves || !g.Finished() {
			t.Errorf("%v %s: %d moves, want %d finished", c.v, c.code, g.Score(), c.moves)
		}
	}
}

func TestDecodeRejectsCorruptCodes(t *testing.T) {
	for _, code := range []string{
		"Flxbd2BbBV6",   // ends inside a layer
		"Flxbd2BbBV6YA", // a whole character after the end
		"Flxbd2BbBV6Z",  // non-zero padding
		"Flxbd2B*BV6Y",  // not in the alphabet
	} {
		if g, err := DecodeLayers(T5, code); err == nil {
			t.Errorf("%q decoded to %d moves, want an error", code, g.Score())
		}
	}
}

func TestLayerAnalysis(t *testing.T) {
	g := AscendingDNA().Interpret(T5)
	st := AnalyzeLayers(g)
	total := 0
	want := big.NewInt(1)
	for _, s := range st.Sizes {
		total += s
		want.Mul(want, new(big.Int).MulRange(1, int64(s)))
	}
	if total != 35 || st.Orders.Cmp(want) != 0 || st.Sizes[0] < 1 {
		t.Errorf("layers %v (orders %v), want 35 moves and the product of factorials", st.Sizes, st.Orders)
	}
	// The first layer holds the moves legal at the start: at most 28.
	if st.Sizes[0] > 28 {
		t.Errorf("first layer %d > 28", st.Sizes[0])
	}
}

func TestExhibitionReplaysTheGrid(t *testing.T) {
	r := NewRand(5)
	for _, f := range fixtureFiles {
		g, err := ParsePentasol(f.variant, readFixture(t, f.file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Exhibit(g, r)
		if err != nil {
			t.Fatal(err)
		}
		back := d.Interpret(f.variant)
		if back.Score() != g.Score() {
			t.Fatalf("%s: exhibition interprets to %d moves, want %d", f.file, back.Score(), g.Score())
		}
		for i := range g.Moves {
			if back.Moves[i] != g.Moves[i] {
				t.Fatalf("%s: move %d differs: %v, want %v", f.file, i+1, back.Moves[i], g.Moves[i])
			}
		}
		// Black-listing keeps most of the grid: the new game shares lines.
		d.Blacklist(g, 3, r)
		mod := d.Interpret(f.variant)
		shared := 0
		in := map[Line]bool{}
		for _, m := range g.Moves {
			in[m.Line] = true
		}
		for _, m := range mod.Moves {
			if in[m.Line] {
				shared++
			}
		}
		if shared < g.Score()/3 {
			t.Errorf("%s: after black-listing 3 lines only %d of %d lines remain", f.file, shared, g.Score())
		}
	}
}
