package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gameai/ai"
	"gameai/games"
)

func TestHostAllowed(t *testing.T) {
	allowed := []string{"gameai.example.org", "*.games.example.net"}
	for host, want := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:8080": true, "10.1.2.3": true, "localhost:8080": true, "LOCALHOST": true,
		"app.localhost:8080": true, "gameai.example.org": true, "GameAI.Example.Org.:443": true,
		"a.games.example.net": true, "games.example.net": false, "evil.example:8080": false, "": false,
		"localhost.evil.example": false, "127.0.0.1.evil.example": false, "gameai.example.org.evil": false,
	} {
		if got := hostAllowed(host, allowed); got != want {
			t.Errorf("Host %q: %v, want %v", host, got, want)
		}
	}
	if !hostAllowed("anything.example", []string{"*"}) {
		t.Error(`"*" must allow any name`)
	}
}

// DNS rebinding: a page whose name now resolves to this server sends its
// own name as Host. Every route refuses it, reads included (a rebound page
// could read what it asks for), with a 421 problem naming Host; the health
// probes alone answer any Host, or none (a balancer's probe sends none).
func TestEveryRouteRefusesAnUnknownHost(t *testing.T) {
	s := bareServer(DefaultConfig(), games.NewRegistry(), ai.NewRegistry())
	for _, host := range []string{"evil.example", ""} {
		req := httptest.NewRequest("GET", "/healthz", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("/healthz for Host %q: %d %s", host, rec.Code, rec.Body)
		}
	}
	for _, r := range s.table() {
		if r.path == "/healthz" || r.path == "/readyz" {
			continue
		}
		path := strings.NewReplacer(":id", "X", ":game", "morris", ":name", "x", "*", "index.html").Replace(r.path)
		req := httptest.NewRequest(r.method, path, strings.NewReader(`{}`))
		req.Host = "evil.example:8080"
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusMisdirectedRequest || !strings.Contains(rec.Body.String(), `"field":"Host"`) {
			t.Errorf("%s %s for evil.example: %d %s, want 421 naming Host", r.method, path, rec.Code, rec.Body)
		}
	}
	cfg := DefaultConfig()
	cfg.AllowedHosts = []string{"gameai.example.org"}
	s = bareServer(cfg, games.NewRegistry(), ai.NewRegistry())
	req := httptest.NewRequest("GET", "/v1/games", nil)
	req.Host = "gameai.example.org"
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("an allowed name: %d %s", rec.Code, rec.Body)
	}
}
