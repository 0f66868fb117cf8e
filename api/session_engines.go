package api

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/ai"
	"gameai/games"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/hosting"
	"gameai/seats"
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

// engineFor is the engine that plays player p of sess, or nil.
func engineFor(sess *store.Session, p int) *store.SessionEngine {
	if p < 0 || p >= len(sess.Engines) {
		return nil
	}
	return sess.Engines[p]
}

// answersAPerson reports whether the server plays replies in sess: some
// side has an engine and some side has none. A session of engines only is
// played one engine-move request at a time, so that nobody's opening of
// it, and no single request, plays a whole game.
func answersAPerson(sess *store.Session, players int) bool {
	engines := 0
	for p := range players {
		if engineFor(sess, p) != nil {
			engines++
		}
	}
	return engines > 0 && engines < players
}

// repliesDue reports whether the server must now play an engine's move in
// sess, whose position is st.
func repliesDue(sess *store.Session, st games.State) bool {
	return !st.Terminal() && answersAPerson(sess, st.Game().Players()) && engineFor(sess, st.ToMove()) != nil
}

// sessionLimits are the limits of a session engine's move.
func sessionLimits(e *store.SessionEngine) LimitsRequest {
	return LimitsRequest{TimeMS: e.TimeMS, Depth: e.Depth, Nodes: e.Nodes, Iterations: e.Iterations}
}

// playReplies plays the session's engines until a side without one is to
// move or the game ends. The caller holds a search slot. The replies are
// the server's, not the request's: they run on a context the client's
// going away does not cancel, so a reply is played once whoever watches,
// and all of them together within MaxSearchTime.
func (s *Server) playReplies(c *echo.Context, sess *store.Session, st games.State) ([]SearchResult, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), s.cfg.MaxSearchTime)
	defer cancel()
	deadline, _ := ctx.Deadline()
	var out []SearchResult
	for range st.Game().Players() {
		if !repliesDue(sess, st) {
			break
		}
		if err := s.roomFor(sess); err != nil {
			return out, err
		}
		e := engineFor(sess, st.ToMove())
		lim, err := s.limits("engines.limits.", sessionLimits(e))
		if err != nil {
			return out, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		if lim.Time > left {
			lim.Time = left
		}
		// Each reply's budget runs from its own start, not the request's.
		rctx := withArrival(ctx, time.Now())
		var m games.Move
		var res SearchResult
		if e.Bot != "" {
			m, res, err = s.sessionBotMove(rctx, c, sess, st)
		} else {
			m, res, err = s.search(rctx, st, e.Engine, e.Options, lim, searchOpts{slotHeld: true, mustAnswer: true})
		}
		if err != nil {
			return out, err
		}
		if err := st.Play(m); err != nil {
			return out, fmt.Errorf("engine reply %s: %w", m, err)
		}
		if err := s.saveMoveCtx(ctx, sess, st, m); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return out, problem(http.StatusConflict, "conflict", "Conflict",
					"the session changed during the engine's reply; the reply was not played")
			}
			return out, s.storeErr(err, "session")
		}
		out = append(out, res)
	}
	return out, nil
}

// withReplies plays the replies due after a stored move (playReplies) and
// shows the session with them; the ETag is set either way, for the moves
// stored before a reply failed are the session's.
func (s *Server) withReplies(c *echo.Context, sess *store.Session, st games.State) (SessionResponse, error) {
	replies, err := s.playReplies(c, sess, st)
	c.Response().Header().Set("ETag", etag(sess))
	if err != nil {
		return SessionResponse{}, err
	}
	out := s.sessionResponse(c, sess, st)
	out.Replies = replies
	return out, nil
}

// replyingEngine is the search slot a request that may lead to engine
// replies takes before it changes anything: when none is free it is a 429
// and nothing was played, rather than a person's move stored without its
// answer. release is a no-op when no reply is due.
func (s *Server) replyingEngine(ctx context.Context, sess *store.Session, st games.State) (release func(), err error) {
	if !repliesDue(sess, st) {
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

// sessionBotMove is the move of the uploaded bot whose seat is to move.
func (s *Server) sessionBotMove(ctx context.Context, c *echo.Context, sess *store.Session, st games.State) (games.Move, SearchResult, error) {
	e := engineFor(sess, st.ToMove())
	b, err := s.store.Bots.Get(ctx, e.Bot)
	if err != nil {
		return nil, SearchResult{}, problemFor(err, "bot")
	}
	h, err := s.seatHolder(c, b)
	if err != nil {
		return nil, SearchResult{}, err
	}
	start := time.Now()
	m, err := s.seats.Move(ctx, sess.ID, h, hosting.UploadedOf(b), st, sess.Moves)
	if err != nil {
		return nil, SearchResult{}, problemFor(err, "engines")
	}
	// An uploaded program says its move, not a search: its line is its
	// move and its version the bot's.
	return m, SearchResult{Move: m.String(), PV: []string{m.String()}, Engine: "bot:" + b.ID, EngineVersion: strconv.Itoa(b.Version),
		ElapsedMS: time.Since(start).Milliseconds()}, nil
}

// seatHolder is who a bot's seat is counted against: the owner whose
// token the request carries, else the network it comes from.
func (s *Server) seatHolder(c *echo.Context, b *store.Bot) (seats.Holder, error) {
	who, err := s.whoAsks(c)
	if err != nil {
		return seats.Holder{}, problemFor(err, "owner")
	}
	if who.owner != "" {
		return seats.ForOwner(who.owner, network(c.RealIP()), b.Owner), nil
	}
	return seats.ForVisitor(network(c.RealIP()), b.Owner), nil
}

// botsCanFollow says why a session's uploaded bots could not follow its
// game: a program hears the game from its start, in its protocol's rules
// (Sanmill's standard nine-men rules for Morris).
func botsCanFollow(engines []*store.SessionEngine, position string, st games.State) error {
	if !slices.ContainsFunc(engines, func(e *store.SessionEngine) bool { return e != nil && e.Bot != "" }) {
		return nil
	}
	if position != "" {
		return badField("position", "a session with an uploaded bot starts from the game's start: its program hears every move")
	}
	if st.Game().Name() == morris.Game.Name() && (st.Variant() != morris.StandardRules.Variant.String() ||
		!maps.Equal(st.Options(), morris.StandardRules.Options())) {
		return badField("variant", "an uploaded Morris bot plays the standard nine men's rules (Sanmill's protocol)")
	}
	return nil
}

// lessBotsKeepTheirMoves refuses to take a Less session back to keep
// moves when that would take back an uploaded bot's move: CodeCup's
// protocol cannot tell a program what it played, so its program could
// not follow the game again.
func lessBotsKeepTheirMoves(sess *store.Session, keep int) error {
	if sess.Game != less.Game.Name() {
		return nil
	}
	for i := keep; i < len(sess.Moves); i++ {
		if e := engineFor(sess, i%4); e != nil && e.Bot != "" {
			return problem(http.StatusConflict, "bot-keeps-its-moves", "An uploaded bot's move stays",
				fmt.Sprintf("move %d is %s's: CodeCup's protocol cannot tell a program the moves it played, so a Less session with an uploaded bot takes back only the moves after its last", i+1, e.Bot),
				FieldError{Field: "plies", Reason: "takes back an uploaded bot's move"})
		}
	}
	return nil
}
