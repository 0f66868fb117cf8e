package kinds

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"gameai/ai/morpionai"
	"gameai/games/morpion"
	"gameai/jobs"
	"gameai/jobs/workers"
	"gameai/store"
)

// MorpionSearch is the kind of a Morpion record search.
const MorpionSearch = "morpion-search"

// MorpionSearchParams are a search job's parameters (already checked).
type MorpionSearchParams struct {
	morpionai.Params
	// Start is the move-layer code of a grid to warm-start from.
	Start string `json:"start,omitempty"`
}

// morpionCheckpoint is what a resumed search continues from: its runs'
// states as this process last saw them (read only here: a worker's task
// keeps its own). A checkpoint written before the runs were played one a
// thread (Playouts ... Improvements; its count of runs is ignored) resumes
// its runs from its best grid, with what it spent taken off the budget.
type morpionCheckpoint struct {
	States       []*workers.MorpionRunState `json:"states,omitempty"`
	Playouts     int64                      `json:"playouts,omitempty"`
	ElapsedMS    int64                      `json:"elapsed_ms,omitempty"`
	BestLayers   string                     `json:"best_layers,omitempty"`
	Improvements []morpionai.Improvement    `json:"improvements,omitempty"`
}

// MorpionSearchResult is a finished (or cancelled) search's report.
type MorpionSearchResult struct {
	morpionai.Progress
	// BudgetSpent is false when the search was cancelled first.
	BudgetSpent bool `json:"budget_spent"`
}

// checkpointEvery is how often a running search saves what it found: a
// server that dies loses at most this much of the run.
const checkpointEvery = 30 * time.Second

func morpionSearch(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		s, err := newMorpionSearchJob(d, j, rep)
		if err != nil {
			return nil, err
		}
		if err := s.play(ctx); err != nil && ctx.Err() == nil {
			return nil, err
		}
		// The runner writes the result when the store answers again.
		if err := s.save(ctx); err != nil {
			d.Log.Warn("checkpoint", "job", j.ID, "err", err)
		}
		return MorpionSearchResult{Progress: s.progress(), BudgetSpent: ctx.Err() == nil}, nil
	}
}

// morpionSearchJob is a record search: its runs, one a thread, played by
// the job's players (here or on workers) and reported as one search.
type morpionSearchJob struct {
	d      Deps
	job    *store.Job
	rep    *jobs.Reporter
	p      MorpionSearchParams
	source string
	// players plays the runs; cp is what the job resumed from (before:
	// its playouts, time and best, from a checkpoint of before the runs);
	// states are the runs' latest.
	players JobPlayers
	cp      morpionCheckpoint
	before  morpionai.Progress
	states  []*workers.MorpionRunState

	lastReport, lastSave time.Time
}

func newMorpionSearchJob(d Deps, j *store.Job, rep *jobs.Reporter) (*morpionSearchJob, error) {
	s := &morpionSearchJob{d: d, job: j, rep: rep, players: d.players().Job(j.ID), lastSave: time.Now()}
	if err := json.Unmarshal(j.Params, &s.p); err != nil {
		return nil, fmt.Errorf("params: %w", err)
	}
	v, err := morpion.ParseVariant(s.p.Variant)
	if err != nil {
		return nil, err
	}
	if len(j.Checkpoint) > 0 {
		if err := json.Unmarshal(j.Checkpoint, &s.cp); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
	}
	s.states = s.cp.States
	s.before = morpionai.Progress{Playouts: s.cp.Playouts, ElapsedMS: s.cp.ElapsedMS, BestLayers: s.cp.BestLayers,
		Improvements: s.cp.Improvements}
	if code := s.cp.BestLayers; code != "" {
		g, err := morpion.DecodeLayers(v, code)
		if err != nil {
			return nil, fmt.Errorf("checkpoint's best grid: %w", err)
		}
		s.before.BestScore, s.before.BestPentasol = g.Score(), morpion.WritePentasol(g)
	}
	s.source = fmt.Sprintf("%s (job %s)", describe(s.p.Params), j.ID)
	return s, nil
}

// runs are the search's runs: one a thread, each with a seed of its own,
// from the start grid (or an old checkpoint's best), with what is left of
// the budget.
func (s *morpionSearchJob) runs() []workers.MorpionRun {
	q := s.p.Params
	if q.TimeMS > 0 {
		q.TimeMS = max(q.TimeMS-s.before.ElapsedMS, 1)
	}
	if q.Playouts > 0 {
		q.Playouts = max(q.Playouts-s.before.Playouts, 1)
	}
	return workers.Runs(q, cmp.Or(s.before.BestLayers, s.p.Start))
}

// play plays the runs to their end, reporting and checkpointing as they go.
func (s *morpionSearchJob) play(ctx context.Context) error {
	return s.players.Morpion(ctx, s.runs(), s.states, func(states []*workers.MorpionRunState) {
		s.states = states
		switch {
		case time.Since(s.lastSave) >= checkpointEvery:
			if err := s.save(ctx); err != nil {
				s.d.Log.Warn("checkpoint", "job", s.job.ID, "err", err)
			}
		case time.Since(s.lastReport) >= time.Second:
			s.lastReport = time.Now()
			pr := s.progress()
			if err := s.rep.Progress(searchSpent(s.p.Params, pr), message(pr), s.report(pr)); err != nil {
				s.d.Log.Warn("progress", "job", s.job.ID, "err", err)
			}
		}
	})
}

// progress is the search so far: its runs as one search, after what an
// old checkpoint carried (its improvements first, the runs' in the
// search's time and playouts).
func (s *morpionSearchJob) progress() morpionai.Progress {
	before := s.before
	runs := combineRuns(s.states)
	out := runs
	out.Playouts += before.Playouts
	out.ElapsedMS += before.ElapsedMS
	if before.BestScore >= runs.BestScore {
		out.BestScore, out.BestLayers, out.BestPentasol = before.BestScore, before.BestLayers, before.BestPentasol
	}
	out.Improvements = append([]morpionai.Improvement{}, before.Improvements...)
	for _, im := range runs.Improvements {
		if n := len(out.Improvements); n == 0 || im.Score > out.Improvements[n-1].Score {
			im.Playouts += before.Playouts
			im.ElapsedMS += before.ElapsedMS
			out.Improvements = append(out.Improvements, im)
		}
	}
	return out
}

// save checkpoints the search and puts its best grid in the hall of fame.
func (s *morpionSearchJob) save(ctx context.Context) error {
	s.lastSave, s.lastReport = time.Now(), time.Now()
	pr := s.progress()
	addRecord(ctx, s.d, s.job, s.p.Variant, pr, s.source)
	cp := s.cp
	cp.States = s.states
	return s.rep.Checkpoint(searchSpent(s.p.Params, pr), message(pr), s.report(pr), cp)
}

// report is the progress a job shows: the search, its runs, and its tasks
// on workers.
func (s *morpionSearchJob) report(pr morpionai.Progress) morpionReport {
	r := morpionReport{Progress: pr, Tasks: s.players.Tasks()}
	for _, st := range s.states {
		run := morpionRunReport{}
		if st != nil {
			run = morpionRunReport{BestScore: st.BestScore, Playouts: st.Playouts, PlayoutsPerS: st.PlayoutsPerS, Done: st.Done,
				Worker: st.Worker}
		}
		r.Runs = append(r.Runs, run)
	}
	return r
}

// addRecord puts a search's best grid so far in the hall of fame (which
// keeps a grid once, so saving it again at every checkpoint is harmless).
func addRecord(ctx context.Context, d Deps, j *store.Job, variant string, pr morpionai.Progress, source string) {
	if pr.BestLayers == "" {
		return
	}
	if _, err := d.Store.Records.Add(context.WithoutCancel(ctx), &store.Record{Game: "morpion", Variant: variant,
		Score: float64(pr.BestScore), Key: pr.BestLayers, Source: source, JobID: j.ID, FoundAt: time.Now().UTC()}); err != nil {
		d.Log.Warn("hall of fame", "job", j.ID, "err", err)
	}
}

// morpionReport is a search's progress with its runs and its tasks on
// workers.
type morpionReport struct {
	morpionai.Progress
	Runs  []morpionRunReport `json:"runs,omitempty"`
	Tasks *workers.Counts    `json:"tasks,omitempty"`
}

// morpionRunReport is one run of a search.
type morpionRunReport struct {
	BestScore    int     `json:"best_score"`
	Playouts     int64   `json:"playouts"`
	PlayoutsPerS float64 `json:"playouts_per_s"`
	Done         bool    `json:"done"`
	// Worker is the process playing it (workers.ProcessName): a worker,
	// or the server itself.
	Worker string `json:"worker,omitempty"`
}

// combineRuns reports runs as one search: playouts and rates summed, the
// longest elapsed time, the best grid, and the improvements that raised the
// best of all runs, in time order (each with its run's playout count).
func combineRuns(states []*workers.MorpionRunState) morpionai.Progress {
	var out morpionai.Progress
	var all []morpionai.Improvement
	for _, st := range states {
		if st == nil {
			continue
		}
		out.Playouts += st.Playouts
		out.PlayoutsPerS += st.PlayoutsPerS
		out.RunsBegun += st.RunsBegun
		out.RunBests = morpionai.AddRunBests(out.RunBests, st.RunBests)
		out.ElapsedMS = max(out.ElapsedMS, st.ElapsedMS)
		if st.BestScore > out.BestScore {
			out.BestScore, out.BestLayers, out.BestPentasol = st.BestScore, st.BestLayers, st.BestPentasol
		}
		all = append(all, st.Improvements...)
	}
	slices.SortStableFunc(all, func(a, b morpionai.Improvement) int { return cmp.Compare(a.ElapsedMS, b.ElapsedMS) })
	out.Improvements = []morpionai.Improvement{}
	for _, im := range all {
		if n := len(out.Improvements); n == 0 || im.Score > out.Improvements[n-1].Score {
			out.Improvements = append(out.Improvements, im)
		}
	}
	return out
}

func describe(p morpionai.Params) string {
	switch p.Algorithm {
	case "nrpa", "nmcs":
		extra := ""
		if p.Stabilization > 1 {
			extra += fmt.Sprintf(", stabilization %d", p.Stabilization)
		}
		if p.Patience > 0 {
			extra += fmt.Sprintf(", patience %d", p.Patience)
		}
		if p.TopPatience > 0 {
			extra += fmt.Sprintf(", top patience %d", p.TopPatience)
		}
		if p.Layers {
			extra += ", layer adaptation"
		}
		if p.Repetitions > 0 {
			extra += fmt.Sprintf(", %d repetitions", p.Repetitions)
		}
		if p.Extend {
			extra += ", extend"
		}
		if p.Octagon != "" {
			extra += ", octagon " + p.Octagon
		}
		return fmt.Sprintf("%s level %d%s, %d threads, seed %d", p.Algorithm, p.Level, extra, p.Threads, p.Seed)
	}
	return fmt.Sprintf("%s, %d threads, seed %d", p.Algorithm, p.Threads, p.Seed)
}

// searchSpent is the share of a search's budget of time or playouts used.
func searchSpent(p morpionai.Params, pr morpionai.Progress) float64 {
	return spent(limit{pr.ElapsedMS, p.TimeMS}, limit{pr.Playouts, p.Playouts})
}

func message(pr morpionai.Progress) string {
	return fmt.Sprintf("best %d after %d playouts (%.0f/s)", pr.BestScore, pr.Playouts, pr.PlayoutsPerS)
}
