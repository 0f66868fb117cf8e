package memory

import (
	"encoding/json"
	"sync"
	"time"

	"gameai/store"
)

// table holds versioned records as JSON, with optional expiry: the memory
// twin of the Redis hashes with a version field.
type table struct {
	now   func() time.Time
	limit int // 0: unbounded
	mu    sync.Mutex
	m     map[string]entry
}

type entry struct {
	data    []byte
	version int64
	expires time.Time // zero: never
}

func (e entry) expired(now time.Time) bool { return !e.expires.IsZero() && !now.Before(e.expires) }

func newTable(now func() time.Time, limit int) *table {
	return &table{now: now, limit: limit, m: map[string]entry{}}
}

func (t *table) purge(now time.Time) {
	for k, e := range t.m {
		if e.expired(now) {
			delete(t.m, k)
		}
	}
}

// create stores v at version 1; ttl 0 keeps it forever.
func (t *table) create(id string, v any, ttl time.Duration) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	if e, ok := t.m[id]; ok && !e.expired(now) {
		return store.ErrExists
	}
	if t.limit > 0 && len(t.m) >= t.limit {
		t.purge(now)
		if len(t.m) >= t.limit {
			return store.ErrFull
		}
	}
	t.m[id] = entry{data: b, version: 1, expires: expiry(now, ttl)}
	return nil
}

func expiry(now time.Time, ttl time.Duration) time.Time {
	if ttl <= 0 {
		return time.Time{}
	}
	return now.Add(ttl)
}

// get returns the record's data and version.
func (t *table) get(id string) ([]byte, int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.m[id]
	if !ok || e.expired(t.now()) {
		return nil, 0, store.ErrNotFound
	}
	return e.data, e.version, nil
}

// update stores v (already at version+1) if the record is at version.
func (t *table) update(id string, version int64, v any, ttl time.Duration) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	e, ok := t.m[id]
	if !ok || e.expired(now) {
		return store.ErrNotFound
	}
	if e.version != version {
		return store.ErrConflict
	}
	t.m[id] = entry{data: b, version: version + 1, expires: expiry(now, ttl)}
	return nil
}

// live reports whether id is held and not expired.
func (t *table) live(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.m[id]
	return ok && !e.expired(t.now())
}

func (t *table) delete(id string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.m[id]
	if !ok || e.expired(t.now()) {
		return store.ErrNotFound
	}
	delete(t.m, id)
	return nil
}

// all returns the data of every live record.
func (t *table) all() [][]byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	t.purge(now)
	out := make([][]byte, 0, len(t.m))
	for _, e := range t.m {
		out = append(out, e.data)
	}
	return out
}
