package api

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"gameai/arena"
	"gameai/competition"
	"gameai/jobs/kinds"
	"gameai/store"
)

// competitionsScanned bounds how many of the newest competitions a bot's
// games are looked for in: a request's cost stays bounded however many
// events the server has held.
const competitionsScanned = 50

// botGames pages through the games a bot played.
//
//	@Summary		A bot's games: ladder, competitions and validation
//	@Description	Seen from its side: partner and opponents, won, drawn or lost, its own fault if any, and where the whole game is. The ladder's kept games newest first, then the newest 50 competitions' (newest first), then its validation games.
//	@Tags			bots
//	@Produce		json
//	@Param			id		path		string	true	"bot id"
//	@Param			limit	query		int		false	"games a page (1-100, default 50)"
//	@Param			cursor	query		string	false	"next_cursor of the previous page"
//	@Success		200		{object}	BotGamesResponse
//	@Failure		400		{object}	Problem
//	@Failure		404		{object}	Problem
//	@Router			/v1/bots/{id}/games [get]
func (s *Server) botGames(c *echo.Context) error {
	b, err := s.botOrEngine(c)
	if err != nil {
		return err
	}
	limit, from := 50, 0
	if v := c.QueryParam("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > 100 {
			return badField("limit", "must be 1 to 100")
		}
	}
	if v := c.QueryParam("cursor"); v != "" {
		if from, err = strconv.Atoi(v); err != nil || from < 0 {
			return badField("cursor", "not a cursor of this list")
		}
	}
	ctx := c.Request().Context()
	all, err := s.ladderGamesOf(ctx, b)
	if err != nil {
		return err
	}
	comp, err := s.competitionGamesOf(ctx, b)
	if err != nil {
		return err
	}
	all = append(all, comp...)
	for i, v := range b.Validation {
		all = append(all, BotGame{Source: "validation", Event: "admission", N: i + 1, Seat: -1, Opponents: []string{v.Opponents},
			Result: validationResult(v), FaultKind: v.FaultKind, Reason: v.Result, Replay: "/v1/bots/" + url.PathEscape(b.ID)})
	}
	out := BotGamesResponse{Games: []BotGame{}}
	for i := from; i < len(all) && i < from+limit; i++ {
		out.Games = append(out.Games, all[i])
	}
	if from+limit < len(all) {
		out.NextCursor = strconv.Itoa(from + limit)
	}
	return c.JSON(http.StatusOK, out)
}

// validationResult is an admission game's result from the bot's side; a
// game stored before Outcome was kept says it in its summary's first word.
func validationResult(v store.ValidationGame) string {
	if v.Outcome != "" {
		return v.Outcome
	}
	if v.Fault != "" {
		return "lost"
	}
	word, _, _ := strings.Cut(v.Result, ":")
	return word
}

// sideOf is a game seen from seat: partner, opponents and result.
func sideOf(game string, seats []string, label func(string) string, seat int, o arena.Outcome) BotGame {
	g := BotGame{Seat: seat, Reason: o.Reason, Opponents: []string{}}
	for i, id := range seats {
		switch {
		case i == seat:
		case game == competition.Less && i%2 == seat%2:
			g.Partner = label(id)
		default:
			g.Opponents = append(g.Opponents, label(id))
		}
	}
	switch sc := o.Result.Score; {
	case seat >= len(sc):
	case sc[seat] == 1:
		g.Result = "won"
	case sc[seat] == 0:
		g.Result = "lost"
	default:
		g.Result = "drawn"
	}
	if f := o.Fault; f != nil && f.Seat == seat {
		g.FaultKind = string(f.Kind)
	}
	return g
}

func (s *Server) ladderGamesOf(ctx context.Context, b *store.Bot) ([]BotGame, error) {
	_, _, st, err := s.ladderState(ctx, b.Game)
	var pr *Problem
	if errors.As(err, &pr) && pr.Status == http.StatusNotFound {
		return nil, nil // no ladder: no ladder games
	}
	if err != nil {
		return nil, err
	}
	label := func(id string) string { return cmp.Or(st.Labels[id], id) }
	games, err := kinds.LadderGames(ctx, s.store, b.Game, st, kinds.MaxLadderGames)
	if err != nil {
		return nil, problemFor(err, "ladder games")
	}
	var out []BotGame
	for _, g := range games {
		seat := slices.Index(g.Seats, b.ID)
		if seat < 0 {
			continue
		}
		bg := sideOf(b.Game, g.Seats, label, seat, g.Outcome)
		at := g.At
		bg.Source, bg.Event, bg.N, bg.At = "ladder", b.Game, g.N, &at
		bg.Replay = fmt.Sprintf("/v1/ladders/%s/games/%d", b.Game, g.N)
		out = append(out, bg)
	}
	return out, nil
}

func (s *Server) competitionGamesOf(ctx context.Context, b *store.Bot) ([]BotGame, error) {
	var out []BotGame
	cursor, seen := "", 0
	for seen < competitionsScanned {
		js, next, err := s.store.Jobs.List(ctx, store.JobFilter{Kind: kinds.Competition}, cursor, competitionsScanned-seen)
		if err != nil {
			return nil, problemFor(err, "competitions")
		}
		for _, j := range js {
			seen++
			p, err := kinds.DecodeCompetitionParams(j)
			if err != nil || p.Plan.Game != b.Game {
				continue
			}
			id := b.ID
			if !slices.Contains(p.Plan.Field, id) {
				// Our engine named without its game (gameai:random) in a
				// competition of that game is this bot (gameai:morris:random).
				id = strings.Replace(b.ID, "gameai:"+b.Game+":", "gameai:", 1)
			}
			if !slices.Contains(p.Plan.Field, id) {
				continue
			}
			_, st, err := kinds.DecodeCompetition(j)
			if err != nil {
				continue
			}
			label := func(id string) string {
				if k := slices.Index(p.Plan.Field, id); k >= 0 {
					return p.Entrants[k].Label()
				}
				return id
			}
			for _, g := range played(st) {
				var seats []string
				for _, k := range g.Seats {
					seats = append(seats, p.Plan.Field[k])
				}
				seat := slices.Index(seats, id)
				if seat < 0 {
					continue
				}
				bg := sideOf(b.Game, seats, label, seat, g.Outcome)
				bg.Source, bg.Event, bg.EventName, bg.N = "competition", j.ID, p.Name, g.N
				bg.Replay = fmt.Sprintf("/v1/competitions/%s/games/%d", j.ID, g.N)
				out = append(out, bg)
			}
		}
		if next == "" {
			break
		}
		cursor = next
	}
	return out, nil
}
