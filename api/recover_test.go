package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"gameai/store"
	"gameai/store/memory"
)

// panickyError panics when the error handler inspects it (errors.As calls
// its As method). It panics with itself, so the error Recover makes of that
// panic breaks the error handler again, this time outside every middleware.
type panickyError struct{}

func (panickyError) Error() string { return "broken" }
func (panickyError) As(any) bool   { panic(panickyError{}) }

// TestEveryPanicIsAnswered provokes a panic in each place a request passes
// (a handler, a route middleware, the error handler) and a nil *Problem
// returned as an error (the bug that dropped connections): each must get a
// 500 problem+json, never a dropped connection.
func TestEveryPanicIsAnswered(t *testing.T) {
	st := memory.New(store.Config{})
	s := New(DefaultConfig(), Deps{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	s.echo.GET("/test/handler", func(*echo.Context) error { panic("handler") })
	s.echo.GET("/test/middleware", func(*echo.Context) error { return nil },
		func(echo.HandlerFunc) echo.HandlerFunc {
			return func(*echo.Context) error { panic("middleware") }
		})
	s.echo.GET("/test/error-handler", func(*echo.Context) error { return panickyError{} })
	s.echo.GET("/test/nil-problem", func(*echo.Context) error {
		var p *Problem
		return p
	})
	s.echo.GET("/test/wrapped-nil-problem", func(*echo.Context) error {
		var p *Problem
		return errors.Join(errors.New("context"), p)
	})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, path := range []string{"/test/handler", "/test/middleware", "/test/error-handler", "/test/nil-problem", "/test/wrapped-nil-problem"} {
		t.Run(path, func(t *testing.T) {
			resp, err := http.Get(ts.URL + path)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusInternalServerError {
				t.Fatalf("status %d, want 500", resp.StatusCode)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
				t.Fatalf("Content-Type %q", ct)
			}
			var p Problem
			if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
				t.Fatal(err)
			}
			if p.Type != "urn:gameai:problem:internal" || p.Status != 500 || p.Instance != path {
				t.Errorf("problem %+v", p)
			}
		})
	}
}

// TestProblemForIsNeverNil: every error, known or not, maps to a problem.
func TestProblemForIsNeverNil(t *testing.T) {
	var nilProblem *Problem
	for _, err := range []error{errors.New("anything"), nilProblem, store.ErrNotFound,
		&store.UnavailableError{Store: "Redis at x", Err: io.EOF}} {
		if p := problemFor(err, "f"); p == nil || p.Status == 0 {
			t.Errorf("problemFor(%v) = %+v", err, p)
		}
	}
	p := problemFor(&store.UnavailableError{Store: "Redis at 10.0.0.1:6379", Err: io.EOF}, "session")
	if p.Status != 503 || p.Type != "urn:gameai:problem:store-unavailable" || p.retryAfter <= 0 ||
		strings.Contains(p.Detail, "10.0.0.1") {
		t.Errorf("unavailable store: %+v (the store's address is the log's, not a client's)", p)
	}
}
