package api

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/games"
	"gameai/search"
	"gameai/sessions"
	"gameai/store"
)

// createSession starts a game.
//
//	@Summary	Start a game session
//	@Tags		sessions
//	@Accept		json
//	@Produce	json
//	@Param		game	path		string					true	"game name"
//	@Param		request	body		CreateSessionRequest	true	"variant, rule options and start position"
//	@Success	201		{object}	SessionResponse
//	@Header		201		{string}	ETag	"the session's version, for If-Match"
//	@Failure	400		{object}	Problem
//	@Failure	404		{object}	Problem
//	@Failure	429		{object}	Problem	"your network holds its share of live sessions, the server holds all it keeps, or an engine moves first and no search slot is free: nothing was created (Retry-After)"
//	@Failure	503		{object}	Problem	"the store does not answer"
//	@Router		/v1/games/{game}/sessions [post]
func (s *Server) createSession(c *echo.Context) error {
	g, err := s.game(c)
	if err != nil {
		return err
	}
	var req CreateSessionRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	st, err := s.position(g, req.Variant, req.Options, req.Position)
	if err != nil {
		return err
	}
	engines, err := s.sessionEngines(c.Request().Context(), g, req.Engines)
	if err != nil {
		return err
	}
	if err := sessions.BotsCanFollow(engines, req.Position, st); err != nil {
		return err
	}
	client, err := s.sessionClient(c)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	sess := &store.Session{ID: rand.Text(), Game: g.Name(), Variant: st.Variant(), Options: st.Options(),
		Start: st.String(), Moves: []string{}, Position: st.String(), Over: st.Terminal(), Engines: engines,
		Client: client, Network: network(c.RealIP()), CreatedAt: now, UpdatedAt: now}
	release, err := s.replyingEngine(c.Request().Context(), sess, st)
	if err != nil {
		return err
	}
	defer release()
	if err := s.store.Sessions.Create(c.Request().Context(), sess); err != nil {
		return sessionsFull(err, s.store.Config)
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/sessions/"+sess.ID)
	out, err := s.withReplies(c, sess, st)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}

// getSession shows a session.
//
//	@Summary	A session's position, moves, legal moves and result
//	@Tags		sessions
//	@Produce	json
//	@Param		id				path		string	true	"session id"
//	@Param		If-None-Match	header		string	false	"an ETag of the session: 304 when it is still current"
//	@Param		legal_moves		query		int		false	"how many legal moves to list (default 50, at most 2000)"
//	@Success	200				{object}	SessionResponse
//	@Header		200				{string}	ETag	"the session's version, for If-Match"
//	@Success	304
//	@Failure	404	{object}	Problem
//	@Failure	503	{object}	Problem	"the store does not answer"
//	@Router		/v1/sessions/{id} [get]
func (s *Server) getSession(c *echo.Context) error {
	sess, st, err := s.loadSession(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(sess))
	if inm := c.Request().Header.Get("If-None-Match"); inm != "" && (inm == "*" || strings.Contains(inm, etag(sess))) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.JSON(http.StatusOK, s.sessionResponse(c, sess, st))
}

// playMove plays a move in a session.
//
//	@Summary	Play a move
//	@Tags		sessions
//	@Accept		json
//	@Produce	json
//	@Param		id			path		string		true	"session id"
//	@Param		If-Match	header		string		false	"the session's ETag the move was meant for: 412 when it changed"
//	@Param		request		body		MoveRequest	true	"the move in the game's notation"
//	@Success	200			{object}	SessionResponse
//	@Header		200			{string}	ETag	"the session's new version"
//	@Failure	400			{object}	Problem	"malformed move"
//	@Failure	404			{object}	Problem
//	@Failure	409			{object}	Problem	"ply is not the session's: the game has moved on"
//	@Failure	412			{object}	Problem	"If-Match names an old version"
//	@Failure	422			{object}	Problem	"illegal move, with legal ones listed"
//	@Failure	429			{object}	Problem	"the session's engine would reply and no search slot is free: the move was not played"
//	@Failure	503			{object}	Problem	"the store does not answer"
//	@Router		/v1/sessions/{id}/moves [post]
func (s *Server) playMove(c *echo.Context) error {
	var req MoveRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	// Retried on conflict: a concurrent move is applied first, and this one
	// is then judged against the position it produced.
	for range 5 {
		sess, st, err := s.loadSession(c)
		if err != nil {
			return err
		}
		// Checked again after a conflict: a move that named its position
		// is refused once another move has changed it.
		if err := guard(c, sess, req.Ply); err != nil {
			return err
		}
		if err := s.sessions.RoomFor(sess); err != nil {
			return err
		}
		m, err := s.play(st, req.Move, "move")
		if err != nil {
			return err
		}
		done, err := s.saveAndReply(c, sess, st, m)
		if !done {
			continue
		}
		return err
	}
	return problemFor(store.ErrConflict, "session")
}

// saveAndReply stores a person's move played on st and the engines'
// replies to it, and answers the request; done is false when another write
// came first and the move must be judged again.
func (s *Server) saveAndReply(c *echo.Context, sess *store.Session, st games.State, m games.Move) (done bool, err error) {
	release, err := s.replyingEngine(c.Request().Context(), sess, st)
	if err != nil {
		return true, err
	}
	defer release()
	err = s.sessions.Save(c.Request().Context(), sess, st, m)
	if errors.Is(err, store.ErrConflict) {
		return false, nil
	}
	if err != nil {
		return true, s.storeErr(err, "session")
	}
	out, err := s.withReplies(c, sess, st)
	if err != nil {
		return true, err
	}
	return true, c.JSON(http.StatusOK, out)
}

// engineMove lets an engine play the next move of a session.
//
//	@Summary	Let an engine play the next move
//	@Tags		sessions
//	@Accept		json
//	@Produce	json
//	@Param		id			path		string				true	"session id"
//	@Param		If-Match	header		string				false	"the session's ETag the client has seen: 412 when it changed"
//	@Param		request		body		EngineMoveRequest	true	"engine and limits"
//	@Success	200			{object}	EngineMoveResponse
//	@Header		200			{string}	ETag	"the session's new version"
//	@Failure	400			{object}	Problem
//	@Failure	404			{object}	Problem
//	@Failure	409			{object}	Problem	"the session changed during the search, or ply is not the session's"
//	@Failure	412			{object}	Problem	"If-Match names an old version"
//	@Failure	422			{object}	Problem	"the game is over"
//	@Failure	429			{object}	Problem
//	@Failure	503			{object}	Problem	"the store does not answer"
//	@Router		/v1/sessions/{id}/engine-move [post]
func (s *Server) engineMove(c *echo.Context) error {
	var req EngineMoveRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	sess, st, err := s.loadSession(c)
	if err != nil {
		return err
	}
	e := sessions.EngineFor(sess, st.ToMove())
	lim, err := s.engineMoveLimits(req, e)
	if err != nil {
		return err
	}
	if err := guard(c, sess, req.Ply); err != nil {
		return err
	}
	if err := s.sessions.RoomFor(sess); err != nil {
		return err
	}
	engine, opts := req.Engine, req.EngineOptions
	if engine == "" && e != nil {
		engine = e.Engine
		if opts == nil {
			opts = e.Options
		}
	}
	// One slot for the move and the replies that follow it.
	release, err := s.acquireSearch(c.Request().Context(), 0)
	if err != nil {
		return err
	}
	defer release()
	var m games.Move
	var res SearchResult
	if e != nil && e.Bot != "" && req.Engine == "" {
		// The seat's uploaded bot moves (on the server's context: a move
		// its program was asked for is played whoever is still there).
		var who sessions.Caller
		if who, err = s.caller(c, sess); err != nil {
			return err
		}
		var r search.Result
		if m, r, err = s.sessions.BotMove(context.WithoutCancel(c.Request().Context()), sess, st, who); err != nil {
			return problemFor(err, "bot")
		}
		res = SearchResult(r)
	} else {
		m, res, err = s.search(c.Request().Context(), st, engine, opts, lim, searchOpts{slotHeld: true})
	}
	if err != nil {
		return err
	}
	if err := st.Play(m); err != nil {
		return fmt.Errorf("engine move %s: %w", m, err)
	}
	if err := s.sessions.Save(c.Request().Context(), sess, st, m); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return problem(http.StatusConflict, "conflict", "Conflict",
				"the session changed during the search; the engine's move was not played")
		}
		return s.storeErr(err, "session")
	}
	out, err := s.withReplies(c, sess, st)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, EngineMoveResponse{Session: out, Search: res})
}

// undoMoves takes back a session's last moves.
//
//	@Summary	Take back moves
//	@Tags		sessions
//	@Accept		json
//	@Produce	json
//	@Param		id			path		string		true	"session id"
//	@Param		If-Match	header		string		false	"the session's ETag the client has seen: 412 when it changed"
//	@Param		request		body		UndoRequest	true	"how many moves"
//	@Success	200			{object}	SessionResponse
//	@Header		200			{string}	ETag	"the session's new version"
//	@Failure	400			{object}	Problem	"more moves than were played"
//	@Failure	404			{object}	Problem
//	@Failure	409			{object}	Problem	"ply is not the session's, or the session changed meanwhile"
//	@Failure	412			{object}	Problem	"If-Match names an old version"
//	@Failure	503			{object}	Problem	"the store does not answer"
//	@Router		/v1/sessions/{id}/undo [post]
func (s *Server) undoMoves(c *echo.Context) error {
	var req UndoRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	n := max(req.Plies, 1)
	// Read, not loaded: the game is replayed once, to what stays of it.
	sess, err := s.store.Sessions.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return s.storeErr(err, "session")
	}
	if err := guard(c, sess, req.Ply); err != nil {
		return err
	}
	st, err := s.sessions.Undo(c.Request().Context(), sess, n)
	if err != nil {
		return s.storeErr(err, "session")
	}
	c.Response().Header().Set("ETag", etag(sess))
	return c.JSON(http.StatusOK, s.sessionResponse(c, sess, st))
}

// deleteSession ends a session.
//
//	@Summary	Delete a session
//	@Tags		sessions
//	@Param		id	path	string	true	"session id"
//	@Success	204
//	@Failure	404	{object}	Problem
//	@Router		/v1/sessions/{id} [delete]
func (s *Server) deleteSession(c *echo.Context) error {
	if err := s.store.Sessions.Delete(c.Request().Context(), c.Param("id")); err != nil {
		return s.storeErr(err, "session")
	}
	return c.NoContent(http.StatusNoContent)
}

// maxLegalMovesShown bounds the legal_moves query: every position of the
// three games has fewer legal moves (Less lists one action a resulting
// position).
const maxLegalMovesShown = 2000

// loadSession reads a session and replays it from its start
// (sessions.Service.Load).
func (s *Server) loadSession(c *echo.Context) (*store.Session, games.State, error) {
	sess, st, err := s.sessions.Load(c.Request().Context(), c.Param("id"))
	if err != nil {
		return nil, nil, s.storeErr(err, "session")
	}
	return sess, st, nil
}

// caller is whom a request on sess is for, as its uploaded bots' seats
// count it: the caller's account is read only for a session with one.
func (s *Server) caller(c *echo.Context, sess *store.Session) (sessions.Caller, error) {
	who := sessions.Caller{Network: network(c.RealIP())}
	if !slices.ContainsFunc(sess.Engines, func(e *store.SessionEngine) bool { return e != nil && e.Bot != "" }) {
		return who, nil
	}
	w, err := s.whoAsks(c)
	if err != nil {
		return who, problemFor(err, "owner")
	}
	who.Owner = w.owner
	return who, nil
}

// sessionsFull answers a session the store would not keep: 429 when the
// client's network holds its share (its own doing: finish or delete one)
// or the server holds all it keeps (sessions end on their own: an idle
// one within cfg.SessionIdleTTL), else as any store error.
func sessionsFull(err error, cfg store.Config) error {
	idle := int(cfg.SessionIdleTTL.Seconds())
	switch {
	case errors.Is(err, store.ErrClientFull):
		return retryLater(http.StatusTooManyRequests, "too-many-sessions", "Too many sessions",
			fmt.Sprintf("you hold %d live sessions (your account wherever it asks from, or your network, every account on it together), the most one may; delete one you no longer play (DELETE /v1/sessions/{id}), or wait: "+
				"one nobody moves in ends %v after its last move, a finished one %v", cfg.MaxSessionsPerClient, cfg.SessionTTL, cfg.SessionIdleTTL), min(idle, 60))
	case errors.Is(err, store.ErrFull):
		return retryLater(http.StatusTooManyRequests, "sessions-full", "The server's sessions are full",
			fmt.Sprintf("the server holds %d live sessions, the most it keeps; sessions end on their own (a finished or unplayed one %v after its last move)",
				cfg.MaxSessions, cfg.SessionIdleTTL), min(idle, 60))
	}
	return problemFor(err, "session")
}

func (s *Server) storeErr(err error, what string) error {
	if errors.Is(err, store.ErrNotFound) {
		return notFound("id", "no such "+what+" (it may have expired)")
	}
	return problemFor(err, what)
}

// legalMovesShown reads the legal_moves query: how many legal moves a
// session response lists (a board that lets a person click needs them all);
// more than maxLegalMovesShown is read as that many.
func legalMovesShown(c *echo.Context, def int) (int, error) {
	n, err := queryInt(c, "legal_moves", def, 0, math.MaxInt32)
	return min(n, maxLegalMovesShown), err
}

// legalMovesQuery refuses a malformed legal_moves query before a session
// handler plays, undoes or stores anything.
func legalMovesQuery(h echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if _, err := legalMovesShown(c, 0); err != nil {
			return err
		}
		return h(c)
	}
}

// sessionResponse shows a session with as many legal moves as the
// legal_moves query asks (legalMovesQuery checked it).
func (s *Server) sessionResponse(c *echo.Context, sess *store.Session, st games.State) SessionResponse {
	shown, _ := legalMovesShown(c, s.cfg.LegalMovesShown)
	out := SessionResponse{ID: sess.ID, Game: sess.Game, Variant: sess.Variant, Options: sess.Options,
		Start: sess.Start, Moves: sess.Moves, Position: st.String(), ToMove: st.ToMove(), Terminal: st.Terminal(),
		LegalMoves: []string{}, Engines: sessionEngineRequests(sess.Engines), CreatedAt: sess.CreatedAt, UpdatedAt: sess.UpdatedAt}
	if out.Terminal {
		out.Result = st.Result()
	}
	if sc, ok := st.(games.Scorer); ok {
		out.Scores = sc.Scores()
	}
	legal := st.LegalMoves()
	out.LegalMovesTotal = len(legal)
	for i, m := range legal {
		if i == shown {
			break
		}
		out.LegalMoves = append(out.LegalMoves, m.String())
	}
	return out
}

// sessionClient is whom a new session is counted against: the account of
// a signed-in caller or of its token (wherever it asks from), else the
// caller's network. An account's session counts against its network too
// (store.Session.Network).
func (s *Server) sessionClient(c *echo.Context) (string, error) {
	who, err := s.whoAsks(c)
	if err != nil {
		return "", err
	}
	if who.owner != "" {
		return "account:" + who.owner, nil
	}
	return network(c.RealIP()), nil
}
