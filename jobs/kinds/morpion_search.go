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

// morpionCheckpoint is what a resumed search continues from.
type morpionCheckpoint struct {
	Runs         int                     `json:"runs"`
	Playouts     int64                   `json:"playouts"`
	ElapsedMS    int64                   `json:"elapsed_ms"`
	BestLayers   string                  `json:"best_layers,omitempty"`
	Improvements []morpionai.Improvement `json:"improvements,omitempty"`
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
		var p MorpionSearchParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		v, err := morpion.ParseVariant(p.Variant)
		if err != nil {
			return nil, err
		}
		if d.Tasks != nil {
			return morpionSearchOnWorkers(ctx, d, j, rep, p)
		}
		var cp morpionCheckpoint
		if len(j.Checkpoint) > 0 {
			if err := json.Unmarshal(j.Checkpoint, &cp); err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
		}
		var start *morpion.Grid
		if code := cmp.Or(cp.BestLayers, p.Start); code != "" {
			if start, err = morpion.DecodeLayers(v, code); err != nil {
				return nil, fmt.Errorf("start grid: %w", err)
			}
		}
		// What is left of the budget; a resumed run takes a new seed so as
		// not to retrace its steps.
		rp := p.Params
		rp.Seed += uint64(cp.Runs)
		if rp.TimeMS > 0 {
			rp.TimeMS = max(rp.TimeMS-cp.ElapsedMS, 1)
		}
		if rp.Playouts > 0 {
			rp.Playouts = max(rp.Playouts-cp.Playouts, 1)
		}
		run := morpionai.NewRun(rp, start, cp.Improvements, cp.Playouts, time.Duration(cp.ElapsedMS)*time.Millisecond)
		source := fmt.Sprintf("%s (job %s)", describe(p.Params), j.ID)

		save := func() error {
			pr := run.Progress()
			now := morpionCheckpoint{Runs: cp.Runs + 1, Playouts: pr.Playouts, ElapsedMS: pr.ElapsedMS,
				BestLayers: pr.BestLayers, Improvements: pr.Improvements}
			addRecord(ctx, d, j, p.Variant, pr, source)
			return rep.Checkpoint(searchSpent(p.Params, pr), message(pr), pr, now)
		}

		done := make(chan struct{})
		go func() {
			defer close(done)
			run.Search(ctx)
		}()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		lastSave := time.Now()
		for {
			select {
			case <-done:
				// The runner writes the result when the store answers again.
				if err := save(); err != nil {
					d.Log.Warn("checkpoint", "job", j.ID, "err", err)
				}
				return MorpionSearchResult{Progress: run.Progress(), BudgetSpent: ctx.Err() == nil}, nil
			case <-tick.C:
				pr := run.Progress()
				if time.Since(lastSave) >= checkpointEvery {
					lastSave = time.Now()
					if err := save(); err != nil {
						d.Log.Warn("checkpoint", "job", j.ID, "err", err)
					}
					continue
				}
				if err := rep.Progress(searchSpent(p.Params, pr), message(pr), pr); err != nil {
					d.Log.Warn("progress", "job", j.ID, "err", err)
				}
			}
		}
	}
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

// morpionSearchOnWorkers runs the search's threads as independent runs on
// the workers (workers.Runs), and reports them as one search: the best grid
// of all, their playouts summed, the improvements of the best so far. The
// runs keep their own state in Redis, so a resumed job (the same tasks)
// collects them where they are.
func morpionSearchOnWorkers(ctx context.Context, d Deps, j *store.Job, rep *jobs.Reporter, p MorpionSearchParams) (any, error) {
	source := fmt.Sprintf("%s (job %s, on workers)", describe(p.Params), j.ID)
	var pr morpionai.Progress
	var runs *workers.MorpionRuns
	report := func() morpionReport {
		c := runs.Counts()
		return morpionReport{Progress: pr, Tasks: &c}
	}
	var lastReport, lastSave time.Time
	save := func() {
		addRecord(ctx, d, j, p.Variant, pr, source)
		if err := rep.Checkpoint(searchSpent(p.Params, pr), message(pr), report(), nil); err != nil {
			d.Log.Warn("checkpoint", "job", j.ID, "err", err)
		}
	}
	runs = d.Tasks.MorpionRuns(j.ID)
	err := runs.Play(ctx, workers.Runs(p.Params, p.Start), func(states []*workers.MorpionRunState) {
		pr = combineRuns(states)
		switch {
		case time.Since(lastSave) >= checkpointEvery:
			lastSave, lastReport = time.Now(), time.Now()
			save()
		case time.Since(lastReport) >= time.Second:
			lastReport = time.Now()
			if err := rep.Progress(searchSpent(p.Params, pr), message(pr), report()); err != nil {
				d.Log.Warn("progress", "job", j.ID, "err", err)
			}
		}
	})
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	save()
	return MorpionSearchResult{Progress: pr, BudgetSpent: ctx.Err() == nil}, nil
}

// morpionReport is a search's progress on workers, with its tasks.
type morpionReport struct {
	morpionai.Progress
	Tasks *workers.Counts `json:"tasks,omitempty"`
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
