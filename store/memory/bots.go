package memory

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gameai/store"
)

type bots struct {
	t       *table
	mu      sync.Mutex
	details map[string][]byte
	// byOwner indexes the bots by owner: a ladder asks for one owner's
	// versions of each of its bots before every game, which must not
	// decode the whole store.
	byOwner map[string]map[string]bool
	// order is every bot newest first, as List sorts them: Page reads a
	// page's worth of it, not the whole store.
	order []placed
	// changes is shared with the owners: Changes.
	changes *atomic.Int64
}

func (s *bots) Changes(context.Context) (int64, error) { return s.changes.Load(), nil }

// placed is a bot's place in the newest-first order.
type placed struct {
	at time.Time
	id string
}

// before reports whether a comes before b newest first (ties by id, as
// store.SortBots).
func (a placed) before(b placed) bool {
	if !a.at.Equal(b.at) {
		return a.at.After(b.at)
	}
	return a.id > b.id
}

func (s *bots) SetDetails(_ context.Context, id string, d *store.BotDetails) error {
	if _, _, err := s.t.get(id); err != nil {
		return err
	}
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.details[id] = b
	return nil
}

func (s *bots) Details(_ context.Context, id string) (*store.BotDetails, error) {
	s.mu.Lock()
	b, ok := s.details[id]
	s.mu.Unlock()
	if !ok {
		return &store.BotDetails{}, nil
	}
	return decode[store.BotDetails](b)
}

func (s *bots) Create(ctx context.Context, b *store.Bot) error { return s.CreateChecked(ctx, b, nil) }

func (s *bots) CreateChecked(_ context.Context, b *store.Bot, check func([]*store.Bot) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	mine, err := s.ownedLocked(b.Owner)
	if err != nil {
		return err
	}
	if check != nil {
		if err := check(mine); err != nil {
			return err
		}
	}
	for _, m := range mine {
		if m.Game == b.Game && m.Name == b.Name && m.Version == b.Version {
			return store.ErrExists
		}
	}
	b.Rev = 1
	if err := s.t.create(b.ID, b, 0); err != nil {
		return err
	}
	if s.byOwner[b.Owner] == nil {
		s.byOwner[b.Owner] = map[string]bool{}
	}
	s.byOwner[b.Owner][b.ID] = true
	p := placed{b.CreatedAt, b.ID}
	i := sort.Search(len(s.order), func(i int) bool { return p.before(s.order[i]) })
	s.order = slices.Insert(s.order, i, p)
	s.changes.Add(1)
	return nil
}

func (s *bots) UpdateChecked(ctx context.Context, b *store.Bot, check func([]*store.Bot) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	mine, err := s.ownedLocked(b.Owner)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(mine, func(m *store.Bot) bool { return m.ID == b.ID })
	if i < 0 {
		return store.ErrNotFound
	}
	if mine[i].Rev != b.Rev {
		return store.ErrConflict
	}
	mine[i] = b
	if err := check(mine); err != nil {
		return err
	}
	return s.Update(ctx, b)
}

// ownedLocked reads owner's bots, s.mu held.
func (s *bots) ownedLocked(owner string) ([]*store.Bot, error) {
	var out []*store.Bot
	for id := range s.byOwner[owner] {
		data, v, err := s.t.get(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		b, err := decode[store.Bot](data)
		if err != nil {
			return nil, err
		}
		b.Rev = v
		out = append(out, b)
	}
	store.SortBots(out)
	return out, nil
}

func (s *bots) Get(_ context.Context, id string) (*store.Bot, error) {
	data, v, err := s.t.get(id)
	if err != nil {
		return nil, err
	}
	b, err := decode[store.Bot](data)
	if err != nil {
		return nil, err
	}
	b.Rev = v
	return b, nil
}

func (s *bots) Update(_ context.Context, b *store.Bot) error {
	next := *b
	next.Rev++
	if err := s.t.update(b.ID, b.Rev, &next, 0); err != nil {
		return err
	}
	s.changes.Add(1)
	b.Rev = next.Rev
	return nil
}

func (s *bots) Delete(ctx context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.details, id)
	if b, err := s.Get(ctx, id); err == nil {
		delete(s.byOwner[b.Owner], id)
		if len(s.byOwner[b.Owner]) == 0 {
			delete(s.byOwner, b.Owner)
		}
		s.order = slices.DeleteFunc(s.order, func(p placed) bool { return p.id == id })
	}
	err := s.t.delete(id)
	if err == nil {
		s.changes.Add(1)
	}
	return err
}

func (s *bots) Page(ctx context.Context, f store.BotFilter, from, limit int) ([]*store.Bot, int, error) {
	if f.Owner != "" {
		bs, err := s.List(ctx, f)
		if err != nil {
			return nil, -1, err
		}
		page, next := store.PageOf(bs, from, limit)
		return page, next, nil
	}
	from = max(from, 0)
	s.mu.Lock()
	total := len(s.order)
	var ids []string
	for _, p := range s.order[min(from, total):min(from+store.ListScan, total)] {
		ids = append(ids, p.id)
	}
	s.mu.Unlock()
	var out []*store.Bot
	for i, id := range ids {
		b, err := s.Get(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // deleted since
		}
		if err != nil {
			return nil, -1, err
		}
		if f.Match(b) {
			out = append(out, b)
		}
		if len(out) == limit {
			return out, store.NextRank(from+i+1, total), nil
		}
	}
	return out, store.NextRank(from+len(ids), total), nil
}

func (s *bots) List(_ context.Context, f store.BotFilter) ([]*store.Bot, error) {
	var all [][]byte
	if f.Owner != "" {
		s.mu.Lock()
		for id := range s.byOwner[f.Owner] {
			if data, _, err := s.t.get(id); err == nil {
				all = append(all, data)
			}
		}
		s.mu.Unlock()
	} else {
		all = s.t.all()
	}
	var out []*store.Bot
	for _, data := range all {
		b, err := decode[store.Bot](data)
		if err != nil {
			return nil, err
		}
		if f.Match(b) {
			out = append(out, b)
		}
	}
	store.SortBots(out)
	return out, nil
}

type owners struct {
	changes *atomic.Int64 // shared with the bots: store.Bots.Changes
	mu      sync.Mutex
	byName  map[string]store.Owner
	byToken map[string]string         // a live token's hash: its owner
	tokens  map[string][]*store.Token // an owner's tokens with records
}

func newOwners(changes *atomic.Int64) *owners {
	return &owners{changes: changes, byName: map[string]store.Owner{}, byToken: map[string]string{}, tokens: map[string][]*store.Token{}}
}

func (s *owners) Create(_ context.Context, o *store.Owner) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byName[o.Name]; ok {
		return store.ErrExists
	}
	s.byName[o.Name] = *o
	if o.TokenHash != "" {
		s.byToken[o.TokenHash] = o.Name
	}
	return nil
}

func (s *owners) ByToken(_ context.Context, hash string) (*store.Owner, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name, ok := s.byToken[hash]
	if !ok {
		return nil, store.ErrNotFound
	}
	o := s.byName[name]
	return &o, nil
}

func (s *owners) AddToken(_ context.Context, t *store.Token) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byName[t.Owner]; !ok {
		return store.ErrNotFound
	}
	if len(s.live(t.Owner)) >= store.MaxTokens {
		return store.ErrFull
	}
	c := *t
	s.tokens[t.Owner] = append(s.tokens[t.Owner], &c)
	s.byToken[t.Hash] = t.Owner
	return nil
}

// live is an owner's live tokens: its records, and the token it was
// created with where no record holds it.
func (s *owners) live(owner string) []*store.Token {
	var out []*store.Token
	first := s.byName[owner].TokenHash
	recorded := false
	for _, t := range s.tokens[owner] {
		if t.Hash == first {
			recorded = true
		}
		c := *t
		out = append(out, &c)
	}
	if o, ok := s.byName[owner]; ok && !recorded && first != "" && s.byToken[first] == owner {
		out = append([]*store.Token{{ID: store.FirstToken, Owner: owner, Name: "made with the account", Hash: first, CreatedAt: o.CreatedAt}}, out...)
	}
	return out
}

func (s *owners) Tokens(_ context.Context, owner string) ([]*store.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.live(owner), nil
}

func (s *owners) RevokeToken(_ context.Context, owner, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.live(owner) {
		if t.ID != id {
			continue
		}
		delete(s.byToken, t.Hash)
		s.tokens[owner] = slices.DeleteFunc(s.tokens[owner], func(r *store.Token) bool { return r.ID == id })
		return nil
	}
	return store.ErrNotFound
}

func (s *owners) Leave(_ context.Context, owner string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.byName[owner]
	if !ok || !o.Left.IsZero() {
		return store.ErrNotFound
	}
	for h, name := range s.byToken {
		if name == owner {
			delete(s.byToken, h)
		}
	}
	delete(s.tokens, owner)
	o.Left, o.TokenHash, o.PasswordHash = at, "", ""
	s.byName[owner] = o
	s.changes.Add(1)
	return nil
}

func (s *owners) Get(_ context.Context, name string) (*store.Owner, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.byName[name]
	if !ok {
		return nil, store.ErrNotFound
	}
	return &o, nil
}

func (s *owners) List(context.Context) ([]*store.Owner, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*store.Owner, 0, len(s.byName))
	for _, o := range s.byName {
		c := o
		out = append(out, &c)
	}
	slices.SortFunc(out, func(a, b *store.Owner) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (s *owners) SetDisabled(_ context.Context, name string, disabled bool, why string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.byName[name]
	if !ok {
		return store.ErrNotFound
	}
	o.Disabled, o.DisabledWhy = disabled, why
	if !disabled {
		o.DisabledWhy = ""
	}
	s.byName[name] = o
	s.changes.Add(1)
	return nil
}

func (s *owners) Modify(_ context.Context, name string, f func(*store.Owner)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.byName[name]
	if !ok || !o.Left.IsZero() {
		return store.ErrNotFound
	}
	f(&o)
	o.Name, o.TokenHash = name, s.byName[name].TokenHash
	s.byName[name] = o
	s.changes.Add(1)
	return nil
}

// audit keeps the latest MaxAudit entries.
type audit struct {
	mu sync.Mutex
	es []store.AuditEntry
}

func (a *audit) Add(_ context.Context, e store.AuditEntry) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.es = append(a.es, e)
	if len(a.es) > store.MaxAudit {
		a.es = slices.Clone(a.es[len(a.es)-store.MaxAudit:])
	}
	return nil
}

func (a *audit) Latest(_ context.Context, n int) ([]store.AuditEntry, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]store.AuditEntry, 0, min(n, len(a.es)))
	for i := len(a.es) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, a.es[i])
	}
	return out, nil
}

func (s *owners) TokenUsed(_ context.Context, hash string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	owner, ok := s.byToken[hash]
	if !ok {
		return store.ErrNotFound
	}
	for _, t := range s.tokens[owner] {
		if t.Hash == hash {
			t.LastUsed = at
			return nil
		}
	}
	// The token it was created with, still without a record: it gets one.
	for _, t := range s.live(owner) {
		if t.Hash == hash {
			t.LastUsed = at
			s.tokens[owner] = append([]*store.Token{t}, s.tokens[owner]...)
		}
	}
	return nil
}

// artefacts keeps files by hash, up to a total size.
type artefacts struct {
	mu    sync.Mutex
	limit int64
	size  int64
	m     map[string][]byte
}

func (s *artefacts) Put(_ context.Context, data []byte) (string, error) {
	h := store.ContentHash(data)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[h]; ok {
		return h, nil
	}
	if s.size+int64(len(data)) > s.limit {
		return "", store.ErrFull
	}
	s.m[h] = append([]byte(nil), data...)
	s.size += int64(len(data))
	return h, nil
}

func (s *artefacts) Delete(_ context.Context, h string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.size -= int64(len(s.m[h]))
	delete(s.m, h)
	return nil
}

func (s *artefacts) Get(_ context.Context, h string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, ok := s.m[h]
	if !ok {
		return nil, store.ErrNotFound
	}
	return append([]byte(nil), data...), nil
}
