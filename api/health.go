package api

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
)

// healthz says the process is up.
//
//	@Summary	Liveness
//	@Tags		health
//	@Produce	json
//	@Success	200	{object}	HealthResponse
//	@Router		/healthz [get]
func (s *Server) healthz(c *echo.Context) error {
	return c.JSON(http.StatusOK, HealthResponse{Status: "ok", Version: s.version})
}

// readyz says the server can serve: its store (Redis when configured) answers.
//
//	@Summary	Readiness (checks Redis when configured)
//	@Tags		health
//	@Produce	json
//	@Success	200	{object}	HealthResponse
//	@Failure	503	{object}	HealthResponse
//	@Router		/readyz [get]
func (s *Server) readyz(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		// The error names the store's address: the log's, not a client's.
		s.log.Warn("readyz: the store does not answer", "err", err)
		return c.JSON(http.StatusServiceUnavailable, HealthResponse{Status: "unavailable",
			Checks: map[string]string{"store": "unavailable"}})
	}
	return c.JSON(http.StatusOK, HealthResponse{Status: "ok", Version: s.version, Checks: map[string]string{"store": "ok"}})
}
