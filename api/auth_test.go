package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
			req := httptest.NewRequest("POST", "/admin-test", nil)
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
