package api

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
)

// allowedHost guards against DNS rebinding. A page at evil.example can have
// its name re-resolved to 127.0.0.1 once loaded; its scripts are then
// same-origin with this server as the browser sees it, so neither the
// Origin check nor CORS stops them reading sessions or starting work. What
// gives them away is the Host they send: evil.example. The server answers
// only requests addressed to an IP literal, to localhost, or to a name the
// operator allowed (--allowed-hosts); everything else is 421. The health
// probes answer any Host: they say only up or not, and a balancer's
// probe (HAProxy's httpchk by default) sends none, which would mark every
// server down.
func (s *Server) allowedHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		host := c.Request().Host
		if p := c.Request().URL.Path; hostAllowed(host, s.cfg.AllowedHosts) || p == "/healthz" || p == "/readyz" {
			return next(c)
		}
		return problem(http.StatusMisdirectedRequest, "unknown-host", "Unknown host",
			fmt.Sprintf("this server answers to IP addresses, localhost and the names it is told (--allowed-hosts), not %.100q", host),
			FieldError{Field: "Host", Reason: "not a name this server answers to"})
	}
}

// hostAllowed reports whether a Host header (with or without a port) names
// an IP address, localhost (or a name under .localhost), or matches one of
// allowed: a name, "*.example.org" for the names under it, or "*" for any.
func hostAllowed(host string, allowed []string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil || host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	for _, a := range allowed {
		a = strings.ToLower(a)
		switch {
		case a == "*", a == host:
			return true
		case strings.HasPrefix(a, "*.") && strings.HasSuffix(host, a[1:]):
			return true
		}
	}
	return false
}
