package api

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/codecup"
	"gameai/games/less"
	"gameai/jobs/kinds"
)

// LessMatchRequest runs a refereed match between four of our bots.
type LessMatchRequest struct {
	// Bots in colour order Yellow, Black, White, Red, each
	// ENGINE[:key=value,...] as `gameai referee less` takes them: uct
	// (MCTS), mcts (MCTS-RAVE), expectimax or greedy, with the tree
	// search's settings, e.g. uct:teammate=max,scale=3 for a team of two
	// of ours (the best measured). A bot's budget= may be below budget_ms, the
	// referee's clock, never above. The 1st and 3rd are side A, the 2nd
	// and 4th side B.
	Bots []string `json:"bots" validate:"len=4,dive,required,max=200" example:"uct:teammate=max,greedy,uct:teammate=max,greedy"`
	// Games: every layout is played twice, the sides swapping colours.
	Games int `json:"games" validate:"required,min=1,max=1000" example:"20"`
	// Layouts, each 112 digits; without them random ones are drawn
	// (Density, Double, Seed).
	Layouts []string `json:"layouts,omitempty" validate:"max=500,dive,len=112"`
	Density float64  `json:"density,omitempty" validate:"omitempty,min=0,max=1" example:"0.27"`
	Double  float64  `json:"double,omitempty" validate:"omitempty,min=0,max=1" example:"0.1"`
	Seed    uint64   `json:"seed,omitempty"`
	// BudgetMS is each bot's thinking time per game (default 30000).
	BudgetMS int64 `json:"budget_ms,omitempty" validate:"omitempty,min=100,max=600000" example:"5000"`
}

// lessMatch starts a refereed match as a job.
//
//	@Summary		Run a refereed Less match between our bots
//	@Description	The referee plays the games over the CodeCup protocol, checking every action and each bot's clock; each layout is played twice with the sides swapping colours. GET /v1/jobs/{id} shows the games so far, each side's wins, draws, losses and mean margin; DELETE cancels and keeps the finished games. Needs the API key when the server has one.
//	@Tags			less
//	@Accept			json
//	@Produce		json
//	@Param			request	body		LessMatchRequest	true	"the match"
//	@Success		202		{object}	JobResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		503		{object}	Problem	"too many jobs"
//	@Security		ApiKey
//	@Router			/v1/less/matches [post]
func (s *Server) lessMatch(c *echo.Context) error {
	var req LessMatchRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	budget := req.BudgetMS
	if budget == 0 {
		budget = 30000
	}
	var bots [4]codecup.BotConfig
	for i, spec := range req.Bots {
		base := codecup.BotConfig{Budget: time.Duration(budget) * time.Millisecond, Seed: req.Seed + uint64(i)}
		b, err := codecup.ParseSpec(spec, base)
		if err != nil {
			return badField(fmt.Sprintf("bots[%d]", i), err.Error())
		}
		if b.Budget > base.Budget {
			return badField(fmt.Sprintf("bots[%d]", i), fmt.Sprintf("budget %v is above budget_ms, the referee's clock (%v)", b.Budget, base.Budget))
		}
		bots[i] = b
	}
	// Each game takes at most the four bots' budgets.
	if worst := time.Duration(req.Games) * 4 * time.Duration(budget) * time.Millisecond; worst > s.cfg.MaxJobTime {
		return badField("games", fmt.Sprintf("%d games of up to 4×%d ms exceed the server's job cap of %s", req.Games, budget, s.cfg.MaxJobTime))
	}
	pairs := (req.Games + 1) / 2
	var layouts []string
	if len(req.Layouts) > 0 {
		for i, l := range req.Layouts {
			if _, err := less.ParseWalls(l); err != nil {
				field := fmt.Sprintf("layouts[%d]", i)
				if p, ok := knownProblem(err, field); ok {
					return p
				}
				return badField(field, err.Error())
			}
		}
		for i := range pairs {
			layouts = append(layouts, req.Layouts[i%len(req.Layouts)])
		}
	} else {
		density, double := req.Density, req.Double
		if density == 0 {
			density = less.WallDensity
		}
		if double == 0 {
			double = less.DoubleWalls
		}
		layouts = kinds.NewLessLayouts(pairs, density, double, req.Seed)
	}
	p := kinds.LessMatchParams{Bots: bots, Games: req.Games, Layouts: layouts, BudgetMS: budget}
	j, err := s.jobs.Submit(c.Request().Context(), kinds.LessMatch, p)
	if err != nil {
		return problemFor(err, "job")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/jobs/"+j.ID)
	return c.JSON(http.StatusAccepted, jobResponse(j))
}
