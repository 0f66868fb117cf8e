// Package memory is the in-process store, the default when no Redis is
// configured. Records are kept as JSON bytes, as in Redis, so a caller that
// mutates what it read or wrote never changes what is stored.
package memory

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"gameai/store"
)

// New returns an in-memory store.
func New(cfg store.Config) *store.Store {
	cfg = cfg.WithDefaults()
	now := time.Now
	return &store.Store{
		Sessions:   &sessions{cfg: cfg, now: now, m: map[string]entry{}},
		Analyses:   newAnalyses(cfg, now),
		Strategies: &strategies{m: map[string][]byte{}},
		Jobs:       &jobs{cfg: cfg, now: now, m: map[string]entry{}},
		Ping:       func(context.Context) error { return nil },
		Close:      func() error { return nil },
	}
}

type entry struct {
	data    []byte
	version int64
	expires time.Time // zero: never
}

func (e entry) expired(now time.Time) bool { return !e.expires.IsZero() && !now.Before(e.expires) }

func decode[T any](b []byte) (*T, error) {
	v := new(T)
	if err := json.Unmarshal(b, v); err != nil {
		return nil, err
	}
	return v, nil
}

type sessions struct {
	cfg store.Config
	now func() time.Time
	mu  sync.Mutex
	m   map[string]entry
}

func (s *sessions) purge(now time.Time) {
	for k, e := range s.m {
		if e.expired(now) {
			delete(s.m, k)
		}
	}
}

func (s *sessions) Create(_ context.Context, sess *store.Session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if e, ok := s.m[sess.ID]; ok && !e.expired(now) {
		return store.ErrExists
	}
	if len(s.m) >= s.cfg.MaxSessions {
		s.purge(now)
		if len(s.m) >= s.cfg.MaxSessions {
			return store.ErrFull
		}
	}
	sess.Version = 1
	b, err := json.Marshal(sess)
	if err != nil {
		return err
	}
	s.m[sess.ID] = entry{data: b, version: 1, expires: now.Add(s.cfg.SessionTTL)}
	return nil
}

func (s *sessions) Get(_ context.Context, id string) (*store.Session, error) {
	s.mu.Lock()
	e, ok := s.m[id]
	s.mu.Unlock()
	if !ok || e.expired(s.now()) {
		return nil, store.ErrNotFound
	}
	return decode[store.Session](e.data)
}

func (s *sessions) Update(_ context.Context, sess *store.Session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	e, ok := s.m[sess.ID]
	if !ok || e.expired(now) {
		return store.ErrNotFound
	}
	if e.version != sess.Version {
		return store.ErrConflict
	}
	next := *sess
	next.Version++
	b, err := json.Marshal(&next)
	if err != nil {
		return err
	}
	s.m[sess.ID] = entry{data: b, version: next.Version, expires: now.Add(s.cfg.SessionTTL)}
	sess.Version = next.Version
	return nil
}

func (s *sessions) Delete(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.m[id]
	if !ok || e.expired(s.now()) {
		return store.ErrNotFound
	}
	delete(s.m, id)
	return nil
}

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
	now func() time.Time
	mu  sync.Mutex
	m   map[string]entry
}

func (s *jobs) Create(_ context.Context, j *store.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if e, ok := s.m[j.ID]; ok && !e.expired(now) {
		return store.ErrExists
	}
	j.Version = 1
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	s.m[j.ID] = entry{data: b, version: 1, expires: s.expiry(j, now)}
	return nil
}

func (s *jobs) expiry(j *store.Job, now time.Time) time.Time {
	if j.Status.Final() {
		return now.Add(s.cfg.JobRetention)
	}
	return time.Time{}
}

func (s *jobs) Get(_ context.Context, id string) (*store.Job, error) {
	s.mu.Lock()
	e, ok := s.m[id]
	s.mu.Unlock()
	if !ok || e.expired(s.now()) {
		return nil, store.ErrNotFound
	}
	return decode[store.Job](e.data)
}

func (s *jobs) Update(_ context.Context, j *store.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	e, ok := s.m[j.ID]
	if !ok || e.expired(now) {
		return store.ErrNotFound
	}
	if e.version != j.Version {
		return store.ErrConflict
	}
	next := *j
	next.Version++
	b, err := json.Marshal(&next)
	if err != nil {
		return err
	}
	s.m[j.ID] = entry{data: b, version: next.Version, expires: s.expiry(&next, now)}
	j.Version = next.Version
	return nil
}

func (s *jobs) Live(_ context.Context) ([]*store.Job, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	var out []*store.Job
	for k, e := range s.m {
		if e.expired(now) {
			delete(s.m, k)
			continue
		}
		j, err := decode[store.Job](e.data)
		if err != nil {
			return nil, err
		}
		if !j.Status.Final() {
			out = append(out, j)
		}
	}
	store.SortJobs(out)
	return out, nil
}
