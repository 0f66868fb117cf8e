package api

import (
	"github.com/labstack/echo/v5"
)

// contentSecurityPolicy is what the page and the API's UI may load: their
// own scripts, styles and data only, from this server alone, and nothing
// inline (the page has no inline script or style, so an injected one would
// not run). frame-ancestors 'none' keeps other sites from framing them.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders are sent with every answer, pages and API alike: a JSON
// or SVG answer opened directly in a browser is held to the same policy.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	// For browsers that predate frame-ancestors.
	{"X-Frame-Options", "DENY"},
	// A session's id is in the page's URL; it must not leave in a Referer.
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
}

// withSecurityHeaders sets securityHeaders before the handler writes, so
// errors and panics answered later carry them too.
func withSecurityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		for _, kv := range securityHeaders {
			h.Set(kv[0], kv[1])
		}
		return next(c)
	}
}
