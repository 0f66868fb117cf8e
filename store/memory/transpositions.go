package memory

import (
	"context"
	"sync"
	"time"

	"gameai/store"
)

// transpositions is the shared table in one process: entries expire after
// TranspositionTTL, and once MaxTranspositions are held a new entry
// replaces an arbitrary one (Go's map order): a table of hints needs no
// exact eviction order.
type transpositions struct {
	cfg store.Config
	now func() time.Time
	mu  sync.Mutex
	m   map[ttKey]ttEntry
}

type ttKey struct {
	table string
	hash  uint64
}

type ttEntry struct {
	data    []byte
	expires time.Time
}

func newTranspositions(cfg store.Config, now func() time.Time) *transpositions {
	return &transpositions{cfg: cfg, now: now, m: map[ttKey]ttEntry{}}
}

func (t *transpositions) Load(_ context.Context, table string, hashes []uint64) (map[uint64][]byte, error) {
	out := map[uint64][]byte{}
	now := t.now()
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, h := range hashes {
		k := ttKey{table, h}
		e, ok := t.m[k]
		switch {
		case !ok:
		case !now.Before(e.expires):
			delete(t.m, k)
		default:
			out[h] = append([]byte(nil), e.data...)
		}
	}
	return out, nil
}

func (t *transpositions) Store(_ context.Context, table string, entries map[uint64][]byte) error {
	exp := t.now().Add(t.cfg.TranspositionTTL)
	t.mu.Lock()
	defer t.mu.Unlock()
	for h, b := range entries {
		k := ttKey{table, h}
		if _, ok := t.m[k]; !ok && len(t.m) >= t.cfg.MaxTranspositions {
			for old := range t.m {
				delete(t.m, old)
				break
			}
		}
		t.m[k] = ttEntry{data: append([]byte(nil), b...), expires: exp}
	}
	return nil
}
