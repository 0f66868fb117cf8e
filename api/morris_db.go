package api

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/jobs/kinds"
)

// MorrisDBBuildRequest asks for a build of the perfect-play database.
type MorrisDBBuildRequest struct {
	// UpTo is the largest space W-B (the side to move has W pieces on the
	// board, the other B, both hands empty): it and every space it depends
	// on are solved, pairs already built skipped.
	UpTo string `json:"up_to" validate:"required,max=8" example:"5-5"`
}

// MorrisDBResponse is the database in the server's directory.
type MorrisDBResponse struct {
	// Probed is true when the engines probe it (the spaces there when the
	// server started).
	Probed bool `json:"probed"`
	// Spaces are the spaces built, each with its wins, draws and losses
	// for the side to move over all its placements, its longest win and
	// loss (plies to the next capture), build time and rate.
	Spaces []morrisdb.Stats `json:"spaces"`
}

// morrisDBBuild starts a build.
//
//	@Summary		Build the Nine Men's Morris perfect-play database
//	@Description	Solves the moving and flying phases (standard rules, both hands empty) by retrograde analysis into the server's --morris-db directory, as a job: the space up_to and every space it depends on, pair by pair, each written whole once solved, so a cancelled or interrupted build goes on where it stopped. GET /v1/jobs/{id} shows the pair being solved and the spaces built. The engines probe new spaces once the server (and the workers, given a copy of the directory) start again. Needs the API key when the server has one.
//	@Tags			morris
//	@Accept			json
//	@Produce		json
//	@Param			request	body		MorrisDBBuildRequest	true	"the build"
//	@Success		202		{object}	JobResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		409		{object}	Problem	"the server has no database directory"
//	@Failure		422		{object}	Problem	"the build needs more memory than the machine has"
//	@Failure		503		{object}	Problem	"too many jobs"
//	@Security		ApiKey
//	@Router			/v1/morris/db/builds [post]
func (s *Server) morrisDBBuild(c *echo.Context) error {
	var req MorrisDBBuildRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	up, err := morrisdb.ParseSpace(req.UpTo)
	if err != nil {
		return badField("up_to", err.Error())
	}
	// A build that needs more memory than the machine has would take the
	// server down with it: refused before it starts.
	if need, have := morrisdb.PeakBytes(up), machineMemory(); have > 0 && need > have/10*8 {
		return problem(http.StatusUnprocessableEntity, "too-large", "Too large for this machine",
			fmt.Sprintf("building up to %v takes %.1f GB of memory at its peak; this machine has %.1f GB", up, float64(need)/1e9, float64(have)/1e9),
			FieldError{Field: "up_to", Reason: "needs more memory than this machine has"})
	}
	if s.cfg.MorrisDB == "" {
		return problem(http.StatusConflict, "no-database-directory", "No database directory", kinds.ErrNoDBDir.Error())
	}
	j, err := s.jobs.Submit(c.Request().Context(), kinds.MorrisDBBuild, kinds.MorrisDBBuildParams{UpTo: req.UpTo})
	if err != nil {
		return problemFor(err, "job")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/jobs/"+j.ID)
	return c.JSON(http.StatusAccepted, jobResponse(j))
}

// morrisDB lists the database's spaces.
//
//	@Summary		The Nine Men's Morris perfect-play database of this server
//	@Description	The spaces built in the server's --morris-db directory with their counts, and whether the engines probe it (alpha-beta answers then carry "db": "win in 13").
//	@Tags			morris
//	@Produce		json
//	@Success		200	{object}	MorrisDBResponse
//	@Failure		500	{object}	Problem
//	@Router			/v1/morris/db [get]
func (s *Server) morrisDB(c *echo.Context) error {
	db := morrisai.UsedDB()
	out := MorrisDBResponse{Probed: db != nil && len(db.Spaces()) > 0, Spaces: []morrisdb.Stats{}}
	if s.cfg.MorrisDB != "" {
		sts, err := morrisdb.SpaceStats(s.cfg.MorrisDB, false)
		if err != nil {
			return err
		}
		out.Spaces = append(out.Spaces, sts...)
	}
	return c.JSON(http.StatusOK, out)
}
