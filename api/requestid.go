package api

import (
	"crypto/rand"

	"github.com/labstack/echo/v5"
)

// maxRequestIDLen bounds a client's X-Request-Id: it is echoed in every
// answer and written to every log line, so a longer one (or one with other
// characters than a log line may safely hold) is replaced by the server's.
const maxRequestIDLen = 64

// requestID gives every request an id: the client's X-Request-Id when it is
// short and plain, else a new one. The request's header is rewritten too,
// because the request logger reads it there.
func requestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		req := c.Request()
		id := req.Header.Get(echo.HeaderXRequestID)
		if !plainRequestID(id) {
			id = rand.Text()
			req.Header.Set(echo.HeaderXRequestID, id)
		}
		c.Response().Header().Set(echo.HeaderXRequestID, id)
		return next(c)
	}
}

// plainRequestID accepts 1..maxRequestIDLen letters, digits and . _ : -,
// which covers UUIDs, ULIDs and tracing ids.
func plainRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLen {
		return false
	}
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == ':', r == '-':
		default:
			return false
		}
	}
	return true
}
