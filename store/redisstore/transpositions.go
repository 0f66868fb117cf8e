package redisstore

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// transpositions keeps each entry under a key of its own, with a TTL:
// Load is one MGET, Store one pipeline of SETs.
type transpositions struct {
	c   *redis.Client
	k   keys
	cfg store.Config
}

func (k keys) transposition(table string, hash uint64) string {
	return fmt.Sprintf("%stt:%s:%016x", string(k), table, hash)
}

func (t *transpositions) Load(ctx context.Context, table string, hashes []uint64) (map[uint64][]byte, error) {
	out := map[uint64][]byte{}
	if len(hashes) == 0 {
		return out, nil
	}
	names := make([]string, len(hashes))
	for i, h := range hashes {
		names[i] = t.k.transposition(table, h)
	}
	vals, err := t.c.MGet(ctx, names...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		if s, ok := v.(string); ok {
			out[hashes[i]] = []byte(s)
		}
	}
	return out, nil
}

func (t *transpositions) Store(ctx context.Context, table string, entries map[uint64][]byte) error {
	if len(entries) == 0 {
		return nil
	}
	_, err := t.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		for h, b := range entries {
			p.Set(ctx, t.k.transposition(table, h), b, t.cfg.TranspositionTTL)
		}
		return nil
	})
	return err
}
