package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"gameai/ai"
	"gameai/games"
	"gameai/store"
	"gameai/store/memory"
)

func TestAdminNeedsTheAPIKeyWhenSet(t *testing.T) {
	for _, c := range []struct {
		name, key, header, value string
		want                     int
	}{
		{"no key configured", "", "", "", 200},
		{"missing key", "s3cret", "", "", 401},
		{"wrong key", "s3cret", "X-API-Key", "guess", 401},
		{"X-API-Key", "s3cret", "X-API-Key", "s3cret", 200},
		{"bearer token", "s3cret", "Authorization", "Bearer s3cret", 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.APIKey = c.key
			s := New(cfg, Deps{Games: games.NewRegistry(), Engines: ai.NewRegistry(), Store: memory.New(store.Config{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
			s.echo.POST("/admin-test", func(c *echo.Context) error { return c.NoContent(200) }, s.admin)
			req := httptest.NewRequest("POST", "http://127.0.0.1/admin-test", nil)
			if c.header != "" {
				req.Header.Set(c.header, c.value)
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			if rec.Code != c.want {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.want, rec.Body)
			}
			if c.want == http.StatusUnauthorized && rec.Header().Get("Content-Type") != "application/problem+json" {
				t.Errorf("401 is %q, not problem+json", rec.Header().Get("Content-Type"))
			}
		})
	}
}

// TestEveryRouteHasAnAccessDecision walks the routes echo serves: each must
// come from the table (so a route added beside it, without a decision,
// fails), and on a server with a key every admin route must refuse a
// missing or wrong key with 401 problem+json before it looks at the body,
// while public routes never ask for one.
func TestEveryRouteHasAnAccessDecision(t *testing.T) {
	cfg := DefaultConfig()
	cfg.APIKey = "s3cret"
	s := New(cfg, Deps{Games: games.NewRegistry(), Engines: ai.NewRegistry(), Store: memory.New(store.Config{}),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	decided := map[string]access{}
	for _, r := range s.table() {
		decided[r.method+" "+r.path] = r.access
	}
	mutating := map[string]bool{"POST": true, "PUT": true, "PATCH": true, "DELETE": true}
	// The host's own reads: who holds an account, and what the host did.
	hostReads := map[string]bool{"GET /v1/accounts": true, "GET /v1/audit": true, "GET /v1/invitations": true}
	admins := 0
	for _, r := range s.echo.Router().Routes() {
		name := r.Method + " " + r.Path
		a, ok := decided[name]
		if !ok || a == undecided {
			t.Errorf("%s is served without an access decision in table()", name)
			continue
		}
		path := strings.NewReplacer(":id", "X", ":game", "tictactoe", ":name", "x", "*", "index.html").Replace(r.Path)
		for _, key := range []string{"", "wrong"} {
			req := httptest.NewRequest(r.Method, "http://127.0.0.1"+path, strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			if r.Path == uploadRoute && r.Method == "POST" {
				req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
			}
			if key != "" {
				req.Header.Set("X-API-Key", key)
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			switch {
			case (a == admin || a == owner) && rec.Code != http.StatusUnauthorized:
				t.Errorf("%s with key %q: %d, want 401", name, key, rec.Code)
			case (a == admin || a == owner) && !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/problem+json"):
				t.Errorf("%s: 401 is %q, not problem+json", name, rec.Header().Get("Content-Type"))
			case a == public && rec.Code == http.StatusUnauthorized:
				t.Errorf("%s is public but asked for a key", name)
			}
		}
		if a == admin {
			admins++
			if !mutating[r.Method] && !hostReads[name] {
				t.Errorf("%s is admin but does not change anything", name)
			}
		}
	}
	if admins != 18 {
		t.Errorf("%d admin routes, want 18 (searches, tunings and their former name tournaments, matches, competitions, ladders, cancelling a job, creating an owner, building the Morris database and searching its start; the accounts listed, disabled and enabled, freed of quota, invitations made, listed and withdrawn, and the audit log)", admins)
	}
}
