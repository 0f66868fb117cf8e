package api

import (
	httpSwagger "github.com/swaggo/http-swagger/v2"

	"github.com/labstack/echo/v5"

	_ "gameai/docs" // registers the generated OpenAPI document served at /swagger/doc.json
)

// routes is the whole API, in one place.
func (s *Server) routes() {
	e := s.echo

	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/metrics", s.metrics.handler())
	e.GET("/swagger", func(c *echo.Context) error { return c.Redirect(301, "/swagger/index.html") })
	e.GET("/swagger/*", echo.WrapHandler(httpSwagger.Handler(httpSwagger.URL("/swagger/doc.json"))))

	v1 := e.Group("/v1")
	v1.GET("/games", s.listGames)
	v1.POST("/games/:game/best-move", s.bestMove)

	v1.POST("/games/:game/sessions", s.createSession)
	v1.GET("/sessions/:id", s.getSession)
	v1.POST("/sessions/:id/moves", s.playMove)
	v1.POST("/sessions/:id/engine-move", s.engineMove)
	v1.DELETE("/sessions/:id", s.deleteSession)

	v1.POST("/morpion/grids/validate", s.morpionValidate)
	v1.POST("/morpion/grids/convert", s.morpionConvert)
	v1.POST("/morpion/grids/render", s.morpionRender)
	v1.POST("/morpion/grids/layers", s.morpionLayers)
	v1.POST("/morpion/dna/interpret", s.morpionInterpret)
	v1.POST("/morpion/searches", s.morpionSearch, s.admin)
	v1.GET("/morpion/records", s.morpionRecords)

	v1.GET("/morris/strategies", s.morrisStrategies)
	v1.GET("/morris/strategies/:name", s.morrisStrategy)
	v1.POST("/morris/tournaments", s.morrisTournament, s.admin)

	v1.POST("/less/matches", s.lessMatch, s.admin)

	v1.GET("/jobs/:id", s.getJob)
	v1.DELETE("/jobs/:id", s.cancelJob)
}
