package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/ai"
	"gameai/games"
	"gameai/hosting"
	"gameai/sessions"
	"gameai/store"
)

// sessionEngines checks the engines a session is created with, side by
// side, and returns them as stored. A bad one is a 400 naming it
// (engines[1].limits.time_ms), before anything is stored.
func (s *Server) sessionEngines(ctx context.Context, g games.Game, reqs []*SessionEngineRequest) ([]*store.SessionEngine, error) {
	if len(reqs) == 0 {
		return nil, nil
	}
	if len(reqs) > g.Players() {
		return nil, badField("engines", fmt.Sprintf("%d sides given, but %s has %d players", len(reqs), g.Name(), g.Players()))
	}
	out := make([]*store.SessionEngine, len(reqs))
	for i, r := range reqs {
		if r == nil {
			continue
		}
		field := fmt.Sprintf("engines[%d].", i)
		if r.Bot != "" {
			e, err := s.sessionBot(ctx, g, field, r)
			if err != nil {
				return nil, err
			}
			out[i] = e
			continue
		}
		info, err := s.engines.Get(g.Name(), r.Engine)
		if err != nil {
			return nil, notFound(field+"engine", err.Error())
		}
		if _, err := s.limits(field+"limits.", r.Limits); err != nil {
			return nil, err
		}
		if _, err := s.searcher.ResolveStrategy(ctx, g.Name(), r.EngineOptions); err != nil {
			return nil, err
		}
		out[i] = &store.SessionEngine{Engine: info.Name, Options: r.EngineOptions, TimeMS: r.Limits.TimeMS,
			Depth: r.Limits.Depth, Nodes: r.Limits.Nodes, Iterations: r.Limits.Iterations}
	}
	return out, nil
}

// sessionBot checks an uploaded bot asked for a session's seat: ready, of
// the game, and this server able to run it.
func (s *Server) sessionBot(ctx context.Context, g games.Game, field string, r *SessionEngineRequest) (*store.SessionEngine, error) {
	if r.Engine != "" || len(r.EngineOptions) > 0 || r.Limits != (LimitsRequest{}) {
		return nil, badField(field+"bot", "a seat is an engine (engine, engine_options, limits) or an uploaded bot, not both")
	}
	if !uploadedID.MatchString(r.Bot) {
		return nil, notFound(field+"bot", fmt.Sprintf("%.80q: no such bot", r.Bot))
	}
	b, why, err := s.playableUpload(ctx, g.Name(), r.Bot)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, notFound(field+"bot", fmt.Sprintf("%s: no such bot", r.Bot))
	case err != nil:
		return nil, problemFor(err, "bot")
	case why != "":
		return nil, problem(http.StatusUnprocessableEntity, "bot-unplayable", "Bot cannot play", fmt.Sprintf("%s: %s", r.Bot, why),
			FieldError{Field: field + "bot", Reason: why})
	}
	return &store.SessionEngine{Bot: b.ID, Label: hosting.UploadedOf(b).Label()}, nil
}

// sessionLimits are the limits of a session engine's move, as asked.
func sessionLimits(e *store.SessionEngine) LimitsRequest { return LimitsRequest(sessions.Asked(e)) }

// withReplies plays the replies due after a stored move (playReplies) and
// shows the session with them; the ETag is set either way, for the moves
// stored before a reply failed are the session's.
func (s *Server) withReplies(c *echo.Context, sess *store.Session, st games.State) (SessionResponse, error) {
	var who sessions.Caller
	if sessions.RepliesDue(sess, st) { // the caller's account is read only for a reply
		var err error
		if who, err = s.caller(c, sess); err != nil {
			return SessionResponse{}, err
		}
	}
	replies, err := s.sessions.Replies(c.Request().Context(), sess, st, who)
	c.Response().Header().Set("ETag", etag(sess))
	if err != nil {
		return SessionResponse{}, s.storeErr(err, "session")
	}
	out := s.sessionResponse(c, sess, st)
	for _, r := range replies {
		out.Replies = append(out.Replies, SearchResult(r))
	}
	return out, nil
}

// replyingEngine is the search slot a request that may lead to engine
// replies takes before it changes anything: when none is free it is a 429
// and nothing was played, rather than a person's move stored without its
// answer. release is a no-op when no reply is due.
func (s *Server) replyingEngine(ctx context.Context, sess *store.Session, st games.State) (release func(), err error) {
	if !sessions.RepliesDue(sess, st) {
		return func() {}, nil
	}
	return s.acquireSearch(ctx, 0)
}

// sessionEngineRequests shows a session's engines as they were asked for.
func sessionEngineRequests(es []*store.SessionEngine) []*SessionEngineRequest {
	if len(es) == 0 {
		return nil
	}
	out := make([]*SessionEngineRequest, len(es))
	for i, e := range es {
		switch {
		case e != nil && e.Bot != "":
			out[i] = &SessionEngineRequest{Bot: e.Bot, Label: e.Label}
		case e != nil:
			out[i] = &SessionEngineRequest{Engine: e.Engine, EngineOptions: e.Options, Limits: sessionLimits(e)}
		}
	}
	return out
}

// engineMoveLimits are the limits of an engine-move request: its own, or
// the session engine's when it names no engine and sets none.
func (s *Server) engineMoveLimits(req EngineMoveRequest, e *store.SessionEngine) (ai.Limits, error) {
	if req.Engine == "" && e != nil && req.Limits == (LimitsRequest{}) {
		return s.limits("limits.", sessionLimits(e))
	}
	return s.limits("limits.", req.Limits)
}
