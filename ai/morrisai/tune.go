package morrisai

import (
	"context"
	"fmt"
	"sync"
	"time"

	"gameai/ai/genetic"
	"gameai/games/morris"
)

// TuneParams are a tuning run: the genetic algorithm's parameters and the
// tournament that is its fitness. They are the job's parameters and the
// head of the command line's results file, so that a run resumes as it was
// started.
type TuneParams struct {
	Population        int     `json:"population"`
	Generations       int     `json:"generations"`
	Segment           int     `json:"segment,omitempty"`
	StopOnConvergence bool    `json:"stop_on_convergence,omitempty"`
	Elite             int     `json:"elite,omitempty"`
	Selected          int     `json:"selected,omitempty"`
	CrossoverPoints   int     `json:"crossover_points,omitempty"`
	Mutation          float64 `json:"mutation,omitempty"`
	Refill            int     `json:"refill,omitempty"`
	// Depth of every game's searches; RandomPlies open each pair of
	// games; MaxPlies adjudicates.
	Depth       int `json:"depth"`
	RandomPlies int `json:"random_plies"`
	MaxPlies    int `json:"max_plies,omitempty"`
	// Openings per opponent, each played with both colours (default 1).
	Openings int `json:"openings,omitempty"`
	// Initial vectors join the first population (earlier winners).
	Initial [][]int `json:"initial,omitempty"`
	// Reevaluate plays the survivors again every generation (mean fitness).
	Reevaluate bool `json:"reevaluate,omitempty"`
	// Opponents are the control strategies, resolved to coefficients.
	Opponents []Opponent `json:"opponents"`
	Seed      uint64     `json:"seed"`
	Workers   int        `json:"workers,omitempty"`
}

// Check reports parameters that cannot run (the GA's own checks follow).
func (p TuneParams) Check() error {
	switch {
	case p.Depth < 1 || p.Depth > 12:
		return fmt.Errorf("depth %d: want 1..12", p.Depth)
	case p.RandomPlies < 0 || p.RandomPlies > 20:
		return fmt.Errorf("random plies %d: want 0..20", p.RandomPlies)
	case p.MaxPlies < 0:
		return fmt.Errorf("max plies must not be negative")
	case len(p.Opponents) == 0 || len(p.Opponents) > 100:
		return fmt.Errorf("%d opponents: want 1..100", len(p.Opponents))
	case p.Openings < 0 || p.Openings > 100:
		return fmt.Errorf("openings %d: want 0..100", p.Openings)
	case p.Population > 10000 || p.Refill > 20000 || p.Generations > 100000:
		return fmt.Errorf("population, refill or generations too large")
	}
	return p.GA().WithDefaults().Check()
}

// GA is the genetic algorithm's configuration over the coefficient ranges.
func (p TuneParams) GA() genetic.Config {
	return genetic.Config{Ranges: morris.Ranges[:], Population: p.Population, Generations: p.Generations,
		Segment: p.Segment, StopOnConvergence: p.StopOnConvergence, Elite: p.Elite, Selected: p.Selected,
		CrossoverPoints: p.CrossoverPoints, Mutation: p.Mutation, Refill: p.Refill, Seed: p.Seed, Initial: p.Initial, Reevaluate: p.Reevaluate}
}

// Tournament is the fitness.
func (p TuneParams) Tournament() *Tournament {
	return &Tournament{Opponents: p.Opponents, Depth: p.Depth, RandomPlies: p.RandomPlies, MaxPlies: p.MaxPlies,
		Openings: p.Openings, Points: StudyPoints, Seed: p.Seed}
}

// TuneProgress is a run's state for progress reports.
type TuneProgress struct {
	Generation  int     `json:"generation"`
	Generations int     `json:"generations"`
	Best        float64 `json:"best_fitness"`
	Mean        float64 `json:"mean_fitness"`
	BestVector  []int   `json:"best_vector"`
	BestID      string  `json:"best_id"`
	Games       int64   `json:"games"`
	GamesPerS   float64 `json:"games_per_s"`
	ElapsedMS   int64   `json:"elapsed_ms"`
	// History is the best and mean fitness of every generation so far, for
	// a chart that a page opened late can still draw whole.
	History []FitnessPoint `json:"history"`
}

// FitnessPoint is one generation's best and mean fitness.
type FitnessPoint struct {
	Generation int     `json:"generation"`
	Best       float64 `json:"best"`
	Mean       float64 `json:"mean"`
}

// TuneCheckpoint is what a run resumes from.
type TuneCheckpoint struct {
	State     genetic.State `json:"state"`
	Games     int64         `json:"games"`
	ElapsedMS int64         `json:"elapsed_ms"`
}

// Tuner runs a tuning: the GA over a tournament, with progress.
type Tuner struct {
	Params TuneParams
	ga     *genetic.GA
	tour   *Tournament
	// offGames and offElapsed carry what earlier runs did.
	offGames   int64
	offElapsed time.Duration
	begun      time.Time

	mu   sync.Mutex
	last TuneProgress // the last finished generation's
}

// NewTuner starts a run (evaluating the first population) or resumes one
// from a checkpoint (nil: start). runner plays the tournament's games (the
// referee's in this process, arena.TournamentGames, or workers'); the
// results are the same.
func NewTuner(ctx context.Context, p TuneParams, cp *TuneCheckpoint, runner GameRunner) (*Tuner, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	t := &Tuner{Params: p, tour: p.Tournament(), begun: time.Now()}
	t.tour.Runner = runner
	var err error
	if cp != nil {
		t.offGames, t.offElapsed = cp.Games, time.Duration(cp.ElapsedMS)*time.Millisecond
		t.ga, err = genetic.Resume(p.GA(), t.tour.Fitness, cp.State)
	} else {
		t.ga, err = genetic.New(ctx, p.GA(), t.tour.Fitness)
	}
	if err != nil {
		return nil, err
	}
	t.snapshot()
	return t, nil
}

// Step makes one generation.
func (t *Tuner) Step(ctx context.Context) error {
	if err := t.ga.Step(ctx); err != nil {
		return err
	}
	t.snapshot()
	return nil
}

func (t *Tuner) snapshot() {
	st := t.ga.State()
	h := st.History[len(st.History)-1]
	best := st.Population[0]
	t.mu.Lock()
	defer t.mu.Unlock()
	history := make([]FitnessPoint, len(st.History))
	for i, g := range st.History {
		history[i] = FitnessPoint{Generation: g.Generation, Best: g.Best, Mean: g.Mean}
	}
	t.last = TuneProgress{Generation: st.Generation, Generations: t.Params.Generations, Best: h.Best, Mean: h.Mean,
		BestVector: append([]int(nil), best.Genes...), BestID: best.ID, History: history}
}

// Done reports whether the run has ended, and why.
func (t *Tuner) Done() (bool, string) { st := t.ga.State(); return st.Done, st.Reason }

// Best is the fittest vector.
func (t *Tuner) Best() genetic.Individual { return t.ga.Best() }

// State is the GA's state.
func (t *Tuner) State() *genetic.State { return t.ga.State() }

// Checkpoint is what to save after a finished generation.
func (t *Tuner) Checkpoint() TuneCheckpoint {
	return TuneCheckpoint{State: *t.ga.State(), Games: t.Games(), ElapsedMS: t.Elapsed().Milliseconds()}
}

// Games counts the games played, earlier runs included.
func (t *Tuner) Games() int64 { return t.offGames + t.tour.Games() }

// Elapsed is the run's time, earlier runs included.
func (t *Tuner) Elapsed() time.Duration { return t.offElapsed + time.Since(t.begun) }

// Progress reports where the run is; safe to call from any goroutine while
// a generation runs (the games count moves, the rest is the last finished
// generation's).
func (t *Tuner) Progress() TuneProgress {
	t.mu.Lock()
	p := t.last
	t.mu.Unlock()
	p.Games, p.ElapsedMS = t.Games(), t.Elapsed().Milliseconds()
	p.GamesPerS = float64(t.tour.Games()) / max(time.Since(t.begun).Seconds(), 1e-9)
	return p
}
