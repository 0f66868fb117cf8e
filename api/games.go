package api

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/games"
)

// listGames lists every game with its variants, players, engines and options.
//
//	@Summary	List the games, their variants, engines and rule options
//	@Tags		games
//	@Produce	json
//	@Success	200	{object}	GamesResponse
//	@Router		/v1/games [get]
func (s *Server) listGames(c *echo.Context) error {
	out := GamesResponse{Games: []GameInfo{}}
	for _, g := range s.games.All() {
		gi := GameInfo{Name: g.Name(), Title: g.Title(), Variants: g.Variants(), Players: g.Players(),
			Engines: []EngineInfo{}, Options: []OptionInfo{}}
		for i, e := range s.engines.ForGame(g.Name()) {
			gi.Engines = append(gi.Engines, EngineInfo{Name: e.Name, Description: e.Description, Version: e.Version, Default: i == 0,
				Options: optionInfos(e.Options)})
		}
		gi.Options = optionInfos(g.Options())
		out.Games = append(out.Games, gi)
	}
	return c.JSON(http.StatusOK, out)
}

// optionInfos lists an option table (a game's rules or an engine's
// settings) as data.
func optionInfos(table []games.OptionSpec) []OptionInfo {
	out := make([]OptionInfo, 0, len(table))
	for _, o := range table {
		info := OptionInfo{Name: o.Name, Kind: string(o.Kind), Default: o.Default, Description: o.Description, Choices: o.Choices,
			MinClosed: o.MinClosed}
		if o.Kind == games.OptionInt || o.Kind == games.OptionFloat || o.Kind == games.OptionDuration {
			info.Min, info.Max = &o.Min, &o.Max
		}
		out = append(out, info)
	}
	return out
}

// bestMove searches a position.
//
//	@Summary		Best move in a position
//	@Description	Searches the position (the start position when empty, then the given moves) with the engine within the limits. Answers are cached by position, rules, engine, options and version: a deterministic engine's by its limits, and a search bounded by time alone or by iterations alone serves any later request with no larger budget of that kind ("cached": true, with the depth and nodes it reached). no_cache searches afresh.
//	@Tags			games
//	@Accept			json
//	@Produce		json
//	@Param			game	path		string			true	"game name, see GET /v1/games"
//	@Param			request	body		BestMoveRequest	true	"position, engine and limits"
//	@Success		200		{object}	BestMoveResponse
//	@Failure		400		{object}	Problem	"malformed request or position, or a budget over the cap"
//	@Failure		404		{object}	Problem	"unknown game or engine"
//	@Failure		422		{object}	Problem	"an illegal move in moves, or a finished game"
//	@Failure		429		{object}	Problem	"too many searches running"
//	@Router			/v1/games/{game}/best-move [post]
func (s *Server) bestMove(c *echo.Context) error {
	g, err := s.game(c)
	if err != nil {
		return err
	}
	var req BestMoveRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	lim, err := s.limits("limits.", req.Limits)
	if err != nil {
		return err
	}
	st, err := s.position(g, req.Variant, req.Options, req.Position)
	if err != nil {
		return err
	}
	if err := s.playAll(st, req.Moves, "moves"); err != nil {
		return err
	}
	_, res, err := s.search(c.Request().Context(), st, req.Engine, req.EngineOptions, lim, searchOpts{noCache: req.NoCache})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, BestMoveResponse{SearchResult: res, Position: st.String()})
}

// game returns the game named in the path, or a 404 problem.
func (s *Server) game(c *echo.Context) (games.Game, error) {
	name := c.Param("game")
	g, ok := s.games.Get(name)
	if !ok {
		var known []string
		for _, g := range s.games.All() {
			known = append(known, g.Name())
		}
		return nil, notFound("game", fmt.Sprintf("no game %q (games: %v)", name, known))
	}
	return g, nil
}

// position builds the start position, or parses text, under the variant and
// rule options of a request.
func (s *Server) position(g games.Game, variant string, options map[string]string, text string) (games.State, error) {
	v, err := games.CheckVariant(g, variant)
	if err != nil {
		return nil, problemFor(err, "variant")
	}
	opts, err := games.ResolveOptions(g.Options(), options)
	if err != nil {
		return nil, problemFor(err, "options")
	}
	if text == "" {
		st, err := g.NewState(v, opts)
		if err != nil {
			return nil, problemFor(err, "position")
		}
		return st, nil
	}
	st, err := g.ParseState(v, opts, text)
	if err != nil {
		if p, ok := knownProblem(err, "position"); ok {
			return nil, p
		}
		return nil, badField("position", err.Error())
	}
	return st, nil
}

// play parses and plays one move; errors name field.
func (s *Server) play(st games.State, text, field string) (games.Move, error) {
	m, err := st.ParseMove(text)
	if err != nil {
		if p, ok := knownProblem(err, field); ok {
			return nil, p
		}
		return nil, badField(field, err.Error())
	}
	if err := st.Play(m); err != nil {
		if ime, ok := err.(*games.IllegalMoveError); ok {
			return nil, illegalMove(field, ime, st, s.cfg.LegalMovesShown)
		}
		return nil, problemFor(err, field)
	}
	return m, nil
}

func (s *Server) playAll(st games.State, moves []string, field string) error {
	for i, text := range moves {
		if _, err := s.play(st, text, fmt.Sprintf("%s[%d]", field, i)); err != nil {
			return err
		}
	}
	return nil
}
