package memory

import (
	"context"
	"sync"
	"time"

	"gameai/store"
)

// live is the games being played in this process's view: each expires
// LiveTTL after its last Put; once MaxLive are held, the expired go, and
// if none has, the one written longest ago.
type live struct {
	cfg store.Config
	now func() time.Time
	mu  sync.Mutex
	m   map[string]liveGame
}

type liveGame struct {
	data    []byte
	written time.Time
}

func newLive(cfg store.Config, now func() time.Time) *live {
	return &live{cfg: cfg, now: now, m: map[string]liveGame{}}
}

func (l *live) Put(_ context.Context, key string, game []byte) error {
	if len(game) > store.MaxLiveBytes {
		return store.ErrTooLarge
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.m[key]; !ok && len(l.m) >= l.cfg.MaxLive {
		oldest, at := "", now
		for k, g := range l.m {
			if now.Sub(g.written) >= l.cfg.LiveTTL {
				delete(l.m, k)
			} else if !g.written.After(at) {
				oldest, at = k, g.written
			}
		}
		if len(l.m) >= l.cfg.MaxLive {
			delete(l.m, oldest)
		}
	}
	l.m[key] = liveGame{data: append([]byte(nil), game...), written: now}
	return nil
}

func (l *live) Get(_ context.Context, key string) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g, ok := l.m[key]
	if ok && l.now().Sub(g.written) >= l.cfg.LiveTTL {
		delete(l.m, key)
		ok = false
	}
	if !ok {
		return nil, store.ErrNotFound
	}
	return append([]byte(nil), g.data...), nil
}

func (l *live) Delete(_ context.Context, key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.m, key)
	return nil
}
