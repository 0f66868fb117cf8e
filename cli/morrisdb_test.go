package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
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

// judge reads a file of records and says, game by game, White's outcome
// at --from and each move that lowered its mover's, as morrisdb.Mistakes
// finds them; --rounds picks games, and bad input is named.
func TestMorrisDBJudge(t *testing.T) {
	dir := morrisdbtest.Dir(t)
	db := morrisdbtest.Open(t)
	const start = "WW./.../.../....../.../.../BB. w 1 1 0 4 -"
	p, err := morris.ParsePosition(morris.StandardRules, start)
	if err != nil {
		t.Fatal(err)
	}
	var file strings.Builder
	var want []string
	for round := 1; round <= 2; round++ {
		q := p.Clone()
		rec := &morris.GameRecord{Tags: map[string]string{"Round": strconv.Itoa(round), "Start": start, "White": "w", "Black": "b"}}
		for len(rec.Moves) < 12 && !q.Outcome().Over {
			ms := q.GenMoves(nil)
			m := ms[(round*7+len(rec.Moves))%len(ms)]
			q.Make(m)
			rec.Moves = append(rec.Moves, m)
		}
		file.WriteString(rec.String() + "\n")
		first, mistakes, err := morrisdb.NewOpening(db, 16).Mistakes(t.Context(), p, rec.Moves, 1)
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("round %d: w (white) against b (black), *: at ply 1 %s for White", round, outcomeWord(first))
		for _, m := range mistakes {
			line += "; " + m.String()
		}
		if len(mistakes) == 0 {
			line += "; no move lowered its mover's outcome"
		}
		want = append(want, line)
	}
	games := filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(games, []byte(file.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := run(t, "", "morris", "db", "judge", "--dir", dir, "--games", games, "--from", "1", "--table-bits", "16")
	if code != 0 || out != want[0]+"\n"+want[1]+"\n" {
		t.Errorf("judge: %d\n%s\nwant\n%s\n%s", code, out, want[0], want[1])
	}
	out, code = run(t, "", "morris", "db", "judge", "--dir", dir, "--games", games, "--from", "1", "--rounds", "2")
	if code != 0 || out != want[1]+"\n" {
		t.Errorf("judge --rounds 2: %d %q", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte(file.String()+"[Round \"3\"]\n\n1. d6 d6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for args, why := range map[string]string{
		"--games " + bad:                 "record 3: move 2",
		"":                               "--games FILE is required",
		"--games " + games + " --from 0": "--from: a ply",
	} {
		out, code := run(t, "", append([]string{"morris", "db", "judge", "--dir", dir}, strings.Fields(args)...)...)
		if code == 0 || !strings.Contains(out, why) {
			t.Errorf("judge %s: %d %q, want %q", args, code, out, why)
		}
	}
}
