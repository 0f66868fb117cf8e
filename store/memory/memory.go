// Package memory is the in-process store, the default when no Redis is
// configured. Records are kept as JSON bytes, as in Redis, so a caller that
// mutates what it read or wrote never changes what is stored.
package memory

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gameai/store"
)

// New returns an in-memory store.
func New(cfg store.Config) *store.Store { return NewWithClock(cfg, time.Now) }

// NewWithClock is New whose expiries and write times read now: a test
// sets the clock instead of waiting for it.
func NewWithClock(cfg store.Config, now func() time.Time) *store.Store {
	cfg = cfg.WithDefaults()
	changes := new(atomic.Int64) // the bots' and owners' writes: store.Bots.Changes
	return &store.Store{
		Config:         cfg,
		Sessions:       &sessions{cfg: cfg, t: newTable(now, cfg.MaxSessions)},
		Analyses:       newAnalyses(cfg, now),
		Strategies:     &strategies{m: map[string][]byte{}},
		Jobs:           &jobs{cfg: cfg, t: newTable(now, 0), kinds: map[string][]string{}, live: map[string]bool{}, now: now, leases: map[string]lease{}},
		Records:        newRecords(cfg),
		Bots:           &bots{t: newTable(now, cfg.MaxBots), details: map[string][]byte{}, byOwner: map[string]map[string]bool{}, changes: changes},
		Owners:         newOwners(changes),
		Accounts:       newAccounts(now),
		Audit:          &audit{},
		Artefacts:      &artefacts{limit: cfg.MaxArtefactBytes, m: map[string][]byte{}},
		Transpositions: newTranspositions(cfg, now),
		Live:           newLive(cfg, now),
		GameLogs:       &gameLogs{m: map[string]map[int][]byte{}},
		Seats:          &seats{now: now, held: map[string]store.Seat{}},
		Ping:           func(context.Context) error { return nil },
		Durability: func(context.Context) (store.Durability, error) {
			return store.Durability{Kind: "memory", Persistence: "none",
				Warning: "the store is in this process's memory: everything is lost when the server stops (set --redis-url to keep it)"}, nil
		},
		Close: func() error { return nil },
	}
}

func decode[T any](b []byte) (*T, error) {
	v := new(T)
	if err := json.Unmarshal(b, v); err != nil {
		return nil, err
	}
	return v, nil
}

// sessions are a table bounded by MaxSessions, with each client's live
// sessions indexed so that its share is counted without a scan.
type sessions struct {
	cfg      store.Config
	t        *table
	mu       sync.Mutex
	byClient map[string]map[string]bool // client: its sessions' ids (some may have expired)
}

func (s *sessions) Create(_ context.Context, sess *store.Session) error {
	sess.Rev = 1
	s.mu.Lock()
	defer s.mu.Unlock()
	counted := sess.Counted()
	for _, c := range counted {
		ids := s.byClient[c]
		for id := range ids {
			if !s.t.live(id) {
				delete(ids, id)
			}
		}
		if len(ids) >= s.cfg.MaxSessionsPerClient {
			return store.ErrClientFull
		}
	}
	if err := s.t.create(sess.ID, sess, s.cfg.SessionLife(sess)); err != nil {
		return err
	}
	if len(counted) > 0 {
		if s.byClient == nil {
			s.byClient = map[string]map[string]bool{}
		}
		if len(s.byClient) > s.cfg.MaxSessions {
			s.sweep() // clients whose sessions all expired
		}
	}
	for _, c := range counted {
		if s.byClient[c] == nil {
			s.byClient[c] = map[string]bool{}
		}
		s.byClient[c][sess.ID] = true
	}
	return nil
}

// sweep drops the expired sessions from the clients' index, and the
// clients left with none.
func (s *sessions) sweep() {
	for c, ids := range s.byClient {
		for id := range ids {
			if !s.t.live(id) {
				delete(ids, id)
			}
		}
		if len(ids) == 0 {
			delete(s.byClient, c)
		}
	}
}

func (s *sessions) Get(_ context.Context, id string) (*store.Session, error) {
	b, v, err := s.t.get(id)
	if err != nil {
		return nil, err
	}
	sess, err := decode[store.Session](b)
	if err != nil {
		return nil, err
	}
	sess.Rev = v
	return sess, nil
}

func (s *sessions) Update(_ context.Context, sess *store.Session) error {
	next := *sess
	next.Rev++
	if err := s.t.update(sess.ID, sess.Rev, &next, s.cfg.SessionLife(sess)); err != nil {
		return err
	}
	sess.Rev = next.Rev
	return nil
}

// Delete ends a session; its client's index forgets it when next counted.
func (s *sessions) Delete(_ context.Context, id string) error { return s.t.delete(id) }

type strategies struct {
	mu sync.Mutex
	m  map[string][]byte // game + "/" + name
}

func (s *strategies) Put(_ context.Context, st *store.Strategy) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[st.Game+"/"+st.Name] = b
	return nil
}

func (s *strategies) Get(_ context.Context, game, name string) (*store.Strategy, error) {
	s.mu.Lock()
	b, ok := s.m[game+"/"+name]
	s.mu.Unlock()
	if !ok {
		return nil, store.ErrNotFound
	}
	return decode[store.Strategy](b)
}

func (s *strategies) List(_ context.Context, game string) ([]*store.Strategy, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*store.Strategy
	for _, b := range s.m {
		st, err := decode[store.Strategy](b)
		if err != nil {
			return nil, err
		}
		if st.Game == game {
			out = append(out, st)
		}
	}
	store.SortStrategies(out)
	return out, nil
}

type jobs struct {
	cfg store.Config
	t   *table
	// order is every job's store.JobCursor, oldest first (a new job is
	// appended, List walks back from the end), and live the ids of those
	// not final: a page of List and Live read what they show, not every
	// job the retention keeps (a week of them). kinds orders each kind's
	// jobs alike, so a page of one kind is not held back by many newer
	// jobs of others.
	mu      sync.Mutex
	order   []string
	kinds   map[string][]string
	live    map[string]bool
	creates int
	now     func() time.Time
	leases  map[string]lease // by job id
}

// lease is a job's claim by a process until a time (store.Jobs.Claim).
type lease struct {
	owner string
	until time.Time
}

func (s *jobs) Claim(_ context.Context, id, owner string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if l, ok := s.leases[id]; ok && l.owner != owner && now.Before(l.until) {
		return false, nil
	}
	s.leases[id] = lease{owner, now.Add(ttl)}
	return true, nil
}

func (s *jobs) Release(_ context.Context, id, owner string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.leases[id].owner == owner {
		delete(s.leases, id)
	}
	return nil
}

// sweepEvery is how many creates pass between sweeps of the expired jobs
// (retention): List and Live skip them meanwhile.
const sweepEvery = 1024

// ttl keeps live jobs forever and final ones for the retention period.
func (s *jobs) ttl(j *store.Job) time.Duration {
	if j.Status.Final() {
		return s.cfg.JobRetention
	}
	return 0
}

// Create and Update hold mu across the record's write and its marks, so
// the order and the live set follow the records' own order of writes.
func (s *jobs) Create(_ context.Context, j *store.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	j.Rev = 1
	if err := s.t.create(j.ID, j, s.ttl(j)); err != nil {
		return err
	}
	c := store.JobCursor(j)
	s.order = insertSorted(s.order, c)
	s.kinds[j.Kind] = insertSorted(s.kinds[j.Kind], c)
	if !j.Status.Final() {
		s.live[j.ID] = true
	}
	if s.creates++; s.creates%sweepEvery == 0 {
		s.t.all() // purges the expired
		gone := func(c string) bool { return !s.has(c) }
		s.order = slices.DeleteFunc(s.order, gone)
		for kind, order := range s.kinds {
			if s.kinds[kind] = slices.DeleteFunc(order, gone); len(s.kinds[kind]) == 0 {
				delete(s.kinds, kind)
			}
		}
	}
	return nil
}

// insertSorted inserts cursor c in its place in order.
func insertSorted(order []string, c string) []string {
	return slices.Insert(order, sort.SearchStrings(order, c), c)
}

// has reports whether the job of cursor c is kept.
func (s *jobs) has(c string) bool {
	_, id, _ := strings.Cut(c, ":")
	_, _, err := s.t.get(id)
	return err == nil
}

func (s *jobs) Get(_ context.Context, id string) (*store.Job, error) {
	b, v, err := s.t.get(id)
	if err != nil {
		return nil, err
	}
	j, err := decode[store.Job](b)
	if err != nil {
		return nil, err
	}
	j.Rev = v
	return j, nil
}

func (s *jobs) Update(_ context.Context, j *store.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := *j
	next.Rev++
	if err := s.t.update(j.ID, j.Rev, &next, s.ttl(&next)); err != nil {
		return err
	}
	j.Rev = next.Rev
	if next.Status.Final() {
		delete(s.live, j.ID)
	} else {
		s.live[j.ID] = true
	}
	return nil
}

func (s *jobs) Live(ctx context.Context) ([]*store.Job, error) {
	s.mu.Lock()
	ids := slices.Collect(maps.Keys(s.live))
	s.mu.Unlock()
	return s.liveOf(ctx, ids)
}

func (s *jobs) Unleased(ctx context.Context) ([]*store.Job, error) {
	s.mu.Lock()
	now := s.now()
	var ids []string
	for id := range s.live {
		if l, ok := s.leases[id]; !ok || !now.Before(l.until) {
			ids = append(ids, id)
		}
	}
	s.mu.Unlock()
	return s.liveOf(ctx, ids)
}

// liveOf reads the jobs of ids that are still live, in creation order.
func (s *jobs) liveOf(ctx context.Context, ids []string) ([]*store.Job, error) {
	var out []*store.Job
	for _, id := range ids {
		j, err := s.Get(ctx, id)
		switch {
		case errors.Is(err, store.ErrNotFound):
			// Finished and expired between the two reads.
		case err != nil:
			return nil, err
		case !j.Status.Final():
			out = append(out, j)
		}
	}
	store.SortJobs(out)
	return out, nil
}

func (s *jobs) List(ctx context.Context, f store.JobFilter, cursor string, limit int) ([]*store.Job, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	order := s.order
	if f.Kind != "" {
		order = s.kinds[f.Kind]
	}
	end := len(order)
	if cursor != "" {
		end = sort.SearchStrings(order, cursor)
	}
	var out []*store.Job
	last, scanned := "", 0
	for k := end - 1; k >= 0; k-- {
		c := order[k]
		if len(out) == limit || scanned == store.ListScan {
			return out, last, nil
		}
		_, id, _ := strings.Cut(c, ":")
		j, err := s.Get(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // expired, not yet swept
		}
		if err != nil {
			return nil, "", err
		}
		scanned++
		last = c
		if f.Match(j) {
			out = append(out, j)
		}
	}
	return out, "", nil
}
