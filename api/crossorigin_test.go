package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gameai/ai"
	"gameai/games"
	"gameai/store"
	"gameai/store/memory"
)

// bareServer is a server over a memory store and no jobs, logging nowhere.
func bareServer(cfg Config, g *games.Registry, e *ai.Registry) *Server {
	return New(cfg, Deps{Games: g, Engines: e, Store: memory.New(store.Config{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
}

// What a page of another origin can make a visitor's browser send without a
// preflight, to every route that changes anything: each is refused before
// its handler runs (403 problem naming Origin), with or without a key on
// the server. The same request from a program (no Origin, no
// Sec-Fetch-Site) or from the server's own page is not refused for its
// origin.
func TestEveryMutatingRouteRefusesCrossOriginRequests(t *testing.T) {
	for _, key := range []string{"", "s3cret"} {
		cfg := DefaultConfig()
		cfg.APIKey = key
		s := bareServer(cfg, games.NewRegistry(), ai.NewRegistry())
		mutating := 0
		for _, r := range s.table() {
			if r.method == "GET" {
				continue
			}
			mutating++
			path := strings.NewReplacer(":id", "X", ":game", "morris", ":name", "x").Replace(r.path)
			for _, h := range []map[string]string{
				// fetch(..., {mode: 'no-cors', method: 'POST', body: blob}) from another site
				{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"},
				// the same from another port of the same host: same site, another origin
				{"Origin": "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site"},
				// an older browser: Origin alone
				{"Origin": "http://evil.example"},
				// a form post with text/plain
				{"Origin": "null", "Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"},
			} {
				req := httptest.NewRequest(r.method, path, strings.NewReader(`{}`))
				req.Host = "127.0.0.1:8080"
				for k, v := range h {
					req.Header.Set(k, v)
				}
				rec := httptest.NewRecorder()
				s.Handler().ServeHTTP(rec, req)
				if rec.Code != http.StatusForbidden || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/problem+json") ||
					!strings.Contains(rec.Body.String(), `"field":"Origin"`) {
					t.Errorf("key %q, %s %s with %v: %d %s, want 403 problem naming Origin", key, r.method, path, h, rec.Code, rec.Body)
				}
			}
			for _, h := range []map[string]string{
				{},                                  // curl, a bot
				{"Sec-Fetch-Site": "same-origin"},   // the server's own page
				{"Origin": "http://127.0.0.1:8080"}, // the same, by Origin
			} {
				req := httptest.NewRequest(r.method, path, strings.NewReader(`{}`))
				req.Host = "127.0.0.1:8080"
				req.Header.Set("Content-Type", "application/json")
				for k, v := range h {
					req.Header.Set(k, v)
				}
				rec := httptest.NewRecorder()
				s.Handler().ServeHTTP(rec, req)
				if rec.Code == http.StatusForbidden {
					t.Errorf("%s %s with %v: refused as cross-origin: %s", r.method, path, h, rec.Body)
				}
			}
		}
		if mutating < 15 {
			t.Fatalf("only %d mutating routes walked", mutating)
		}
	}
}

// A body must say it is JSON: absent, another type or a look-alike is 415
// naming Content-Type, on every route that takes one, before the handler
// reads it. application/json with a charset, in any case, is JSON.
func TestABodyMustBeDeclaredJSON(t *testing.T) {
	s := bareServer(DefaultConfig(), games.NewRegistry(), ai.NewRegistry())
	for _, r := range s.table() {
		if r.method != "POST" || r.path == uploadRoute {
			continue
		}
		path := strings.NewReplacer(":id", "X", ":game", "morris", ":name", "x").Replace(r.path)
		for _, ct := range []string{"", "text/plain", "application/jsonx", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "json"} {
			req := httptest.NewRequest("POST", "http://127.0.0.1"+path, strings.NewReader(`{"population":2}`))
			if ct != "" {
				req.Header.Set("Content-Type", ct)
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			if rec.Code != http.StatusUnsupportedMediaType || !strings.Contains(rec.Body.String(), `"field":"Content-Type"`) {
				t.Errorf("POST %s as %q: %d %s, want 415 naming Content-Type", path, ct, rec.Code, rec.Body)
			}
		}
		for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON"} {
			req := httptest.NewRequest("POST", "http://127.0.0.1"+path, strings.NewReader(`{}`))
			req.Header.Set("Content-Type", ct)
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			if rec.Code == http.StatusUnsupportedMediaType {
				t.Errorf("POST %s as %q refused: %s", path, ct, rec.Body)
			}
		}
	}
	// An upload is a file: multipart/form-data and nothing else.
	for _, ct := range []string{"", "text/plain", "application/json", "application/x-www-form-urlencoded", "multipart/mixed; boundary=x"} {
		req := httptest.NewRequest("POST", "http://127.0.0.1"+uploadRoute, strings.NewReader("--x--"))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusUnsupportedMediaType || !strings.Contains(rec.Body.String(), `"field":"Content-Type"`) {
			t.Errorf("POST %s as %q: %d %s, want 415 naming Content-Type", uploadRoute, ct, rec.Code, rec.Body)
		}
	}
}
