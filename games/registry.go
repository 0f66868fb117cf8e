package games

import (
	"fmt"
	"slices"
	"sync"
)

// Registry maps game names to games. The binary builds one at start-up
// (cli's registries); tests build their own, so test-only games never leak.
type Registry struct {
	mu    sync.RWMutex
	games map[string]Game
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{games: map[string]Game{}} }

// Register adds a game; a second game under the same name is a programming
// error and panics.
func (r *Registry) Register(g Game) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.games[g.Name()]; dup {
		panic(fmt.Sprintf("games: %q registered twice", g.Name()))
	}
	r.games[g.Name()] = g
}

// Get returns the game of that name.
func (r *Registry) Get(name string) (Game, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	g, ok := r.games[name]
	return g, ok
}

// All returns the games sorted by name.
func (r *Registry) All() []Game {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]Game, 0, len(r.games))
	for _, g := range r.games {
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b Game) int {
		switch {
		case a.Name() < b.Name():
			return -1
		case a.Name() > b.Name():
			return 1
		}
		return 0
	})
	return out
}

// CheckVariant returns the variant to use: the default when v is empty, v
// when the game has it, else an *UnknownVariantError.
func CheckVariant(g Game, v string) (string, error) {
	vs := g.Variants()
	if v == "" {
		return vs[0], nil
	}
	if !slices.Contains(vs, v) {
		return "", &UnknownVariantError{Game: g.Name(), Variant: v, Known: vs}
	}
	return v, nil
}

// FindMove returns the legal move whose notation equals m's, so that callers
// may compare moves parsed from text with generated ones.
func FindMove(s State, m Move) (Move, bool) {
	text := m.String()
	for _, l := range s.LegalMoves() {
		if l.String() == text {
			return l, true
		}
	}
	return nil, false
}
