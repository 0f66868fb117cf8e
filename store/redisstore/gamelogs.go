package redisstore

import (
	"context"
	"errors"
	"strconv"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// gameLogs keeps a log as a hash of games by number beside a sorted set
// of the numbers: an Add (one script) writes both and trims the lowest
// numbers, so the two never disagree for a reader.
type gameLogs struct {
	c   *redis.Client
	k   keys
	rep *replicas
}

func (k keys) gameLog(log string) string      { return string(k) + "gamelog:" + log }
func (k keys) gameLogOrder(log string) string { return string(k) + "gamelog:" + log + ":n" }

// addGameScript: KEYS[1] the games, KEYS[2] their numbers; ARGV n, game,
// keep. The trimmed numbers are few (one an Add in a steady log), but a
// smaller keep than before may drop many: deleted one by one, not
// unpacked, to stay within Lua's stack.
var addGameScript = redis.NewScript(`
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[1])
local keep = tonumber(ARGV[3])
local old = redis.call('ZRANGE', KEYS[2], 0, -keep - 1)
for _, n in ipairs(old) do
	redis.call('HDEL', KEYS[1], n)
end
if #old > 0 then
	redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -keep - 1)
end
return #old
`)

func (l *gameLogs) Add(ctx context.Context, log string, n int, game []byte, keep int) error {
	if len(game) > store.MaxLoggedGame {
		return store.ErrTooLarge
	}
	keep = max(keep, 1)
	if err := addGameScript.Run(ctx, l.c, []string{l.k.gameLog(log), l.k.gameLogOrder(log)}, n, game, keep).Err(); err != nil {
		return err
	}
	// A game counted in a ladder's ratings: on a replica before its
	// writer lets its checkpoint forget it.
	return l.rep.wait(ctx)
}

func (l *gameLogs) Get(ctx context.Context, log string, n int) ([]byte, error) {
	b, err := l.c.HGet(ctx, l.k.gameLog(log), strconv.Itoa(n)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	return b, err
}

// latestGamesScript: KEYS[1] the games, KEYS[2] their numbers; ARGV the
// limit. The numbers and their games in one step: no Add trims a game
// between the two reads, and a page's list is one round trip.
var latestGamesScript = redis.NewScript(`
local ns = redis.call('ZRANGE', KEYS[2], 0, tonumber(ARGV[1]) - 1, 'REV')
if #ns == 0 then return {} end
return redis.call('HMGET', KEYS[1], unpack(ns))
`)

func (l *gameLogs) Latest(ctx context.Context, log string, limit int) ([][]byte, error) {
	if limit < 1 {
		return nil, nil
	}
	vals, err := latestGamesScript.Run(ctx, l.c, []string{l.k.gameLog(log), l.k.gameLogOrder(log)}, limit).Slice()
	if err != nil {
		return nil, err
	}
	out := make([][]byte, 0, len(vals))
	for _, v := range vals {
		if s, ok := v.(string); ok {
			out = append(out, []byte(s))
		}
	}
	return out, nil
}
