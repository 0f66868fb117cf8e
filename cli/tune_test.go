package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestTuneMorrisResumesExactly(t *testing.T) {
	dir := t.TempDir()
	small := []string{"--population", "12", "--refill", "18", "--elite", "2", "--selected", "4", "--depth", "1",
		"--opponents", "petcu-e32,random", "--quiet", "--seed", "3"}
	whole := filepath.Join(dir, "whole.json")
	out, code := run(t, "", append([]string{"tune", "morris", "--generations", "4", "--workers", "2", "--out", whole}, small...)...)
	if code != 0 || !strings.Contains(out, "after 4 generations") {
		t.Fatalf("tune: %d %q", code, out)
	}
	part := filepath.Join(dir, "part.json")
	if out, code := run(t, "", append([]string{"tune", "morris", "--generations", "2", "--workers", "1", "--out", part}, small...)...); code != 0 {
		t.Fatalf("first half: %q", out)
	}
	if out, code := run(t, "", "tune", "morris", "--resume", part, "--generations", "4", "--workers", "3", "--quiet"); code != 0 {
		t.Fatalf("resume: %q", out)
	}
	var a, b tuneFile
	readJSON(t, whole, &a)
	readJSON(t, part, &b)
	ja, _ := json.Marshal(a.Best)
	jb, _ := json.Marshal(b.Best)
	if string(ja) != string(jb) || len(a.History) != 5 || len(b.History) != 5 {
		t.Errorf("whole run's best %s, resumed run's %s (history %d, %d)", ja, jb, len(a.History), len(b.History))
	}
	if a.Checkpoint.Games != b.Checkpoint.Games || a.Checkpoint.Games == 0 {
		t.Errorf("games %d and %d", a.Checkpoint.Games, b.Checkpoint.Games)
	}
	for _, bad := range [][]string{{"--depth", "0"}, {"--opponents", "nobody"}, {"--elite", "50"}, {"--generations", "-1"}} {
		args := append([]string{"tune", "morris", "--generations", "1", "--out", filepath.Join(dir, "x.json")}, small...)
		if _, code := run(t, "", append(args, bad...)...); code == 0 {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, code := run(t, "", "tune", "morris", "--generations", "1"); code == 0 {
		t.Error("no --out accepted")
	}
}

func TestResolveOpponents(t *testing.T) {
	o, err := resolveOpponents("default", 1)
	if err != nil || len(o) != 8 || o[0].Name != "petcu-e32" {
		t.Fatalf("default: %v %v", o, err)
	}
	o, err = resolveOpponents("petcu-e34,mine=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,random", 1)
	if err != nil || len(o) != 3 || o[1].Name != "mine" || o[1].Coef[18] != 19 || !strings.HasPrefix(o[2].Name, "random") {
		t.Fatalf("mixed: %v %v", o, err)
	}
	if _, err := resolveOpponents("mine=1,2,3", 1); err == nil {
		t.Error("a short vector was accepted")
	}
}

func TestTuneScoresStrategies(t *testing.T) {
	out, code := run(t, "", "tune", "morris", "--score", "ga-2019-best,petcu-e32", "--opponents", "random:3", "--depth", "1", "--seed", "2")
	if code != 0 || !strings.Contains(out, "3 opponents") || !strings.Contains(out, "ga-2019-best") || !strings.Contains(out, "in 6 games") {
		t.Errorf("score: %d %q", code, out)
	}
	if _, code := run(t, "", "tune", "morris", "--score", "ga-2019-best", "--opponents", "random:0"); code == 0 {
		t.Error("random:0 accepted")
	}
}
