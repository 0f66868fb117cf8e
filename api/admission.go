package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// AdmissionResponse is a bot's admission as it goes: the step that runs
// and how long it and the whole admission have taken, and during a
// validation game that game so far, to watch on a board.
type AdmissionResponse struct {
	// Step is build or validation.
	Step string `json:"step" example:"validation"`
	// Game is the validation game being played (from 1), of Games.
	Game      int    `json:"game,omitempty" example:"2"`
	Games     int    `json:"games,omitempty" example:"4"`
	Seat      string `json:"seat,omitempty" example:"Black"`
	Opponents string `json:"opponents,omitempty"`
	// ElapsedMS is the admission's time so far, StepMS the step's.
	ElapsedMS int64 `json:"elapsed_ms"`
	StepMS    int64 `json:"step_ms"`
	// Live is the validation game as far as it has gone (a game's answer
	// with "live": true), absent during the build.
	Live *CompetitionGameResponse `json:"live,omitempty"`
}

// botAdmission shows a bot's admission under way.
//
//	@Summary		A bot's admission as it goes
//	@Description	While a bot is building or validating: the step (build, or validation game k of n, its seat and opponents), how long it and the whole admission have taken, and the validation game being played so far with its positions, to watch on a board. Whoever admits the bot (this server or a worker) writes it; 404 when no admission is under way (the bot is ready, rejected or waiting, or not yet started).
//	@Tags			bots
//	@Produce		json
//	@Param			id	path		string	true	"bot id"
//	@Success		200	{object}	AdmissionResponse
//	@Failure		404	{object}	Problem
//	@Failure		503	{object}	Problem
//	@Router			/v1/bots/{id}/admission [get]
func (s *Server) botAdmission(c *echo.Context) error {
	b, err := s.bot(c)
	if err != nil {
		return err
	}
	a, err := s.hosting.AdmissionOf(c.Request().Context(), b.ID)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("id", "no admission of this bot is under way: it is "+string(b.Status))
	}
	if err != nil {
		return problemFor(err, "id")
	}
	now := time.Now()
	out := AdmissionResponse{Step: a.Step, Game: a.Game, Games: a.Games, Seat: a.Seat, Opponents: a.Opponents,
		ElapsedMS: now.Sub(a.Started).Milliseconds(), StepMS: now.Sub(a.Since).Milliseconds()}
	if a.Live != nil && len(a.Seats) > 0 {
		o := *a.Live
		g := CompetitionGameResponse{N: a.Game, Seats: a.Seats, Board: o.Board, Plies: len(o.Moves), ThinkMS: o.ThinkMS,
			Moves: o.Moves, TimesMS: o.TimesMS, Positions: s.positions(b.Game, o), Live: true, Score: []float64{}}
		if g.Moves == nil {
			g.Moves, g.TimesMS = []string{}, []int64{}
		}
		out.Live = &g
	}
	return c.JSON(http.StatusOK, out)
}
