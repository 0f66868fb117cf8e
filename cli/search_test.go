package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameai/ai/morpionai"
	"gameai/games/morpion"
)

// TestSearchStateCountsRuns: state.json keeps the NRPA runs a search
// began (level-1 runs of ten playouts in a budget of 35: four), and a
// resumed search goes on counting from them, as it does the bests of the
// runs that ended.
func TestSearchStateCountsRuns(t *testing.T) {
	dir := t.TempDir()
	args := []string{"morpion", "search", "--variant", "5D", "--level", "1", "--iterations", "10", "--threads", "1",
		"--seed", "2", "--quiet", "--out", dir}
	out, code := run(t, "", append(args, "--playouts", "35")...)
	if code != 0 {
		t.Fatalf("search: %d %q", code, out)
	}
	var st searchState
	readJSON(t, filepath.Join(dir, stateFile), &st)
	if st.RunsBegun != 4 {
		t.Fatalf("state: %d runs begun in 35 playouts of 10-playout runs, want 4", st.RunsBegun)
	}
	if want := "runs that ended, by their best: " + runBestsLine(st.RunBests) + " (of 4 begun)\n"; len(st.RunBests) == 0 ||
		!strings.HasSuffix(out, want) {
		t.Errorf("search printed %q, want it to end with %q", out, want)
	}
	if out, code := run(t, "", "morpion", "search", "--resume", dir, "--playouts", "35", "--quiet"); code != 0 {
		t.Fatalf("resume: %d %q", code, out)
	}
	readJSON(t, filepath.Join(dir, stateFile), &st)
	if st.RunsBegun != 8 {
		t.Errorf("state after resume: %d runs begun, want 8 (4 and 4)", st.RunsBegun)
	}
	var ended int64
	for _, b := range st.RunBests {
		ended += b.Runs
	}
	if ended != 6 {
		t.Errorf("state after resume: run bests %v count %d runs, want 6 (the three that ended of each four)", st.RunBests, ended)
	}
	// runs.jsonl: the six, in the order they ended, each a 10-playout run
	// whose grid is its score.
	text, err := os.ReadFile(filepath.Join(dir, runsFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) != 6 {
		t.Fatalf("runs.jsonl has %d lines, want 6:\n%s", len(lines), text)
	}
	var last int64
	for i, line := range lines {
		var rec morpionai.RunRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		g, err := morpion.DecodeLayers(morpion.D5, rec.Layers)
		if err != nil || g.Score() != rec.Score || rec.Playouts != 10 || rec.FoundAt < 1 || rec.FoundAt > 10 ||
			rec.EndedAt <= last || (i < 3) != (rec.EndedAt <= 35) {
			t.Errorf("line %d: %+v (grid %v)", i+1, rec, err)
		}
		last = rec.EndedAt
	}
}

func TestRunBestsLine(t *testing.T) {
	if got := runBestsLine([]morpionai.RunBest{{Score: 171, Runs: 1}, {Score: 168, Runs: 5}}); got != "171 ×1 · 168 ×5" {
		t.Errorf("runBestsLine = %q", got)
	}
}

func TestMorpionSearchWritesAndResumes(t *testing.T) {
	dir := t.TempDir()
	out, code := run(t, "", "morpion", "search", "--variant", "5D", "--algo", "dna", "--playouts", "3000",
		"--threads", "1", "--seed", "4", "--quiet", "--out", dir)
	if code != 0 || !strings.Contains(out, "budget spent") {
		t.Fatalf("search: %d %q", code, out)
	}
	var st searchState
	readJSON(t, filepath.Join(dir, stateFile), &st)
	if st.Runs != 1 || st.Playouts < 3000 || !st.Finished || st.BestScore < 50 {
		t.Fatalf("state after the first run: %+v", st)
	}
	// Every written form of the best grid is the same grid.
	layers := strings.TrimSpace(readFile(t, filepath.Join(dir, "best.layers")))
	for _, name := range []string{"best.psol", "best.json"} {
		g, err := morpion.Read(morpion.D5, morpion.FormatAuto, readFile(t, filepath.Join(dir, name)))
		if err != nil || morpion.EncodeLayers(g) != layers || g.Score() != st.BestScore {
			t.Errorf("%s: %v, not the best grid of %d", name, err, st.BestScore)
		}
	}
	if svg := readFile(t, filepath.Join(dir, "best.svg")); !strings.HasPrefix(svg, "<svg") {
		t.Errorf("best.svg starts %.30q", svg)
	}

	// The saved budget is spent: resuming needs a new one.
	if _, code := run(t, "", "morpion", "search", "--resume", dir, "--quiet"); code == 0 {
		t.Error("resume of a spent budget succeeded")
	}
	out, code = run(t, "", "morpion", "search", "--resume", dir, "--playouts", "2000", "--quiet")
	if code != 0 {
		t.Fatalf("resume: %d %q", code, out)
	}
	var again searchState
	readJSON(t, filepath.Join(dir, stateFile), &again)
	if again.Runs != 2 || again.Playouts < st.Playouts+2000 || again.BestScore < st.BestScore ||
		again.Params.Playouts != st.Playouts+2000 || again.Params.TimeMS != 0 || again.Params.Seed != st.Params.Seed {
		t.Errorf("state after resume: %+v (before %+v)", again, st)
	}

	if _, code := run(t, "", "morpion", "search", "--variant", "5T", "--playouts", "10"); code == 0 {
		t.Error("search without --out succeeded")
	}
	// Bad parameters are reported under the flags' names, not the API's.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--algo", "beam", "--playouts", "10"}, "--algo: \"beam\": want nrpa"},
		{[]string{"--time", "-1s"}, "--time: must not be negative"},
		{[]string{"--playouts", "-3"}, "--playouts: must not be negative"},
		{[]string{"--level", "0"}, "a budget is needed: --time, --playouts"},
		{[]string{"--threads", "0", "--playouts", "10"}, "--threads: must be at least 1"},
		{[]string{"--level", "9", "--playouts", "10"}, "--level: must be 1..6"},
		{[]string{"--top-patience", "-2", "--playouts", "10"}, "--top-patience: must be 0..10000"},
		{[]string{"--octagon", "9,9", "--playouts", "10"}, "--octagon: octagon \"9,9\": want 8 comma-separated sides"},
	} {
		args := append([]string{"morpion", "search", "--out", t.TempDir()}, c.args...)
		if out, code := run(t, "", args...); code == 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: %d %q, want %q", c.args, code, out, c.want)
		}
	}
}

// An interrupted search resumes for the rest of its budget as often as it
// is interrupted, and keeps the bounds it was given: a playout budget does
// not grow a time limit, nor a time limit a playout budget.
func TestMorpionSearchResumesTwice(t *testing.T) {
	dir := t.TempDir()
	if out, code := run(t, "", "morpion", "search", "--variant", "5D", "--algo", "dna", "--playouts", "2000",
		"--threads", "1", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("search: %d %q", code, out)
	}
	// Pretend each run was cut short of a larger budget.
	for i := range 2 {
		var st searchState
		readJSON(t, filepath.Join(dir, stateFile), &st)
		st.Finished = false
		st.Params.Playouts = st.Playouts + 1000
		b, _ := json.Marshal(st)
		if err := os.WriteFile(filepath.Join(dir, stateFile), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, code := run(t, "", "morpion", "search", "--resume", dir, "--quiet"); code != 0 {
			t.Fatalf("resume %d: %d %q", i+1, code, out)
		}
		var after searchState
		readJSON(t, filepath.Join(dir, stateFile), &after)
		if !after.Finished || after.Playouts < st.Playouts+1000 || after.Params.Playouts != st.Params.Playouts ||
			after.Params.TimeMS != 0 || after.Runs != st.Runs+1 {
			t.Fatalf("resume %d: %+v (before %+v)", i+1, after, st)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(readFile(t, path)), v); err != nil {
		t.Fatal(err)
	}
}

// NRPA's settings left out are the budget's row, recorded in the state;
// a flag given is kept, and --budget-defaults=false keeps them all as
// their own defaults.
func TestMorpionSearchTakesTheBudgetsRow(t *testing.T) {
	search := func(extra ...string) searchState {
		dir := t.TempDir()
		args := append([]string{"morpion", "search", "--variant", "5T", "--algo", "nrpa", "--playouts", "3000",
			"--threads", "1", "--level", "1", "--quiet", "--out", dir}, extra...)
		if out, code := run(t, "", args...); code != 0 {
			t.Fatalf("search %v: %d %q", extra, code, out)
		}
		var st searchState
		readJSON(t, filepath.Join(dir, stateFile), &st)
		return st
	}
	row := morpionai.PresetFor("5T", 0, 3000, 1)
	p := search().Params
	if p.Level != 1 || p.Patience != row.Patience || p.Layers != row.Layers || p.Extend != row.Extend || p.Octagon != row.Octagon {
		t.Errorf("params %+v, want level 1 as given and the rest from the row %+v", p, row)
	}
	if !strings.Contains(p.Preset, "the 10s row") || strings.Contains(p.Preset, "level") {
		t.Errorf("preset %q: want the 10 s row, naming what it set and not the level given", p.Preset)
	}
	p = search("--patience", "7", "--octagon", "").Params
	if p.Patience != 7 || p.Octagon != "" || strings.Contains(p.Preset, "patience") || strings.Contains(p.Preset, "octagon") {
		t.Errorf("params %+v: want patience 7 and the whole plane, as given", p)
	}
	p = search("--top-patience", "5").Params
	if p.TopPatience != 5 || p.Patience != row.Patience {
		t.Errorf("params %+v: want top patience 5 as given beside the row's patience", p)
	}
	p = search("--budget-defaults=false").Params
	if p.Preset != "" || p.Patience != 0 || p.Layers || p.Extend || p.Octagon != "" {
		t.Errorf("params %+v: want every setting its own default", p)
	}
}

// Every setting of the table is a flag of morpion search, and every flag
// of it that is not the search's frame (variant, algorithm, budget,
// threads, seed, files) is a setting.
func TestMorpionSearchFlagsAreTheSettings(t *testing.T) {
	out, _ := run(t, "", "morpion", "search", "--help")
	flags := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "--"); ok {
			flags[strings.Fields(name)[0]] = true
		}
	}
	for _, frame := range []string{"variant", "algo", "time", "playouts", "threads", "seed", "out", "resume", "start", "quiet", "budget-defaults"} {
		if !flags[frame] {
			t.Errorf("no --%s", frame)
		}
		delete(flags, frame)
	}
	for _, s := range morpionai.Settings {
		if !flags[morpionai.SettingFlag(s.Name)] {
			t.Errorf("the setting %s is no flag", s.Name)
		}
		delete(flags, morpionai.SettingFlag(s.Name))
	}
	for f := range flags {
		t.Errorf("--%s is neither a setting nor the search's frame", f)
	}
}

// The progress line says how many nested runs a search began, and says
// nothing of them for a search that has none (the DNA search).
func TestProgressLineCountsRuns(t *testing.T) {
	total := morpionai.Params{Playouts: 1000}
	if line := progressLine(total, morpionai.Progress{Playouts: 500, RunsBegun: 9, BestScore: 120}); !strings.Contains(line, " 50%") ||
		!strings.Contains(line, "9 runs begun") || !strings.Contains(line, "best 120") {
		t.Errorf("progress line %q: want 50%%, 9 runs begun and best 120", line)
	}
	if line := progressLine(total, morpionai.Progress{Playouts: 500}); strings.Contains(line, "runs") {
		t.Errorf("a search without runs: progress line %q speaks of runs", line)
	}
}

// TestRunsLogIsBounded: a search of level-1 runs (ten playouts each) ends
// thousands of runs; the log stops at its bound, says so once, and the
// search goes on to its budget.
func TestRunsLogIsBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), runsFile)
	const limit = 4000
	if err := os.WriteFile(path, []byte(strings.Repeat("x", limit-1000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := morpionai.Params{Variant: "5D", Algorithm: "nrpa", Level: 1, Iterations: 10, Threads: 1, Seed: 1, Playouts: 20000}
	if err := p.Check(1); err != nil {
		t.Fatal(err)
	}
	run := morpionai.NewRun(p, nil, morpionai.Progress{})
	var stderr strings.Builder
	closeLog, err := logRuns(run, path, limit, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	run.Search(t.Context())
	closeLog()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > limit || info.Size() < limit-400 {
		t.Errorf("runs.jsonl grew to %v bytes; its bound is %d", info.Size(), limit)
	}
	if n := strings.Count(stderr.String(), "later runs are counted"); n != 1 || run.Progress().Playouts != 20000 {
		t.Errorf("stderr %q says the bound %d times; the search played %d of 20000", stderr.String(), n, run.Progress().Playouts)
	}
}
