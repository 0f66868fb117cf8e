package api

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/arena"
	"gameai/competition"
	"gameai/games"
	"gameai/games/less"
	"gameai/hosting"
	"gameai/jobs/kinds"
	"gameai/store"
)

// createCompetition starts a competition as a job.
//
//	@Summary		Start a competition between bots
//	@Description	Plays a round robin (Morris: every pair with both colours on one opening; Less: tables of two against two, every bot every colour equally often, teammates and opponents balanced, each layout with the teams swapped) or Swiss rounds (Morris: the Monrad system, a pairing playing both colours; Less: tables by score groups). Games run on the workers when the server has Redis, one at a time in process otherwise. GET /v1/competitions/{id} shows the standings as they change; DELETE /v1/jobs/{id} stops it, keeping the games played. Needs the API key when the server has one.
//	@Tags			competitions
//	@Accept			json
//	@Produce		json
//	@Param			request	body		CompetitionRequest	true	"the competition"
//	@Success		202		{object}	CompetitionResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		422		{object}	Problem	"a bot that cannot play here"
//	@Failure		503		{object}	Problem	"too many jobs"
//	@Security		ApiKey
//	@Router			/v1/competitions [post]
func (s *Server) createCompetition(c *echo.Context) error {
	var req CompetitionRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	p := kinds.CompetitionParams{Name: req.Name, Parallel: max(req.Parallel, 1), Plan: competition.Plan{Game: req.Game,
		Format: req.Format, Field: req.Bots, Rounds: req.Rounds, Seed: req.Seed}}
	if p.Plan.Format == "" {
		p.Plan.Format = competition.RoundRobin
	}
	if p.Plan.Rounds == 0 {
		p.Plan.Rounds = 1
		if p.Plan.Format == competition.Swiss {
			p.Plan.Rounds = min(int(math.Ceil(math.Log2(float64(len(req.Bots)))))+1, competition.MaxRounds)
		}
	}
	if err := p.Plan.Check(); err != nil {
		field, _, _ := strings.Cut(err.Error(), ":")
		return badField(field, err.Error())
	}
	switch {
	case req.Clock != nil:
		p.Clock = *req.Clock
	default:
		p.Clock = arena.DefaultClock(req.Game)
	}
	if err := p.Clock.Check(req.Game); err != nil {
		field, _, _ := strings.Cut(err.Error(), ":")
		return badField(field, err.Error())
	}
	if p.Name == "" {
		p.Name = fmt.Sprintf("%s %s of %d bots", req.Game, p.Plan.Format, len(req.Bots))
	}
	ctx := c.Request().Context()
	for i, id := range req.Bots {
		e, err := s.entrant(ctx, req.Game, id)
		if err != nil {
			var pr *Problem
			if errors.As(err, &pr) {
				pr.Errors = []FieldError{{Field: fmt.Sprintf("bots[%d]", i), Reason: pr.Detail}}
				return pr
			}
			return err
		}
		p.Entrants = append(p.Entrants, e)
	}
	if worst := time.Duration(p.Plan.PlannedGames()) * gameWorst(p.Clock); worst > s.cfg.MaxJobTime {
		return badField("rounds", fmt.Sprintf("%d games of up to %v each exceed the server's job cap of %s",
			p.Plan.PlannedGames(), gameWorst(p.Clock), s.cfg.MaxJobTime))
	}
	j, err := s.jobs.Submit(ctx, kinds.Competition, p)
	if err != nil {
		return problemFor(err, "job")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/competitions/"+j.ID)
	out, err := competitionResponse(j, true)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, out)
}

// gameWorst is the longest a game of a clock takes: every Less player's
// whole clock, or every Morris ply at its move time.
func gameWorst(c arena.Clock) time.Duration {
	if c.GameMS > 0 {
		return 4 * time.Duration(c.GameMS) * time.Millisecond
	}
	return 200 * time.Duration(c.MoveMS) * time.Millisecond
}

// entrant resolves a bot id of a competition: one of our engines, or an
// uploaded bot that is ready for this game and that this server can run.
func (s *Server) entrant(ctx context.Context, game, id string) (arena.Entrant, error) {
	ours, err := arena.CheckBuiltin(game, id)
	if ours {
		if err != nil {
			return arena.Entrant{}, badField("bots", fmt.Sprintf("%.200q: %v", id, err))
		}
		return arena.Entrant{ID: id}, nil
	}
	b, why, err := s.playableUpload(ctx, game, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return arena.Entrant{}, badField("bots", fmt.Sprintf("%.200q: no such bot (our engines are gameai:GAME:SPEC or gameai:SPEC)", id))
	case err != nil:
		return arena.Entrant{}, err
	case why != "":
		return arena.Entrant{}, problem(http.StatusUnprocessableEntity, "bot-unplayable", "Bot cannot play", fmt.Sprintf("%s: %s", id, why))
	}
	u := hosting.UploadedOf(b)
	return arena.Entrant{ID: id, Uploaded: &u}, nil
}

// playableUpload is the uploaded bot id, and why it cannot play game on
// this server ("" when it can): of another game, not ready, or no sandbox
// here. Competitions, ladders and sessions ask the same question.
func (s *Server) playableUpload(ctx context.Context, game, id string) (*store.Bot, string, error) {
	b, err := s.store.Bots.Get(ctx, id)
	if err != nil {
		return nil, "", err
	}
	o, err := s.store.Owners.Get(ctx, b.Owner)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, "", err
	}
	switch {
	case b.Game != game:
		return b, "a " + b.Game + " bot", nil
	case b.Status != store.BotReady:
		return b, "it is " + string(b.Status) + ", not ready", nil
	case o != nil && o.Disabled:
		return b, "its owner's account is disabled by the host", nil
	case s.hosting.Unavailable() != nil:
		return b, "this server runs no uploaded bots: " + s.hosting.Unavailable().Error(), nil
	}
	return b, "", nil
}

// competitionJob reads a competition by its id.
func (s *Server) competitionJob(c *echo.Context) (*store.Job, kinds.CompetitionParams, kinds.CompetitionState, error) {
	j, err := s.jobs.Get(c.Request().Context(), c.Param("id"))
	if err == nil && j.Kind != kinds.Competition {
		err = store.ErrNotFound
	}
	if err != nil {
		return nil, kinds.CompetitionParams{}, kinds.CompetitionState{}, s.storeErr(err, "competition")
	}
	p, st, err := kinds.DecodeCompetition(j)
	return j, p, st, err
}

// competitionResponse shows a competition; the standings when asked.
func competitionResponse(j *store.Job, standings bool) (CompetitionResponse, error) {
	// A list shows the settings and the count of games: the state, with
	// every game's record, is decoded for the standings only.
	p, err := kinds.DecodeCompetitionParams(j)
	var st kinds.CompetitionState
	played, perr := kinds.PlayedSoFar(j)
	err = errors.Join(err, perr)
	if standings {
		p, st, err = kinds.DecodeCompetition(j)
		played = len(st.Played)
	}
	if err != nil {
		return CompetitionResponse{}, err
	}
	out := CompetitionResponse{ID: j.ID, Name: p.Name, Game: p.Plan.Game, Format: p.Plan.Format, Rounds: p.Plan.Rounds,
		Clock: p.Clock, Seed: p.Plan.Seed, Parallel: max(p.Parallel, 1), Status: string(j.Status), Error: j.Error, Played: played,
		Planned: p.Plan.PlannedGames(), CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt, Version: j.Rev,
		Progress: JobProgress{Fraction: j.Progress.Fraction, Message: j.Progress.Message, Best: j.Progress.Best}}
	for _, e := range p.Entrants {
		b := CompetitionBot{ID: e.ID, Label: e.Label(), Owner: hosting.BuiltinOwner}
		if e.Uploaded != nil {
			b.Owner = e.Uploaded.Owner
		}
		out.Bots = append(out.Bots, b)
	}
	if !standings {
		return out, nil
	}
	out.Balance = competition.ScheduleBalance(p.Plan, st.Schedule)
	out.Standings = []StandingRow{}
	for k, r := range competition.Standings(p.Plan, st.Schedule, st.Results(), st.Byes) {
		out.Standings = append(out.Standings, StandingRow{Rank: k + 1, Bot: p.Plan.Field[r.Bot], Label: out.Bots[r.Bot].Label,
			Games: r.Games, Points: r.Points, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, Irregular: r.Irregular,
			Byes: r.Byes, MeanMargin: r.MeanMargin, Rating: r.Rating, Rating95: r.Half})
	}
	out.Partners = nullWhere(competition.Partners(p.Plan, st.Schedule, st.Results()),
		func(c competition.PartnerTally) bool { return c.Games == 0 })
	if p.Plan.Game == competition.Morris {
		out.Crosstable = nullWhere(competition.Crosstable(p.Plan, st.Schedule, st.Results()),
			func(v float64) bool { return v < 0 })
	}
	return out, nil
}

// listCompetitions pages through the competitions.
//
//	@Summary	List competitions, newest first
//	@Tags		competitions
//	@Produce	json
//	@Param		status	query		string	false	"queued, running, succeeded, failed, cancelled or interrupted"
//	@Param		limit	query		int		false	"competitions a page (1-100, default 20)"
//	@Param		cursor	query		string	false	"next_cursor of the previous page"
//	@Success	200		{object}	CompetitionListResponse
//	@Failure	400		{object}	Problem
//	@Router		/v1/competitions [get]
func (s *Server) listCompetitions(c *echo.Context) error {
	js, next, err := s.jobPage(c, kinds.Competition)
	if err != nil {
		return err
	}
	out := CompetitionListResponse{Competitions: []CompetitionResponse{}, NextCursor: next}
	for _, j := range js {
		r, err := competitionResponse(j, false)
		if err != nil {
			continue // a job this version cannot read is not listed
		}
		out.Competitions = append(out.Competitions, r)
	}
	return c.JSON(http.StatusOK, out)
}

// getCompetition shows a competition with its standings.
//
//	@Summary		A competition: settings, status and standings
//	@Description	The standings are computed from the games played so far (in any order: the same games give the same table), with each bot's rating and its 95% interval; Morris adds the crosstable. Follow GET /v1/jobs/{id}/events to hear of each game as it ends.
//	@Tags			competitions
//	@Produce		json
//	@Param			id	path		string	true	"competition id"
//	@Success		200	{object}	CompetitionResponse
//	@Failure		404	{object}	Problem
//	@Router			/v1/competitions/{id} [get]
func (s *Server) getCompetition(c *echo.Context) error {
	j, p, st, err := s.competitionJob(c)
	if err != nil {
		return err
	}
	out, err := competitionResponse(j, true)
	if err != nil {
		return err
	}
	if out.Playing, err = s.competitionPlaying(c.Request().Context(), j, p, st); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// played is the competition's finished games in schedule order.
func played(st kinds.CompetitionState) []kinds.CompetitionGame {
	out := slices.Clone(st.Played)
	slices.SortFunc(out, func(a, b kinds.CompetitionGame) int { return a.N - b.N })
	return out
}

func gameResponse(p kinds.CompetitionParams, g kinds.CompetitionGame, full bool, who caller) CompetitionGameResponse {
	o := g.Outcome
	out := CompetitionGameResponse{N: g.N, Round: g.Round, Board: o.Board, Score: o.Result.Score, Margin: o.Result.Margin, Points: o.Points,
		Reason: o.Reason, Fault: o.Fault, Plies: len(o.Moves), ThinkMS: o.ThinkMS}
	for _, b := range g.Seats {
		out.Seats = append(out.Seats, p.Plan.Field[b])
	}
	if !full {
		return out
	}
	out.Moves, out.TimesMS, out.Record = o.Moves, o.TimesMS, o.Record
	out.Stderr = ownersOnly(p, g, o.Stderr, who)
	out.Transcripts = ownersOnly(p, g, o.Transcripts, who)
	return out
}

// ownersOnly is words (by seat: stderr, transcripts) with only the
// caller's own bots' left; nil when none is the caller's or said anything.
func ownersOnly(p kinds.CompetitionParams, g kinds.CompetitionGame, words []string, who caller) []string {
	if len(words) != len(g.Seats) || who.owner == "" {
		return nil
	}
	var out []string
	for seat, b := range g.Seats {
		if u := p.Entrants[b].Uploaded; u != nil && u.Owner == who.owner && words[seat] != "" {
			if out == nil {
				out = make([]string, len(g.Seats))
			}
			out[seat] = words[seat]
		}
	}
	return out
}

// competitionGames pages through a competition's games.
//
//	@Summary	A competition's games, in schedule order
//	@Tags		competitions
//	@Produce	json
//	@Param		id		path		string	true	"competition id"
//	@Param		bot		query		string	false	"only the games of this bot id"
//	@Param		limit	query		int		false	"games a page (1-100, default 50)"
//	@Param		cursor	query		string	false	"next_cursor of the previous page"
//	@Success	200		{object}	CompetitionGamesResponse
//	@Failure	400		{object}	Problem
//	@Failure	404		{object}	Problem
//	@Router		/v1/competitions/{id}/games [get]
func (s *Server) competitionGames(c *echo.Context) error {
	_, p, st, err := s.competitionJob(c)
	if err != nil {
		return err
	}
	bot := -1
	if id := c.QueryParam("bot"); id != "" {
		if bot = slices.Index(p.Plan.Field, id); bot < 0 {
			return badField("bot", fmt.Sprintf("%.200q is not in this competition", id))
		}
	}
	from, limit, err := offsetPage(c)
	if err != nil {
		return err
	}
	var games []kinds.CompetitionGame
	for _, g := range played(st) {
		if bot < 0 || slices.Contains(g.Seats, bot) {
			games = append(games, g)
		}
	}
	out := CompetitionGamesResponse{Games: []CompetitionGameResponse{}}
	for i := from; i < len(games) && i < from+limit; i++ {
		out.Games = append(out.Games, gameResponse(p, games[i], false, caller{}))
	}
	if from+limit < len(games) {
		out.NextCursor = strconv.Itoa(from + limit)
	}
	return c.JSON(http.StatusOK, out)
}

// competitionGame shows one game with its moves.
//
//	@Summary		One game of a competition, move by move
//	@Description	The board (layout or opening), every move with its thinking time, each side's clock, the result and why; a fault names the seat, the turn and what the bot did. A bot's owner, sending its token, also gets that bot's standard error and its conversation with the referee (in each bot's 10 latest games). A game being played is shown as far as it has gone, with "live": true and no result yet (ask again to follow it).
//	@Tags			competitions
//	@Produce		json
//	@Param			id	path		string	true	"competition id"
//	@Param			n	path		int		true	"game number"
//	@Success		200	{object}	CompetitionGameResponse
//	@Failure		404	{object}	Problem	"no such competition, or the game is neither played nor being played"
//	@Router			/v1/competitions/{id}/games/{n} [get]
func (s *Server) competitionGame(c *echo.Context) error {
	j, p, st, err := s.competitionJob(c)
	if err != nil {
		return err
	}
	n, who, err := s.gameAsked(c)
	if err != nil {
		return err
	}
	for _, g := range st.Played {
		if g.N == n {
			return c.JSON(http.StatusOK, s.wholeGame(p, g, who, false))
		}
	}
	if planned := p.Plan.PlannedGames(); n > planned {
		return notFound("n", fmt.Sprintf("no game %d: this competition has %d", n, planned))
	}
	o, live, err := s.liveGame(c.Request().Context(), j.ID, n)
	if err != nil {
		return err
	}
	if i := slices.IndexFunc(st.Schedule, func(g competition.Game) bool { return g.N == n }); live && i >= 0 {
		return c.JSON(http.StatusOK, s.wholeGame(p, kinds.CompetitionGame{Game: st.Schedule[i], Outcome: o}, who, true))
	}
	return notFound("n", fmt.Sprintf("game %d is not played yet", n))
}

// gameAsked is the :n of a game's route and who asks for it (an owner
// sees their bots' stderr).
func (s *Server) gameAsked(c *echo.Context) (int, caller, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return 0, caller{}, badField("n", "must be a game number from 1")
	}
	who, err := s.whoAsks(c)
	return n, who, err
}

// competitionRecords sends every game's record as one file.
//
//	@Summary		A competition's game records, one file
//	@Description	Each game in its own game's notation (Less: CodeCup actions with the layout, seats, scores and clocks; Morris: the record format of the API's games), in schedule order, blank lines between.
//	@Tags			competitions
//	@Produce		plain
//	@Param			id	path		string	true	"competition id"
//	@Success		200	{string}	string
//	@Failure		404	{object}	Problem
//	@Router			/v1/competitions/{id}/records [get]
func (s *Server) competitionRecords(c *echo.Context) error {
	j, p, st, err := s.competitionJob(c)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, g := range played(st) {
		fmt.Fprintf(&b, "[Competition %q]\n[Game \"%d\"]\n[Round \"%d\"]\n", p.Name, g.N, g.Round)
		b.WriteString(strings.TrimRight(g.Outcome.Record, "\n"))
		b.WriteString("\n\n")
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="competition-%s.txt"`, j.ID))
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(b.String()))
}

// positions replays a game for the page: the start (a Less layout, the
// Morris start) and the position after each move; nil where this server
// does not serve the game or a move does not replay.
func (s *Server) positions(game string, o arena.Outcome) []string {
	g, ok := s.games.Get(game)
	if !ok {
		return nil
	}
	opts, err := games.ResolveOptions(g.Options(), nil)
	if err != nil {
		return nil
	}
	var st games.State
	if game == competition.Less {
		st, err = g.ParseState(g.Variants()[0], opts, o.Board)
	} else {
		st, err = g.NewState(g.Variants()[0], opts)
	}
	if err != nil {
		return nil
	}
	out := []string{st.String()}
	for i, text := range o.Moves {
		// A CodeCup record has a Nil for every turn, the ones the
		// position skips by itself (a finished team's) among them.
		if game == competition.Less && text == less.Nil.String() && st.ToMove() != i%4 {
			out = append(out, out[len(out)-1])
			continue
		}
		m, err := st.ParseMove(text)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			return nil
		}
		out = append(out, st.String())
	}
	return out
}

// nullWhere is a table of bot against bot with its empty cells (two bots
// that never met or partnered) null in JSON rather than a sentinel.
func nullWhere[T any](rows [][]T, empty func(T) bool) [][]*T {
	var out [][]*T
	for _, row := range rows {
		cells := make([]*T, len(row))
		for k, v := range row {
			if !empty(v) {
				cells[k] = &v
			}
		}
		out = append(out, cells)
	}
	return out
}
