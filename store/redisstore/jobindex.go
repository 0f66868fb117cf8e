package redisstore

import (
	"context"
	"strings"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// kindIndex indexes by kind, once, the jobs of a store written before jobs
// were indexed by kind (their index of all jobs is all they have).
func kindIndex(ctx context.Context, c *redis.Client, k keys) error {
	jobID := func(member string) string {
		_, id, _ := strings.Cut(member, ":")
		return k.job(id)
	}
	return indexOnce(ctx, c, k.jobIndex(), k.kindIndexBuilt(), jobID, func(p redis.Pipeliner, z redis.Z, rec []any) {
		var j store.Job
		if _, err := decodeVersioned(jobID(z.Member.(string)), rec, &j); err == nil {
			p.ZAdd(ctx, k.kindIndex(j.Kind), z)
		}
	})
}

// indexOnce builds a secondary index from the sorted set all, once (built
// marks it done): it reads all's entries a thousand at a time (a week of
// jobs is read through, not held), each entry's versioned record (the key
// recordOf names; missing ones are skipped: List drops their entries), and
// add queues what the record's entry adds to the new index.
func indexOnce(ctx context.Context, c *redis.Client, all, built string, recordOf func(member string) string,
	add func(p redis.Pipeliner, z redis.Z, rec []any)) error {
	if n, err := c.Exists(ctx, built).Result(); err != nil || n == 1 {
		return err
	}
	const batch = 1000
	for from := int64(0); ; from += batch {
		zs, err := c.ZRangeWithScores(ctx, all, from, from+batch-1).Result()
		if err != nil {
			return err
		}
		cmds := make([]*redis.SliceCmd, len(zs))
		if _, err := c.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, z := range zs {
				cmds[i] = p.HMGet(ctx, recordOf(z.Member.(string)), "v", "d")
			}
			return nil
		}); err != nil {
			return err
		}
		if _, err := c.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, z := range zs {
				add(p, z, cmds[i].Val())
			}
			if len(zs) < batch {
				p.Set(ctx, built, "1", 0)
			}
			return nil
		}); err != nil {
			return err
		}
		if len(zs) < batch {
			return nil
		}
	}
}
