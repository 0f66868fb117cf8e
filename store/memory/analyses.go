package memory

import (
	"container/list"
	"context"
	"encoding/json"
	"sync"
	"time"

	"gameai/store"
)

// analyses is a least-recently-used cache bounded by MaxAnalyses entries.
type analyses struct {
	cfg   store.Config
	now   func() time.Time
	mu    sync.Mutex
	order *list.List // front: most recent; values are *analysisEntry
	m     map[store.AnalysisKey]*list.Element
}

type analysisEntry struct {
	key     store.AnalysisKey
	data    []byte
	expires time.Time
}

func newAnalyses(cfg store.Config, now func() time.Time) *analyses {
	return &analyses{cfg: cfg, now: now, order: list.New(), m: map[store.AnalysisKey]*list.Element{}}
}

func (a *analyses) Get(_ context.Context, k store.AnalysisKey) (*store.Analysis, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	el, ok := a.m[k]
	if !ok {
		return nil, store.ErrNotFound
	}
	e := el.Value.(*analysisEntry)
	if !a.now().Before(e.expires) {
		a.order.Remove(el)
		delete(a.m, k)
		return nil, store.ErrNotFound
	}
	a.order.MoveToFront(el)
	return decode[store.Analysis](e.data)
}

func (a *analyses) Put(_ context.Context, k store.AnalysisKey, an *store.Analysis) error {
	b, err := json.Marshal(an)
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	exp := a.now().Add(a.cfg.AnalysisTTL)
	if el, ok := a.m[k]; ok {
		el.Value = &analysisEntry{key: k, data: b, expires: exp}
		a.order.MoveToFront(el)
		return nil
	}
	for a.order.Len() >= a.cfg.MaxAnalyses {
		last := a.order.Back()
		a.order.Remove(last)
		delete(a.m, last.Value.(*analysisEntry).key)
	}
	a.m[k] = a.order.PushFront(&analysisEntry{key: k, data: b, expires: exp})
	return nil
}
