package redisstore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// A hall of fame is three keys: a sorted set of keys by score, a sorted set
// of keys by the time found (to drop the latest of the lowest when full, as
// the memory store does) and a hash of the records' JSON.
type records struct {
	c   *redis.Client
	k   keys
	cfg store.Config
}

func (k keys) records(game, variant string) (byScore, byTime, data string) {
	base := string(k) + "records:" + game + ":" + variant
	return base, base + ":found", base + ":data"
}

// addRecordScript: KEYS by score, by time, data; ARGV key, score, found
// (unix ms), JSON, max. 1 added, 0 not (held already, or the lowest).
var addRecordScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
while redis.call('ZCARD', KEYS[1]) > tonumber(ARGV[5]) do
  local low = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local tied = redis.call('ZRANGEBYSCORE', KEYS[1], low[2], low[2])
  local drop, latest = nil, nil
  for _, m in ipairs(tied) do
    local t = tonumber(redis.call('ZSCORE', KEYS[2], m))
    if latest == nil or t > latest or (t == latest and m > drop) then drop, latest = m, t end
  end
  redis.call('ZREM', KEYS[1], drop)
  redis.call('ZREM', KEYS[2], drop)
  redis.call('HDEL', KEYS[3], drop)
end
return redis.call('HEXISTS', KEYS[3], ARGV[1])`)

func (s *records) Add(ctx context.Context, r *store.Record) (bool, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return false, err
	}
	byScore, byTime, data := s.k.records(r.Game, r.Variant)
	n, err := addRecordScript.Run(ctx, s.c, []string{byScore, byTime, data}, r.Key,
		strconv.FormatFloat(r.Score, 'g', -1, 64), r.FoundAt.UnixMilli(), b, s.cfg.MaxRecords).Int()
	return n == 1, err
}

func (s *records) Top(ctx context.Context, game, variant string, n int) ([]*store.Record, error) {
	if n <= 0 {
		return []*store.Record{}, nil
	}
	byScore, _, data := s.k.records(game, variant)
	top, err := s.c.ZRevRangeWithScores(ctx, byScore, 0, int64(n)-1).Result()
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(top))
	for _, z := range top {
		keys = append(keys, z.Member.(string))
	}
	if len(top) == n {
		// Records tied with the last one may have been found earlier than
		// it: take them all, sort, then cut.
		last := strconv.FormatFloat(top[n-1].Score, 'g', -1, 64)
		tied, err := s.c.ZRangeArgs(ctx, redis.ZRangeArgs{Key: byScore, Start: last, Stop: last, ByScore: true}).Result()
		if err != nil {
			return nil, err
		}
		for _, k := range tied {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	out := make([]*store.Record, 0, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	vals, err := s.c.HMGet(ctx, data, keys...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		text, ok := v.(string)
		if !ok {
			continue // dropped between the two reads
		}
		var r store.Record
		if err := json.Unmarshal([]byte(text), &r); err != nil {
			return nil, fmt.Errorf("record %s/%s %s: %w", game, variant, keys[i], err)
		}
		out = append(out, &r)
	}
	store.SortRecords(out)
	return out[:min(n, len(out))], nil
}
