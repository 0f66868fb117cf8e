package api

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"

	"github.com/labstack/echo/v5"

	"gameai/ai/morpionai"
	"gameai/games"
	"gameai/games/morpion"
	"gameai/jobs/kinds"
)

// MorpionSearchRequest starts a record search.
type MorpionSearchRequest struct {
	Variant string `json:"variant" validate:"required,oneof=5T 5D" example:"5T"`
	// Algorithm: nrpa (Rosin's NRPA), nmcs (nested Monte Carlo), dna (the
	// DNA hill climber) or dna-pop (its population variant).
	Algorithm  string                  `json:"algorithm" validate:"required,oneof=nrpa nmcs dna dna-pop" example:"nrpa"`
	Parameters MorpionSearchParameters `json:"parameters"`
	// Budget bounds the run: a time, a number of playouts, or both.
	Budget MorpionSearchBudget `json:"budget"`
	// Threads searched in parallel, each an independent run (default 1; at
	// most the server's cores, or its cap of runs when workers play them).
	Threads int `json:"threads,omitempty" validate:"omitempty,min=1" example:"2"`
	// Seed: one thread and one seed give one result.
	Seed uint64 `json:"seed,omitempty" example:"1"`
	// Start is a grid to warm-start from (NRPA: a policy biased towards it;
	// DNA search: its exhibition).
	Start *MorpionStartGrid `json:"start,omitempty"`
}

// MorpionSearchParameters tune the algorithm; an omitted one takes its
// default. NRPA's level, patience, layers, extend and octagon left out are
// the ones measured best at the budget nearest the search's (the job's
// params.preset says which row and what it set; docs/strength.md).
type MorpionSearchParameters struct {
	// Level of NRPA (default: the budget's row) or NMCS (default 2).
	Level int `json:"level,omitempty" validate:"omitempty,min=1,max=6" example:"4"`
	// Iterations per NRPA level (N, default 100) and the step Alpha (1).
	Iterations int     `json:"iterations,omitempty" validate:"omitempty,min=1,max=10000" example:"100"`
	Alpha      float64 `json:"alpha,omitempty" validate:"omitempty,gt=0,max=100" example:"1"`
	// Stabilization: playouts NRPA's level 1 runs with one policy before
	// each adaptation, towards the best of them (Cazenave et al. 2021;
	// default 1, Rosin's NRPA).
	Stabilization int `json:"stabilization,omitempty" validate:"omitempty,min=1,max=1000" example:"1"`
	// Patience: iterations in a row without a better sequence after which
	// an NRPA level of 2 or more gives up and the run restarts (0: never;
	// default: the budget's row).
	Patience *int `json:"patience,omitempty" validate:"omitempty,min=0,max=10000" example:"20"`
	// TopPatience: the patience of a run's top NRPA level instead, in
	// runs of the level below, so that a run which has settled restarts
	// sooner (default 0: the patience).
	TopPatience int `json:"top_patience,omitempty" validate:"omitempty,min=0,max=10000" example:"5"`
	// Layers: NRPA adapts its policy order-free, rewarding at each step
	// every move of the best grid legal then (as Nagórko's NRPA does);
	// false: Rosin's adaptation along the sequence (default: the budget's
	// row).
	Layers *bool `json:"layers,omitempty"`
	// Repetitions: an NRPA level stops once the level below has brought
	// back its best grid this many times and the run restarts (default:
	// never).
	Repetitions int `json:"repetitions,omitempty" validate:"omitempty,min=0,max=10000"`
	// Extend: an NRPA level that improves its best to within 90% of the
	// run's best gets its iterations again (Nagórko's option; default: the
	// budget's row).
	Extend *bool `json:"extend,omitempty"`
	// Octagon: NRPA and NMCS draw lines only inside this region, "record"
	// (the smallest octagon holding the variant's record grid, as Nagórko's --clip)
	// or eight sides "e,se,s,sw,w,nw,n,ne" in half units from the cross's
	// centre (the cross reaches 9 on the axes and 12 on the diagonals);
	// the grids found are finished outside it; "" the whole plane. Default:
	// NMCS the whole plane, NRPA the budget's row.
	Octagon *string `json:"octagon,omitempty" example:"record"`
	// K lines black-listed per DNA modification (default 3).
	K int `json:"k,omitempty" validate:"omitempty,min=1,max=100" example:"3"`
	// Population of dna-pop (default 20).
	Population int `json:"population,omitempty" validate:"omitempty,min=2,max=1000"`
}

// MorpionSearchBudget bounds a search; at least one field is required.
type MorpionSearchBudget struct {
	TimeMS   int64 `json:"time_ms,omitempty" validate:"omitempty,min=1" example:"600000"`
	Playouts int64 `json:"playouts,omitempty" validate:"omitempty,min=1"`
}

// MorpionStartGrid is a grid in any format.
type MorpionStartGrid struct {
	From string          `json:"from,omitempty" validate:"omitempty,oneof=auto pentasol json layers"`
	Grid json.RawMessage `json:"grid" validate:"required" swaggertype:"string"`
}

// MorpionRecord is one grid of the hall of fame.
type MorpionRecord struct {
	Score    int    `json:"score" example:"172"`
	Layers   string `json:"layers"`
	Pentasol string `json:"pentasol"`
	// Source says what found it.
	Source  string `json:"source,omitempty" example:"nrpa level 4, 2 threads, seed 1 (job ...)"`
	JobID   string `json:"job_id,omitempty"`
	FoundAt string `json:"found_at"`
}

// MorpionRecordsResponse lists a variant's best grids.
type MorpionRecordsResponse struct {
	Variant string          `json:"variant"`
	Records []MorpionRecord `json:"records"`
}

// morpionSearch starts a record search job.
//
//	@Summary		Start a Morpion record search
//	@Description	Runs NRPA, NMCS or the DNA search as a job within a time or playout budget. GET /v1/jobs/{id} shows its progress (playouts, playouts/s, best score, best grid as Pentasol and layer code, the history of improvements); DELETE cancels it and keeps the best found. A job survives a server restart (with Redis) and resumes from its last checkpoint. Best grids go to GET /v1/morpion/records. Needs the API key when the server has one.
//	@Tags			morpion
//	@Accept			json
//	@Produce		json
//	@Param			request	body		MorpionSearchRequest	true	"the search"
//	@Success		202		{object}	JobResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		422		{object}	Problem	"an illegal start grid"
//	@Failure		503		{object}	Problem	"too many jobs"
//	@Security		ApiKey
//	@Router			/v1/morpion/searches [post]
func (s *Server) morpionSearch(c *echo.Context) error {
	var req MorpionSearchRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	maxMS := s.cfg.MaxJobTime.Milliseconds()
	switch {
	case req.Budget.TimeMS == 0 && req.Budget.Playouts == 0:
		return badField("budget", "set time_ms, playouts or both")
	case req.Budget.TimeMS > maxMS:
		return badField("budget.time_ms", fmt.Sprintf("%d ms exceeds the server's cap of %d ms", req.Budget.TimeMS, maxMS))
	case req.Threads > s.searchRuns():
		return badField("threads", fmt.Sprintf("%d exceeds the server's %d runs at once", req.Threads, s.searchRuns()))
	}
	q := req.Parameters
	p := kinds.MorpionSearchParams{Params: morpionai.Params{Variant: req.Variant, Algorithm: req.Algorithm,
		Level: q.Level, Iterations: q.Iterations, Alpha: q.Alpha, Stabilization: q.Stabilization,
		Patience: deref(q.Patience), TopPatience: q.TopPatience, Layers: deref(q.Layers), Repetitions: q.Repetitions, Extend: deref(q.Extend),
		Octagon: deref(q.Octagon), K: q.K, Population: q.Population, Threads: req.Threads, Seed: req.Seed,
		TimeMS: req.Budget.TimeMS, Playouts: req.Budget.Playouts}}
	if err := p.Check(s.searchRuns()); err != nil {
		if pe, ok := err.(*morpionai.ParamError); ok {
			return badField(searchField(pe.Field), pe.Reason)
		}
		return badField("body", err.Error())
	}
	given := map[string]bool{"level": q.Level != 0, "patience": q.Patience != nil, "layers": q.Layers != nil,
		"extend": q.Extend != nil, "octagon": q.Octagon != nil}
	p.ApplyPreset(func(s string) bool { return given[s] })
	if req.Start != nil {
		g, _, err := readGrid(req.Variant, req.Start.From, req.Start.Grid)
		if err != nil {
			return prefixFields(err, "start.")
		}
		p.Start = morpion.EncodeLayers(g)
	}
	j, err := s.jobs.Submit(c.Request().Context(), kinds.MorpionSearch, p)
	if err != nil {
		return problemFor(err, "job")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/jobs/"+j.ID)
	return c.JSON(http.StatusAccepted, jobResponse(j))
}

// searchRuns is the most threads a record search may ask for.
func (s *Server) searchRuns() int { return cmp.Or(s.cfg.SearchRuns, runtime.NumCPU()) }

// searchField maps a morpionai.Params field to its request field.
func searchField(f string) string {
	switch f {
	case "variant", "algorithm", "threads", "budget":
		return f
	case "time_ms", "playouts":
		return "budget." + f
	}
	return "parameters." + f
}

// prefixFields puts a prefix on the fields a problem names.
func prefixFields(err error, prefix string) error {
	p, ok := err.(*Problem)
	if !ok {
		return err
	}
	for i := range p.Errors {
		p.Errors[i].Field = prefix + p.Errors[i].Field
	}
	return p
}

// morpionRecords lists the hall of fame.
//
//	@Summary		The best Morpion grids found by this service's searches
//	@Description	Every search job adds its best grid when it checkpoints and when it ends. Best first; ties: found first.
//	@Tags			morpion
//	@Produce		json
//	@Param			variant	query		string	true	"5T or 5D"	Enums(5T, 5D)
//	@Param			limit	query		int		false	"how many (1-1000, default 20)"
//	@Success		200		{object}	MorpionRecordsResponse
//	@Failure		400		{object}	Problem
//	@Router			/v1/morpion/records [get]
func (s *Server) morpionRecords(c *echo.Context) error {
	v, err := morpion.ParseVariant(c.QueryParam("variant"))
	if err != nil {
		return badField("variant", "must be 5T or 5D")
	}
	limit, err := queryInt(c, "limit", 20, 1, 1000)
	if err != nil {
		return err
	}
	rs, err := s.store.Records.Top(c.Request().Context(), "morpion", v.String(), limit)
	if err != nil {
		return err
	}
	out := MorpionRecordsResponse{Variant: v.String(), Records: []MorpionRecord{}}
	for _, r := range rs {
		g, err := morpion.DecodeLayers(v, r.Key)
		if err != nil {
			s.log.Error("hall of fame holds a bad grid", "variant", v, "key", r.Key, "err", err)
			continue
		}
		out.Records = append(out.Records, MorpionRecord{Score: g.Score(), Layers: r.Key, Pentasol: morpion.WritePentasol(g),
			Source: r.Source, JobID: r.JobID, FoundAt: r.FoundAt.Format("2006-01-02T15:04:05Z07:00")})
	}
	return c.JSON(http.StatusOK, out)
}

// deref is a pointer's value, or the zero value for nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// MorpionSearchSettingsResponse is the table of a search's settings and
// the rows that choose the ones left out.
type MorpionSearchSettingsResponse struct {
	Algorithms []string `json:"algorithms"`
	// Settings are parameters.NAME of POST /v1/morpion/searches: kind,
	// default ("" where the budget's row or the algorithm chooses), range
	// and the algorithms that read each.
	Settings []MorpionSetting `json:"settings"`
	// Presets are the rows measured best by budget (docs/strength.md): a
	// search whose NRPA settings are left out takes the row whose budget is
	// nearest its own by ratio (time, or playouts at nominal_rate a
	// second a thread); a variant with no rows takes fallback.
	Presets     []MorpionPreset `json:"presets"`
	Fallback    MorpionPreset   `json:"fallback"`
	NominalRate int             `json:"nominal_rate" example:"50000"`
}

// MorpionSetting is one setting of a search.
type MorpionSetting struct {
	OptionInfo
	Algorithms []string `json:"algorithms"`
}

// MorpionPreset is a row of NRPA settings for a budget.
type MorpionPreset struct {
	Variant  string `json:"variant,omitempty" example:"5T"`
	BudgetMS int64  `json:"budget_ms,omitempty" example:"600000"`
	Level    int    `json:"level" example:"4"`
	Patience int    `json:"patience" example:"20"`
	Layers   bool   `json:"layers" example:"true"`
	Extend   bool   `json:"extend" example:"true"`
	Octagon  string `json:"octagon" example:"record"`
}

// morpionSearchSettings serves the settings' table.
//
//	@Summary		The settings of a Morpion record search, as data
//	@Description	Each setting of POST /v1/morpion/searches (parameters.NAME): kind, default, range, help and the algorithms that read it; and the rows, measured best by budget, that give NRPA the settings a request leaves out.
//	@Tags			morpion
//	@Produce		json
//	@Success		200	{object}	MorpionSearchSettingsResponse
//	@Router			/v1/morpion/search-settings [get]
func (s *Server) morpionSearchSettings(c *echo.Context) error {
	out := MorpionSearchSettingsResponse{Algorithms: morpionai.Algorithms, NominalRate: morpionai.NominalRate,
		Presets: []MorpionPreset{}, Fallback: morpionPreset("", morpionai.Fallback())}
	for _, st := range morpionai.Settings {
		out.Settings = append(out.Settings, MorpionSetting{OptionInfo: optionInfos([]games.OptionSpec{st.OptionSpec})[0],
			Algorithms: st.Algorithms})
	}
	for _, v := range []string{"5T", "5D"} {
		for _, r := range morpionai.Presets(v) {
			out.Presets = append(out.Presets, morpionPreset(v, r))
		}
	}
	return c.JSON(http.StatusOK, out)
}

func morpionPreset(variant string, r morpionai.Preset) MorpionPreset {
	return MorpionPreset{Variant: variant, BudgetMS: r.Budget.Milliseconds(), Level: r.Level, Patience: r.Patience,
		Layers: r.Layers, Extend: r.Extend, Octagon: r.Octagon}
}
