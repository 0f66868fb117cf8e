package api_test

import (
	"context"
	"encoding/json"
	"errors"

	"gameai/jobs"
	"gameai/store"
)

// registerTestJobs adds the "steps" kind: it counts to params.N, one step per
// value received from steps (all at once when steps is closed), checkpointing
// each.
func registerTestJobs(r *jobs.Runner, steps <-chan struct{}) {
	r.Handle("steps", func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		var p struct{ N int }
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, err
		}
		var cp struct{ I int }
		if len(j.Checkpoint) > 0 {
			_ = json.Unmarshal(j.Checkpoint, &cp)
		}
		for cp.I < p.N {
			select {
			case <-steps:
			case <-ctx.Done():
				return cp.I, ctx.Err()
			}
			cp.I++
			// As the real kinds do, a store that does not answer does not stop
			// the job: its state is written when the store returns.
			if err := rep.Checkpoint(float64(cp.I)/float64(p.N), "stepping", cp.I, cp); err != nil &&
				!errors.Is(err, store.ErrUnavailable) {
				return nil, err
			}
		}
		return cp.I, nil
	})
}
