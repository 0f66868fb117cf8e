package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A build prints each space's counts, goes on where it stopped (a space
// whose file is there is not solved again), and stats reads them back.
func TestMorrisDBBuildAndStats(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"build --up-to 3-3", "--dir DIR is required"},
		{"build --dir D --up-to 2-3", "each side needs 3 to 9 pieces"},
		{"build --dir D --up-to 33", "want W-B"},
		{"stats --dir D", "no space is built"},
		{"check --dir D", "no space is built"},
		{"check --dir D --samples 0", "--samples: at least 1"},
	} {
		args := strings.Fields(strings.ReplaceAll(c.args, " D", " "+t.TempDir()))
		out, code := run(t, "", append([]string{"morris", "db"}, args...)...)
		if code == 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: %d %q, want an error saying %q", c.args, code, out, c.want)
		}
	}
	if raceOn {
		t.Skip("a build under the race detector takes a minute; ai/morrisdb checks its one concurrent pass")
	}
	dir := t.TempDir()
	out, code := run(t, "", "morris", "db", "build", "--dir", dir, "--up-to", "3-3", "--quiet")
	if code != 0 || !strings.Contains(out, "3-3 win 2232160 draw 4112 loss 455648") || !strings.Contains(out, "up to 3-3 built") {
		t.Fatalf("build: %d %q", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "3-3.mdb")); err != nil {
		t.Fatal(err)
	}
	out, code = run(t, "", "morris", "db", "build", "--dir", dir, "--up-to", "3-3", "--quiet")
	if code != 0 || !strings.Contains(out, "already built") {
		t.Errorf("build again: %d %q", code, out)
	}
	out, code = run(t, "", "morris", "db", "stats", "--dir", dir)
	if code != 0 || !strings.HasPrefix(out, "3-3 win 2232160 draw 4112 loss 455648 longest win 25 loss 26") {
		t.Errorf("stats: %d %q", code, out)
	}
	out, code = run(t, "", "morris", "db", "check", "--dir", dir, "--samples", "500")
	if code != 0 || !strings.HasPrefix(out, "3-3: 500 placements agree with their moves; its files' SHA-256 is its build's") {
		t.Errorf("check: %d %q", code, out)
	}
	out, code = run(t, "", "morris", "db", "check", "--dir", dir, "--space", "4-3")
	if code == 0 || !strings.Contains(out, "4-3 is not built") {
		t.Errorf("check of an unbuilt space: %d %q", code, out)
	}
}

// classes prints every space 3-3 to 9-9 with its classes under the
// board's symmetries and its file's cells, and the totals.
func TestMorrisDBClasses(t *testing.T) {
	text, code := run(t, "", "morris", "db", "classes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, text)
	}
	for _, want := range []string{"3-3  2691920  169626  210140  15.87  19.3%\n", "9-9  6544057520  409106740  414814400  16.00  1.4%\n",
		"3-3 to 9-9: 142430121724 placements, 8904593601 classes, 9193626407 cells (9.19 GB)",
		"largest pair {7-8, 8-7}: 1075686040 cells (1.08 GB of files, 3.23 GB to solve at three bytes a cell)"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "\n"); n != 1+49+3 {
		t.Errorf("%d lines, want a header, 49 spaces and 3 totals", n)
	}
}

// The start's search asks for every space before it begins.
func TestMorrisDBStartNeedsEverySpace(t *testing.T) {
	dir := t.TempDir()
	out, code := run(t, "", "morris", "db", "start", "--dir", dir, "--time", "1s")
	if code == 0 || !strings.Contains(out, "lacks 49 of them (3-3 first)") {
		t.Errorf("start on an empty directory: %d %q", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "start.json")); err == nil {
		t.Error("a state was written for a search that never began")
	}
}
