package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

func (k keys) bot(id string) string          { return string(k) + "bot:" + id }
func (k keys) botIndex() string              { return string(k) + "bots:index" }
func (k keys) ownerBots(name string) string  { return string(k) + "owner-bots:" + name }
func (k keys) ownerEpoch(name string) string { return string(k) + "owner-bots-epoch:" + name }
func (k keys) ownerBotsBuilt() string        { return string(k) + "bots:owner-index" }
func (k keys) botDetails(id string) string   { return string(k) + "bot-details:" + id }
func (k keys) botChanges() string            { return string(k) + "bots:changes" }
func (k keys) owner(name string) string      { return string(k) + "owner:" + name }
func (k keys) ownerToken(hash string) string { return string(k) + "owner-token:" + hash }

// audit is the host's log, newest first.
func (k keys) audit() string { return string(k) + "audit" }

// ownerTokens holds an owner's token records, by id.
func (k keys) ownerTokens(name string) string { return string(k) + "owner-tokens:" + name }
func (k keys) artefact(hash string) string    { return string(k) + "artefact:" + hash }

type bots struct {
	c   *redis.Client
	k   keys
	cfg store.Config
	rep *replicas
}

func (s *bots) Create(ctx context.Context, b *store.Bot) error { return s.CreateChecked(ctx, b, nil) }

func (s *bots) CreateChecked(ctx context.Context, b *store.Bot, check func([]*store.Bot) error) error {
	err := s.checked(ctx, b.Owner, []string{s.k.bot(b.ID)}, func(tx *redis.Tx, mine []*store.Bot) (func(redis.Pipeliner), error) {
		if check != nil {
			if err := check(mine); err != nil {
				return nil, err
			}
		}
		for _, m := range mine {
			if m.Game == b.Game && m.Name == b.Name && m.Version == b.Version {
				return nil, store.ErrExists
			}
		}
		if taken, err := tx.Exists(ctx, s.k.bot(b.ID)).Result(); err != nil || taken == 1 {
			if err == nil {
				err = store.ErrExists
			}
			return nil, err
		}
		n, err := tx.ZCard(ctx, s.k.botIndex()).Result()
		if err != nil {
			return nil, err
		}
		if n >= int64(s.cfg.MaxBots) {
			return nil, store.ErrFull
		}
		next := *b
		next.Rev = 1
		data, err := json.Marshal(&next)
		if err != nil {
			return nil, err
		}
		z := redis.Z{Score: float64(b.CreatedAt.UnixMilli()), Member: b.ID}
		return func(p redis.Pipeliner) {
			p.HSet(ctx, s.k.bot(b.ID), "v", 1, "d", data)
			p.ZAdd(ctx, s.k.botIndex(), z)
			p.ZAdd(ctx, s.k.ownerBots(b.Owner), z)
		}, nil
	})
	if err == nil {
		b.Rev = 1
		err = s.rep.wait(ctx) // an upload: on a replica before it is acknowledged
	}
	return err
}

func (s *bots) UpdateChecked(ctx context.Context, b *store.Bot, check func([]*store.Bot) error) error {
	next := *b
	next.Rev++
	err := s.checked(ctx, b.Owner, []string{s.k.bot(b.ID)}, func(tx *redis.Tx, mine []*store.Bot) (func(redis.Pipeliner), error) {
		v, err := tx.HGet(ctx, s.k.bot(b.ID), "v").Int64()
		if errors.Is(err, redis.Nil) {
			return nil, store.ErrNotFound
		}
		if err != nil {
			return nil, err
		}
		if v != b.Rev {
			return nil, store.ErrConflict
		}
		for i, m := range mine {
			if m.ID == b.ID {
				mine[i] = b
			}
		}
		if err := check(mine); err != nil {
			return nil, err
		}
		data, err := json.Marshal(&next)
		if err != nil {
			return nil, err
		}
		return func(p redis.Pipeliner) { p.HSet(ctx, s.k.bot(b.ID), "v", next.Rev, "d", data) }, nil
	})
	if err == nil {
		b.Rev = next.Rev
	}
	return err
}

// checked runs plan on owner's bots under WATCH of the owner's epoch, its
// index and the keys given, then plan's writes and one more epoch in
// MULTI: two checked writes of one owner cannot both act on what they
// read. A write that lost the race reads again; past maxCheckedTries (a
// storm of one owner's writes) it is ErrConflict.
func (s *bots) checked(ctx context.Context, owner string, watch []string,
	plan func(tx *redis.Tx, mine []*store.Bot) (func(redis.Pipeliner), error)) error {
	epoch := s.k.ownerEpoch(owner)
	keys := append([]string{epoch, s.k.ownerBots(owner)}, watch...)
	for range maxCheckedTries {
		err := s.c.Watch(ctx, func(tx *redis.Tx) error {
			mine, err := s.List(ctx, store.BotFilter{Owner: owner})
			if err != nil {
				return err
			}
			write, err := plan(tx, mine)
			if err != nil {
				return err
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				write(p)
				p.Incr(ctx, epoch)
				p.Incr(ctx, s.k.botChanges())
				return nil
			})
			return err
		}, keys...)
		if !errors.Is(err, redis.TxFailedErr) {
			return err
		}
	}
	return store.ErrConflict
}

const maxCheckedTries = 64

func (s *bots) Get(ctx context.Context, id string) (*store.Bot, error) {
	var b store.Bot
	v, err := get(ctx, s.c, s.k.bot(id), &b)
	if err != nil {
		return nil, err
	}
	b.Rev = v
	return &b, nil
}

func (s *bots) Update(ctx context.Context, b *store.Bot) error {
	next := *b
	next.Rev++
	if err := updateCounted(ctx, s.c, s.k.bot(b.ID), s.k.botChanges(), b.Rev, &next, 0); err != nil {
		return err
	}
	b.Rev = next.Rev
	return nil
}

func (s *bots) Delete(ctx context.Context, id string) error {
	b, err := s.Get(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		// Gone already, or never whole: its index entries go all the same.
		s.c.ZRem(ctx, s.k.botIndex(), id)
		return err
	}
	if err != nil {
		return err
	}
	_, err = s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, s.k.bot(id), s.k.botDetails(id))
		p.ZRem(ctx, s.k.botIndex(), id)
		p.ZRem(ctx, s.k.ownerBots(b.Owner), id)
		p.Incr(ctx, s.k.botChanges())
		return nil
	})
	return err
}

func (s *bots) Changes(ctx context.Context) (int64, error) {
	n, err := s.c.Get(ctx, s.k.botChanges()).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	return n, err
}

// List reads the owner's bots from the owner's index when f names one (at
// most the versions an owner may keep), else every indexed bot (the index
// holds at most MaxBots): a ladder asks for one owner's versions of each
// of its bots before every game, which must not read the whole store.
func (s *bots) List(ctx context.Context, f store.BotFilter) ([]*store.Bot, error) {
	index := s.k.botIndex()
	if f.Owner != "" {
		index = s.k.ownerBots(f.Owner)
	}
	ids, err := s.c.ZRangeArgs(ctx, redis.ZRangeArgs{Key: index, Start: 0, Stop: -1, Rev: true}).Result()
	if err != nil {
		return nil, err
	}
	pipe := s.c.Pipeline()
	cmds := make([]*redis.SliceCmd, len(ids))
	for i, id := range ids {
		cmds[i] = pipe.HMGet(ctx, s.k.bot(id), "v", "d")
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	var out []*store.Bot
	for i, cmd := range cmds {
		var b store.Bot
		v, err := decodeVersioned(s.k.bot(ids[i]), cmd.Val(), &b)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err == nil && f.Owner != "" && b.Owner != f.Owner {
			continue // an index entry older than its owner's bots (ownerIndex)
		}
		if err != nil {
			return nil, err
		}
		b.Rev = v
		if f.Match(&b) {
			out = append(out, &b)
		}
	}
	store.SortBots(out)
	return out, nil
}

func (s *bots) Page(ctx context.Context, f store.BotFilter, from, limit int) ([]*store.Bot, int, error) {
	index := s.k.botIndex()
	if f.Owner != "" {
		index = s.k.ownerBots(f.Owner)
	}
	n, err := s.c.ZCard(ctx, index).Result()
	if err != nil {
		return nil, -1, err
	}
	total, from := int(n), max(from, 0)
	var out []*store.Bot
	for start, end := from, min(from+store.ListScan, total); start < end; {
		ids, err := s.c.ZRangeArgs(ctx, redis.ZRangeArgs{Key: index, Start: start, Stop: min(start+100, end) - 1,
			Rev: true}).Result()
		if err != nil {
			return nil, -1, err
		}
		if len(ids) == 0 {
			break
		}
		cmds := make([]*redis.SliceCmd, len(ids))
		if _, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, id := range ids {
				cmds[i] = p.HMGet(ctx, s.k.bot(id), "v", "d")
			}
			return nil
		}); err != nil {
			return nil, -1, err
		}
		for i, cmd := range cmds {
			var b store.Bot
			v, err := decodeVersioned(s.k.bot(ids[i]), cmd.Val(), &b)
			switch {
			case errors.Is(err, store.ErrNotFound):
				// deleted since
			case err != nil:
				return nil, -1, err
			case f.Match(&b):
				b.Rev = v
				out = append(out, &b)
				if len(out) == limit {
					return out, store.NextRank(start+i+1, total), nil
				}
			}
		}
		start += len(ids)
		if start == end {
			return out, store.NextRank(end, total), nil
		}
	}
	return out, -1, nil
}

func (s *bots) SetDetails(ctx context.Context, id string, d *store.BotDetails) error {
	n, err := s.c.Exists(ctx, s.k.bot(id)).Result()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return s.c.Set(ctx, s.k.botDetails(id), b, 0).Err()
}

func (s *bots) Details(ctx context.Context, id string) (*store.BotDetails, error) {
	var d store.BotDetails
	b, err := s.c.Get(ctx, s.k.botDetails(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return &d, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

type owners struct {
	c   *redis.Client
	k   keys
	rep *replicas
}

// Create stores an account, on a replica before it is acknowledged.
func (s *owners) Create(ctx context.Context, o *store.Owner) error {
	if err := create(ctx, s.c, s.k.owner(o.Name), o, 0); err != nil {
		return err
	}
	if o.TokenHash != "" {
		if err := s.c.Set(ctx, s.k.ownerToken(o.TokenHash), o.Name, 0).Err(); err != nil {
			return err
		}
	}
	return s.rep.wait(ctx)
}

func (s *owners) ByToken(ctx context.Context, hash string) (*store.Owner, error) {
	name, err := s.c.Get(ctx, s.k.ownerToken(hash)).Result()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var o store.Owner
	if _, err := get(ctx, s.c, s.k.owner(name), &o); err != nil {
		return nil, err
	}
	if !o.Left.IsZero() {
		return nil, store.ErrNotFound
	}
	return &o, nil
}

// addTokenScript: KEYS[1] the owner's record, KEYS[2] its tokens, KEYS[3]
// the token's lookup; ARGV id, record, owner, most tokens. 1 added, -1 no
// such owner, 0 full.
var addTokenScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('SET', KEYS[3], ARGV[3])
return 1`)

func (s *owners) AddToken(ctx context.Context, t *store.Token) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	n, err := addTokenScript.Run(ctx, s.c, []string{s.k.owner(t.Owner), s.k.ownerTokens(t.Owner), s.k.ownerToken(t.Hash)},
		t.ID, b, t.Owner, store.MaxTokens).Int()
	if err != nil {
		return err
	}
	switch n {
	case -1:
		return store.ErrNotFound
	case 0:
		return store.ErrFull
	}
	return nil
}

// Tokens lists the records and, where none holds it and it still opens,
// the token the owner was created with (a store written before tokens had
// records).
func (s *owners) Tokens(ctx context.Context, owner string) ([]*store.Token, error) {
	recs, err := hashValues[store.Token](ctx, s.c, s.k.ownerTokens(owner))
	if err != nil {
		return nil, err
	}
	var o store.Owner
	if _, err := get(ctx, s.c, s.k.owner(owner), &o); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil
		}
		return nil, err
	}
	slices.SortFunc(recs, func(a, b *store.Token) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	recorded := slices.ContainsFunc(recs, func(t *store.Token) bool { return t.Hash == o.TokenHash })
	if !recorded && o.TokenHash != "" {
		name, err := s.c.Get(ctx, s.k.ownerToken(o.TokenHash)).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return nil, err
		}
		if name == owner {
			recs = append([]*store.Token{{ID: store.FirstToken, Owner: owner, Name: "made with the account", Hash: o.TokenHash, CreatedAt: o.CreatedAt}}, recs...)
		}
	}
	return recs, nil
}

func (s *owners) RevokeToken(ctx context.Context, owner, id string) error {
	live, err := s.Tokens(ctx, owner)
	if err != nil {
		return err
	}
	for _, t := range live {
		if t.ID != id {
			continue
		}
		pipe := s.c.TxPipeline()
		pipe.Del(ctx, s.k.ownerToken(t.Hash))
		pipe.HDel(ctx, s.k.ownerTokens(owner), id)
		_, err := pipe.Exec(ctx)
		return err
	}
	return store.ErrNotFound
}

func (s *owners) Leave(ctx context.Context, owner string, at time.Time) error {
	var o store.Owner
	v, err := get(ctx, s.c, s.k.owner(owner), &o)
	if err != nil {
		return err
	}
	if !o.Left.IsZero() {
		return store.ErrNotFound
	}
	live, err := s.Tokens(ctx, owner)
	if err != nil {
		return err
	}
	left := o
	left.Left, left.TokenHash, left.PasswordHash = at, "", ""
	if err := updateCounted(ctx, s.c, s.k.owner(owner), s.k.botChanges(), v, &left, 0); err != nil {
		return err
	}
	// Once the record says so, no token opens it (ByToken reads the
	// record); the lookups and records go after.
	pipe := s.c.TxPipeline()
	for _, t := range live {
		pipe.Del(ctx, s.k.ownerToken(t.Hash))
	}
	pipe.Del(ctx, s.k.ownerToken(o.TokenHash), s.k.ownerTokens(owner))
	_, err = pipe.Exec(ctx)
	return err
}

func (s *owners) Get(ctx context.Context, name string) (*store.Owner, error) {
	var o store.Owner
	if _, err := get(ctx, s.c, s.k.owner(name), &o); err != nil {
		return nil, err
	}
	return &o, nil
}

// List scans the owners' records: a host's page, not a request of every
// visitor, so a scan of the keys rather than an index kept on every write.
func (s *owners) List(ctx context.Context) ([]*store.Owner, error) {
	var out []*store.Owner
	iter := s.c.Scan(ctx, 0, globEscape(s.k.owner(""))+"*", 1000).Iterator()
	for iter.Next(ctx) {
		key := iter.Val()
		var o store.Owner
		if _, err := get(ctx, s.c, key, &o); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				continue
			}
			return nil, err
		}
		out = append(out, &o)
	}
	if err := iter.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b *store.Owner) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (s *owners) SetDisabled(ctx context.Context, name string, disabled bool, why string) error {
	return s.modify(ctx, name, true, func(o *store.Owner) { o.Disabled, o.DisabledWhy = disabled, disabledWhy(disabled, why) })
}

func (s *owners) Modify(ctx context.Context, name string, f func(*store.Owner)) error {
	return s.modify(ctx, name, false, f)
}

// modify rewrites an owner's record until no other write came between
// its read and its write (left: one that left may be modified too).
func (s *owners) modify(ctx context.Context, name string, left bool, f func(*store.Owner)) error {
	for {
		var o store.Owner
		v, err := get(ctx, s.c, s.k.owner(name), &o)
		if err != nil {
			return err
		}
		if !left && !o.Left.IsZero() {
			return store.ErrNotFound
		}
		hash := o.TokenHash
		f(&o)
		o.Name, o.TokenHash = name, hash
		err = updateCounted(ctx, s.c, s.k.owner(name), s.k.botChanges(), v, &o, 0)
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
}

// globEscape quotes the characters a SCAN pattern reads (a prefix may hold
// them).
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

type audit struct {
	c *redis.Client
	k keys
}

func (a *audit) Add(ctx context.Context, e store.AuditEntry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	pipe := a.c.TxPipeline()
	pipe.LPush(ctx, a.k.audit(), b)
	pipe.LTrim(ctx, a.k.audit(), 0, store.MaxAudit-1)
	_, err = pipe.Exec(ctx)
	return err
}

func (a *audit) Latest(ctx context.Context, n int) ([]store.AuditEntry, error) {
	raw, err := a.c.LRange(ctx, a.k.audit(), 0, int64(n)-1).Result()
	if err != nil {
		return nil, err
	}
	out := make([]store.AuditEntry, 0, len(raw))
	for _, r := range raw {
		var e store.AuditEntry
		if err := json.Unmarshal([]byte(r), &e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func (s *owners) TokenUsed(ctx context.Context, hash string, at time.Time) error {
	name, err := s.c.Get(ctx, s.k.ownerToken(hash)).Result()
	if errors.Is(err, redis.Nil) {
		return store.ErrNotFound
	}
	if err != nil {
		return err
	}
	live, err := s.Tokens(ctx, name)
	if err != nil {
		return err
	}
	for _, t := range live {
		if t.Hash != hash {
			continue
		}
		t.LastUsed = at
		b, err := json.Marshal(t)
		if err != nil {
			return err
		}
		// Written only while the token still opens: a revocation between
		// the reads and this write does not bring it back as a record.
		return touchTokenScript.Run(ctx, s.c, []string{s.k.ownerToken(hash), s.k.ownerTokens(name)}, t.ID, b).Err()
	}
	return nil
}

// touchTokenScript: KEYS[1] the token's lookup, KEYS[2] the owner's
// tokens; ARGV id, record.
var touchTokenScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1`)

type artefacts struct {
	c   *redis.Client
	k   keys
	cfg store.Config
}

func (k keys) artefactBytes() string { return string(k) + "artefacts:bytes" }

// putArtefact: KEYS[1] the artefact, KEYS[2] the bytes held; ARGV data,
// the cap. 1 stored or held already, 0 over the cap.
var putArtefact = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 1 end
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if held + string.len(ARGV[1]) > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('INCRBY', KEYS[2], string.len(ARGV[1]))
return 1`)

// Put stores data under its hash once (the same file uploaded twice, or by
// two owners, is one key), within MaxArtefactBytes in all.
func (s *artefacts) Put(ctx context.Context, data []byte) (string, error) {
	h := store.ContentHash(data)
	n, err := putArtefact.Run(ctx, s.c, []string{s.k.artefact(h), s.k.artefactBytes()}, data, s.cfg.MaxArtefactBytes).Int()
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "", store.ErrFull
	}
	return h, nil
}

// deleteArtefact: KEYS[1] the artefact, KEYS[2] the bytes held.
var deleteArtefact = redis.NewScript(`
local n = redis.call('STRLEN', KEYS[1])
if n > 0 then
  redis.call('DEL', KEYS[1])
  redis.call('DECRBY', KEYS[2], n)
end
return n`)

func (s *artefacts) Delete(ctx context.Context, h string) error {
	return deleteArtefact.Run(ctx, s.c, []string{s.k.artefact(h), s.k.artefactBytes()}).Err()
}

func (s *artefacts) Get(ctx context.Context, h string) ([]byte, error) {
	b, err := s.c.Get(ctx, s.k.artefact(h)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	return b, err
}

// ownerIndex builds the owners' indexes of bots that a store written
// before they existed lacks: once (a key says it is done), at most MaxBots
// bots. Servers that build it at once add the same entries; a bot deleted
// meanwhile may leave an entry that List skips.
func ownerIndex(ctx context.Context, c *redis.Client, k keys) error {
	return indexOnce(ctx, c, k.botIndex(), k.ownerBotsBuilt(), k.bot, func(p redis.Pipeliner, z redis.Z, rec []any) {
		var b store.Bot
		if _, err := decodeVersioned(k.bot(z.Member.(string)), rec, &b); err == nil {
			p.ZAdd(ctx, k.ownerBots(b.Owner), z)
		}
	})
}

// disabledWhy is the reason an owner keeps: none once enabled.
func disabledWhy(disabled bool, why string) string {
	if !disabled {
		return ""
	}
	return why
}
