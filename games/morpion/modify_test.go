package morpion

import "testing"

func TestModifyWithoutBlacklistReplaysTheGrid(t *testing.T) {
	for _, f := range fixtures(t) {
		g := f.grid
		m := NewModifier(NewRand(1))
		b := NewBoard(g.Variant)
		m.Modify(b, g.Moves, nil)
		if got := GridOf(b); !sameMoves(got.Moves, g.Moves) {
			t.Errorf("%s: the exhibition of the grid replays %d moves, not the grid's %d", f.name, got.Score(), g.Score())
		}
	}
}

func TestModifyPlaysBlacklistedLinesLast(t *testing.T) {
	for _, f := range fixtures(t) {
		g := f.grid
		m := NewModifier(NewRand(7))
		for _, k := range []int{0, len(g.Moves) / 2, len(g.Moves) - 1} {
			b := NewBoard(g.Variant)
			m.Modify(b, g.Moves, []int{k})
			dropped := g.Moves[k].Line
			// Before the black-listed line is played (if ever), every other
			// move of the result came first: nothing else was legal then.
			h := b.History()
			for i, p := range h {
				if p.Line != dropped {
					continue
				}
				replay := NewBoard(g.Variant)
				for _, q := range h[:i] {
					replay.Play(q.Line)
				}
				if replay.NumLegal() != 1 {
					t.Errorf("%s: black-listed move %d played with %d moves legal", f.name, k+1, replay.NumLegal())
				}
			}
			if b.NumLegal() != 0 {
				t.Errorf("%s: candidate not finished", f.name)
			}
		}
	}
}

func TestModifyIsReproducible(t *testing.T) {
	g := fixtures(t)[0].grid
	run := func() []Played {
		m := NewModifier(NewRand(3))
		b := NewBoard(g.Variant)
		for range 5 {
			b.Reset(NewBoard(g.Variant))
			m.Modify(b, g.Moves, []int{1, 50, 100})
		}
		return append([]Played(nil), b.History()...)
	}
	if a, b := run(), run(); !sameMoves(a, b) {
		t.Error("one seed gave two candidates")
	}
}

func TestModifyFromNothingIsARandomDNA(t *testing.T) {
	m := NewModifier(NewRand(5))
	sum := 0
	const n = 2000
	for range n {
		b := NewBoard(T5)
		m.Modify(b, nil, nil)
		if b.NumLegal() != 0 || b.Score() < 20 {
			t.Fatalf("a random DNA gave an unfinished or short game of %d", b.Score())
		}
		sum += b.Score()
	}
	// Random DNAs play near-random games: far from the 35 of the ascending
	// DNA and from a record.
	if mean := float64(sum) / n; mean < 40 || mean > 80 {
		t.Errorf("mean length of random DNAs %.1f", mean)
	}
}

func sameMoves(a, b []Played) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

type namedGrid struct {
	name string
	grid *Grid
}

// fixtures reads the record grids of testdata/.
func fixtures(t *testing.T) []namedGrid {
	t.Helper()
	var out []namedGrid
	for _, f := range fixtureFiles {
		g, err := ParsePentasol(f.variant, readFixture(t, f.file))
		if err != nil {
			t.Fatalf("%s: %v", f.file, err)
		}
		out = append(out, namedGrid{f.file, g})
	}
	return out
}
