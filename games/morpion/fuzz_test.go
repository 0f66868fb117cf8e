package morpion

import (
	"testing"
)

// checkParsed holds any grid a parser accepts to the rules: it replays, and
// every format writes it back to the same grid.
func checkParsed(t *testing.T, v Variant, g *Grid) {
	b := g.Board() // panics on a move the rules refuse
	code := EncodeLayers(g)
	back, err := DecodeLayers(v, code)
	if err != nil {
		t.Fatalf("accepted grid's code %q does not decode: %v", code, err)
	}
	if back.Board().Hash() != b.Hash() || back.Score() != g.Score() {
		t.Fatalf("accepted grid changes through its layer code")
	}
	again, err := ParsePentasol(v, WritePentasol(g))
	if err != nil || again.Board().Hash() != b.Hash() {
		t.Fatalf("accepted grid does not round-trip through Pentasol: %v", err)
	}
}

func seedFixtures(f *testing.F, form Format) {
	for _, fx := range fixtureFiles {
		text := readFixture(f, fx.file)
		g, err := ParsePentasol(fx.variant, text)
		if err != nil {
			f.Fatal(err)
		}
		out, _ := Write(g, form)
		f.Add(out, fx.variant == D5)
	}
}

func FuzzPentasol(f *testing.F) {
	seedFixtures(f, FormatPentasol)
	f.Add("(28,28)\n(25,27) | +2\n", false)
	f.Add("(3,3)\n", true)
	f.Fuzz(func(t *testing.T, text string, d5 bool) {
		v := map[bool]Variant{false: T5, true: D5}[d5]
		if g, err := ParsePentasol(v, text); err == nil {
			checkParsed(t, v, g)
		}
	})
}

func FuzzJSON(f *testing.F) {
	seedFixtures(f, FormatJSON)
	f.Add(`{"moves":[]}`, false)
	f.Fuzz(func(t *testing.T, text string, d5 bool) {
		v := map[bool]Variant{false: T5, true: D5}[d5]
		if g, err := ParseJSON(v, text); err == nil {
			checkParsed(t, v, g)
		}
	})
}

func FuzzLayers(f *testing.F) {
	seedFixtures(f, FormatLayers)
	f.Add("Flxbd2BbBV6Y", false)
	f.Add("", true)
	f.Fuzz(func(t *testing.T, text string, d5 bool) {
		v := map[bool]Variant{false: T5, true: D5}[d5]
		g, err := DecodeLayers(v, text)
		if err != nil {
			return
		}
		checkParsed(t, v, g)
		// A code is canonical: what decodes re-encodes to itself.
		if again := EncodeLayers(g); again != text {
			t.Fatalf("%q decodes to a grid whose code is %q", text, again)
		}
	})
}

// FuzzParseMove: a move the service's parser accepts prints as text that
// parses back to it, and playing it from the start either succeeds or is
// refused with a reason, never a panic.
func FuzzParseMove(f *testing.F) {
	f.Add("(25,27) | 2", false)
	f.Add("(28,28) - -2", true)
	f.Add("(3,3) /", false)
	f.Fuzz(func(t *testing.T, text string, d5 bool) {
		st, err := Game.NewState(map[bool]string{false: "5T", true: "5D"}[d5], nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := st.ParseMove(text)
		if err != nil {
			return
		}
		back, err := st.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%q parses to %v, which reads back as %v (%v)", text, m, back, err)
		}
		_ = st.Play(m)
	})
}

// FuzzParseOctagon: any text is refused with an error or read as an
// octagon that holds the cross and writes back to itself.
func FuzzParseOctagon(f *testing.F) {
	f.Add(RecordOctagon(T5).String())
	f.Add("9,12,9,12,9,12,9,12")
	f.Add("1,2,3")
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOctagon(s)
		if err != nil {
			return
		}
		for y := range 10 {
			for x := range 10 {
				if InCross(x, y) && !o.Contains(x, y) {
					t.Fatalf("%q: cross dot (%d,%d) outside", s, x, y)
				}
			}
		}
		if back, err := ParseOctagon(o.String()); err != nil || back != o {
			t.Fatalf("%q: round trip %v, %v", s, back, err)
		}
	})
}
