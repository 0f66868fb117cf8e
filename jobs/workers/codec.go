package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
)

// encodeAll encodes each item as a task's payload.
func encodeAll[T any](items []T) ([][]byte, error) {
	out := make([][]byte, len(items))
	for i, it := range items {
		b, err := json.Marshal(it)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// handler is the worker's side of a task whose payload is a P and whose
// result an R: play gets the task too, to write partial results. A payload
// that cannot be decoded, and work that fails other than by its context
// ending, fail for good (SkipRetry): the work is deterministic in what it
// accepts, so it fails the same way on every worker. A context that ends
// (a cancel, a worker that stops) leaves the retry to asynq. done hears
// of each task finished, with its id.
func handler[P, R any](play func(ctx context.Context, t *asynq.Task, p P) (R, error),
	done func(ctx context.Context, id string)) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("%w: payload: %v", asynq.SkipRetry, err)
		}
		r, err := play(ctx, t, p)
		var elsewhere errElsewhere
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.As(err, &elsewhere):
			return err // asynq retries it, perhaps on another worker
		default:
			return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
		}
		if err := writeResult(t, r); err != nil {
			return err
		}
		if id, ok := asynq.GetTaskID(ctx); ok {
			done(ctx, id)
		}
		return nil
	}
}

// errElsewhere marks work this worker cannot do and another may: the
// task is retried rather than failed for good.
type errElsewhere struct{ error }

func (e errElsewhere) Unwrap() error { return e.error }

// writeResult writes v as the task's result (again and again while it
// runs, for a task that reports as it goes).
func writeResult(t *asynq.Task, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = t.ResultWriter().Write(b)
	return err
}
