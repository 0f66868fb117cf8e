package morpion

import (
	"errors"
	"strings"
	"testing"
)

func TestEveryFormatRoundTrips(t *testing.T) {
	for _, f := range fixtureFiles {
		g, err := ParsePentasol(f.variant, readFixture(t, f.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, form := range []Format{FormatPentasol, FormatJSON, FormatLayers} {
			text, err := Write(g, form)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Read(f.variant, FormatAuto, text)
			if err != nil {
				t.Fatalf("%s via %s: %v", f.file, form, err)
			}
			if back.Score() != g.Score() || back.Board().Hash() != g.Board().Hash() {
				t.Errorf("%s via %s: %d moves back, want the same %d", f.file, form, back.Score(), g.Score())
			}
			if form != FormatLayers { // the layer code keeps the grid, not the order
				for i := range g.Moves {
					if back.Moves[i] != g.Moves[i] {
						t.Fatalf("%s via %s: move %d changed", f.file, form, i+1)
					}
				}
			}
		}
	}
}

func TestJSONShape(t *testing.T) {
	g := AscendingDNA().Interpret(T5)
	j := ToJSON(g)
	if j.Variant != "5T" || j.Score != 35 || !j.Finished || len(j.Moves) != 35 {
		t.Fatalf("JSON = %+v", j)
	}
	m := j.Moves[0]
	l, _ := MakeLine(m.Start.X, m.Start.Y, must(ParseDir(m.Dir)))
	dot, _ := Pt(m.X, m.Y)
	if g.Moves[0].Line != l || g.Moves[0].Dot != dot {
		t.Errorf("first JSON move %+v is not %v", m, g.Moves[0])
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestValidationNamesTheMoveAndReason(t *testing.T) {
	cases := []struct {
		v          Variant
		text, want string
		n          int
	}{
		{T5, "(28,28)\n(25,27) | 2\n(25,27) | 2\n", "dot already there", 2},
		{T5, "(28,28)\n(20,20) - 0\n", "fewer than 4 dots", 1},
		{T5, "(28,28)\n(-10,-10) - 0\n", "outside the board", 1},
		// Two lines on column 0 of the cross sharing three segments.
		{T5, "(28,28)\n(25,27) | 2\n(25,32) | -2\n", "overlaps line 1", 2},
		{D5, "(28,28)\n(25,27) | 2\n(25,32) | -2\n", "overlaps line 1", 2},
		// Two lines on row 3 of the cross touching end to end: 5T allows it
		// (the next move is then the illegal one), 5D does not.
		{T5, "(28,28)\n(29,28) - -2\n(30,28) - 1\n(29,28) - 0\n", "dot already there", 3},
		{D5, "(28,28)\n(29,28) - -2\n(30,28) - 1\n", "overlaps line 1", 2},
	}
	for _, c := range cases {
		_, err := ParsePentasol(c.v, c.text)
		var me *MoveError
		if !errors.As(err, &me) || me.N != c.n || !strings.Contains(me.Reason, c.want) {
			t.Errorf("%v %q: %v, want move %d: %s", c.v, c.text, err, c.n, c.want)
		}
	}
}

func TestParseErrorsSayWhere(t *testing.T) {
	for _, c := range []struct {
		f    Format
		text string
		line int
	}{
		{FormatPentasol, "", 1},
		{FormatPentasol, "28,28\n", 1},
		{FormatPentasol, "(28,28)\n(25,27) | 9\n", 2},
		{FormatPentasol, "(28,28)\n(25,27) ? 1\n", 2},
		{FormatPentasol, "(28,28)\n(25,27 | 1\n", 2},
		{FormatJSON, "{\n\"moves\": [1]}", 2},
		{FormatJSON, "{\"moves\": [], \"extra\": 1}", 0},
		{FormatJSON, "{\"variant\": \"5D\", \"moves\": []}", 0},
		{FormatJSON, "{\"score\": 3, \"moves\": []}", 0},
		{FormatJSON, "{\"finished\": true, \"moves\": []}", 0},
	} {
		_, err := Read(T5, c.f, c.text)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != c.line || pe.Reason == "" {
			t.Errorf("%s %q: %v, want a parse error at line %d", c.f, c.text, err, c.line)
		}
	}
	// Auto-detection says how it read a text that fits no format.
	if _, err := Read(T5, FormatAuto, "garbage\n"); err == nil || !strings.Contains(err.Error(), "read as a layer code") {
		t.Errorf("auto on garbage: %v, want the layer code named", err)
	}
	_, err := ParseJSON(T5, `{"moves":[{"x":0,"y":0,"dir":"up","start":{"x":0,"y":0}}]}`)
	var me *MoveError
	if !errors.As(err, &me) || me.N != 1 {
		t.Errorf("bad direction: %v, want move 1 named", err)
	}
}

func TestPictures(t *testing.T) {
	g := AscendingDNA().Interpret(T5)
	svg := SVG(g, SVGOptions{Numbers: true})
	if n := strings.Count(svg, `class="cross"`); n != 36 {
		t.Errorf("SVG has %d cross dots, want 36", n)
	}
	if n := strings.Count(svg, `class="move"`); n != 35 {
		t.Errorf("SVG has %d move dots, want 35", n)
	}
	if !strings.Contains(svg, ">35</text>") || !strings.HasPrefix(svg, "<svg") {
		t.Error("SVG lacks move numbers or the svg element")
	}
	txt := Text(g)
	_, body, _ := strings.Cut(txt, "\n")
	if strings.Count(body, "X") != 36 || strings.Count(body, "o") != 35 {
		t.Errorf("text picture has %d o (want 35):\n%s", strings.Count(txt, "o"), txt)
	}
	start := Text(&Grid{Variant: T5})
	want := "5T, 0 moves\n" + strings.Join([]string{
		". . . X X X X . . .", "", ". . . X . . X . . .", "", ". . . X . . X . . .", "",
		"X X X X . . X X X X", "", "X . . . . . . . . X", "", "X . . . . . . . . X", "",
		"X X X X . . X X X X", "", ". . . X . . X . . .", "", ". . . X . . X . . .", "",
		". . . X X X X . . .",
	}, "\n") + "\n"
	if start != want {
		t.Errorf("start picture:\n%s\nwant:\n%s", start, want)
	}
}
