package redisstore

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// live keeps each game under a key of its own with the TTL: a Put is one
// SET, a Get one GET.
type live struct {
	c   *redis.Client
	k   keys
	cfg store.Config
}

func (k keys) live(key string) string { return string(k) + "live:" + key }

func (l *live) Put(ctx context.Context, key string, game []byte) error {
	if len(game) > store.MaxLiveBytes {
		return store.ErrTooLarge
	}
	return l.c.Set(ctx, l.k.live(key), game, l.cfg.LiveTTL).Err()
}

func (l *live) Get(ctx context.Context, key string) ([]byte, error) {
	b, err := l.c.Get(ctx, l.k.live(key)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	return b, err
}

func (l *live) Delete(ctx context.Context, key string) error {
	return l.c.Del(ctx, l.k.live(key)).Err()
}
