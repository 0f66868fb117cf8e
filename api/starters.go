package api

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/docs/protocol"
	"gameai/hosting"
	"gameai/starters"
)

// StarterResponse is one starter bot: the file to begin a bot from.
type StarterResponse struct {
	Game     string `json:"game" example:"less"`
	Language string `json:"language" example:"python"`
	// File is the name an upload in its language is kept under.
	File string `json:"file" example:"bot.py"`
	// URL downloads it.
	URL string `json:"url" example:"/v1/starters/less/python"`
}

// StartersResponse lists the starter bots.
type StartersResponse struct {
	Starters []StarterResponse `json:"starters"`
}

// ProtocolResponse is a game's protocol page: what a bot reads and writes,
// its clock, the faults, a whole game, and this server's limits.
type ProtocolResponse struct {
	Game  string `json:"game" example:"morris"`
	Title string `json:"title"`
	// Markdown is the page as written (docs/protocol in the repository),
	// HTML as rendered.
	Markdown string `json:"markdown"`
	HTML     string `json:"html"`
	// Limits are this server's, which may differ from the page's defaults.
	Limits   []hosting.Rule    `json:"limits"`
	Starters []StarterResponse `json:"starters"`
}

// ProtocolLink names a game's protocol page: Page on the server's page,
// URL in the API.
type ProtocolLink struct {
	Game string `json:"game" example:"less"`
	Page string `json:"page" example:"/#/protocol/less"`
	URL  string `json:"url" example:"/v1/protocols/less"`
}

func startersOf(game string) []StarterResponse {
	out := []StarterResponse{}
	for _, s := range starters.All() {
		if game == "" || s.Game == game {
			out = append(out, StarterResponse{Game: s.Game, Language: s.Language, File: s.File,
				URL: fmt.Sprintf("/v1/starters/%s/%s", s.Game, s.Language)})
		}
	}
	return out
}

func protocolLinks() []ProtocolLink {
	var out []ProtocolLink
	for _, g := range protocol.Games() {
		out = append(out, ProtocolLink{Game: g, Page: "/#/protocol/" + g, URL: "/v1/protocols/" + g})
	}
	return out
}

// listStarters lists the starter bots.
//
//	@Summary		The starter bots
//	@Description	A starter bot for each game in each language an upload may be in: short, commented, reading the game's protocol and playing a legal move. Each downloads from its url.
//	@Tags			bots
//	@Produce		json
//	@Success		200	{object}	StartersResponse
//	@Router			/v1/starters [get]
func (s *Server) listStarters(c *echo.Context) error {
	return c.JSON(http.StatusOK, StartersResponse{Starters: startersOf("")})
}

// starterFile sends one starter bot.
//
//	@Summary	A starter bot's source
//	@Tags		bots
//	@Produce	plain
//	@Param		game		path		string	true	"less or morris"
//	@Param		language	path		string	true	"c, cpp, go, python, java, rust or javascript"
//	@Success	200			{string}	string	"the source, as a file named as an upload in its language is kept (Content-Disposition)"
//	@Failure	404			{object}	Problem
//	@Router		/v1/starters/{game}/{language} [get]
func (s *Server) starterFile(c *echo.Context) error {
	st, ok := starters.Get(c.Param("game"), c.Param("language"))
	if !ok {
		return notFound("language", fmt.Sprintf("no starter of game %q in language %q: the games are %v, the languages %v",
			c.Param("game"), c.Param("language"), starters.Games, starters.Languages))
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", st.File))
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", st.Source)
}

// getProtocol shows a game's protocol page.
//
//	@Summary		A game's protocol: what a bot reads and writes
//	@Description	Every line the referee sends and every answer it takes, with their grammar; the clock; the faults and how each is judged; a whole game's transcript; this server's limits on a bot; and the game's starter bots. The page is also at /#/protocol/{game}.
//	@Tags			bots
//	@Produce		json
//	@Param			game	path		string	true	"less or morris"
//	@Success		200		{object}	ProtocolResponse
//	@Failure		404		{object}	Problem
//	@Router			/v1/protocols/{game} [get]
func (s *Server) getProtocol(c *echo.Context) error {
	p, ok := protocol.Get(c.Param("game"))
	if !ok {
		return notFound("game", fmt.Sprintf("no protocol for game %q: bots play %v", c.Param("game"), protocol.Games()))
	}
	return c.JSON(http.StatusOK, ProtocolResponse{Game: p.Game, Title: p.Title, Markdown: p.Markdown, HTML: p.HTML,
		Limits: s.hosting.Rules(p.Game), Starters: startersOf(p.Game)})
}
