package redisstore

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

func (k keys) seats() string                { return string(k) + "seats" }
func (k keys) seatsOf(holder string) string { return string(k) + "seats:holder:" + holder }
func (k keys) seatsFrom(net string) string  { return string(k) + "seats:network:" + net }

// seats are every server's session seats: three sorted sets of seat keys
// by the time each is held until (all, a holder's, a network's).
type seats struct {
	c *redis.Client
	k keys
}

// takeSeatScript: KEYS all, the holder's, the network's seats; ARGV now,
// until (ms), key, the holder's share, the network's, the total, the
// reserve, own (1 or 0). 0 taken or held on; 1, 2, 3 the holder's, the
// network's or the total bound refuses it. Each set lives as long as its
// latest seat.
var takeSeatScript = redis.NewScript(`
local now, untl = tonumber(ARGV[1]), tonumber(ARGV[2])
for i = 1, 3 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 1 end
  if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 2 end
  local total, most = redis.call('ZCARD', KEYS[1]), tonumber(ARGV[6])
  if total >= most + tonumber(ARGV[7]) or (total >= most and ARGV[8] ~= '1') then return 3 end
end
for i = 1, 3 do
  redis.call('ZADD', KEYS[i], untl, ARGV[3])
  if redis.call('PTTL', KEYS[i]) < untl - now then redis.call('PEXPIRE', KEYS[i], untl - now) end
end
return 0`)

func (s *seats) Take(ctx context.Context, seat store.Seat, b store.SeatBounds) error {
	own := 0
	if seat.Own {
		own = 1
	}
	n, err := takeSeatScript.Run(ctx, s.c, []string{s.k.seats(), s.k.seatsOf(seat.Holder), s.k.seatsFrom(seat.Network)},
		time.Now().UnixMilli(), seat.Until.UnixMilli(), seat.Key, b.Holder, b.Network, b.Total, b.Reserve, own).Int()
	if err != nil {
		return err
	}
	if n > 0 {
		return &store.SeatsFullError{Bound: []string{"", "holder", "network", "total"}[n]}
	}
	return nil
}

func (s *seats) Release(ctx context.Context, seat store.Seat) error {
	pipe := s.c.TxPipeline()
	for _, k := range []string{s.k.seats(), s.k.seatsOf(seat.Holder), s.k.seatsFrom(seat.Network)} {
		pipe.ZRem(ctx, k, seat.Key)
	}
	_, err := pipe.Exec(ctx)
	return err
}
