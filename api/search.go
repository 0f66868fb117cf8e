package api

import (
	"context"
	"errors"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/search"
)

// The search's policy (caps, slots, deadline, cache, shared table,
// legality) is package search's; here a request's limits and search are
// bound to it, with what only HTTP knows: the request's arrival and its
// turn in the turnstile.

// limits turns a request's limits into engine limits (search.Limits),
// naming the field under prefix when one is past the server's cap.
func (s *Server) limits(prefix string, l LimitsRequest) (ai.Limits, error) {
	lim, err := s.searcher.Limits(search.Asked(l))
	var oc *search.OverCapError
	if errors.As(err, &oc) {
		return ai.Limits{}, badField(prefix+oc.Field, oc.Error())
	}
	return lim, err
}

// searchOpts are how one search is run (search.Query's fields of the
// same names).
type searchOpts struct {
	noCache, slotHeld, mustAnswer bool
}

// acquireSearch takes one of the search slots, waiting for one at most
// wait (search.Service.Acquire); the request's turn goes back with a slot
// taken: searches are bounded by their slots, and a turn held for a
// search's whole time would idle.
func (s *Server) acquireSearch(ctx context.Context, wait time.Duration) (release func(), err error) {
	release, err = s.searcher.Acquire(ctx, wait)
	if err != nil {
		return nil, err
	}
	leaveTurnstile(ctx)
	return release, nil
}

// search runs one engine search for a request (search.Service.Best): what
// the request waited before it got here counts against its deadline.
func (s *Server) search(ctx context.Context, st games.State, engine string, engineOpts map[string]string,
	lim ai.Limits, o searchOpts) (games.Move, SearchResult, error) {
	m, res, err := s.searcher.Best(ctx, search.Query{State: st, Engine: engine, Options: engineOpts, Limits: lim,
		Queued: time.Since(arrival(ctx)), NoCache: o.noCache, SlotHeld: o.slotHeld, MustAnswer: o.mustAnswer,
		OnSlot: func() { leaveTurnstile(ctx) }})
	return m, SearchResult(res), err
}
