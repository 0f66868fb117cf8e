package memory

import (
	"context"
	"sync"

	"gameai/store"
)

// records keeps each hall of fame sorted best first. A Record holds no
// slice or map, so storing values keeps callers' changes out.
type records struct {
	max int
	mu  sync.Mutex
	m   map[string][]store.Record // by game + "/" + variant
}

func newRecords(cfg store.Config) *records {
	return &records{max: cfg.MaxRecords, m: map[string][]store.Record{}}
}

func (s *records) Add(_ context.Context, r *store.Record) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := r.Game + "/" + r.Variant
	all := make([]*store.Record, 0, len(s.m[k])+1)
	for i := range s.m[k] {
		if s.m[k][i].Key == r.Key {
			return false, nil
		}
		all = append(all, &s.m[k][i])
	}
	mine := *r
	all = append(all, &mine)
	store.SortRecords(all)
	if len(all) > s.max {
		if all[s.max] == &mine {
			return false, nil
		}
		all = all[:s.max]
	}
	hall := make([]store.Record, len(all))
	for i, rec := range all {
		hall[i] = *rec
	}
	s.m[k] = hall
	return true, nil
}

func (s *records) Top(_ context.Context, game, variant string, n int) ([]*store.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	hall := s.m[game+"/"+variant]
	out := make([]*store.Record, 0, min(max(n, 0), len(hall)))
	for i := range min(max(n, 0), len(hall)) {
		r := hall[i]
		out = append(out, &r)
	}
	return out, nil
}
