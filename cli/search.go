package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"gameai/ai/morpionai"
	"gameai/games/morpion"
)

// searchState is the file that --resume continues from.
type searchState struct {
	Params       morpionai.Params        `json:"params"`
	Runs         int                     `json:"runs"`
	Playouts     int64                   `json:"playouts"`
	ElapsedMS    int64                   `json:"elapsed_ms"`
	BestScore    int                     `json:"best_score"`
	BestLayers   string                  `json:"best_layers"`
	Improvements []morpionai.Improvement `json:"improvements"`
	RunsBegun    int64                   `json:"runs_begun,omitempty"`
	RunBests     []morpionai.RunBest     `json:"run_bests,omitempty"`
	Finished     bool                    `json:"finished"`
}

const stateFile = "state.json"

func morpionSearch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morpion search", "Hunts long Morpion games with NRPA, NMCS or the DNA search on several cores.\n"+
		"On finish or Ctrl-C it writes the best grid to --out as best.psol, best.layers, best.json and best.svg,\n"+
		"and state.json, which --resume DIR continues from (with the rest of the budget, or a new --time/--playouts);\n"+
		"runs.jsonl gets a line for each run that ends (its thread, best grid, playouts, when its best came).\n"+
		"NRPA's --level, --patience, --layers, --extend and --octagon left out are the ones measured best at the\n"+
		"budget nearest (by ratio) to the search's, --time or else --playouts at "+strconv.Itoa(morpionai.NominalRate)+" a second a thread (docs/strength.md):\n"+
		strings.TrimSuffix(morpionai.PresetHelp(), "\n"), stderr)
	variant := f.String("variant", "GAMEAI_MORPION_VARIANT", "5T", "5T or 5D")
	algo := f.String("algo", "GAMEAI_MORPION_ALGO", "nrpa", "nrpa, nmcs, dna or dna-pop")
	// The settings' help is the table's (morpionai.Settings); 0 and ""
	// are their defaults, chosen for the search where the table says so.
	h := morpionai.SettingHelp
	level := f.Int("level", "GAMEAI_MORPION_LEVEL", 0, h("level"))
	iters := f.Int("iterations", "GAMEAI_MORPION_ITERATIONS", 100, h("iterations"))
	alpha := f.Float("alpha", "GAMEAI_MORPION_ALPHA", 1, h("alpha"))
	stab := f.Int("stabilization", "GAMEAI_MORPION_STABILIZATION", 1, h("stabilization"))
	patience := f.Int("patience", "GAMEAI_MORPION_PATIENCE", 0, h("patience"))
	topPatience := f.Int(morpionai.SettingFlag("top_patience"), "GAMEAI_MORPION_TOP_PATIENCE", 0, h("top_patience"))
	layers := f.Bool("layers", "GAMEAI_MORPION_LAYERS", false, h("layers"))
	reps := f.Int("repetitions", "GAMEAI_MORPION_REPETITIONS", 0, h("repetitions"))
	extend := f.Bool("extend", "GAMEAI_MORPION_EXTEND", false, h("extend"))
	octagon := f.String("octagon", "GAMEAI_MORPION_OCTAGON", "", h("octagon"))
	k := f.Int("k", "GAMEAI_MORPION_K", 3, h("k"))
	pop := f.Int("population", "GAMEAI_MORPION_POPULATION", 0, h("population"))
	limit := f.Duration("time", "GAMEAI_MORPION_TIME", 0, "time budget, e.g. 30m")
	playouts := f.Int64("playouts", "GAMEAI_MORPION_PLAYOUTS", 0, "playout budget (interpretations for the DNA search)")
	threads := f.Int("threads", "GAMEAI_MORPION_THREADS", runtime.NumCPU(), "worker threads")
	seed := f.Uint64("seed", "GAMEAI_MORPION_SEED", 1, "seed: one thread and one seed give one result")
	out := f.String("out", "GAMEAI_MORPION_OUT", "", "directory for the best grid and the state file (required)")
	resume := f.String("resume", "GAMEAI_MORPION_RESUME", "", "continue the search saved in this directory")
	startFile := f.String("start", "GAMEAI_MORPION_START", "", "warm start from this grid file (any format)")
	quiet := f.Bool("quiet", "GAMEAI_MORPION_QUIET", false, "no progress line")
	byBudget := f.Bool("budget-defaults", "GAMEAI_MORPION_BUDGET_DEFAULTS", true,
		"NRPA: the settings left out are the budget's row (above); false: each setting's own default (Rosin's NRPA at level 3),\n"+
			"so that the flags given are the whole configuration (scripts/morpion-ab.sh)")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	// Check reads 0 threads as 1 (the API's omitted field); a flag of 0
	// is a mistake.
	if *threads < 1 {
		return errors.New("--threads: must be at least 1")
	}
	given := map[string]bool{}
	f.fs.Visit(func(fl *flagT) { given[fl.Name] = true })

	var st searchState
	var start *morpion.Grid
	if *resume != "" {
		if *out == "" {
			*out = *resume
		}
		p, st, start, err := resumeSearch(*resume, given, *limit, *playouts, *threads)
		if err != nil {
			return err
		}
		return runSearch(ctx, p, st, start, *out, *quiet, stdout, stderr)
	}
	if *out == "" {
		return errors.New("--out DIR is required")
	}
	p := morpionai.Params{Variant: *variant, Algorithm: *algo, Level: *level, Iterations: *iters, Alpha: *alpha,
		Stabilization: *stab, Patience: *patience, TopPatience: *topPatience, Layers: *layers, Repetitions: *reps, Extend: *extend, Octagon: *octagon, K: *k, Population: *pop, Threads: *threads, Seed: *seed, TimeMS: limit.Milliseconds(), Playouts: *playouts}
	if err := p.Check(256); err != nil {
		return searchFlagError(err)
	}
	if *byBudget {
		p.ApplyPreset(func(s string) bool { return given[s] })
	}
	if p.Preset != "" && !*quiet {
		fmt.Fprintf(stderr, "nrpa: %s; flags set by hand are kept\n", p.Preset)
	}
	if *startFile != "" {
		text, name, err := readInput([]string{*startFile})
		if err != nil {
			return err
		}
		v, _ := morpion.ParseVariant(p.Variant)
		if start, err = morpion.Read(v, morpion.FormatAuto, text); err != nil {
			return fmt.Errorf("--start %s: %w", name, err)
		}
	}
	st.Params = p
	return runSearch(ctx, p, st, start, *out, *quiet, stdout, stderr)
}

// resumeSearch reads the search saved in dir and what it goes on with:
// the rest of its budget (or the new one given), its threads (or those
// given), and a new seed.
func resumeSearch(dir string, given map[string]bool, limit time.Duration, playouts int64, threads int) (morpionai.Params, searchState, *morpion.Grid, error) {
	var st searchState
	fail := func(err error) (morpionai.Params, searchState, *morpion.Grid, error) {
		return morpionai.Params{}, st, nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, stateFile))
	if err != nil {
		return fail(fmt.Errorf("--resume: %w", err))
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return fail(fmt.Errorf("--resume: %s: %w", stateFile, err))
	}
	v, err := morpion.ParseVariant(st.Params.Variant)
	if err != nil {
		return fail(fmt.Errorf("--resume: %w", err))
	}
	var start *morpion.Grid
	if st.BestLayers != "" {
		if start, err = morpion.DecodeLayers(v, st.BestLayers); err != nil {
			return fail(fmt.Errorf("--resume: best grid: %w", err))
		}
	}
	p := st.Params
	switch {
	case given["time"] || given["playouts"]:
		p.TimeMS, p.Playouts = limit.Milliseconds(), playouts
	default:
		if p.TimeMS > 0 {
			p.TimeMS -= st.ElapsedMS
		}
		if p.Playouts > 0 {
			p.Playouts -= st.Playouts
		}
		if (st.Params.TimeMS > 0 && p.TimeMS <= 0) || (st.Params.Playouts > 0 && p.Playouts <= 0) {
			return fail(errors.New("--resume: the saved budget is spent; give --time or --playouts to go on"))
		}
	}
	if given["threads"] {
		p.Threads = threads
	}
	// A new seed per run, so a resumed search does not retrace its steps.
	p.Seed = st.Params.Seed + uint64(st.Runs)
	// The saved budget is the whole search's: what is left plus what
	// is spent, for the bounds that are set. An unset bound stays
	// unset, or the next resume would find it spent.
	st.Params.TimeMS, st.Params.Playouts = 0, 0
	if p.TimeMS > 0 {
		st.Params.TimeMS = p.TimeMS + st.ElapsedMS
	}
	if p.Playouts > 0 {
		st.Params.Playouts = p.Playouts + st.Playouts
	}
	st.Params.Threads = p.Threads
	return p, st, start, nil
}

// searchFlagError names the flag behind a bad search parameter: the
// parameters are the API's, whose names differ from the flags'.
func searchFlagError(err error) error {
	var pe *morpionai.ParamError
	if !errors.As(err, &pe) {
		return err
	}
	switch pe.Field {
	case "budget":
		return errors.New("a budget is needed: --time, --playouts or both")
	case "algorithm":
		return fmt.Errorf("--algo: %s", pe.Reason)
	case "time_ms":
		return fmt.Errorf("--time: %s", pe.Reason)
	}
	return fmt.Errorf("--%s: %s", morpionai.SettingFlag(pe.Field), pe.Reason)
}

func runSearch(ctx context.Context, p morpionai.Params, st searchState, start *morpion.Grid, out string,
	quiet bool, stdout, stderr io.Writer) error {
	if err := p.Check(256); err != nil {
		return searchFlagError(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	run := morpionai.NewRun(p, start, morpionai.Progress{Improvements: st.Improvements, Playouts: st.Playouts,
		ElapsedMS: st.ElapsedMS, RunsBegun: st.RunsBegun, RunBests: st.RunBests})
	closeLog, err := logRuns(run, filepath.Join(out, runsFile), maxRunsLog, stderr)
	if err != nil {
		return err
	}
	defer closeLog()
	runs := st.Runs
	// save writes the best grid and the state: every minute while the
	// search runs (a killed process loses at most that), and at the end.
	save := func(finished bool) (searchState, error) {
		pr := run.Progress()
		now := st
		now.Runs = runs + 1
		now.Playouts, now.ElapsedMS, now.Improvements, now.Finished = pr.Playouts, pr.ElapsedMS, pr.Improvements, finished
		now.RunsBegun, now.RunBests = pr.RunsBegun, pr.RunBests
		if best := run.Best(); best != nil {
			now.BestScore, now.BestLayers = best.Score(), morpion.EncodeLayers(best)
			files := map[string]string{
				"best.psol":   morpion.WritePentasol(best),
				"best.layers": now.BestLayers + "\n",
				"best.json":   morpion.WriteJSON(best),
				"best.svg":    morpion.SVG(best, morpion.SVGOptions{Numbers: true}),
			}
			for name, text := range files {
				if err := writeAtomic(filepath.Join(out, name), []byte(text)); err != nil {
					return now, err
				}
			}
		}
		b, _ := json.MarshalIndent(now, "", "  ")
		return now, writeAtomic(filepath.Join(out, stateFile), append(b, '\n'))
	}

	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		run.Search(sctx)
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	lastSave := time.Now()
wait:
	for {
		select {
		case <-done:
			break wait
		case <-tick.C:
			if !quiet {
				fmt.Fprintf(stderr, "\r%s", progressLine(st.Params, run.Progress()))
			}
			if time.Since(lastSave) >= time.Minute {
				lastSave = time.Now()
				if _, err := save(false); err != nil {
					fmt.Fprintf(stderr, "\nsaving to %s: %v\n", out, err)
				}
			}
		}
	}
	if !quiet {
		fmt.Fprintf(stderr, "\r%s\n", progressLine(st.Params, run.Progress()))
	}
	final, err := save(ctx.Err() == nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "best %d after %d playouts in %s (%s); written to %s\n", final.BestScore, final.Playouts,
		fmtElapsed(final.ElapsedMS), map[bool]string{true: "budget spent", false: "interrupted"}[final.Finished], out)
	if len(final.RunBests) > 0 {
		fmt.Fprintf(stdout, "runs that ended, by their best: %s (of %d begun)\n", runBestsLine(final.RunBests), final.RunsBegun)
	}
	return nil
}

// runBestsLine lists run bests as "171 ×1 · 168 ×5", highest first.
func runBestsLine(bests []morpionai.RunBest) string {
	parts := make([]string, len(bests))
	for i, b := range bests {
		parts[i] = fmt.Sprintf("%d ×%d", b.Score, b.Runs)
	}
	return strings.Join(parts, " · ")
}

// runsFile lists a search's runs that ended, a JSON line each
// (morpionai.RunRecord), appended to by each resume.
const runsFile = "runs.jsonl"

// maxRunsLog bounds runs.jsonl: an hour's hunt writes some ten runs, but
// a search of level-1 runs would write thousands a second. Past it the
// runs are counted in state.json's run_bests only.
const maxRunsLog = 32 << 20

// logRuns appends each run that ends to the file, up to limit bytes over
// all resumes. A write that fails, or the bound, is said once on
// stderr and the search goes on: the runs are a record of the hunt, its
// best and state are elsewhere.
func logRuns(run *morpionai.Run, path string, limit int64, stderr io.Writer) (func(), error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	var mu sync.Mutex
	size, stopped := info.Size(), false
	run.OnRunEnd(func(rec morpionai.RunRecord) bool {
		line, _ := json.Marshal(rec)
		line = append(line, '\n')
		mu.Lock()
		defer mu.Unlock()
		switch {
		case stopped:
		case size+int64(len(line)) > limit:
			stopped = true
			fmt.Fprintf(stderr, "\n%s holds %d bytes: later runs are counted in %s only\n", path, size, stateFile)
		default:
			n, err := f.Write(line)
			size += int64(n)
			if err != nil {
				stopped = true
				fmt.Fprintf(stderr, "\nlogging runs to %s: %v\n", path, err)
			}
		}
		return !stopped
	})
	return func() { f.Close() }, nil
}

// progressLine is the progress bar: the share of the budget (time or
// playouts, whichever is further along), elapsed time, rate and best.
func progressLine(total morpionai.Params, pr morpionai.Progress) string {
	f := 0.0
	if total.TimeMS > 0 {
		f = float64(pr.ElapsedMS) / float64(total.TimeMS)
	}
	if total.Playouts > 0 {
		f = max(f, float64(pr.Playouts)/float64(total.Playouts))
	}
	f = min(f, 1)
	const width = 24
	filled := int(f * width)
	bar := strings.Repeat("#", filled) + strings.Repeat(".", width-filled)
	runs := ""
	if pr.RunsBegun > 0 {
		runs = fmt.Sprintf("  %d runs begun", pr.RunsBegun)
	}
	return fmt.Sprintf("[%s] %3.0f%%  %s  %s playouts  %s/s%s  best %d ", bar, 100*f, fmtElapsed(pr.ElapsedMS),
		siCount(float64(pr.Playouts)), siCount(pr.PlayoutsPerS), runs, pr.BestScore)
}

// siCount prints a count with k, M or G.
func siCount(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e4:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

func fmtElapsed(ms int64) string {
	d := time.Duration(ms) * time.Millisecond
	return fmt.Sprintf("%02d:%02d:%02d", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60)
}

// writeAtomic writes through a temporary file, so an interrupted write never
// leaves a half file where a good one was.
func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
