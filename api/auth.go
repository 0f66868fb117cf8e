package api

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
)

// admin guards mutating admin routes: when the server has an API key, the
// request must carry it as X-API-Key or as an Authorization Bearer token.
func (s *Server) admin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if s.cfg.APIKey == "" {
			return next(c)
		}
		key := requestKey(c)
		if subtle.ConstantTimeCompare([]byte(key), []byte(s.cfg.APIKey)) != 1 {
			p := problem(http.StatusUnauthorized, "unauthorized", "Unauthorized",
				"this route needs the server's API key in X-API-Key or Authorization: Bearer",
				FieldError{Field: "X-API-Key", Reason: "missing or wrong API key"})
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="gameai"`)
			return p
		}
		return next(c)
	}
}

// requestKey is the key or token a request carries, as X-API-Key or as an
// Authorization Bearer token.
func requestKey(c *echo.Context) string {
	if key := c.Request().Header.Get("X-API-Key"); key != "" {
		return key
	}
	b, _ := strings.CutPrefix(c.Request().Header.Get("Authorization"), "Bearer ")
	return b
}
