package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
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
	// for the side to move over all its placements, its classes under the
	// board's symmetries (what its file stores), its longest win and loss
	// (plies to the next capture), build time and rate.
	Spaces []morrisdb.Stats `json:"spaces"`
	// Position is the value of the position asked for (?position=), when
	// one was; Spaces are empty then.
	Position *MorrisDBPosition `json:"position,omitempty"`
}

// MorrisDBPosition is what the database knows of a position: its value
// for the side to move and each legal move's, or why it knows nothing.
type MorrisDBPosition struct {
	// Position is the position read, in the game's text format.
	Position string `json:"position" example:"WW./W../.../....../.../..B/.BB w 0 0 0 12 -"`
	// Known is false when the database does not hold the position; Reason
	// says why (a piece in a hand, a space not built, other rules, no
	// database on this server).
	Known  bool   `json:"known"`
	Reason string `json:"reason,omitempty"`
	// Value is the position's value for the side to move, "win in 13",
	// "draw" or "loss in 4", in plies to the next capture or the end;
	// Outcome is win, draw or loss and Distance those plies (0 for a
	// draw).
	Value    string `json:"value,omitempty" example:"win in 13"`
	Outcome  string `json:"outcome,omitempty" enums:"win,draw,loss" example:"win"`
	Distance int    `json:"distance" example:"13"`
	// Moves are the legal moves, each with what it makes of the position
	// for the side that plays it; Best marks those that keep its value.
	Moves []MorrisDBMove `json:"moves,omitempty"`
}

// MorrisDBMove is a legal move and its value for the side that plays it.
type MorrisDBMove struct {
	Move     string `json:"move" example:"a1-a4"`
	Value    string `json:"value" example:"win in 13"`
	Outcome  string `json:"outcome" enums:"win,draw,loss" example:"win"`
	Distance int    `json:"distance" example:"13"`
	Best     bool   `json:"best"`
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

// morrisDB lists the database's spaces, and values a position.
//
//	@Summary		The Nine Men's Morris perfect-play database of this server, and a position's value
//	@Description	The spaces built in the server's --morris-db directory with their counts, and whether the engines probe it (alpha-beta answers then carry "db": "win in 13"). With ?position= (the game's text format, standard rules), instead that position's value for the side to move ("win in 13": plies to the next capture or the end) and each legal move's, or why the database does not hold it.
//	@Tags			morris
//	@Produce		json
//	@Param			position	query		string	false	"a position to value, e.g. WW./W../.../....../.../..B/.BB w 0 0 0 12 -"
//	@Success		200			{object}	MorrisDBResponse
//	@Failure		400			{object}	Problem	"the position does not parse (errors name the field position)"
//	@Failure		500			{object}	Problem
//	@Router			/v1/morris/db [get]
func (s *Server) morrisDB(c *echo.Context) error {
	db := s.cfg.Morris.DB()
	out := MorrisDBResponse{Probed: db != nil && len(db.Spaces()) > 0, Spaces: []morrisdb.Stats{}}
	// A position alone is asked at every move of a game on the page: its
	// answer costs a few dozen lookups, not a read of every sidecar.
	if text := c.QueryParam("position"); text != "" {
		pos, err := s.morrisDBPosition(db, text)
		if err != nil {
			return err
		}
		out.Position = pos
		return c.JSON(http.StatusOK, out)
	}
	if s.cfg.MorrisDB != "" {
		sts, err := morrisdb.SpaceStats(s.cfg.MorrisDB, false)
		if err != nil {
			return err
		}
		out.Spaces = append(out.Spaces, sts...)
	}
	return c.JSON(http.StatusOK, out)
}

// morrisDBPosition values the position text under the standard rules.
func (s *Server) morrisDBPosition(db *morrisdb.DB, text string) (*MorrisDBPosition, error) {
	if len(text) > 200 {
		return nil, badField("position", "longer than a position of the game (200 bytes at most)")
	}
	st, err := s.position(morris.Game, "", nil, text)
	if err != nil {
		return nil, err
	}
	p := st.(*morris.State).P
	out := &MorrisDBPosition{Position: p.String()}
	if db == nil {
		out.Reason = "this server has no database (gameai serve --morris-db DIR)"
		return out, nil
	}
	v, moves, err := db.Moves(p)
	if err != nil {
		if !errors.Is(err, morrisdb.ErrNotCovered) {
			return nil, err
		}
		out.Reason = err.Error()
		return out, nil
	}
	out.Known, out.Value, out.Outcome, out.Distance = true, v.String(), morrisdb.OutcomeName(v.Outcome()), v.Distance()
	for _, mv := range moves {
		out.Moves = append(out.Moves, MorrisDBMove{Move: mv.Move.String(), Value: mv.Value.String(),
			Outcome: morrisdb.OutcomeName(mv.Value.Outcome()), Distance: mv.Value.Distance(), Best: mv.Value == v})
	}
	return out, nil
}

// MorrisDBStartRequest asks for the search of the start's value.
type MorrisDBStartRequest struct {
	// TableBits sizes the transposition table: 2^TableBits entries of 8
	// bytes (26, the default, is 512 MiB).
	TableBits int `json:"table_bits,omitempty" validate:"omitempty,min=16,max=32" example:"26"`
}

// morrisDBStart starts the search for the start's value.
//
//	@Summary		Work out the value of the start of Nine Men's Morris
//	@Description	An alpha-beta search of win, draw or loss over the placement phase with the server's database (every space 3-3 to 9-9) at its leaves, as a job: the 46 classes of the first two placements are solved one by one and kept, so a job resumed after a restart goes on from the next; it ends when those solved decide the start. GET /v1/jobs/{id} shows the lines solved, the nodes and the bounds proved so far. Needs the API key when the server has one.
//	@Tags			morris
//	@Accept			json
//	@Produce		json
//	@Param			request	body		MorrisDBStartRequest	false	"the search"
//	@Success		202		{object}	JobResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		409		{object}	Problem	"no database directory, or spaces missing from it"
//	@Failure		422		{object}	Problem	"a table larger than the machine's memory"
//	@Router			/v1/morris/db/start [post]
func (s *Server) morrisDBStart(c *echo.Context) error {
	var req MorrisDBStartRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if req.TableBits == 0 {
		req.TableBits = 26
	}
	if need, have := uint64(8)<<req.TableBits, machineMemory(); have > 0 && need > have/2 {
		return problem(http.StatusUnprocessableEntity, "too-large", "Too large for this machine",
			fmt.Sprintf("a table of 2^%d entries takes %.1f GB; this machine has %.1f GB", req.TableBits, float64(need)/1e9, float64(have)/1e9),
			FieldError{Field: "table_bits", Reason: "needs more than half this machine's memory"})
	}
	if s.cfg.MorrisDB == "" {
		return problem(http.StatusConflict, "no-database-directory", "No database directory", kinds.ErrNoDBDir.Error())
	}
	missing, err := morrisdb.MissingForStartIn(s.cfg.MorrisDB)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return problem(http.StatusConflict, "spaces-missing", "Spaces missing",
			fmt.Sprintf("%v; %d of the 49 are not built (%v the first): POST /v1/morris/db/builds {\"up_to\": \"9-9\"} first", kinds.ErrMissingSpaces, len(missing), missing[0]))
	}
	j, err := s.jobs.Submit(c.Request().Context(), kinds.MorrisDBStart, kinds.MorrisDBStartParams{TableBits: req.TableBits})
	if err != nil {
		return problemFor(err, "job")
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/jobs/"+j.ID)
	return c.JSON(http.StatusAccepted, jobResponse(j))
}
