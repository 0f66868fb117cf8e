package api

import (
	"mime"
	"net/http"

	"github.com/labstack/echo/v5"
)

// sameOrigin refuses a state-changing request that a browser sent from
// another origin. A page elsewhere may still make a visitor's browser send
// "simple" requests (a POST with a text/plain or absent media type needs no
// preflight), and a server without a key would act on them: spend its CPU on
// searches and jobs, or play in its sessions. The standard library decides
// from Sec-Fetch-Site and Origin, which every browser sends on such a
// request; programs (curl, bots) send neither and are let through, so a key
// still guards the admin routes against them.
func (s *Server) sameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if err := s.crossOrigin.Check(c.Request()); err != nil {
			return problem(http.StatusForbidden, "cross-origin", "Cross-origin request refused",
				"this server acts only on requests from its own pages or from programs; a page of another origin cannot change anything here",
				FieldError{Field: "Origin", Reason: "another origin than the server's"})
		}
		return next(c)
	}
}

// jsonBody refuses a body that is not declared application/json. The check
// is on every route, before any handler reads the body, because a body sent
// without a media type is exactly what a cross-site form or a no-cors fetch
// sends; the Origin check above is the first line, this one the second.
func jsonBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		req := c.Request()
		if req.ContentLength == 0 && req.Header.Get("Transfer-Encoding") == "" && req.Header.Get(echo.HeaderContentType) == "" {
			return next(c)
		}
		if req.Method == http.MethodGet || req.Method == http.MethodHead {
			return next(c)
		}
		ct := req.Header.Get(echo.HeaderContentType)
		if c.Path() == uploadRoute && req.Method == http.MethodPost {
			// The upload is a file; the Origin check still guards it.
			if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "multipart/form-data" {
				return problem(http.StatusUnsupportedMediaType, "unsupported-media-type", "Unsupported media type",
					"send a bot as multipart/form-data", FieldError{Field: "Content-Type", Reason: "must be multipart/form-data"})
			}
			return next(c)
		}
		if err := checkJSONMediaType(ct); err != nil {
			return err
		}
		return next(c)
	}
}

// checkJSONMediaType accepts application/json with any parameters (a
// charset), case-insensitively as RFC 9110 says, and nothing else: not
// application/jsonx, not text/plain, not an absent type.
func checkJSONMediaType(ct string) error {
	reason := "must be application/json"
	if ct == "" {
		reason = "missing: a body must be sent as application/json"
	} else if mt, _, err := mime.ParseMediaType(ct); err == nil && mt == echo.MIMEApplicationJSON {
		return nil
	}
	return problem(http.StatusUnsupportedMediaType, "unsupported-media-type", "Unsupported media type",
		"send the body as application/json", FieldError{Field: "Content-Type", Reason: reason})
}
