package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
)

func TestMatchMorris(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.txt")
	text, code := run(t, "", "match", "morris", "--a", "alphabeta:strategy=ga-2019-best,depth=2", "--b", "random",
		"--games", "6", "--threads", "2", "--seed", "5", "--quiet", "--out", out)
	if code != 0 || !strings.Contains(text, "of 6: score") || !strings.Contains(text, "as white") {
		t.Fatalf("match: %d %q", code, text)
	}
	// Depth-2 alpha-beta against random moves: all six won.
	if !strings.Contains(text, "A +6 =0 -0 of 6") {
		t.Errorf("alpha-beta did not beat random play every time: %s", text)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	recs := strings.Split(strings.TrimSpace(string(b)), "\n\n[")
	if len(recs) != 6 {
		t.Fatalf("%d records, want 6", len(recs))
	}
	for i, r := range recs {
		if i > 0 {
			r = "[" + r
		}
		rec, err := morris.ParseGameRecord(r)
		if err != nil {
			t.Fatalf("record %d: %v", i+1, err)
		}
		p, err := rec.Replay()
		if err != nil || !p.Outcome().Over && !strings.Contains(rec.Tags["Termination"], "plies") {
			t.Errorf("record %d replays to an unfinished game: %v", i+1, err)
		}
	}
	// Same seed, same games, whatever the threads.
	run(t, "", "match", "morris", "--a", "alphabeta:strategy=ga-2019-best,depth=2", "--b", "random",
		"--games", "6", "--threads", "1", "--seed", "5", "--quiet", "--out", out+"2")
	b2, _ := os.ReadFile(out + "2")
	if string(b2) != string(b) {
		t.Error("one seed gave different games on 1 and 2 threads")
	}
	coef := "alphabeta:coefficients=10,10,2,6,9,25,6,15,17,8,21,28,48,3,5779,23,27,31,5949,depth=2"
	if text, code := run(t, "", "match", "morris", "--a", coef, "--b", "random", "--games", "2", "--quiet"); code != 0 || !strings.Contains(text, "A +2") {
		t.Errorf("explicit coefficients: %d %q", code, text)
	}
	for _, bad := range [][]string{
		{"--a", "chess"}, {"--a", "alphabeta:depth"}, {"--a", "alphabeta:colour=red"}, {"--a", "alphabeta:strategy=ga-2019-best"},
		{"--rules", "flying=maybe"}, {"--variant", "thirteen"}, {"--games", "0"},
	} {
		if text, code := run(t, "", append([]string{"match", "morris", "--games", "2", "--depth", "1"}, bad...)...); code == 0 {
			if bad[1] != "alphabeta:strategy=ga-2019-best" {
				t.Errorf("%v accepted: %s", bad, text)
			}
		}
	}
	if _, code := run(t, "", "match", "morris", "--a", "alphabeta:strategy=ga-2019-best", "--games", "2"); code == 0 {
		t.Error("alphabeta with no depth, nodes or time was accepted")
	}
}

func TestBotMorris(t *testing.T) {
	text, code := run(t, "uci\nisready\nposition startpos moves d6 d2 b6 f2 f6\ngo depth 2\nquit\n", "bot", "morris")
	if code != 0 || !strings.Contains(text, "uciok") || !strings.Contains(text, "readyok") {
		t.Fatalf("bot: %d %q", code, text)
	}
	if !strings.Contains(text, "bestmove xd2") && !strings.Contains(text, "bestmove xf2") {
		t.Errorf("pending removal: %q", text)
	}
	if _, code := run(t, "", "bot", "chess"); code == 0 {
		t.Error("bot chess accepted")
	}
}

// A database judges the games: each side's slips, and the games lost after
// one, in the summary.
func TestMatchJudgedByTheDatabase(t *testing.T) {
	dir := morrisdbtest.Dir(t)
	out, code := run(t, "", "match", "morris", "--a", "alphabeta:depth=2", "--b", "random", "--games", "2", "--threads", "1",
		"--judge-db", dir, "--quiet")
	if code != 0 || !regexp.MustCompile(`database: A gave up \d+ wins and \d+ draws, lost \d+ games after a slip; B gave up`).MatchString(out) {
		t.Errorf("%d %q", code, out)
	}
	if out, code := run(t, "", "match", "morris", "--games", "2", "--judge-db", t.TempDir()+"/none"); code == 0 || !strings.Contains(out, "--judge-db") {
		t.Errorf("a database that is not there: %d %q", code, out)
	}
}

// A program that fails its move (here: holds the game over at once, as
// Sanmill does at a repetition it counts differently) loses that game,
// and the match goes on, counting it.
func TestMatchGoesOnPastAProgramsFault(t *testing.T) {
	liar := filepath.Join(t.TempDir(), "liar")
	script := "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name liar'; echo uciok;;\n" +
		"    isready) echo readyok;;\n    go*) echo 'bestmove none';;\n    quit) exit 0;;\n  esac\ndone\n"
	if err := os.WriteFile(liar, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out, code := run(t, "", "match", "morris", "--a", "alphabeta:depth=1", "--b", "exe:"+liar+",movetime=100ms",
		"--games", "2", "--threads", "1", "--random-plies", "2")
	if code != 0 || !strings.Contains(out, "A +2 =0 -0 of 2") || !strings.Contains(out, "lost by a fault 2") ||
		!strings.Contains(out, "1-0 (black lost by a fault:") || !strings.Contains(out, "answered bestmove none") {
		t.Errorf("%d %q", code, out)
	}
}
