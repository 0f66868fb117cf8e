package tasks

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hibiken/asynq"
)

// DefaultQueue is the queue jobs put their tasks on and workers serve.
const DefaultQueue = "gameai"

// Task settings. A task is retried on any error but a permanent one; its
// result stays in Redis for a day so that a server that restarts mid-job
// collects what was done before; Timeout bounds a task that hangs.
const (
	maxRetry  = 20
	retention = 24 * time.Hour
	timeout   = 30 * time.Minute
)

// Dispatcher enqueues a job's tasks and collects their results.
type Dispatcher struct {
	client *asynq.Client
	insp   *asynq.Inspector
	queue  string
	// Poll is how often unfinished tasks are looked at (default 100 ms).
	Poll time.Duration
}

// NewDispatcher dispatches on queue (DefaultQueue when empty) through the
// Redis of opt (ParseRedisURL), with connections of its own: Close them.
func NewDispatcher(opt asynq.RedisConnOpt, queue string) *Dispatcher {
	if queue == "" {
		queue = DefaultQueue
	}
	return &Dispatcher{client: asynq.NewClient(opt), insp: asynq.NewInspector(opt), queue: queue, Poll: 100 * time.Millisecond}
}

// Close closes the dispatcher's connections.
func (d *Dispatcher) Close() error { return errors.Join(d.client.Close(), d.insp.Close()) }

// ParseRedisURL reads redis://[user:password@]host:port/db (or rediss://)
// into what the dispatcher, the worker and the collector connect with.
// Each makes asynq connections of its own: asynq's cancellation listener
// crashed the process when Redis restarted under a client it was given
// (go-redis v9.23, asynq v0.26), and never under one it made.
func ParseRedisURL(url string) (asynq.RedisConnOpt, error) { return asynq.ParseRedisURI(url) }

// Counts are a job's tasks by state, for its progress.
type Counts struct {
	Queued  int `json:"queued"`
	Running int `json:"running"`
	Done    int `json:"done"`
	// Retried counts the retries of the tasks so far (a worker that died,
	// a Redis that went away).
	Retried int `json:"retried"`
}

// batch is one job's tasks in flight, with their counts.
type batch struct {
	d   *Dispatcher
	job string

	mu     sync.Mutex
	counts Counts
}

// Counts reports the tasks of the batches run so far: the finished ones,
// and the current batch's by state.
func (b *batch) Counts() Counts {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.counts
}

// taskID names a task by its job and payload: the same work gets the same
// id, which asynq refuses to enqueue twice.
func taskID(job, typ string, payload []byte) string {
	h := sha256.Sum256(append([]byte(typ+"\x00"), payload...))
	return job + ":" + hex.EncodeToString(h[:12])
}

// run enqueues the payloads as tasks of type typ and calls result with
// each one's index and result as it finishes. It returns when all have
// finished, at the first task that failed for good (archived), or when ctx
// ends, in which case the tasks not finished are deleted or cancelled.
// While Redis is away it waits, and goes on when Redis is back.
func (b *batch) run(ctx context.Context, typ string, payloads [][]byte, result func(i int, res []byte) error) error {
	return b.runPartial(ctx, typ, payloads, result, nil)
}

// runPartial is run that also hands partial, when set, what each
// unfinished task has written as its result so far, after every look.
func (b *batch) runPartial(ctx context.Context, typ string, payloads [][]byte, result func(i int, res []byte) error,
	partial func(i int, res []byte)) error {
	d := b.d
	ids := make([]string, len(payloads))
	for i, p := range payloads {
		ids[i] = taskID(b.job, typ, p)
	}
	enqueue := func(i int) error {
		_, err := d.client.EnqueueContext(ctx, asynq.NewTask(typ, payloads[i]), asynq.TaskID(ids[i]), asynq.Queue(d.queue),
			asynq.MaxRetry(maxRetry), asynq.Retention(retention), asynq.Timeout(timeout))
		if errors.Is(err, asynq.ErrTaskIDConflict) {
			return nil // enqueued before this server restarted: collect it
		}
		return err
	}
	// A task that cannot be enqueued or read now (Redis away) is tried
	// again at the next look: the job waits for Redis, as the jobs that
	// run in process go on without it.
	enqueued := make([]bool, len(ids))
	for i := range payloads {
		enqueued[i] = enqueue(i) == nil
	}
	open := make(map[int]bool, len(ids))
	for i := range ids {
		open[i] = true
	}
	retried := make([]int, len(ids))
	running := make([]bool, len(ids)) // as of the last look
	base := b.Counts()
	tick := time.NewTicker(d.Poll)
	defer tick.Stop()
	for len(open) > 0 {
		var now Counts
		for i := range open {
			if !enqueued[i] {
				enqueued[i] = enqueue(i) == nil
				now.Queued++
				continue
			}
			info, err := d.insp.GetTaskInfo(d.queue, ids[i])
			switch {
			case errors.Is(err, asynq.ErrTaskNotFound):
				// Deleted, or its retention lapsed before it was read: the
				// work is the same, so it is simply done again.
				enqueued[i] = enqueue(i) == nil
				now.Queued++
				continue
			case err != nil:
				// Redis away: as it was at the last look.
				if running[i] {
					now.Running++
				} else {
					now.Queued++
				}
				continue
			}
			retried[i] = info.Retried
			switch info.State {
			case asynq.TaskStateCompleted:
				// Counted done before its result is handed on, so that a
				// progress report written with it counts it.
				b.mu.Lock()
				b.counts.Done++
				if running[i] {
					b.counts.Running = max(b.counts.Running-1, 0)
				} else {
					b.counts.Queued = max(b.counts.Queued-1, 0)
				}
				b.mu.Unlock()
				if err := result(i, info.Result); err != nil {
					return d.abandon(ids, open, fmt.Errorf("task %s: %w", ids[i], err))
				}
				delete(open, i)
			case asynq.TaskStateArchived:
				delete(open, i) // kept in the archive with its reason
				return d.abandon(ids, open, fmt.Errorf("task %s failed: %s", ids[i], info.LastErr))
			case asynq.TaskStateActive:
				now.Running++
			default:
				now.Queued++
			}
			running[i] = info.State == asynq.TaskStateActive
			if partial != nil && len(info.Result) > 0 && open[i] {
				partial(i, info.Result)
			}
		}
		now.Done = base.Done + len(ids) - len(open)
		now.Retried = base.Retried
		for _, r := range retried {
			now.Retried += r
		}
		b.mu.Lock()
		b.counts = now
		b.mu.Unlock()
		if len(open) == 0 {
			break
		}
		select {
		case <-ctx.Done():
			return d.abandon(ids, open, ctx.Err())
		case <-tick.C:
		}
	}
	return nil
}

// abandon deletes the open tasks, so that a cancelled or failed job leaves
// no work behind, and returns err. A running task is cancelled first; its
// handler then fails and asynq puts it up for a retry, where it can be
// deleted (a running task cannot).
func (d *Dispatcher) abandon(ids []string, open map[int]bool, err error) error {
	var running []string
	for i := range open {
		if info, ierr := d.insp.GetTaskInfo(d.queue, ids[i]); ierr == nil && info.State == asynq.TaskStateActive {
			_ = d.insp.CancelProcessing(ids[i])
			running = append(running, ids[i])
			continue
		}
		_ = d.insp.DeleteTask(d.queue, ids[i])
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(running) > 0 && time.Now().Before(deadline) {
		left := running[:0]
		for _, id := range running {
			if derr := d.insp.DeleteTask(d.queue, id); derr != nil && !errors.Is(derr, asynq.ErrTaskNotFound) {
				left = append(left, id)
			}
		}
		running = left
		if len(running) > 0 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	return err
}
