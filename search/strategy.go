package search

import (
	"context"
	"errors"
	"maps"

	"gameai/games/morris"
	"gameai/store"
)

// resolveStrategy turns engine option strategy naming a trained strategy
// of the game into the option coefficients, so that engines, which know
// only the presets, play it; and so that the analysis cache, keyed by the
// options, never serves an answer of an earlier strategy of that name.
// Only Morris's evaluation is tuned (a preset's name needs no store).
// A session checks its engines' options with it when they are set.
func (s *Service) ResolveStrategy(ctx context.Context, game string, opts map[string]string) (map[string]string, error) {
	name, ok := opts["strategy"]
	if !ok || game != "morris" {
		return opts, nil
	}
	if _, preset := morris.Preset(name); preset {
		return opts, nil
	}
	t, err := s.store.Strategies.Get(ctx, game, name)
	if errors.Is(err, store.ErrNotFound) {
		return opts, nil // the engine says which names exist
	}
	if err != nil {
		return nil, err
	}
	out := maps.Clone(opts)
	delete(out, "strategy")
	out["coefficients"] = string(t.Params)
	return out, nil
}
