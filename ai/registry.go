package ai

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"gameai/games"
)

// EngineInfo describes an engine registered for one game.
type EngineInfo struct {
	Game        string
	Name        string
	Description string
	// Version changes whenever the engine's answers may change (search or
	// evaluation), so that cached analyses of older versions are not served.
	Version string
	// Deterministic engines give the same answer for the same position and
	// limits of depth, nodes or iterations, so their analyses may be cached.
	Deterministic bool
	// Options are the engine options it takes, with their types, ranges
	// and defaults: GET /v1/games lists them, and the engine checks a
	// request's against them (ResolveOptions).
	Options []games.OptionSpec
	Engine  Engine
}

// Registry maps (game, engine) to engines. The first engine registered for a
// game is its default.
type Registry struct {
	mu     sync.RWMutex
	byGame map[string][]EngineInfo
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{byGame: map[string][]EngineInfo{}} }

// Register adds an engine; a duplicate (game, name) panics.
func (r *Registry) Register(info EngineInfo) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if info.Game == "" || info.Name == "" || info.Engine == nil {
		panic("ai: engine registered without game, name or engine")
	}
	for _, e := range r.byGame[info.Game] {
		if e.Name == info.Name {
			panic(fmt.Sprintf("ai: engine %s/%s registered twice", info.Game, info.Name))
		}
	}
	r.byGame[info.Game] = append(r.byGame[info.Game], info)
}

// Get returns the engine of that name for the game, or the game's default
// engine when name is empty.
func (r *Registry) Get(game, name string) (EngineInfo, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	list := r.byGame[game]
	if len(list) == 0 {
		return EngineInfo{}, &UnknownEngineError{Game: game, Engine: name}
	}
	if name == "" {
		return list[0], nil
	}
	for _, e := range list {
		if e.Name == name {
			return e, nil
		}
	}
	return EngineInfo{}, &UnknownEngineError{Game: game, Engine: name, Known: names(list)}
}

// ForGame lists a game's engines, default first.
func (r *Registry) ForGame(game string) []EngineInfo {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.byGame[game])
}

func names(list []EngineInfo) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = e.Name
	}
	return out
}

// UnknownEngineError says that a game has no such engine.
type UnknownEngineError struct {
	Game, Engine string
	Known        []string
}

func (e *UnknownEngineError) Error() string {
	if len(e.Known) == 0 {
		return fmt.Sprintf("game %q has no engines", e.Game)
	}
	return fmt.Sprintf("game %q has no engine %q (engines: %s)", e.Game, e.Engine, strings.Join(e.Known, ", "))
}
