package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/games/morris"
	"gameai/store"
)

// MorrisStrategy is a coefficient vector with where it came from.
type MorrisStrategy struct {
	Name string `json:"name" example:"ga-2019-best"`
	// Kind is preset (published) or trained (by this service's tuner).
	Kind         string `json:"kind" enums:"preset,trained" example:"preset"`
	Description  string `json:"description,omitempty"`
	Coefficients []int  `json:"coefficients"`
	// Fitness, Generation, Opponents, Lineage and JobID describe a trained
	// strategy's tournament.
	Fitness    *float64   `json:"fitness,omitempty"`
	Generation *int       `json:"generation,omitempty"`
	Opponents  []string   `json:"opponents,omitempty"`
	Lineage    []string   `json:"lineage,omitempty"`
	JobID      string     `json:"job_id,omitempty"`
	CreatedAt  *time.Time `json:"created_at,omitempty"`
}

// MorrisStrategiesResponse lists strategies.
type MorrisStrategiesResponse struct {
	// FeatureNames name the 19 coefficients in order.
	FeatureNames []string         `json:"feature_names"`
	Strategies   []MorrisStrategy `json:"strategies"`
	// Default is the strategy engines use when none is named.
	Default string `json:"default" example:"ga-2019-best"`
}

// morrisStrategies lists the presets and the trained strategies.
//
//	@Summary		Morris strategies: presets and trained ones
//	@Description	Engines take a strategy by name (engine_options.strategy) or as 19 coefficients (engine_options.coefficients).
//	@Tags			morris
//	@Produce		json
//	@Success		200	{object}	MorrisStrategiesResponse
//	@Router			/v1/morris/strategies [get]
func (s *Server) morrisStrategies(c *echo.Context) error {
	out := MorrisStrategiesResponse{FeatureNames: morris.FeatureNames[:], Strategies: []MorrisStrategy{}, Default: morris.DefaultStrategy}
	for _, p := range morris.Shipped() {
		out.Strategies = append(out.Strategies, presetStrategy(p))
	}
	trained, err := s.store.Strategies.List(c.Request().Context(), "morris")
	if err != nil {
		return err
	}
	for _, t := range trained {
		ms, err := trainedStrategy(t)
		if err != nil {
			s.log.Error("stored strategy unreadable", "name", t.Name, "err", err)
			continue
		}
		out.Strategies = append(out.Strategies, ms)
	}
	return c.JSON(http.StatusOK, out)
}

// morrisStrategy shows one strategy.
//
//	@Summary	A Morris strategy by name
//	@Tags		morris
//	@Produce	json
//	@Param		name	path		string	true	"strategy name"
//	@Success	200		{object}	MorrisStrategy
//	@Failure	404		{object}	Problem
//	@Router		/v1/morris/strategies/{name} [get]
func (s *Server) morrisStrategy(c *echo.Context) error {
	name := c.Param("name")
	if p, ok := morris.Preset(name); ok {
		return c.JSON(http.StatusOK, presetStrategy(p))
	}
	t, err := s.store.Strategies.Get(c.Request().Context(), "morris", name)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("name", "no strategy "+name+" (GET /v1/morris/strategies lists them)")
	}
	if err != nil {
		return err
	}
	ms, err := trainedStrategy(t)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ms)
}

func presetStrategy(p morris.Strategy) MorrisStrategy {
	return MorrisStrategy{Name: p.Name, Kind: "preset", Description: p.Description, Coefficients: p.Coefficients[:]}
}

func trainedStrategy(t *store.Strategy) (MorrisStrategy, error) {
	var c []int
	if err := json.Unmarshal(t.Params, &c); err != nil {
		return MorrisStrategy{}, err
	}
	created := t.CreatedAt
	return MorrisStrategy{Name: t.Name, Kind: "trained", Description: t.Description, Coefficients: c,
		Fitness: t.Fitness, Generation: t.Generation, Opponents: t.Opponents, Lineage: t.Lineage, JobID: t.JobID,
		CreatedAt: &created}, nil
}
