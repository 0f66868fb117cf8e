package workers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"gameai/internal/redisurl"
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
//
// A worker that finishes a task says so on its job's completion list
// (doneKey), and every Poll the dispatcher reads the list and looks at
// those tasks only: a look is a Redis round trip a task, which a job of
// some hundreds of tasks on a Redis across a network cannot afford ten
// times a second. Every Sweep it looks at them all, for what no worker
// announces: a task failed for good, one whose announcement was lost with
// Redis, the counts. Tasks that report partial results are looked at every
// Poll while they run.
type Dispatcher struct {
	client *asynq.Client
	insp   *asynq.Inspector
	rdb    redis.UniversalClient // the completion lists
	queue  string
	// Poll is how often the completion list is read (default 100 ms) and
	// Sweep how often every unfinished task is looked at (default 1 s).
	Poll, Sweep time.Duration
}

// NewDispatcher dispatches on queue (DefaultQueue when empty) through the
// Redis of opt (ParseRedisURL), with connections of its own: Close them.
func NewDispatcher(opt asynq.RedisConnOpt, queue string) *Dispatcher {
	if queue == "" {
		queue = DefaultQueue
	}
	return &Dispatcher{client: asynq.NewClient(opt), insp: asynq.NewInspector(opt), rdb: newRedis(opt), queue: queue,
		Poll: 100 * time.Millisecond, Sweep: time.Second}
}

// Close closes the dispatcher's connections.
func (d *Dispatcher) Close() error {
	return errors.Join(d.client.Close(), d.insp.Close(), d.rdb.Close())
}

// newRedis is a go-redis client on opt's Redis for the completion lists,
// used by this package only (asynq is never given it).
func newRedis(opt asynq.RedisConnOpt) redis.UniversalClient {
	return opt.MakeRedisClient().(redis.UniversalClient)
}

// doneKey is the list a job's finished tasks are announced on.
func doneKey(job string) string { return "gameai:tasks:done:" + job }

// jobOf is the job part of a task id (taskID).
func jobOf(id string) string { return id[:max(strings.LastIndexByte(id, ':'), 0)] }

// announce puts a finished task on its job's completion list (best effort:
// a sweep finds a task whose announcement is lost).
func announce(ctx context.Context, rdb redis.UniversalClient, id string) {
	key := doneKey(jobOf(id))
	pipe := rdb.Pipeline()
	pipe.RPush(ctx, key, id)
	pipe.Expire(ctx, key, retention)
	_, _ = pipe.Exec(ctx)
}

// announced takes the ids off a job's completion list.
func (d *Dispatcher) announced(ctx context.Context, job string) []string {
	var ids []string
	for {
		got, err := d.rdb.LPopCount(ctx, doneKey(job), 1000).Result()
		ids = append(ids, got...)
		if err != nil || len(got) < 1000 {
			return ids
		}
	}
}

// ParseRedisURL reads the servers' Redis URL (redisurl.Syntax: one server,
// or the primary Sentinel names) into what the dispatcher, the worker and
// the collector connect with. Each makes asynq connections of its own:
// asynq's cancellation listener crashed the process when Redis restarted
// under a client it was given (go-redis v9.23, asynq v0.26), and never
// under one it made.
func ParseRedisURL(url string) (asynq.RedisConnOpt, error) {
	o, err := redisurl.Parse(url)
	if err != nil {
		return nil, err
	}
	return o.Asynq(), nil
}

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
	done   Counts // the batches run before the current one
	counts Counts
}

// Counts reports the tasks of the batches run so far: the finished ones,
// and the current batch's by state.
func (b *batch) Counts() Counts {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.counts
}

// taskState is what the dispatcher last saw of a task.
type taskState struct {
	state   asynq.TaskState // 0 until seen
	retried int
	done    bool
}

// count publishes the counts of the current batch's tasks.
func (b *batch) count(tasks []taskState) {
	c := b.done
	for _, t := range tasks {
		c.Retried += t.retried
		switch {
		case t.done:
			c.Done++
		case t.state == asynq.TaskStateActive:
			c.Running++
		default:
			c.Queued++
		}
	}
	b.mu.Lock()
	b.counts = c
	b.mu.Unlock()
}

// taskID names a task by its job and payload: the same work gets the same
// id, which asynq refuses to enqueue twice.
func taskID(job, typ string, payload []byte) string {
	h := sha256.Sum256(append([]byte(typ+"\x00"), payload...))
	return job + ":" + hex.EncodeToString(h[:12])
}

// timeoutOf is a task's bound: timeout, but for a database pair's.
func timeoutOf(typ string) time.Duration {
	if typ == TypeMorrisDBPair {
		return pairTimeout
	}
	return timeout
}

// run enqueues the payloads as tasks of type typ, each on its queue
// (queues[i]; the dispatcher's queue when queues is nil), and calls result
// with each one's index and result as it finishes; partial, when set, gets
// what each running task has written as its result so far, at every poll.
// It returns when all have finished, at the first task that failed for
// good (archived), or when ctx ends, in which case the tasks not finished
// are deleted or cancelled. While Redis is away it waits, and goes on when
// Redis is back.
func (b *batch) run(ctx context.Context, typ string, payloads [][]byte, queues []string,
	result func(i int, res []byte) error, partial func(i int, res []byte)) error {
	d := b.d
	r := &batchRun{b: b, typ: typ, payloads: payloads, queues: queues, result: result, partial: partial,
		ids: make([]string, len(payloads)), index: make(map[string]int, len(payloads))}
	for i, p := range payloads {
		r.ids[i] = taskID(b.job, typ, p)
		r.index[r.ids[i]] = i
	}
	if r.queues == nil {
		r.queues = make([]string, len(payloads))
		for i := range r.queues {
			r.queues[i] = d.queue
		}
	}
	// A task that cannot be enqueued or read now (Redis away) is tried
	// again at the next look: the job waits for Redis, as the jobs that
	// run in process go on without it.
	r.enqueued = make([]bool, len(r.ids))
	for i := range payloads {
		r.enqueued[i] = r.enqueue(ctx, i)
	}
	r.tasks = make([]taskState, len(r.ids))
	r.open = len(r.ids)
	defer func() {
		b.mu.Lock()
		b.done = b.counts
		b.mu.Unlock()
	}()
	// watch holds the announced tasks not yet seen finished (a worker
	// announces just before asynq marks the task completed).
	watch := map[int]bool{}
	var swept time.Time
	tick := time.NewTicker(d.Poll)
	defer tick.Stop()
	for {
		sweep := time.Since(swept) >= d.Sweep
		if sweep {
			swept = time.Now()
		}
		for _, id := range d.announced(ctx, b.job) {
			if i, ok := r.index[id]; ok && !r.tasks[i].done {
				watch[i] = true
			}
		}
		for i := range r.tasks {
			// Running tasks that report as they go are looked at every
			// poll, so their partial results are fresh.
			reporting := partial != nil && r.tasks[i].state == asynq.TaskStateActive
			if r.tasks[i].done || !(sweep || watch[i] || reporting) {
				continue
			}
			if err := r.look(ctx, i); err != nil {
				return d.abandon(r.ids, r.queues, r.tasks, err)
			}
			if r.tasks[i].done {
				delete(watch, i)
			}
		}
		b.count(r.tasks)
		if r.open == 0 {
			// A task a sweep found finished may have been announced after
			// the pop above: its id would stay on the list for a day.
			// Every task is completed now, so every announcement is in.
			d.announced(ctx, b.job)
			return nil
		}
		select {
		case <-ctx.Done():
			return d.abandon(r.ids, r.queues, r.tasks, ctx.Err())
		case <-tick.C:
		}
	}
}

// batchRun is one run of a batch: its tasks by index, where each is, and
// whom their results go to.
type batchRun struct {
	b        *batch
	typ      string
	payloads [][]byte
	queues   []string
	ids      []string
	index    map[string]int
	enqueued []bool
	tasks    []taskState
	open     int
	result   func(i int, res []byte) error
	partial  func(i int, res []byte)
}

// enqueue puts task i on its queue, and says whether it is there.
func (r *batchRun) enqueue(ctx context.Context, i int) bool {
	_, err := r.b.d.client.EnqueueContext(ctx, asynq.NewTask(r.typ, r.payloads[i]), asynq.TaskID(r.ids[i]),
		asynq.Queue(r.queues[i]), asynq.MaxRetry(maxRetry), asynq.Retention(retention), asynq.Timeout(timeoutOf(r.typ)))
	// A conflict: enqueued before this server restarted, so collect it.
	return err == nil || errors.Is(err, asynq.ErrTaskIDConflict)
}

// look reads task i; an error ends the batch (abandon).
func (r *batchRun) look(ctx context.Context, i int) error {
	t := &r.tasks[i]
	if !r.enqueued[i] {
		r.enqueued[i] = r.enqueue(ctx, i)
		return nil
	}
	info, err := r.b.d.insp.GetTaskInfo(r.queues[i], r.ids[i])
	switch {
	case errors.Is(err, asynq.ErrTaskNotFound), errors.Is(err, asynq.ErrQueueNotFound):
		// Deleted, or its retention lapsed before it was read, or a
		// Redis that lost its data: the work is the same, so it is
		// simply done again.
		t.state, r.enqueued[i] = 0, r.enqueue(ctx, i)
		return nil
	case transient(err):
		return nil // Redis away: as it was at the last look
	case err != nil:
		return fmt.Errorf("task %s: reading its state: %w", r.ids[i], err)
	}
	t.state, t.retried = info.State, info.Retried
	switch info.State {
	case asynq.TaskStateCompleted:
		// Counted done before its result is handed on, so that a
		// progress report written with it counts it.
		t.done = true
		r.open--
		r.b.count(r.tasks)
		if err := r.result(i, info.Result); err != nil {
			return fmt.Errorf("task %s: %w", r.ids[i], err)
		}
	case asynq.TaskStateArchived:
		t.done = true // kept in the archive with its reason
		return fmt.Errorf("task %s failed: %s", r.ids[i], info.LastErr)
	default:
		if r.partial != nil && len(info.Result) > 0 {
			r.partial(i, info.Result)
		}
	}
	return nil
}

// abandon deletes the open tasks, so that a cancelled or failed job leaves
// no work behind, and returns err. A running task is cancelled first; its
// handler then fails and asynq puts it up for a retry, where it can be
// deleted (a running task cannot).
func (d *Dispatcher) abandon(ids, queues []string, tasks []taskState, err error) error {
	var running []int
	for i := range tasks {
		if tasks[i].done {
			continue
		}
		if info, ierr := d.insp.GetTaskInfo(queues[i], ids[i]); ierr == nil && info.State == asynq.TaskStateActive {
			_ = d.insp.CancelProcessing(ids[i])
			running = append(running, i)
			continue
		}
		_ = d.insp.DeleteTask(queues[i], ids[i])
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(running) > 0 && time.Now().Before(deadline) {
		left := running[:0]
		for _, i := range running {
			if derr := d.insp.DeleteTask(queues[i], ids[i]); derr != nil && !errors.Is(derr, asynq.ErrTaskNotFound) {
				left = append(left, i)
			}
		}
		running = left
		if len(running) > 0 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	return err
}
