package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"gameai/ai/genetic"
	"gameai/ai/morrisai"
	"gameai/arena"
	"gameai/games/morris"
	"gameai/internal/ticker"
)

var tuneCommands = map[string]command{
	"morris": {"tune the 19 Morris coefficients with the genetic algorithm, by tournaments", tuneMorris},
}

// tuneFile is the results file: the run's parameters, its checkpoint after
// the last finished generation, and the best vector so far.
type tuneFile struct {
	Params     morrisai.TuneParams       `json:"params"`
	Checkpoint morrisai.TuneCheckpoint   `json:"checkpoint"`
	Best       genetic.Individual        `json:"best"`
	History    []genetic.GenerationStats `json:"history"`
}

// resolveOpponents reads the command line's opponent list: items split by
// ';' and ',' (keeping NAME=c0,c1,... together), in morrisai's grammar, and
// results:FILE (the best vector of a tuning results file).
func resolveOpponents(spec string, seed uint64) ([]morrisai.Opponent, error) {
	var items []string
	for _, part := range strings.Split(spec, ";") {
		items = append(items, arena.SplitSpecs(part)...)
	}
	return morrisai.ResolveOpponents(items, seed, resultsFile)
}

// resultsFile looks up results:FILE.
func resultsFile(item string) (morrisai.Opponent, bool, error) {
	path, ok := strings.CutPrefix(item, "results:")
	if !ok {
		return morrisai.Opponent{}, false, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return morrisai.Opponent{}, false, err
	}
	var f tuneFile
	if err := json.Unmarshal(b, &f); err != nil || len(f.Best.Genes) != morris.NumCoefficients {
		return morrisai.Opponent{}, false, fmt.Errorf("%s: not a tuning results file", item)
	}
	var c morris.Coefficients
	copy(c[:], f.Best.Genes)
	return morrisai.Opponent{Name: "tuned-" + f.Best.ID, Coef: c}, true, nil
}

func tuneMorris(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("tune morris", "Tunes the 19 coefficients of the Morris evaluation with the genetic algorithm of the 2019\n"+
		"study: fitness = points (7 win, 2 adjudicated win, 0 draw, -2, -7) against the control opponents\n"+
		"with both colours. The results file is rewritten after every generation; --resume FILE goes on.", stderr)
	pop := f.Int("population", "GAMEAI_TUNE_POPULATION", 100, "individuals kept each generation")
	gens := f.Int("generations", "GAMEAI_TUNE_GENERATIONS", 10, "generations to run (with --resume: the new total)")
	depth := f.Int("depth", "GAMEAI_TUNE_DEPTH", 2, "search depth of every tournament game")
	seed := f.Uint64("seed", "GAMEAI_TUNE_SEED", 1, "seed: one seed gives one run, whatever the workers")
	out := f.String("out", "GAMEAI_TUNE_OUT", "", "results file (JSON)")
	resume := f.String("resume", "GAMEAI_TUNE_RESUME", "", "results file to continue (and rewrite unless --out)")
	opps := f.String("opponents", "GAMEAI_TUNE_OPPONENTS", "default", "control opponents: presets, default, random, NAME=19 integers, results:FILE (comma-separated)")
	workers := f.Int("workers", "GAMEAI_TUNE_WORKERS", runtime.NumCPU(), "games played at once")
	plies := f.Int("random-plies", "GAMEAI_TUNE_RANDOM_PLIES", 2, "random opening plies of each pair of games")
	maxPlies := f.Int("max-plies", "GAMEAI_TUNE_MAX_PLIES", morrisai.DefaultMaxPlies, "adjudicate a game by piece count after this many plies")
	segment := f.Int("segment", "GAMEAI_TUNE_SEGMENT", 10, "generations per segment (convergence check)")
	converge := f.Bool("stop-on-convergence", "GAMEAI_TUNE_CONVERGE", false, "stop after a segment without gain")
	elite := f.Int("elite", "GAMEAI_TUNE_ELITE", 10, "best individuals kept as parents")
	selected := f.Int("selected", "GAMEAI_TUNE_SELECTED", 40, "parents picked by roulette wheel")
	points := f.Int("crossover-points", "GAMEAI_TUNE_CROSSOVER", 4, "crossover points")
	mutation := f.Float("mutation", "GAMEAI_TUNE_MUTATION", 0.08, "chance of a gene moving by ±1")
	refill := f.Int("refill", "GAMEAI_TUNE_REFILL", 150, "population size topped up with random vectors before the cut")
	quiet := f.Bool("quiet", "GAMEAI_TUNE_QUIET", false, "no progress line")
	openings := f.Int("openings", "GAMEAI_TUNE_OPENINGS", 1, "random openings per opponent, each with both colours (more: less noise)")
	initial := f.String("initial", "GAMEAI_TUNE_INITIAL", "", "vectors to start the population with (same forms as --opponents)")
	reeval := f.Bool("reevaluate", "GAMEAI_TUNE_REEVALUATE", false, "play every survivor again each generation and average (against a noisy fitness)")
	score := f.String("score", "GAMEAI_TUNE_SCORE", "", "instead of tuning, score these strategies (same forms as --opponents) against the opponents")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *score != "" {
		return scoreStrategies(ctx, *score, *opps, *depth, *plies, *maxPlies, *openings, *workers, *seed, stdout)
	}
	var p morrisai.TuneParams
	var cp *morrisai.TuneCheckpoint
	var err error
	if *resume != "" {
		p, cp, err = resumeTune(*resume, *gens, *workers)
		if *out == "" {
			*out = *resume
		}
	} else {
		if *out == "" {
			return errors.New("--out FILE is required")
		}
		p = morrisai.TuneParams{Population: *pop, Generations: *gens, Segment: *segment, StopOnConvergence: *converge,
			Elite: *elite, Selected: *selected, CrossoverPoints: *points, Mutation: *mutation, Refill: *refill,
			Depth: *depth, RandomPlies: *plies, MaxPlies: *maxPlies, Openings: *openings, Seed: *seed, Workers: *workers,
			Reevaluate: *reeval}
		err = tuneVectors(&p, *opps, *initial)
	}
	if err != nil {
		return err
	}
	if err := p.Check(); err != nil {
		return err
	}
	return runTune(ctx, p, cp, *out, *quiet, stdout, stderr)
}

// resumeTune reads a results file to go on from, for gens generations in
// all on workers.
func resumeTune(file string, gens, workers int) (morrisai.TuneParams, *morrisai.TuneCheckpoint, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return morrisai.TuneParams{}, nil, fmt.Errorf("--resume: %w", err)
	}
	var tf tuneFile
	if err := json.Unmarshal(b, &tf); err != nil {
		return morrisai.TuneParams{}, nil, fmt.Errorf("--resume %s: %w", file, err)
	}
	p, cp := tf.Params, &tf.Checkpoint
	p.Generations, p.Workers = gens, workers
	cp.State.Done, cp.State.Reason = cp.State.Generation >= p.Generations, ""
	return p, cp, nil
}

// tuneVectors sets a new tuning's opponents and its first population's
// given vectors (--opponents, --initial).
func tuneVectors(p *morrisai.TuneParams, opps, initial string) error {
	o, err := resolveOpponents(opps, p.Seed)
	if err != nil {
		return fmt.Errorf("--opponents: %w", err)
	}
	p.Opponents = o
	if initial == "" {
		return nil
	}
	in, err := resolveOpponents(initial, p.Seed)
	if err != nil {
		return fmt.Errorf("--initial: %w", err)
	}
	for _, v := range in {
		p.Initial = append(p.Initial, v.Coef[:])
	}
	return nil
}

// runTune runs the tuning's generations, rewriting out after each, with a
// progress line on stderr each second; an interrupted run says how to go
// on.
func runTune(ctx context.Context, p morrisai.TuneParams, cp *morrisai.TuneCheckpoint, out string, quiet bool, stdout, stderr io.Writer) error {
	save := func(t *morrisai.Tuner) error {
		tf := tuneFile{Params: p, Checkpoint: t.Checkpoint(), Best: t.Best(), History: t.State().History}
		b, _ := json.MarshalIndent(tf, "", "  ")
		return writeAtomic(out, append(b, '\n'))
	}
	bar := func(pr morrisai.TuneProgress) string {
		frac := float64(pr.Generation) / float64(max(p.Generations, 1))
		const width = 20
		n := min(int(frac*width), width)
		return fmt.Sprintf("[%s%s] generation %d/%d  best %.0f  mean %.1f  %d games  %.1f games/s  %s ", strings.Repeat("#", n),
			strings.Repeat(".", width-n), pr.Generation, p.Generations, pr.Best, pr.Mean, pr.Games, pr.GamesPerS, fmtElapsed(pr.ElapsedMS))
	}
	var live atomic.Pointer[morrisai.Tuner] // for the progress line
	finish := func() {}
	if !quiet {
		finish = ticker.Every(time.Second, func() {
			if t := live.Load(); t != nil {
				fmt.Fprintf(stderr, "\r%s", bar(t.Progress()))
			} else {
				fmt.Fprintf(stderr, "\revaluating the first population ")
			}
		})
	}
	t, err := morrisai.NewTuner(ctx, p, cp, arena.TournamentGames{Workers: p.Workers})
	if err == nil {
		live.Store(t)
		err = save(t)
	}
	for err == nil {
		if done, _ := t.Done(); done {
			break
		}
		if err = t.Step(ctx); err == nil {
			err = save(t)
		}
	}
	finish()
	switch {
	case err != nil && ctx.Err() != nil && t != nil:
		fmt.Fprintf(stderr, "\ninterrupted; %s holds generation %d (--resume %s goes on)\n", out, t.State().Generation, out)
		return nil
	case err != nil:
		return err
	}
	if !quiet {
		fmt.Fprintf(stderr, "\r%s\n", bar(t.Progress()))
	}
	best := t.Best()
	_, why := t.Done()
	fmt.Fprintf(stdout, "best %s fitness %.0f after %d generations (%s)\ncoefficients %s\nwritten to %s\n", best.ID, best.Fitness,
		t.State().Generation, why, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(best.Genes)), ","), "[]"), out)
	return nil
}

// scoreStrategies plays each strategy against every opponent with both
// colours (the tournament of the fitness) and prints its points and games.
func scoreStrategies(ctx context.Context, spec, opps string, depth, plies, maxPlies, openings, workers int, seed uint64, stdout io.Writer) error {
	players, err := resolveOpponents(spec, seed+1)
	if err != nil {
		return fmt.Errorf("--score: %w", err)
	}
	o, err := resolveOpponents(opps, seed)
	if err != nil {
		return fmt.Errorf("--opponents: %w", err)
	}
	if depth < 1 {
		return errors.New("--depth must be at least 1")
	}
	t := &morrisai.Tournament{Opponents: o, Depth: depth, RandomPlies: plies, MaxPlies: maxPlies, Points: morrisai.StudyPoints,
		Runner: arena.TournamentGames{Workers: workers}, Seed: seed, Openings: openings}
	vectors := make([][]int, len(players))
	for i, p := range players {
		vectors[i] = p.Coef[:]
	}
	pts, err := t.Fitness(ctx, 0, vectors)
	if err != nil {
		return err
	}
	games := 2 * len(o) * max(openings, 1)
	fmt.Fprintf(stdout, "%d opponents, %d openings each with both colours, depth %d, %d random plies, seed %d\n", len(o), max(openings, 1), depth, plies, seed)
	for i, p := range players {
		fmt.Fprintf(stdout, "%-24s %+6.0f points in %d games (%.2f a game)\n", p.Name, pts[i], games, pts[i]/float64(games))
	}
	return nil
}
