package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"gameai/ai/morrisdb"
)

// TypeMorrisDBPair is the task of solving one pair of spaces of the
// perfect-play database into the directory the workers share.
const TypeMorrisDBPair = "morris:db-pair"

// morrisDBQueue is the queue of a job's pair tasks on queue: served only
// by workers given a database directory (--morris-db), so a pair waits for
// one of them rather than failing on a worker without.
func morrisDBQueue(queue string) string { return queue + ":morrisdb" }

// pairTimeout bounds a pair's task: the largest pairs take an hour or two
// on one core, and a lost worker's task is retried only after it.
const pairTimeout = 12 * time.Hour

type morrisDBPair struct {
	Pair string `json:"pair"`
}

// MorrisDBPairState is what a pair's task says of itself: while it runs,
// how far it is (its first pass's cells, or the retrograde pass's
// distance), and once done the pair's stats.
type MorrisDBPairState struct {
	Pair  string `json:"pair"`
	Done  uint64 `json:"done"`
	Total uint64 `json:"total"`
	// Level is -1 in the first pass, then the distance taken back.
	Level int `json:"level"`
	// Worker is the process solving it (ProcessName: the build's progress
	// is public, so not the machine's name).
	Worker  string           `json:"worker"`
	Skipped bool             `json:"skipped,omitempty"`
	Stats   []morrisdb.Stats `json:"stats,omitempty"`
}

// MorrisDBPairs builds pairs of spaces on the workers.
type MorrisDBPairs struct{ batch }

// MorrisDBPairs builds the pairs of the job with id job.
func (d *Dispatcher) MorrisDBPairs(job string) *MorrisDBPairs {
	return &MorrisDBPairs{batch{d: d, job: job}}
}

// Build solves pairs (a wave: none needs another of them) on the workers
// and returns each one's stats, in order. progress hears of each pair as
// it runs and as it ends.
func (r *MorrisDBPairs) Build(ctx context.Context, pairs []morrisdb.Space, progress func(i int, st MorrisDBPairState)) ([][]morrisdb.Stats, error) {
	items := make([]morrisDBPair, len(pairs))
	queues := make([]string, len(pairs))
	for i, p := range pairs {
		items[i], queues[i] = morrisDBPair{Pair: p.String()}, morrisDBQueue(r.d.queue)
	}
	payloads, err := encodeAll(items)
	if err != nil {
		return nil, err
	}
	out := make([][]morrisdb.Stats, len(pairs))
	read := func(i int, res []byte) (MorrisDBPairState, error) {
		var st MorrisDBPairState
		if err := json.Unmarshal(res, &st); err != nil || st.Pair != pairs[i].String() {
			return st, fmt.Errorf("result %q: want the state of the pair %v", res, pairs[i])
		}
		return st, nil
	}
	err = r.run(ctx, TypeMorrisDBPair, payloads, queues, func(i int, res []byte) error {
		st, err := read(i, res)
		if err != nil {
			return err
		}
		if len(st.Stats) == 0 {
			return fmt.Errorf("the pair %v ended without its stats", pairs[i])
		}
		out[i] = st.Stats
		if progress != nil {
			progress(i, st)
		}
		return nil
	}, func(i int, res []byte) {
		if st, err := read(i, res); err == nil && progress != nil {
			progress(i, st)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// morrisDBBuilder is the worker's side: it solves a pair into its
// directory, reporting as it goes.
type morrisDBBuilder struct{ dir string }

func (b morrisDBBuilder) build(ctx context.Context, t *asynq.Task, p morrisDBPair) (MorrisDBPairState, error) {
	pair, err := morrisdb.ParseSpace(p.Pair)
	if err != nil {
		return MorrisDBPairState{}, err
	}
	st := MorrisDBPairState{Pair: p.Pair, Level: -1, Worker: ProcessName()}
	sts, err := morrisdb.BuildPair(ctx, b.dir, pair, func(pr morrisdb.Progress) {
		st.Done, st.Total, st.Level, st.Skipped = pr.Done, pr.Total, pr.Level, pr.Skipped
		_ = writeResult(t, st) // a report lost is written again at the next
	})
	if errors.Is(err, morrisdb.ErrNeeds) {
		// Another worker's directory may hold them: one not shared
		// with the worker that built the wave before.
		return st, errElsewhere{err}
	}
	if err != nil {
		return st, err
	}
	st.Stats = sts
	return st, nil
}
