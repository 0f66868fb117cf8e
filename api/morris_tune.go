package api

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"runtime"
	"strings"

	"github.com/labstack/echo/v5"

	"gameai/ai/morrisai"
	"gameai/games/morris"
	"gameai/jobs/kinds"
	"gameai/store"
)

// MorrisTuningRequest starts a genetic-algorithm tuning of the 19
// coefficients. Zero values take the 2019 study's parameters.
type MorrisTuningRequest struct {
	Population        int     `json:"population,omitempty" validate:"omitempty,min=2,max=10000" example:"100"`
	Generations       int     `json:"generations,omitempty" validate:"omitempty,min=1,max=100000" example:"10"`
	Segment           int     `json:"segment,omitempty" validate:"omitempty,min=1,max=1000" example:"10"`
	StopOnConvergence bool    `json:"stop_on_convergence,omitempty"`
	Elite             int     `json:"elite,omitempty" validate:"omitempty,min=1" example:"10"`
	Selected          int     `json:"selected,omitempty" validate:"omitempty,min=1" example:"40"`
	CrossoverPoints   int     `json:"crossover_points,omitempty" validate:"omitempty,min=1,max=18" example:"4"`
	Mutation          float64 `json:"mutation,omitempty" validate:"omitempty,gt=0,max=1" example:"0.08"`
	Refill            int     `json:"refill,omitempty" validate:"omitempty,min=2,max=20000" example:"150"`
	// Depth of every tournament game's searches (default 2).
	Depth int `json:"depth,omitempty" validate:"omitempty,min=1,max=12" example:"2"`
	// RandomPlies open each pair of games (default 2); MaxPlies
	// adjudicates by piece count (default 200).
	RandomPlies int `json:"random_plies,omitempty" validate:"omitempty,min=0,max=20" example:"2"`
	MaxPlies    int `json:"max_plies,omitempty" validate:"omitempty,min=10,max=5000" example:"200"`
	// Openings per opponent, each with both colours (default 1: the study).
	Openings int `json:"openings,omitempty" validate:"omitempty,min=1,max=100" example:"1"`
	// Initial: strategies (names, as for opponents) that join the first
	// population: a warm start from earlier winners.
	Initial []string `json:"initial,omitempty" validate:"max=100,dive,min=1,max=64"`
	// Reevaluate plays every survivor again each generation and averages
	// its fitness (against lucky scores of a noisy fitness).
	Reevaluate bool `json:"reevaluate,omitempty"`
	// Opponents: preset or trained strategy names, "random" (one random
	// strategy each), "default" (the six presets and two random ones;
	// the default).
	Opponents []string `json:"opponents,omitempty" validate:"max=100,dive,min=1,max=64"`
	Seed      uint64   `json:"seed,omitempty" example:"1"`
	// Workers play games at once (default: the server's cores).
	Workers int `json:"workers,omitempty" validate:"omitempty,min=1" example:"2"`
	// Name of the strategy the best vector is saved as (default ga-JOB).
	Name string `json:"name,omitempty" validate:"omitempty,max=64" example:"tuned-1"`
	// TimeMS stops the run after the generation that passes it.
	TimeMS int64 `json:"time_ms,omitempty" validate:"omitempty,min=1"`
}

var strategyName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// morrisTuning starts a tuning job. /v1/morris/tournaments, its name before
// "tuning" became the one word for it, stays as an alias.
//
//	@Summary		Tune the Morris coefficients with the genetic algorithm
//	@Description	Runs the 2019 study's genetic algorithm as a job: fitness is the points (7 win, 2 adjudicated win, 0 draw, -2, -7) each vector scores against the control opponents with both colours. GET /v1/jobs/{id} shows the generation, best and mean fitness, the best vector, games played and games/s; DELETE cancels and keeps the best. The best vector is saved as a strategy (GET /v1/morris/strategies) at every segment and at the end. A job survives a restart (with Redis) and resumes from its last finished generation. Needs the API key when the server has one.
//	@Tags			morris
//	@Accept			json
//	@Produce		json
//	@Param			request	body		MorrisTuningRequest	true	"the tuning run"
//	@Success		202		{object}	JobResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		503		{object}	Problem	"too many jobs, or the store does not answer"
//	@Security		ApiKey
//	@Router			/v1/morris/tunings [post]
//	@Router			/v1/morris/tournaments [post]
func (s *Server) morrisTuning(c *echo.Context) error {
	var req MorrisTuningRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if req.Workers > runtime.NumCPU() {
		return badField("workers", fmt.Sprintf("%d exceeds the server's %d cores", req.Workers, runtime.NumCPU()))
	}
	if req.TimeMS > s.cfg.MaxJobTime.Milliseconds() {
		return badField("time_ms", fmt.Sprintf("%d ms exceeds the server's cap of %d ms", req.TimeMS, s.cfg.MaxJobTime.Milliseconds()))
	}
	if req.Name != "" {
		if !strategyName.MatchString(req.Name) {
			return badField("name", "must be 1-64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit")
		}
		if _, preset := morris.Preset(req.Name); preset {
			return badField("name", "is a preset's name")
		}
	}
	opps, err := s.morrisOpponents(ctx, "opponents", req.Opponents, req.Seed)
	if err != nil {
		return err
	}
	p := kinds.MorrisTuneParams{TuneParams: morrisai.TuneParams{Population: req.Population, Generations: req.Generations,
		Segment: req.Segment, StopOnConvergence: req.StopOnConvergence, Elite: req.Elite, Selected: req.Selected,
		CrossoverPoints: req.CrossoverPoints, Mutation: req.Mutation, Refill: req.Refill, Depth: req.Depth,
		RandomPlies: req.RandomPlies, MaxPlies: req.MaxPlies, Openings: req.Openings, Opponents: opps, Seed: req.Seed, Workers: req.Workers,
		Reevaluate: req.Reevaluate},
		Name: req.Name, TimeMS: req.TimeMS}
	if len(req.Initial) > 0 {
		in, err := s.morrisOpponents(ctx, "initial", req.Initial, req.Seed)
		if err != nil {
			return err
		}
		for _, v := range in {
			p.Initial = append(p.Initial, v.Coef[:])
		}
	}
	if p.Depth == 0 {
		p.Depth = 2
	}
	if p.RandomPlies == 0 {
		p.RandomPlies = 2
	}
	if p.Workers == 0 {
		p.Workers = runtime.NumCPU()
	}
	if p.Generations == 0 && !p.StopOnConvergence {
		p.Generations = 10
	}
	if req.TimeMS == 0 {
		p.TimeMS = s.cfg.MaxJobTime.Milliseconds()
	}
	if err := p.Check(); err != nil {
		return badField("body", err.Error())
	}
	if p.Name == "" {
		// The job id is not known before Submit: name by the seed and a
		// fresh suffix, unique enough and stable across a resume.
		p.Name = fmt.Sprintf("ga-%d-%s", p.Seed, randomSuffix())
	}
	j, err := s.jobs.Submit(ctx, kinds.MorrisTune, p)
	if err != nil {
		return problemFor(err, "job")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/jobs/"+j.ID)
	return c.JSON(http.StatusAccepted, jobResponse(j))
}

// morrisOpponents resolves an opponent list in morrisai's grammar, the
// trained strategies of the store added to it.
func (s *Server) morrisOpponents(ctx context.Context, field string, names []string, seed uint64) ([]morrisai.Opponent, error) {
	trained := func(name string) (morrisai.Opponent, bool, error) {
		t, err := s.store.Strategies.Get(ctx, "morris", name)
		if errors.Is(err, store.ErrNotFound) {
			return morrisai.Opponent{}, false, nil
		}
		if err != nil {
			return morrisai.Opponent{}, false, err
		}
		var c []int
		if err := json.Unmarshal(t.Params, &c); err != nil || len(c) != morris.NumCoefficients {
			return morrisai.Opponent{}, false, fmt.Errorf("stored strategy %q is not 19 coefficients", name)
		}
		var coef morris.Coefficients
		copy(coef[:], c)
		return morrisai.Opponent{Name: name, Coef: coef}, true, nil
	}
	out, err := morrisai.ResolveOpponents(names, seed, trained)
	var oe *morrisai.OpponentError
	if errors.As(err, &oe) {
		return nil, badField(fmt.Sprintf("%s[%d]", field, oe.Index), oe.Reason)
	}
	return out, err
}

// randomSuffix is 8 random lower-case characters.
func randomSuffix() string { return strings.ToLower(rand.Text()[:8]) }
