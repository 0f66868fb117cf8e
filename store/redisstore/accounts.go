package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

func (k keys) login(hash string) string      { return string(k) + "login:" + hash }
func (k keys) loginsOf(owner string) string  { return string(k) + "logins:" + owner }
func (k keys) invitation(hash string) string { return string(k) + "invitation:" + hash }
func (k keys) invitations() string           { return string(k) + "invitations" }
func (k keys) counter(key string) string     { return string(k) + "count:" + key }

type accounts struct {
	c *redis.Client
	k keys
}

// addLoginScript: KEYS[1] the login, KEYS[2] the owner's logins (a sorted
// set by expiry); ARGV record, expiry (ms), ttl (ms), now (ms), most
// logins, the logins' key prefix. The expired leave the set, and the
// oldest past the most end.
var addLoginScript = redis.NewScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
local n = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5]) + 1
if n > 0 then
  for _, h in ipairs(redis.call('ZPOPMIN', KEYS[2], n)) do
    if _ % 2 == 1 then redis.call('DEL', ARGV[6] .. h) end
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`)

func (a *accounts) AddLogin(ctx context.Context, l *store.Login) error {
	b, err := json.Marshal(l)
	if err != nil {
		return err
	}
	ttl := time.Until(l.Expires)
	if ttl <= 0 {
		return nil
	}
	// SET's PX refuses 0: a login with under a millisecond left gets one.
	return addLoginScript.Run(ctx, a.c, []string{a.k.login(l.Hash), a.k.loginsOf(l.Owner)}, b, l.Expires.UnixMilli(),
		max(ttl.Milliseconds(), 1), time.Now().UnixMilli(), store.MaxLogins, a.k.login(""), l.Hash).Err()
}

func (a *accounts) Login(ctx context.Context, hash string) (*store.Login, error) {
	b, err := a.c.Get(ctx, a.k.login(hash)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var l store.Login
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

func (a *accounts) EndLogin(ctx context.Context, hash string) error {
	l, err := a.Login(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	pipe := a.c.TxPipeline()
	pipe.Del(ctx, a.k.login(hash))
	pipe.ZRem(ctx, a.k.loginsOf(l.Owner), hash)
	_, err = pipe.Exec(ctx)
	return err
}

func (a *accounts) Logins(ctx context.Context, owner string) ([]*store.Login, error) {
	hashes, err := a.c.ZRangeArgs(ctx, redis.ZRangeArgs{Key: a.k.loginsOf(owner), Start: time.Now().UnixMilli(), Stop: "+inf",
		ByScore: true}).Result()
	if err != nil || len(hashes) == 0 {
		return nil, err
	}
	keys := make([]string, len(hashes))
	for i, h := range hashes {
		keys[i] = a.k.login(h)
	}
	vals, err := a.c.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, err
	}
	var out []*store.Login
	for _, v := range vals {
		s, ok := v.(string)
		if !ok {
			continue // ended or expired since the range was read
		}
		var l store.Login
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			return nil, fmt.Errorf("a sign-in of %s: %w", owner, err)
		}
		out = append(out, &l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.After(out[j].CreatedAt) })
	return out, nil
}

// An invitation is a hash of fields: expires and created (ms), note and
// used_by; the invitations, a sorted set of their hashes by when they
// were made (µs: two made in one millisecond are still listed newest
// first), lists them.

// inviteScript: KEYS[1] the invitation, KEYS[2] the invitations; ARGV
// expires, created (ms), note, ttl (ms), the oldest an invitation still
// kept can have been made (µs), most kept, hash, created (µs). 1 kept,
// -1 exists, -2 full. Entries scored in ms (before 2026-12-05) are scored
// again in µs first.
var inviteScript = redis.NewScript(`
for _, h in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(1e14')) do
  redis.call('ZADD', KEYS[2], redis.call('ZSCORE', KEYS[2], h) * 1000, h)
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[5])
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then return -2 end
redis.call('HSET', KEYS[1], 'expires', ARGV[1], 'created', ARGV[2], 'note', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[8], ARGV[7])
return 1`)

func (a *accounts) Invite(ctx context.Context, inv *store.Invitation) error {
	ttl := time.Until(inv.Expires.Add(store.InvitationGrace))
	oldest := time.Now().Add(-store.MaxInvitationLife - store.InvitationGrace)
	n, err := inviteScript.Run(ctx, a.c, []string{a.k.invitation(inv.Hash), a.k.invitations()},
		inv.Expires.UnixMilli(), inv.CreatedAt.UnixMilli(), inv.Note, ttl.Milliseconds(), oldest.UnixMicro(), store.MaxInvitations, inv.Hash,
		inv.CreatedAt.UnixMicro()).Int()
	switch {
	case err != nil:
		return err
	case n == -1:
		return store.ErrExists
	case n == -2:
		return store.ErrFull
	}
	return nil
}

// Invitations reads the kept invitations newest first; one whose record
// has expired leaves the list.
func (a *accounts) Invitations(ctx context.Context) ([]*store.Invitation, error) {
	hashes, err := a.c.ZRangeArgs(ctx, redis.ZRangeArgs{Key: a.k.invitations(), Start: 0, Stop: store.MaxInvitations - 1, Rev: true}).Result()
	if err != nil {
		return nil, err
	}
	pipe := a.c.Pipeline()
	reads := make([]*redis.MapStringStringCmd, len(hashes))
	for i, h := range hashes {
		reads[i] = pipe.HGetAll(ctx, a.k.invitation(h))
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, err
	}
	out := []*store.Invitation{}
	for i, r := range reads {
		f := r.Val()
		if len(f) == 0 {
			if err := a.c.ZRem(ctx, a.k.invitations(), hashes[i]).Err(); err != nil {
				return nil, err
			}
			continue
		}
		inv := &store.Invitation{Hash: hashes[i], UsedBy: f["used_by"], Note: f["note"]}
		for field, t := range map[string]*time.Time{"expires": &inv.Expires, "created": &inv.CreatedAt} {
			ms, err := strconv.ParseInt(f[field], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("invitation %.8s…: %s: %w", hashes[i], field, err)
			}
			*t = time.UnixMilli(ms).UTC()
		}
		out = append(out, inv)
	}
	return out, nil
}

// withdrawScript: KEYS[1] the invitation, KEYS[2] the invitations; ARGV
// the hash. 1 withdrawn, -1 unknown, -2 used.
var withdrawScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HEXISTS', KEYS[1], 'used_by') == 1 then return -2 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`)

func (a *accounts) Withdraw(ctx context.Context, hash string) error {
	n, err := withdrawScript.Run(ctx, a.c, []string{a.k.invitation(hash), a.k.invitations()}, hash).Int()
	switch {
	case err != nil:
		return err
	case n == -1:
		return store.ErrNotFound
	case n == -2:
		return store.ErrUsed
	}
	return nil
}

// redeemScript: KEYS[1] the invitation; ARGV owner, now (ms). 1 redeemed,
// -1 unknown, -2 used, -3 expired.
var redeemScript = redis.NewScript(`
local exp = redis.call('HGET', KEYS[1], 'expires')
if not exp then return -1 end
if redis.call('HEXISTS', KEYS[1], 'used_by') == 1 then return -2 end
if tonumber(exp) <= tonumber(ARGV[2]) then return -3 end
redis.call('HSET', KEYS[1], 'used_by', ARGV[1])
return 1`)

func (a *accounts) Redeem(ctx context.Context, hash, owner string, now time.Time) error {
	n, err := redeemScript.Run(ctx, a.c, []string{a.k.invitation(hash)}, owner, now.UnixMilli()).Int()
	if err != nil {
		return err
	}
	switch n {
	case -1:
		return store.ErrNotFound
	case -2:
		return store.ErrUsed
	case -3:
		return store.ErrExpired
	}
	return nil
}

func (a *accounts) Unredeem(ctx context.Context, hash string) error {
	return a.c.HDel(ctx, a.k.invitation(hash), "used_by").Err()
}

// hitScript: KEYS[1] the counter; ARGV the window (ms). The count and the
// window's time left.
var hitScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
-- A new key has no expiry; one given back to zero (Unhit) keeps its window.
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`)

func (a *accounts) Hit(ctx context.Context, key string, window time.Duration) (int64, time.Duration, error) {
	r, err := hitScript.Run(ctx, a.c, []string{a.k.counter(key)}, window.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, 0, err
	}
	return r[0], time.Duration(r[1]) * time.Millisecond, nil
}

// unhitScript: KEYS[1] the counter. DECR keeps the key's expiry.
var unhitScript = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`)

func (a *accounts) Unhit(ctx context.Context, key string) error {
	return unhitScript.Run(ctx, a.c, []string{a.k.counter(key)}).Err()
}

func (a *accounts) Hits(ctx context.Context, key string) (int64, time.Duration, error) {
	pipe := a.c.Pipeline()
	n := pipe.Get(ctx, a.k.counter(key))
	ttl := pipe.PTTL(ctx, a.k.counter(key))
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return 0, 0, err
	}
	count, err := n.Int64()
	if errors.Is(err, redis.Nil) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	return count, max(ttl.Val(), 0), nil
}
