package redisstore

import (
	"context"
	"strings"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// kindIndex indexes by kind, once, the jobs of a store written before jobs
// were indexed by kind (their index of all jobs is all they have), a batch
// of index entries at a time: a week's retention of jobs is read through,
// not held. Jobs that expired are skipped (List drops their entries).
func kindIndex(ctx context.Context, c *redis.Client, k keys) error {
	if n, err := c.Exists(ctx, k.kindIndexBuilt()).Result(); err != nil || n == 1 {
		return err
	}
	const batch = 1000
	for from := int64(0); ; from += batch {
		members, err := c.ZRange(ctx, k.jobIndex(), from, from+batch-1).Result()
		if err != nil {
			return err
		}
		cmds := make([]*redis.SliceCmd, len(members))
		if _, err := c.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, m := range members {
				_, id, _ := strings.Cut(m, ":")
				cmds[i] = p.HMGet(ctx, k.job(id), "v", "d")
			}
			return nil
		}); err != nil {
			return err
		}
		if _, err := c.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, m := range members {
				_, id, _ := strings.Cut(m, ":")
				var j store.Job
				if _, err := decodeVersioned(k.job(id), cmds[i].Val(), &j); err == nil {
					p.ZAdd(ctx, k.kindIndex(j.Kind), redis.Z{Member: m})
				}
			}
			if len(members) < batch {
				p.Set(ctx, k.kindIndexBuilt(), "1", 0)
			}
			return nil
		}); err != nil {
			return err
		}
		if len(members) < batch {
			return nil
		}
	}
}
