package workers

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"gameai/ai/morpionai"
	"gameai/games/morpion"
)

// TypeMorpionRun is the task of one run of a Morpion record search: a
// search's threads become independent one-thread runs, each a task with a
// seed of its own (root parallelism across machines).
const TypeMorpionRun = "morpion:run"

// MorpionRun is one run: its parameters (one thread, its own seed and
// budget) and the grid it starts from (move-layer code; may be empty).
type MorpionRun struct {
	Params morpionai.Params `json:"params"`
	Start  string           `json:"start,omitempty"`
}

// MorpionRunState is what a run writes as its result every few seconds
// while it searches, and once more when it ends (Done): the job's live
// progress, and the checkpoint a retried task resumes from.
type MorpionRunState struct {
	morpionai.Progress
	Done bool `json:"done"`
	// Resumes counts the times a run played in a job's process went on
	// after the process stopped (a task's retries count them on workers).
	Resumes int `json:"resumes,omitempty"`
	// Worker names the process playing the run (ProcessName): a worker,
	// or the server when the job plays it itself. A host sees how many
	// processes take part in a search, and a run moving to another after
	// its worker died.
	Worker string `json:"worker,omitempty"`
}

// ProcessName names this process in a run's state: a word drawn at its
// start, which its log gives (cli: "worker" and "listening"), and no host
// name or pid: jobs are public, and strangers need not learn the host's
// machines.
func ProcessName() string { return processName }

var processName = "p-" + strings.ToLower(rand.Text()[:8])

// runCheckpointEvery is how often a run writes its state: a worker that
// dies loses at most this much of its run.
const runCheckpointEvery = 2 * time.Second

// Runs splits a search of p.Threads threads into one-thread runs with seeds
// of their place in it: the time budget is each run's, a playout budget is
// shared out.
func Runs(p morpionai.Params, start string) []MorpionRun {
	n := max(p.Threads, 1)
	out := make([]MorpionRun, n)
	for i := range out {
		q := p
		q.Threads = 1
		q.Seed = p.Seed + uint64(i)*0x9e3779b97f4a7c15
		if p.Playouts > 0 {
			q.Playouts = p.Playouts / int64(n)
			if int64(i) < p.Playouts%int64(n) {
				q.Playouts++
			}
			q.Playouts = max(q.Playouts, 1)
		}
		out[i] = MorpionRun{Params: q, Start: start}
	}
	return out
}

// MorpionRuns sends a search's runs to the workers.
type MorpionRuns struct{ batch }

// MorpionRuns runs the record search of the job with id job.
func (d *Dispatcher) MorpionRuns(job string) *MorpionRuns {
	return &MorpionRuns{batch{d: d, job: job}}
}

// Play runs the runs and calls progress with every run's latest state
// (nil for a run that has written none yet) each time it looks, and once
// at the end.
func (r *MorpionRuns) Play(ctx context.Context, runs []MorpionRun, progress func(states []*MorpionRunState)) error {
	payloads, err := encodeAll(runs)
	if err != nil {
		return err
	}
	states := make([]*MorpionRunState, len(runs))
	read := func(i int, b []byte) error {
		var st MorpionRunState
		if err := json.Unmarshal(b, &st); err != nil {
			return fmt.Errorf("state of run %d: %w", i+1, err)
		}
		states[i] = &st
		progress(states)
		return nil
	}
	return r.run(ctx, TypeMorpionRun, payloads, nil, read, func(i int, b []byte) { _ = read(i, b) })
}

// morpionRunner is the worker's side of TypeMorpionRun: it needs Redis to
// read back the state its task wrote before a retry.
type morpionRunner struct {
	insp *asynq.Inspector
	name string // the worker's, written in every state (MorpionRunState.Worker)
}

func newMorpionRunner(opt asynq.RedisConnOpt) *morpionRunner {
	return &morpionRunner{insp: asynq.NewInspector(opt), name: ProcessName()}
}

// play runs one run, writing its state as the task's result every
// runCheckpointEvery; its final state is the result.
func (m *morpionRunner) play(ctx context.Context, t *asynq.Task, run MorpionRun) (MorpionRunState, error) {
	// A retried run goes on from what it wrote before.
	var prev MorpionRunState
	if id, ok := asynq.GetTaskID(ctx); ok {
		queue, _ := asynq.GetQueueName(ctx)
		if info, err := m.insp.GetTaskInfo(queue, id); err == nil && len(info.Result) > 0 {
			if err := json.Unmarshal(info.Result, &prev); err != nil {
				// Not a fresh start in its place: the run's best grid would
				// be lost without a word.
				return MorpionRunState{}, fmt.Errorf("its earlier result: %w: %w", err, asynq.SkipRetry)
			}
		}
	}
	if prev.Done {
		return prev, nil // finished before its worker could say so
	}
	retry, _ := asynq.GetRetryCount(ctx)
	r, err := run.Resume(prev, retry)
	if err != nil {
		return MorpionRunState{}, err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Search(ctx)
	}()
	tick := time.NewTicker(runCheckpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-done:
			if ctx.Err() != nil {
				_ = writeResult(t, MorpionRunState{Progress: r.Progress(), Worker: m.name})
				return MorpionRunState{}, ctx.Err() // cancelled, or the worker stops: asynq decides
			}
			return MorpionRunState{Progress: r.Progress(), Done: true, Worker: m.name}, nil
		case <-tick.C:
			_ = writeResult(t, MorpionRunState{Progress: r.Progress(), Worker: m.name})
		}
	}
}

// Resume prepares run to go on from prev, what it had done before it was
// stopped (zero: nothing): from its best grid, with its playouts and time
// taken off the budget, and its seed moved on by retry (how many times it
// was stopped) so as not to retrace its steps.
func (run MorpionRun) Resume(prev MorpionRunState, retry int) (*morpionai.Run, error) {
	p := run.Params
	if err := p.Check(1); err != nil {
		return nil, fmt.Errorf("params: %w", err)
	}
	v, _ := morpion.ParseVariant(p.Variant)
	start, err := decodeStart(v, run.Start)
	if err != nil {
		return nil, fmt.Errorf("start grid: %w", err)
	}
	if prev.BestLayers != "" {
		if g, err := morpion.DecodeLayers(v, prev.BestLayers); err == nil {
			start = g
		}
	}
	p.Seed += uint64(retry)
	if p.TimeMS > 0 {
		p.TimeMS = max(p.TimeMS-prev.ElapsedMS, 1)
	}
	if p.Playouts > 0 {
		p.Playouts = max(p.Playouts-prev.Playouts, 1)
	}
	return morpionai.NewRun(p, start, prev.Progress), nil
}

func decodeStart(v morpion.Variant, code string) (*morpion.Grid, error) {
	if code == "" {
		return nil, nil
	}
	return morpion.DecodeLayers(v, code)
}
