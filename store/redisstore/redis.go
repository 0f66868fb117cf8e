// Package redisstore keeps sessions, analyses, strategies, jobs, halls of
// fame and the shared transposition table in Redis (go-redis v9), so several
// servers share them and a restart loses nothing.
//
// Versioned records (sessions, jobs) are hashes with a version field "v" and
// the JSON data "d"; writes go through Lua scripts that compare the version,
// so two servers updating one session never lose a move.
package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"gameai/internal/redisurl"
	"gameai/store"
)

// New connects to the Redis at url (redisurl.Syntax: one server, or the
// primary Sentinel names, followed through failovers) and returns a store
// whose keys all start with prefix (e.g. "gameai:").
func New(ctx context.Context, url, prefix string, cfg store.Config) (*store.Store, error) {
	opts, err := redisurl.Parse(url)
	if err != nil {
		return nil, err
	}
	c := opts.Client(func(dialerRetries *int, contextTimeout *bool) {
		// A dial fails at once on a server that is down; go-redis's own
		// retries of a failed dial (5 by default) would make every request
		// wait well over a second before its 503, while a command is still
		// retried (MaxRetries).
		*dialerRetries = 1
		// A request's deadline bounds its Redis calls too.
		*contextTimeout = true
	})
	st := FromClient(c, prefix, cfg)
	if err := st.Ping(ctx); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("redis ping: %w", err)
	}
	if err := ownerIndex(ctx, c, keys(prefix)); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("redis: indexing the bots by owner: %w", err)
	}
	if err := kindIndex(ctx, c, keys(prefix)); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("redis: indexing the jobs by kind: %w", err)
	}
	return st, nil
}

// FromClient builds the store over an existing client, to which it adds the
// hook that reports transport failures as store.ErrUnavailable.
func FromClient(c *redis.Client, prefix string, cfg store.Config) *store.Store {
	name := "Redis at " + c.Options().Addr
	if c.Options().Addr == "FailoverClient" { // go-redis's name for a client through Sentinel
		name = "Redis (the primary Sentinel names)"
	}
	c.AddHook(unavailableHook{name: name})
	cfg = cfg.WithDefaults()
	k := keys(prefix)
	rep := &replicas{c: c, marker: k.replicated()}
	return &store.Store{
		Config:         cfg,
		Sessions:       &sessions{c: c, k: k, cfg: cfg},
		Analyses:       &analyses{c: c, k: k, cfg: cfg},
		Strategies:     &strategies{c: c, k: k},
		Jobs:           &jobs{c: c, k: k, cfg: cfg, rep: rep},
		Records:        &records{c: c, k: k, cfg: cfg},
		Bots:           &bots{c: c, k: k, cfg: cfg, rep: rep},
		Owners:         &owners{c: c, k: k, rep: rep},
		Accounts:       &accounts{c: c, k: k},
		Audit:          &audit{c: c, k: k},
		Artefacts:      &artefacts{c: c, k: k, cfg: cfg},
		Transpositions: &transpositions{c: c, k: k, cfg: cfg},
		Live:           &live{c: c, k: k, cfg: cfg},
		GameLogs:       &gameLogs{c: c, k: k, rep: rep},
		Seats:          &seats{c: c, k: k},
		Ping:           func(ctx context.Context) error { return c.Ping(ctx).Err() },
		Durability: func(ctx context.Context) (store.Durability, error) {
			d, err := durability(ctx, c)
			d.WaitsMissed = rep.missed.Load()
			return d, err
		},
		Close: c.Close,
	}
}

type keys string

// replicated is the marker a write that must not be lost waits on.
func (k keys) replicated() string { return string(k) + "replicated" }

func (k keys) session(id string) string { return string(k) + "session:" + id }

// liveSessions and sessionsOf count the live sessions, of all and of a
// client.
func (k keys) liveSessions() string            { return string(k) + "sessions:live" }
func (k keys) sessionsOf(client string) string { return string(k) + "sessions:client:" + client }
func (k keys) job(id string) string            { return string(k) + "job:" + id }
func (k keys) liveJobs() string                { return string(k) + "jobs:live" }
func (k keys) jobLease(id string) string       { return string(k) + "joblease:" + id }
func (k keys) jobIndex() string                { return string(k) + "jobs:index" }

// kindIndex orders one kind's jobs as jobIndex orders all, so a page of
// one kind is not held back by many newer jobs of others.
func (k keys) kindIndex(kind string) string { return string(k) + "jobs:index:kind:" + kind }

// kindIndexBuilt marks a store whose jobs written before kindIndex existed
// have been indexed by kind.
func (k keys) kindIndexBuilt() string { return string(k) + "jobs:index:kinds-built" }
func (k keys) strategies(game string) string {
	return string(k) + "strategies:" + game
}
func (k keys) analysis(a store.AnalysisKey) string {
	return fmt.Sprintf("%sanalysis:%s:%s:%s:%s@%s:%016x", string(k), a.Game, a.Variant, a.Options, a.Engine, a.EngineVersion, a.Hash)
}

// createScript: KEYS[1] record; ARGV data, ttl ms (0: none). 1 created, 0 exists.
var createScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[1])
if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`)

// updateScript: KEYS[1] record, KEYS[2] (optional) a count the write
// raises; ARGV expected version, data, ttl ms (0: no expiry). 1 written, 0
// version mismatch, -1 missing.
var updateScript = redis.NewScript(`
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(v) + 1, 'd', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) else redis.call('PERSIST', KEYS[1]) end
if KEYS[2] then redis.call('INCR', KEYS[2]) end
return 1`)

func create(ctx context.Context, c *redis.Client, key string, v any, ttl time.Duration) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	n, err := createScript.Run(ctx, c, []string{key}, b, ttl.Milliseconds()).Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrExists
	}
	return nil
}

func update(ctx context.Context, c *redis.Client, key string, version int64, v any, ttl time.Duration) error {
	return updateCounted(ctx, c, key, "", version, v, ttl)
}

// updateCounted is update that also raises the count at key counter (when
// not "") in the same step.
func updateCounted(ctx context.Context, c *redis.Client, key, counter string, version int64, v any, ttl time.Duration) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	keys := []string{key}
	if counter != "" {
		keys = append(keys, counter)
	}
	n, err := updateScript.Run(ctx, c, keys, version, b, ttl.Milliseconds()).Int()
	if err != nil {
		return err
	}
	switch n {
	case -1:
		return store.ErrNotFound
	case 0:
		return store.ErrConflict
	}
	return nil
}

// get reads a versioned record into v and returns its version.
func get(ctx context.Context, c *redis.Client, key string, v any) (int64, error) {
	vals, err := c.HMGet(ctx, key, "v", "d").Result()
	if err != nil {
		return 0, err
	}
	return decodeVersioned(key, vals, v)
}

// decodeVersioned reads the version and data fields of a record (as HMGET
// v d returns them) into v.
func decodeVersioned(key string, vals []any, v any) (int64, error) {
	vs, ok1 := vals[0].(string)
	data, ok2 := vals[1].(string)
	if !ok1 || !ok2 {
		return 0, store.ErrNotFound
	}
	version, err := strconv.ParseInt(vs, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("record %s: bad version %q", key, vs)
	}
	if err := json.Unmarshal([]byte(data), v); err != nil {
		return 0, fmt.Errorf("record %s: %w", key, err)
	}
	return version, nil
}

type sessions struct {
	c   *redis.Client
	k   keys
	cfg store.Config
}

// Live sessions are counted in sorted sets scored by expiry (ms on
// Redis's clock): one of all, one a client. A count first drops the
// entries past their expiry, so it is exact while each entry's score
// follows its record's (every write of a session rescores it).

// sessionCreateScript: KEYS[1] record, KEYS[2] the live set, KEYS[3] and
// KEYS[4] the live sets of the clients it is counted against ("" when
// none); ARGV data, ttl ms, id, most live, most a client's. 1 created, 0
// exists, -1 full, -2 a client's share full.
var sessionCreateScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
for i = 3, 4 do
  if KEYS[i] ~= '' then
    redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
    if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[5]) then return -2 end
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], now + ttl, ARGV[3])
for i = 3, 4 do
  if KEYS[i] ~= '' then
    redis.call('ZADD', KEYS[i], now + ttl, ARGV[3])
    if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
return 1`)

// sessionUpdateScript is updateScript for a session: KEYS as above; ARGV
// expected version, data, ttl ms, id. 1 written, 0 version mismatch, -1
// missing.
var sessionUpdateScript = redis.NewScript(`
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], 'v', tonumber(v) + 1, 'd', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], now + ttl, ARGV[4])
for i = 3, 4 do
  if KEYS[i] ~= '' then
    redis.call('ZADD', KEYS[i], now + ttl, ARGV[4])
    if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
return 1`)

// clientKeys are the live sets of the clients sess is counted against,
// always two ("" for none), as the scripts' KEYS[3] and KEYS[4].
func (s *sessions) clientKeys(sess *store.Session) []string {
	out := []string{"", ""}
	for i, c := range sess.Counted() {
		out[i] = s.k.sessionsOf(c)
	}
	return out
}

func (s *sessions) Create(ctx context.Context, sess *store.Session) error {
	sess.Rev = 1
	b, err := json.Marshal(sess)
	if err != nil {
		return err
	}
	n, err := sessionCreateScript.Run(ctx, s.c, append([]string{s.k.session(sess.ID), s.k.liveSessions()}, s.clientKeys(sess)...),
		b, s.cfg.SessionLife(sess).Milliseconds(), sess.ID, s.cfg.MaxSessions, s.cfg.MaxSessionsPerClient).Int()
	if err != nil {
		return err
	}
	switch n {
	case 0:
		return store.ErrExists
	case -1:
		return store.ErrFull
	case -2:
		return store.ErrClientFull
	}
	return nil
}

func (s *sessions) Get(ctx context.Context, id string) (*store.Session, error) {
	var sess store.Session
	v, err := get(ctx, s.c, s.k.session(id), &sess)
	if err != nil {
		return nil, err
	}
	sess.Rev = v
	return &sess, nil
}

func (s *sessions) Update(ctx context.Context, sess *store.Session) error {
	next := *sess
	next.Rev++
	b, err := json.Marshal(&next)
	if err != nil {
		return err
	}
	n, err := sessionUpdateScript.Run(ctx, s.c, append([]string{s.k.session(sess.ID), s.k.liveSessions()}, s.clientKeys(sess)...),
		sess.Rev, b, s.cfg.SessionLife(sess).Milliseconds(), sess.ID).Int()
	if err != nil {
		return err
	}
	switch n {
	case -1:
		return store.ErrNotFound
	case 0:
		return store.ErrConflict
	}
	sess.Rev = next.Rev
	return nil
}

// Delete ends a session and takes it out of the counts.
func (s *sessions) Delete(ctx context.Context, id string) error {
	sess, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	pipe := s.c.TxPipeline()
	del := pipe.Del(ctx, s.k.session(id))
	pipe.ZRem(ctx, s.k.liveSessions(), id)
	for _, key := range s.clientKeys(sess) {
		if key != "" {
			pipe.ZRem(ctx, key, id)
		}
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return err
	}
	if del.Val() == 0 {
		return store.ErrNotFound
	}
	return nil
}

type analyses struct {
	c   *redis.Client
	k   keys
	cfg store.Config
}

func (a *analyses) Get(ctx context.Context, k store.AnalysisKey) (*store.Analysis, error) {
	b, err := a.c.Get(ctx, a.k.analysis(k)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var an store.Analysis
	if err := json.Unmarshal(b, &an); err != nil {
		return nil, err
	}
	return &an, nil
}

func (a *analyses) Put(ctx context.Context, k store.AnalysisKey, an *store.Analysis) error {
	b, err := json.Marshal(an)
	if err != nil {
		return err
	}
	return a.c.Set(ctx, a.k.analysis(k), b, a.cfg.AnalysisTTL).Err()
}

type strategies struct {
	c *redis.Client
	k keys
}

func (s *strategies) Put(ctx context.Context, st *store.Strategy) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return s.c.HSet(ctx, s.k.strategies(st.Game), st.Name, b).Err()
}

func (s *strategies) Get(ctx context.Context, game, name string) (*store.Strategy, error) {
	b, err := s.c.HGet(ctx, s.k.strategies(game), name).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var st store.Strategy
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

func (s *strategies) List(ctx context.Context, game string) ([]*store.Strategy, error) {
	out, err := hashValues[store.Strategy](ctx, s.c, s.k.strategies(game))
	if err != nil {
		return nil, err
	}
	store.SortStrategies(out)
	return out, nil
}

// hashValues reads every field of a hash as a JSON record, in no order.
func hashValues[T any](ctx context.Context, c *redis.Client, key string) ([]*T, error) {
	all, err := c.HGetAll(ctx, key).Result()
	if err != nil {
		return nil, err
	}
	out := make([]*T, 0, len(all))
	for field, b := range all {
		v := new(T)
		if err := json.Unmarshal([]byte(b), v); err != nil {
			return nil, fmt.Errorf("%s %s: %w", key, field, err)
		}
		out = append(out, v)
	}
	return out, nil
}

type jobs struct {
	c   *redis.Client
	k   keys
	cfg store.Config
	rep *replicas
}

func (s *jobs) ttl(j *store.Job) time.Duration {
	if j.Status.Final() {
		return s.cfg.JobRetention
	}
	return 0
}

// syncLive keeps the set of live job ids in step with a job's status. A
// crash between the write and this call leaves a stale id, which Live drops.
func (s *jobs) syncLive(ctx context.Context, j *store.Job) error {
	if j.Status.Final() {
		return s.c.SRem(ctx, s.k.liveJobs(), j.ID).Err()
	}
	return s.c.SAdd(ctx, s.k.liveJobs(), j.ID).Err()
}

func (s *jobs) Create(ctx context.Context, j *store.Job) error {
	j.Rev = 1
	if err := create(ctx, s.c, s.k.job(j.ID), j, s.ttl(j)); err != nil {
		return err
	}
	// The indexes order jobs for List; an entry whose job expired is
	// dropped by the List that meets it.
	z := redis.Z{Member: store.JobCursor(j)}
	if _, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.ZAdd(ctx, s.k.jobIndex(), z)
		p.ZAdd(ctx, s.k.kindIndex(j.Kind), z)
		return nil
	}); err != nil {
		return err
	}
	return s.syncLive(ctx, j)
}

func (s *jobs) List(ctx context.Context, f store.JobFilter, cursor string, limit int) ([]*store.Job, string, error) {
	index := s.k.jobIndex()
	if f.Kind != "" {
		index = s.k.kindIndex(f.Kind)
	}
	start := "+"
	if cursor != "" {
		start = "(" + cursor
	}
	var out []*store.Job
	last, scanned := "", 0
	for {
		batch, err := s.c.ZRangeArgs(ctx, redis.ZRangeArgs{Key: index, Start: start, Stop: "-",
			ByLex: true, Rev: true, Count: 100}).Result()
		if err != nil {
			return nil, "", err
		}
		if len(batch) == 0 {
			return out, "", nil
		}
		// The batch's jobs in one round trip, not one a job.
		cmds := make([]*redis.SliceCmd, len(batch))
		if _, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, member := range batch {
				_, id, _ := strings.Cut(member, ":")
				cmds[i] = p.HMGet(ctx, s.k.job(id), "v", "d")
			}
			return nil
		}); err != nil {
			return nil, "", err
		}
		for i, member := range batch {
			if len(out) == limit || scanned == store.ListScan {
				return out, last, nil
			}
			_, id, _ := strings.Cut(member, ":")
			var j store.Job
			v, err := decodeVersioned(s.k.job(id), cmds[i].Val(), &j)
			j.Rev = v
			if errors.Is(err, store.ErrNotFound) {
				if err := s.c.ZRem(ctx, index, member).Err(); err != nil {
					return nil, "", err
				}
				continue
			}
			if err != nil {
				return nil, "", err
			}
			scanned++
			last = member
			if f.Match(&j) {
				out = append(out, &j)
			}
		}
		start = "(" + batch[len(batch)-1]
	}
}

func (s *jobs) Get(ctx context.Context, id string) (*store.Job, error) {
	var j store.Job
	v, err := get(ctx, s.c, s.k.job(id), &j)
	if err != nil {
		return nil, err
	}
	j.Rev = v
	return &j, nil
}

func (s *jobs) Update(ctx context.Context, j *store.Job) error {
	next := *j
	next.Rev++
	if err := update(ctx, s.c, s.k.job(j.ID), j.Rev, &next, s.ttl(&next)); err != nil {
		return err
	}
	j.Rev = next.Rev
	if err := s.syncLive(ctx, j); err != nil {
		return err
	}
	// A job's state holds its results (a competition's games, a ladder's
	// ratings): on a replica before it is acknowledged.
	return s.rep.wait(ctx)
}

// claimJobScript takes or renews a job's lease (KEYS[1]) for ARGV[1]
// for ARGV[2] ms, unless another owner holds it.
var claimJobScript = redis.NewScript(`
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`)

// releaseJobScript ends ARGV[1]'s lease of a job (KEYS[1]), if it holds it.
var releaseJobScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`)

func (s *jobs) Claim(ctx context.Context, id, owner string, ttl time.Duration) (bool, error) {
	n, err := claimJobScript.Run(ctx, s.c, []string{s.k.jobLease(id)}, owner, max(ttl.Milliseconds(), 1)).Int()
	return n == 1, err
}

func (s *jobs) Release(ctx context.Context, id, owner string) error {
	return releaseJobScript.Run(ctx, s.c, []string{s.k.jobLease(id)}, owner).Err()
}

// unleasedJobsScript lists the members of the live set (KEYS[1]) that
// have no lease key (ARGV[1] followed by the id): one round trip, and
// nothing sent back for the jobs other servers hold.
var unleasedJobsScript = redis.NewScript(`
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
	if redis.call('EXISTS', ARGV[1] .. id) == 0 then out[#out + 1] = id end
end
return out`)

func (s *jobs) Live(ctx context.Context) ([]*store.Job, error) {
	ids, err := s.c.SMembers(ctx, s.k.liveJobs()).Result()
	if err != nil {
		return nil, err
	}
	return s.liveOf(ctx, ids)
}

func (s *jobs) Unleased(ctx context.Context) ([]*store.Job, error) {
	ids, err := unleasedJobsScript.Run(ctx, s.c, []string{s.k.liveJobs()}, s.k.jobLease("")).StringSlice()
	if err != nil {
		return nil, err
	}
	return s.liveOf(ctx, ids)
}

// liveOf reads the jobs of ids that are still live, in creation order,
// and takes the others out of the live set.
func (s *jobs) liveOf(ctx context.Context, ids []string) ([]*store.Job, error) {
	var out []*store.Job
	for _, id := range ids {
		j, err := s.Get(ctx, id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && j.Status.Final()) {
			if err := s.c.SRem(ctx, s.k.liveJobs(), id).Err(); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	store.SortJobs(out)
	return out, nil
}
