package redisstore

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// replicaWait bounds how long a write that must not be lost waits for a
// replica to have it; replicasEvery how often the replicas are counted.
const (
	replicaWait   = 500 * time.Millisecond
	replicasEvery = 10 * time.Second
)

// replicas makes the writes that must not be lost (an account, an upload,
// a job's result) wait until a replica has them, where the primary has
// one: Redis replicates after it answers, so a primary that dies at once
// would take the write with it, and the replica promoted in its place
// would never have seen it. WAIT counts the writes of its own connection,
// so each wait writes a marker and waits for it on one connection: the
// replication stream is in order, so the marker's replication carries
// every write acknowledged before it.
type replicas struct {
	c      *redis.Client
	marker string
	mu     sync.Mutex
	at     time.Time
	n      int
	missed atomic.Int64 // waits that timed out
}

// count is the replicas connected to the primary, read at most every
// replicasEvery.
func (r *replicas) count(ctx context.Context) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if time.Since(r.at) < replicasEvery {
		return r.n
	}
	info, err := r.c.Info(ctx, "replication").Result()
	if err != nil {
		return r.n // asked again at the next write
	}
	r.n, r.at = connectedReplicas(info), time.Now()
	return r.n
}

func connectedReplicas(info string) int {
	for line := range strings.SplitSeq(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "connected_slaves:"); ok {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// wait returns once a replica has every write acknowledged so far, or
// replicaWait has passed (the write stands; it is said as missed). No
// replica: nothing to wait for.
func (r *replicas) wait(ctx context.Context) error {
	if r == nil || r.count(ctx) == 0 {
		return nil
	}
	pipe := r.c.Pipeline()
	pipe.Incr(ctx, r.marker)
	acked := pipe.Do(ctx, "WAIT", 1, replicaWait.Milliseconds())
	if _, err := pipe.Exec(ctx); err != nil {
		return err
	}
	if n, _ := acked.Int64(); n < 1 {
		r.missed.Add(1)
	}
	return nil
}
