package memory

import (
	"context"
	"slices"
	"sync"

	"gameai/store"
)

// gameLogs are the logs by name, each its games by number.
type gameLogs struct {
	mu sync.Mutex
	m  map[string]map[int][]byte
}

func (l *gameLogs) Add(_ context.Context, log string, n int, game []byte, keep int) error {
	if len(game) > store.MaxLoggedGame {
		return store.ErrTooLarge
	}
	keep = max(keep, 1)
	l.mu.Lock()
	defer l.mu.Unlock()
	games := l.m[log]
	if games == nil {
		games = map[int][]byte{}
		l.m[log] = games
	}
	games[n] = slices.Clone(game)
	if len(games) > keep {
		ns := l.numbers(log)
		for _, old := range ns[keep:] {
			delete(games, old)
		}
	}
	return nil
}

func (l *gameLogs) Get(_ context.Context, log string, n int) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g, ok := l.m[log][n]
	if !ok {
		return nil, store.ErrNotFound
	}
	return slices.Clone(g), nil
}

func (l *gameLogs) Latest(_ context.Context, log string, limit int) ([][]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out [][]byte
	for _, n := range l.numbers(log) {
		if len(out) >= limit {
			break
		}
		out = append(out, slices.Clone(l.m[log][n]))
	}
	return out, nil
}

// numbers are log's game numbers, highest first; l.mu is held.
func (l *gameLogs) numbers(log string) []int {
	ns := make([]int, 0, len(l.m[log]))
	for n := range l.m[log] {
		ns = append(ns, n)
	}
	slices.SortFunc(ns, func(a, b int) int { return b - a })
	return ns
}
