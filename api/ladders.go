package api

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

	"gameai/arena"
	"gameai/competition"
	"gameai/hosting"
	"gameai/jobs/kinds"
	"gameai/ladders"
	"gameai/store"
)

// ladderGame is the :game of a ladder's route.
func ladderGame(c *echo.Context) (string, error) {
	g := c.Param("game")
	if g != competition.Less && g != competition.Morris {
		return "", notFound("game", fmt.Sprintf("%.40q has no ladder: less or morris", g))
	}
	return g, nil
}

// ladderState is game's newest ladder and its state; a problem (404 when
// the game has none yet) otherwise.
func (s *Server) ladderState(ctx context.Context, game string) (*store.Job, kinds.LadderParams, kinds.LadderState, error) {
	j, p, st, err := s.ladders.State(ctx, game)
	if errors.Is(err, ladders.ErrNoLadder) {
		return nil, p, st, noLadder(game)
	}
	if err != nil {
		return nil, p, st, problemFor(err, "ladder")
	}
	return j, p, st, nil
}

// noLadder is the answer where a game has no ladder yet.
func noLadder(game string) *Problem {
	return notFound("game", fmt.Sprintf("no ladder for %s yet (the host starts it: PUT /v1/ladders/%s)", game, game))
}

// putLadder starts or sets a game's ladder.
//
//	@Summary		Start, pause or set a game's ladder
//	@Description	A ladder plays rated games among its bots all the time, at its pace (on the workers when the server has Redis): the host's bots listed here and the ready bots their owners entered. Each bot version has a Bayesian rating (mu, sigma; ordered by mu - 3 sigma, Weng-Lin's Plackett-Luce model), the new and uncertain picked first, opponents near them in skill. A new upload of an entered bot replaces its older version, whose record stays. A ladder stopped (DELETE /v1/jobs/{id}) and started again goes on from its ratings.
//	@Tags			ladders
//	@Accept			json
//	@Produce		json
//	@Param			game	path		string			true	"less or morris"
//	@Param			ladder	body		LadderRequest	true	"state, pace, clock, bots"
//	@Success		200		{object}	LadderResponse	"set"
//	@Success		201		{object}	LadderResponse	"started"
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		404		{object}	Problem
//	@Failure		422		{object}	Problem	"a bot that cannot play here"
//	@Security		ApiKey
//	@Router			/v1/ladders/{game} [put]
func (s *Server) putLadder(c *echo.Context) error {
	game, err := ladderGame(c)
	if err != nil {
		return err
	}
	var req LadderRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	clock := arena.DefaultClock(game)
	if req.Clock != nil {
		clock = *req.Clock
	}
	if err := clock.Check(game); err != nil {
		field, _, _ := strings.Cut(err.Error(), ":")
		return badField(field, err.Error())
	}
	ctx := c.Request().Context()
	for i, id := range req.Bots {
		// Our engines by their canonical id, the one their pages use.
		if b, ok := hosting.Builtin(id); ok && b.Game == game {
			req.Bots[i], id = b.ID, b.ID
		}
		if _, err := s.entrant(ctx, game, id); err != nil {
			var pr *Problem
			if errors.As(err, &pr) {
				pr.Errors = []FieldError{{Field: fmt.Sprintf("bots[%d]", i), Reason: pr.Detail}}
				return pr
			}
			return err
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(req.Bots)))) != len(req.Bots) {
		return badField("bots", "a bot is named twice")
	}
	j, started, err := s.ladders.Set(ctx, game, func(p *kinds.LadderParams) {
		p.Game, p.State, p.Clock, p.Bots = game, req.State, clock, req.Bots
		p.GamesPerMinute = cmp.Or(req.GamesPerMinute, 2)
		p.Parallel = max(req.Parallel, 1)
	})
	if err != nil {
		return problemFor(err, "ladder")
	}
	if !started {
		return s.ladderResponse(c, http.StatusOK, j)
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/ladders/"+game)
	return s.ladderResponse(c, http.StatusCreated, j)
}

// getLadder shows a game's ladder.
//
//	@Summary	A game's ladder: its bots ranked by rating, with their intervals
//	@Tags		ladders
//	@Produce	json
//	@Param		game	path		string	true	"less or morris"
//	@Success	200		{object}	LadderResponse
//	@Failure	404		{object}	Problem
//	@Router		/v1/ladders/{game} [get]
func (s *Server) getLadder(c *echo.Context) error {
	game, err := ladderGame(c)
	if err != nil {
		return err
	}
	j, _, _, err := s.ladderState(c.Request().Context(), game)
	if err != nil {
		return err
	}
	return s.ladderResponse(c, http.StatusOK, j)
}

func (s *Server) ladderResponse(c *echo.Context, status int, j *store.Job) error {
	p, st, err := kinds.DecodeLadder(j)
	if err != nil {
		return problemFor(err, "ladder")
	}
	out := LadderResponse{Game: p.Game, ID: j.ID, State: p.State, Status: string(j.Status), GamesPerMinute: p.GamesPerMinute,
		Clock: p.Clock, Parallel: p.Parallel, Bots: nonNil(p.Bots), Entered: nonNil(p.Entered), Played: st.Played, InPlay: st.InPlay,
		Waiting: st.Waiting, Rows: []LadderRow{}, Retired: []LadderRow{}, UpdatedAt: j.UpdatedAt}
	for _, g := range st.Playing {
		if j.Status.Final() {
			break // a stopped ladder's last checkpoint may name games it abandoned
		}
		// Listed once it can be watched, as a competition's games are: a
		// game the ladder has drawn may still be starting its bots, or
		// waiting for a worker, before its first look is written, and
		// its link would answer 404 until then.
		if _, live, err := s.liveGame(c.Request().Context(), j.ID, g.N); err != nil {
			return err
		} else if !live {
			continue
		}
		lp := LadderPlaying{N: g.N, Seats: g.Seats, StartedAt: g.At}
		for _, id := range g.Seats {
			lp.Labels = append(lp.Labels, cmp.Or(st.Labels[id], id))
		}
		out.Playing = append(out.Playing, lp)
	}
	out.Recent = []LadderFinished{}
	recent, err := kinds.LadderGames(c.Request().Context(), s.store, p.Game, st, LadderRecentGames)
	if err != nil {
		return problemFor(err, "ladder games")
	}
	for _, g := range recent {
		f := LadderFinished{N: g.N, Seats: g.Seats, Score: g.Outcome.Result.Score, Reason: g.Outcome.Reason, At: g.At}
		for _, id := range g.Seats {
			f.Labels = append(f.Labels, cmp.Or(st.Labels[id], id))
		}
		if g.Outcome.Fault != nil {
			seat := g.Outcome.Fault.Seat
			f.Faulted = &seat
		}
		out.Recent = append(out.Recent, f)
	}
	for _, r := range st.Rows(false) {
		row := LadderRow{Bot: r.Bot, Label: cmp.Or(st.Labels[r.Bot], r.Bot), Owner: st.Owners[r.Bot], Mu: r.Mu, Sigma: r.Sigma,
			Rating: r.Conservative(), Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, Irregular: r.Irregular}
		if !r.LastGame.IsZero() {
			at := r.LastGame
			row.LastGame = &at
		}
		if slices.Contains(st.Active, r.Bot) {
			row.Rank = len(out.Rows) + 1
			out.Rows = append(out.Rows, row)
		} else {
			if l, ok := st.Left[r.Bot]; ok {
				row.Left, row.LeftAt = l.Why, &l.At
			}
			out.Retired = append(out.Retired, row)
		}
	}
	// Bots on the ladder that have not played yet, last.
	for _, id := range st.Active {
		if st.Ladder.Rows[id] == nil {
			sk := competition.NewSkill()
			out.Rows = append(out.Rows, LadderRow{Rank: len(out.Rows) + 1, Bot: id, Label: cmp.Or(st.Labels[id], id),
				Owner: st.Owners[id], Mu: sk.Mu, Sigma: sk.Sigma, Rating: sk.Conservative()})
		}
	}
	return c.JSON(status, out)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ladderGameRecord shows one of a ladder's kept games whole.
//
//	@Summary		One game of a ladder, whole (its latest 300 are kept), or as far as it has gone
//	@Description	As a competition's game: moves, times, positions, record; each uploaded bot's stderr and conversation with the referee to its owner alone (in the 10 latest games). A game being played is shown as far as it has gone, with "live": true.
//	@Tags			ladders
//	@Produce		json
//	@Param			game	path		string	true	"less or morris"
//	@Param			n		path		int		true	"game number"
//	@Success		200		{object}	CompetitionGameResponse
//	@Failure		404		{object}	Problem
//	@Router			/v1/ladders/{game}/games/{n} [get]
func (s *Server) ladderGameRecord(c *echo.Context) error {
	game, err := ladderGame(c)
	if err != nil {
		return err
	}
	n, who, err := s.gameAsked(c)
	if err != nil {
		return err
	}
	// Read twice at most: a game that ends between the reads of the
	// ladder and of its live record is kept before its record goes
	// (the ladder kind saves, then deletes), so the second read finds it.
	for range 2 {
		j, _, st, err := s.ladderState(c.Request().Context(), game)
		if err != nil {
			return err
		}
		g, err := kinds.LadderGameN(c.Request().Context(), s.store, game, st, n)
		if err == nil {
			p, cg := ladderAsCompetition(game, st, g)
			return c.JSON(http.StatusOK, s.wholeGame(p, cg, who, false))
		}
		if !errors.Is(err, store.ErrNotFound) {
			return problemFor(err, "ladder game")
		}
		i := slices.IndexFunc(st.Playing, func(g kinds.LadderGame) bool { return g.N == n })
		if i < 0 || j.Status.Final() {
			break
		}
		o, live, err := s.liveGame(c.Request().Context(), j.ID, n)
		if err != nil {
			return err
		}
		if live {
			g := st.Playing[i]
			g.Outcome = o
			p, cg := ladderAsCompetition(game, st, g)
			return c.JSON(http.StatusOK, s.wholeGame(p, cg, who, true))
		}
	}
	return notFound("n", fmt.Sprintf("game %d is neither being played nor among this ladder's kept games", n))
}

// ladderAsCompetition shows a ladder's game as a competition's: its seats
// the field, each an entrant with its owner (for whose eyes stderr is).
func ladderAsCompetition(game string, st kinds.LadderState, g kinds.LadderGame) (kinds.CompetitionParams, kinds.CompetitionGame) {
	p := kinds.CompetitionParams{Plan: competition.Plan{Game: game, Field: g.Seats}}
	cg := kinds.CompetitionGame{Game: competition.Game{N: g.N, Seats: make([]int, len(g.Seats))}, Outcome: g.Outcome}
	for i, id := range g.Seats {
		e := arena.Entrant{ID: id}
		if owner := st.Owners[id]; owner != "" && owner != arena.BuiltinOwner {
			e.Uploaded = &arena.Uploaded{ID: id, Owner: owner}
		}
		p.Entrants = append(p.Entrants, e)
		cg.Seats[i] = i
	}
	return p, cg
}

// enterLadder enters a bot on its game's ladder or withdraws it.
//
//	@Summary		Enter your bot on its game's ladder, or withdraw it
//	@Description	Its newest ready version plays (a new upload takes its older version's place); withdrawn, its record stays. The host's bots are set with PUT /v1/ladders/{game}.
//	@Tags			ladders
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string				true	"bot id"
//	@Param			entry	body		LadderEntryRequest	true	"entered or not"
//	@Success		200		{object}	LadderEntryResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		403		{object}	Problem	"another owner's bot, or one of ours"
//	@Failure		404		{object}	Problem
//	@Failure		409		{object}	Problem	"no ladder runs for the bot's game"
//	@Failure		422		{object}	Problem	"a bot that is not ready"
//	@Security		ApiKey
//	@Router			/v1/bots/{id}/ladder [put]
func (s *Server) enterLadder(c *echo.Context) error {
	who := c.Get("caller").(caller)
	b, err := s.bot(c)
	if err != nil {
		return err
	}
	if hosting.IsBuiltin(b) {
		return problem(http.StatusForbidden, "forbidden", "Forbidden", "our own engines are on a ladder when the host lists them",
			FieldError{Field: "id", Reason: "a built-in bot"})
	}
	if !who.owns(b) && !who.admin {
		return notYours()
	}
	var req LadderEntryRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	err = s.ladders.Enter(c.Request().Context(), b, *req.Entered)
	var nr *ladders.NotReadyError
	switch {
	case errors.As(err, &nr):
		return problem(http.StatusUnprocessableEntity, "bot-unplayable", "Bot cannot play", nr.Error(), FieldError{Field: "id", Reason: "not ready"})
	case errors.Is(err, ladders.ErrNoLadder):
		return problem(http.StatusConflict, "no-ladder", "No ladder",
			fmt.Sprintf("no ladder runs for %s (the host starts it: PUT /v1/ladders/%s)", b.Game, b.Game),
			FieldError{Field: "id", Reason: "no ladder for its game"})
	case err != nil:
		return problemFor(err, "ladder")
	}
	if who.admin && !who.owns(b) {
		// The host moving another's bot is moderation: logged.
		action := map[bool]string{true: "ladder-enter", false: "ladder-withdraw"}[*req.Entered]
		_ = s.audit(c, action, b.ID, b.Owner+"/"+b.Name) // logged if it fails; the move stands
	}
	return c.JSON(http.StatusOK, LadderEntryResponse{Bot: b.ID, Game: b.Game, Entered: *req.Entered})
}

// botRatings shows a bot version's ladder rating and its history.
//
//	@Summary	A bot's ladder rating and its history
//	@Tags		ladders
//	@Produce	json
//	@Param		id	path		string	true	"bot id"
//	@Success	200	{object}	RatingsResponse
//	@Failure	404	{object}	Problem
//	@Router		/v1/bots/{id}/ratings [get]
func (s *Server) botRatings(c *echo.Context) error {
	b, err := s.botOrEngine(c)
	if err != nil {
		return err
	}
	sk := competition.NewSkill()
	out := RatingsResponse{Bot: b.ID, Game: b.Game, Mu: sk.Mu, Sigma: sk.Sigma, Rating: sk.Conservative(), Points: []competition.SkillPoint{}}
	_, _, st, err := s.ladderState(c.Request().Context(), b.Game)
	var pr *Problem
	if errors.As(err, &pr) && pr.Status == http.StatusNotFound {
		return c.JSON(http.StatusOK, out) // no ladder: not rated
	}
	if err != nil {
		return err
	}
	if r := st.Ladder.Rows[b.ID]; r != nil {
		out.Rated, out.Mu, out.Sigma, out.Rating, out.Games = true, r.Mu, r.Sigma, r.Conservative(), r.Games
		out.Points = append(out.Points, r.History...)
	}
	return c.JSON(http.StatusOK, out)
}

// botOrEngine is the :id's bot, or one of our engines by any spec a host
// may have put on a ladder or in a competition (gameai:GAME:SPEC, not
// only the listed ones).
func (s *Server) botOrEngine(c *echo.Context) (*store.Bot, error) {
	b, err := s.bot(c)
	var pr *Problem
	if err == nil || !errors.As(err, &pr) || pr.Status != http.StatusNotFound {
		return b, err
	}
	id, uerr := url.PathUnescape(c.Param("id"))
	if uerr != nil {
		return nil, err
	}
	for _, game := range []string{competition.Less, competition.Morris} {
		if _, ok := strings.CutPrefix(id, arena.BuiltinOwner+":"+game+":"); !ok {
			continue
		}
		if ours, cerr := arena.CheckBuiltin(game, id); ours && cerr == nil {
			return &store.Bot{ID: id, Game: game, Name: strings.TrimPrefix(id, arena.BuiltinOwner+":"+game+":"),
				Owner: arena.BuiltinOwner, Language: "builtin", Version: 1, Status: store.BotReady}, nil
		}
	}
	return nil, err
}
