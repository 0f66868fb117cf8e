package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/games/morpion"
)

// MorpionGridRequest names a grid: its variant, its text and the format of
// the text.
type MorpionGridRequest struct {
	Variant string `json:"variant" validate:"required,oneof=5T 5D" example:"5T"`
	// From is the format of grid; auto detects JSON, Pentasol or a layer code.
	From string `json:"from,omitempty" validate:"omitempty,oneof=auto pentasol json layers" example:"auto"`
	// Grid is the grid's text (Pentasol, a layer code or JSON text), or a
	// JSON grid object itself.
	Grid json.RawMessage `json:"grid" validate:"required" swaggertype:"string" example:"Flxbd2BbBV6Y"`
}

// MorpionValidateResponse says whether a grid is legal.
type MorpionValidateResponse struct {
	Valid   bool   `json:"valid"`
	Variant string `json:"variant" example:"5T"`
	// Score and the rest are set for a valid grid.
	Score      int    `json:"score,omitempty" example:"178"`
	Finished   bool   `json:"finished"`
	LegalMoves int    `json:"legal_moves"`
	Layers     string `json:"layers,omitempty"`
	// Move is the number (from 1) of the first illegal move; Line and
	// Column locate a text that could not be read.
	Move   int    `json:"move,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// MorpionConvertRequest converts a grid to another format.
type MorpionConvertRequest struct {
	MorpionGridRequest
	To string `json:"to" validate:"required,oneof=pentasol json layers svg text" example:"pentasol"`
}

// MorpionConvertResponse holds the converted grid.
type MorpionConvertResponse struct {
	Variant  string `json:"variant"`
	Format   string `json:"format"`
	Score    int    `json:"score"`
	Finished bool   `json:"finished"`
	Output   string `json:"output"`
}

// MorpionRenderRequest draws a grid as SVG.
type MorpionRenderRequest struct {
	MorpionGridRequest
	// Numbers writes the move numbers beside the dots.
	Numbers bool `json:"numbers,omitempty"`
	// Cell is the distance between points in pixels.
	Cell int `json:"cell,omitempty" validate:"omitempty,min=4,max=100" example:"20"`
}

// MorpionLayersResponse describes a grid's layers.
type MorpionLayersResponse struct {
	Variant string `json:"variant"`
	Score   int    `json:"score"`
	Code    string `json:"code"`
	Sizes   []int  `json:"sizes"`
	// Orders is the number of orders the grid can be played in, in decimal
	// (it can exceed any integer type).
	Orders string `json:"orders" example:"1307674368000"`
}

// MorpionDNARequest interprets a DNA.
type MorpionDNARequest struct {
	Variant string `json:"variant" validate:"required,oneof=5T 5D" example:"5T"`
	// DNA: ascending (preference i for line i), random (from seed),
	// preferences (the 6,400 given) or exhibit (the DNA of the given grid,
	// random elsewhere).
	DNA         string    `json:"dna" validate:"required,oneof=ascending random preferences exhibit" example:"ascending"`
	Seed        uint64    `json:"seed,omitempty"`
	Preferences []float64 `json:"preferences,omitempty" validate:"omitempty,len=6400"`
	// Grid and From are the grid to exhibit.
	From string          `json:"from,omitempty" validate:"omitempty,oneof=auto pentasol json layers"`
	Grid json.RawMessage `json:"grid,omitempty" swaggertype:"string"`
	// Blacklist sets this many of the grid's lines (drawn with the seed)
	// to -1 before interpreting: the DNA search's modification.
	Blacklist int `json:"blacklist,omitempty" validate:"omitempty,min=0,max=100"`
}

// MorpionGridResponse is a grid in every text format.
type MorpionGridResponse struct {
	Variant  string           `json:"variant"`
	Score    int              `json:"score"`
	Finished bool             `json:"finished"`
	Layers   string           `json:"layers"`
	Pentasol string           `json:"pentasol"`
	Grid     morpion.JSONGrid `json:"grid"`
}

// gridText returns the text of a grid field: a JSON string's content, or
// the raw JSON of an object.
func gridText(raw json.RawMessage) (string, error) {
	var s string
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", badField("grid", "is not a valid JSON string")
		}
		return s, nil
	}
	if len(raw) > 0 && raw[0] == '{' {
		return string(raw), nil
	}
	return "", badField("grid", "must be a string (Pentasol, layer code, JSON text) or a JSON grid object")
}

// readGrid parses a request's grid; errors name the field and where.
func readGrid(variant, from string, raw json.RawMessage) (*morpion.Grid, morpion.Variant, error) {
	v, err := morpion.ParseVariant(variant)
	if err != nil {
		return nil, 0, badField("variant", err.Error())
	}
	text, err := gridText(raw)
	if err != nil {
		return nil, v, err
	}
	if from == "" {
		from = string(morpion.FormatAuto)
	}
	g, err := morpion.Read(v, morpion.Format(from), text)
	if err != nil {
		return nil, v, gridProblem(text, err)
	}
	return g, v, nil
}

func gridProblem(text string, err error) error {
	var me *morpion.MoveError
	var pe *morpion.ParseError
	switch {
	case errors.As(err, &me):
		return problem(http.StatusUnprocessableEntity, "invalid-grid", "Invalid grid", me.Error(),
			FieldError{Field: fmt.Sprintf("grid.moves[%d]", me.N-1), Reason: me.Reason})
	case errors.As(err, &pe):
		// err, not pe: auto-detection says how it read the text.
		fe := FieldError{Field: "grid", Reason: err.Error()}
		if pe.Line > 0 {
			off := morpion.Offset(text, pe.Line, max(pe.Column, 1))
			fe.Offset = &off
		}
		return problem(http.StatusBadRequest, "invalid-grid-text", "Unreadable grid", err.Error(), fe)
	}
	return badField("grid", err.Error())
}

// morpionValidate checks a grid.
//
//	@Summary		Validate a Morpion grid
//	@Description	Replays the grid by the rules. An illegal grid is a valid answer: valid is false and the first illegal move is named with the reason (dot already there, overlaps line k, fewer than 4 dots, outside the board); unreadable text is located by line and column.
//	@Tags			morpion
//	@Accept			json
//	@Produce		json
//	@Param			request	body		MorpionGridRequest	true	"the grid"
//	@Success		200		{object}	MorpionValidateResponse
//	@Failure		400		{object}	Problem
//	@Router			/v1/morpion/grids/validate [post]
func (s *Server) morpionValidate(c *echo.Context) error {
	var req MorpionGridRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	v, err := morpion.ParseVariant(req.Variant)
	if err != nil {
		return badField("variant", err.Error())
	}
	text, err := gridText(req.Grid)
	if err != nil {
		return err
	}
	from := morpion.Format(req.From)
	if from == "" {
		from = morpion.FormatAuto
	}
	out := MorpionValidateResponse{Variant: v.String()}
	g, err := morpion.Read(v, from, text)
	var me *morpion.MoveError
	var pe *morpion.ParseError
	switch {
	case errors.As(err, &me):
		out.Move, out.Reason = me.N, me.Reason
	case errors.As(err, &pe):
		out.Line, out.Column, out.Reason = pe.Line, pe.Column, pe.Reason
	case err != nil:
		out.Reason = err.Error()
	default:
		b := g.Board()
		out.Valid, out.Score, out.Finished, out.LegalMoves = true, g.Score(), b.NumLegal() == 0, b.NumLegal()
		out.Layers = morpion.EncodeLayers(g)
	}
	return c.JSON(http.StatusOK, out)
}

// morpionConvert converts a grid between formats.
//
//	@Summary	Convert a Morpion grid between formats
//	@Tags		morpion
//	@Accept		json
//	@Produce	json
//	@Param		request	body		MorpionConvertRequest	true	"the grid and the target format"
//	@Success	200		{object}	MorpionConvertResponse
//	@Failure	400		{object}	Problem	"unreadable grid"
//	@Failure	422		{object}	Problem	"an illegal move in the grid"
//	@Router		/v1/morpion/grids/convert [post]
func (s *Server) morpionConvert(c *echo.Context) error {
	var req MorpionConvertRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	g, _, err := readGrid(req.Variant, req.From, req.Grid)
	if err != nil {
		return err
	}
	out, err := morpion.Write(g, morpion.Format(req.To))
	if err != nil {
		return badField("to", err.Error())
	}
	return c.JSON(http.StatusOK, MorpionConvertResponse{Variant: g.Variant.String(), Format: req.To, Score: g.Score(),
		Finished: g.Finished(), Output: out})
}

// morpionRender draws a grid.
//
//	@Summary	Draw a Morpion grid as SVG
//	@Tags		morpion
//	@Accept		json
//	@Produce	image/svg+xml
//	@Param		request	body		MorpionRenderRequest	true	"the grid and drawing options"
//	@Success	200		{string}	string					"the SVG picture"
//	@Failure	400		{object}	Problem
//	@Failure	422		{object}	Problem
//	@Router		/v1/morpion/grids/render [post]
func (s *Server) morpionRender(c *echo.Context) error {
	var req MorpionRenderRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	g, _, err := readGrid(req.Variant, req.From, req.Grid)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "image/svg+xml", []byte(morpion.SVG(g, morpion.SVGOptions{Numbers: req.Numbers, Cell: req.Cell})))
}

// morpionLayers analyses a grid's layers.
//
//	@Summary	Layer sizes and number of orders of a Morpion grid
//	@Tags		morpion
//	@Accept		json
//	@Produce	json
//	@Param		request	body		MorpionGridRequest	true	"the grid"
//	@Success	200		{object}	MorpionLayersResponse
//	@Failure	400		{object}	Problem
//	@Failure	422		{object}	Problem
//	@Router		/v1/morpion/grids/layers [post]
func (s *Server) morpionLayers(c *echo.Context) error {
	var req MorpionGridRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	g, _, err := readGrid(req.Variant, req.From, req.Grid)
	if err != nil {
		return err
	}
	st := morpion.AnalyzeLayers(g)
	return c.JSON(http.StatusOK, MorpionLayersResponse{Variant: g.Variant.String(), Score: g.Score(),
		Code: morpion.EncodeLayers(g), Sizes: st.Sizes, Orders: st.Orders.String()})
}

// morpionInterpret plays a DNA.
//
//	@Summary		Interpret a Morpion DNA
//	@Description	Plays from the start the legal move whose line the DNA prefers most (ties: the higher line index) until none is left. The DNA is the ascending one, a random one, 6,400 given preferences, or the exhibition of a grid, optionally with some of its lines black-listed.
//	@Tags			morpion
//	@Accept			json
//	@Produce		json
//	@Param			request	body		MorpionDNARequest	true	"the DNA"
//	@Success		200		{object}	MorpionGridResponse
//	@Failure		400		{object}	Problem
//	@Failure		422		{object}	Problem
//	@Router			/v1/morpion/dna/interpret [post]
func (s *Server) morpionInterpret(c *echo.Context) error {
	var req MorpionDNARequest
	if err := decode(c, &req); err != nil {
		return err
	}
	v, err := morpion.ParseVariant(req.Variant)
	if err != nil {
		return badField("variant", err.Error())
	}
	r := morpion.NewRand(req.Seed)
	var dna *morpion.DNA
	switch req.DNA {
	case "ascending":
		dna = morpion.AscendingDNA()
	case "random":
		dna = morpion.RandomDNA(r)
	case "preferences":
		if len(req.Preferences) != morpion.FrameLines {
			return badField("preferences", fmt.Sprintf("must hold %d numbers", morpion.FrameLines))
		}
		dna = new(morpion.DNA)
		copy(dna[:], req.Preferences)
	case "exhibit":
		if len(req.Grid) == 0 {
			return badField("grid", "is required to exhibit a grid")
		}
		g, _, err := readGrid(req.Variant, req.From, req.Grid)
		if err != nil {
			return err
		}
		if dna, err = morpion.Exhibit(g, r); err != nil {
			return problem(http.StatusUnprocessableEntity, "invalid-grid", "Grid outside the DNA window", err.Error(),
				FieldError{Field: "grid", Reason: err.Error()})
		}
		dna.Blacklist(g, req.Blacklist, r)
	}
	g := dna.Interpret(v)
	return c.JSON(http.StatusOK, MorpionGridResponse{Variant: v.String(), Score: g.Score(), Finished: true,
		Layers: morpion.EncodeLayers(g), Pentasol: morpion.WritePentasol(g), Grid: morpion.ToJSON(g)})
}
