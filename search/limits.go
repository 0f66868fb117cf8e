package search

import (
	"time"

	"gameai/ai"
)

// Asked are the limits a request asks for, each 0 when unset.
type Asked struct {
	TimeMS     int64
	Depth      int
	Nodes      int64
	Iterations int64
}

// Limits turns asked limits into an engine's, refusing any past the
// server's caps (an *OverCapError) and giving a request that sets none the
// default time.
func (s *Service) Limits(a Asked) (ai.Limits, error) {
	maxMS := s.cfg.MaxSearchTime.Milliseconds()
	switch {
	case a.TimeMS > maxMS:
		return ai.Limits{}, &OverCapError{Field: "time_ms", Value: a.TimeMS, Cap: maxMS, Unit: " ms"}
	case a.Depth > s.cfg.MaxDepth:
		return ai.Limits{}, &OverCapError{Field: "depth", Value: int64(a.Depth), Cap: int64(s.cfg.MaxDepth)}
	case a.Nodes > s.cfg.MaxNodes:
		return ai.Limits{}, &OverCapError{Field: "nodes", Value: a.Nodes, Cap: s.cfg.MaxNodes}
	case a.Iterations > s.cfg.MaxIterations:
		return ai.Limits{}, &OverCapError{Field: "iterations", Value: a.Iterations, Cap: s.cfg.MaxIterations}
	}
	out := ai.Limits{Time: time.Duration(a.TimeMS) * time.Millisecond, Depth: a.Depth, Nodes: a.Nodes, Iterations: a.Iterations}
	if out.IsZero() {
		out.Time = s.cfg.DefaultSearchTime
	}
	return out, nil
}
