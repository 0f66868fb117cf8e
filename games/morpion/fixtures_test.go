package morpion

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is a record grid from testdata/ (a copy of ../shared/fixtures/morpion).
type fixture struct {
	file    string
	variant Variant
	moves   int
	layers  string // the spec's move-layer test vector, when it gives one
}

var fixtureFiles = []fixture{
	{"5T-178.psol", T5, 178, ""},
	{"5T-170-bruneau.psol", T5, 170, "LExADeKLwSlCPJRV1L1BHVWXa7d/2tfqyjrn9Zv7/17p3///Q"},
	{"5D-82.psol", D5, 82, "LG4VXOFJjGWQMXhsY7aRf+/97Y"},
	{"5T-168-gameai-nrpa.psol", T5, 168, ""},
	{"5T-172-gameai-nrpa.psol", T5, 172, ""},
	{"5T-171-gameai-nrpa-octagon.psol", T5, 171, "IiAjf2jwkjBL84KUJfVtU+dir73vlXbypl11ddL6X3++sn87/g"},
	{"5T-177-gameai-nrpa-level5.psol", T5, 177, "IiAjf2jokjBL84SUJaV1eueT5fz/6zb6R43q87e2rX72Xr/f96"},
}

func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return string(b)
}

func TestFixturesImportAsFinishedGames(t *testing.T) {
	for _, f := range fixtureFiles {
		text := readFixture(t, f.file)
		g, err := ParsePentasol(f.variant, text)
		if err != nil {
			t.Fatalf("%s: %v", f.file, err)
		}
		if g.Score() != f.moves || !g.Finished() {
			t.Errorf("%s: %d moves, finished %v; want %d moves, finished", f.file, g.Score(), g.Finished(), f.moves)
		}
		// The files differ only in writing positive offsets with or
		// without '+'; the export writes none.
		if out := WritePentasol(g); out != strings.ReplaceAll(text, "+", "") {
			t.Errorf("%s: Pentasol export differs from the file:\n%s", f.file, out)
		}
	}
}
