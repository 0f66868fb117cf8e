package kinds

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"gameai/ai/genetic"
	"gameai/ai/morrisai"
	"gameai/internal/ticker"
	"gameai/jobs"
	"gameai/jobs/workers"
	"gameai/store"
)

// MorrisTune is the kind of a genetic-algorithm tuning of the Morris
// coefficients, whose fitness is a tournament against control opponents.
const MorrisTune = "morris-tuning"

// morrisTuneFormerKind is MorrisTune's name before "tuning" became the one
// word for it: jobs stored under it still resume.
const morrisTuneFormerKind = "morris-tournament"

// MorrisTuneParams are a tuning job's parameters (already checked, the
// opponents resolved to coefficients so that a resumed job never depends
// on strategies changed since).
type MorrisTuneParams struct {
	morrisai.TuneParams
	// Name is the strategy the best vector is saved as.
	Name string `json:"name"`
	// TimeMS stops the run after the generation that passes it (0: none).
	TimeMS int64 `json:"time_ms,omitempty"`
}

// MorrisTuneResult is a finished (or cancelled) tuning.
type MorrisTuneResult struct {
	Strategy    string                    `json:"strategy"`
	Best        genetic.Individual        `json:"best"`
	Generations int                       `json:"generations"`
	Games       int64                     `json:"games"`
	ElapsedMS   int64                     `json:"elapsed_ms"`
	Reason      string                    `json:"reason"`
	History     []genetic.GenerationStats `json:"history"`
}

func morrisTune(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		var p MorrisTuneParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		var cp *morrisai.TuneCheckpoint
		if len(j.Checkpoint) > 0 && string(j.Checkpoint) != "null" {
			cp = new(morrisai.TuneCheckpoint)
			if err := json.Unmarshal(j.Checkpoint, cp); err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
		}
		players := d.players().Job(j.ID)
		runner := players.Tournament(p.Workers)
		report := func(pr morrisai.TuneProgress) tuneReport {
			return tuneReport{TuneProgress: pr, Tasks: players.Tasks()}
		}
		begun := time.Now()
		// A generation can take minutes: a ticker reports the games played
		// meanwhile. The Reporter is not safe for two goroutines, so every
		// use of it holds repMu.
		var repMu sync.Mutex
		var live atomic.Pointer[morrisai.Tuner]
		defer ticker.Every(time.Second, func() {
			t := live.Load()
			if t == nil {
				return
			}
			pr := t.Progress()
			repMu.Lock()
			err := rep.Progress(tuneSpent(p, pr), tuneMessage(pr), report(pr))
			repMu.Unlock()
			if err != nil {
				d.Log.Warn("progress", "job", j.ID, "err", err)
			}
		})()
		t, err := morrisai.NewTuner(ctx, p.TuneParams, cp, runner)
		if err != nil {
			return nil, err
		}
		live.Store(t)
		save := func() {
			if err := saveStrategy(context.WithoutCancel(ctx), d, j, p, t); err != nil {
				d.Log.Warn("saving the tuned strategy", "job", j.ID, "err", err)
			}
		}
		reason := ""
		for {
			if done, why := t.Done(); done {
				reason = why
				break
			}
			if p.TimeMS > 0 && (t.Elapsed() >= time.Duration(p.TimeMS)*time.Millisecond || time.Since(begun) >= time.Duration(p.TimeMS)*time.Millisecond) {
				reason = "time budget"
				break
			}
			if err := t.Step(ctx); err != nil {
				if ctx.Err() != nil {
					reason = "cancelled"
					break
				}
				return nil, err
			}
			pr := t.Progress()
			repMu.Lock()
			err := rep.Checkpoint(tuneSpent(p, pr), tuneMessage(pr), report(pr), t.Checkpoint())
			repMu.Unlock()
			if err != nil {
				d.Log.Warn("checkpoint", "job", j.ID, "err", err)
			}
			if seg := p.GA().WithDefaults().Segment; pr.Generation%seg == 0 {
				save()
			}
		}
		save()
		best := t.Best()
		return MorrisTuneResult{Strategy: p.Name, Best: best, Generations: t.State().Generation, Games: t.Games(),
			ElapsedMS: t.Elapsed().Milliseconds(), Reason: reason, History: t.State().History}, nil
	}
}

// saveStrategy keeps the best vector as a strategy, with its tournament.
func saveStrategy(ctx context.Context, d Deps, j *store.Job, p MorrisTuneParams, t *morrisai.Tuner) error {
	best := t.Best()
	params, err := json.Marshal(best.Genes)
	if err != nil {
		return err
	}
	fit, gen := best.Fitness, t.State().Generation
	var opps []string
	for _, o := range p.Opponents {
		opps = append(opps, o.Name)
	}
	return d.Store.Strategies.Put(ctx, &store.Strategy{Game: "morris", Name: p.Name,
		Description: fmt.Sprintf("genetic algorithm: population %d, depth %d, seed %d; individual %s", p.Population, p.Depth, p.Seed, best.ID),
		Params:      params, Fitness: &fit, Generation: &gen, Opponents: opps,
		Lineage: append([]string{best.ID}, best.Parents...), JobID: j.ID, CreatedAt: time.Now().UTC()})
}

// tuneReport is a tuning's progress, with its tasks when workers play its
// games.
type tuneReport struct {
	morrisai.TuneProgress
	Tasks *workers.Counts `json:"tasks,omitempty"`
}

// tuneSpent is the share of a tuning's budget of generations or time used.
func tuneSpent(p MorrisTuneParams, pr morrisai.TuneProgress) float64 {
	return spent(limit{int64(pr.Generation), int64(p.Generations)}, limit{pr.ElapsedMS, p.TimeMS})
}

func tuneMessage(pr morrisai.TuneProgress) string {
	return fmt.Sprintf("generation %d: best %.0f, mean %.1f; %d games (%.1f/s)", pr.Generation, pr.Best, pr.Mean, pr.Games, pr.GamesPerS)
}
