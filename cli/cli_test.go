package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/ai"
	"gameai/games"
	"gameai/internal/waitfor"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestFlagsReadEnvironmentAndFlagsWin(t *testing.T) {
	cfg, err := parseServe([]string{"--max-search-time", "10s"}, env(map[string]string{
		"GAMEAI_ADDR": "127.0.0.1:9999", "GAMEAI_MAX_SEARCH_TIME": "5s", "GAMEAI_API_KEY": "k", "GAMEAI_BOT_MEMORY_MIB": "64",
		"GAMEAI_BOT_ADMISSIONS": "3", "GAMEAI_OWNER_BOT_VERSIONS": "9", "GAMEAI_OWNER_BOT_MIB": "16",
		"GAMEAI_REGISTRATION": "invite", "GAMEAI_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8,::1",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.addr != "127.0.0.1:9999" || cfg.api.APIKey != "k" || cfg.botMemory != 64<<20 ||
		cfg.admissions != 3 || cfg.ownerVersions != 9 || cfg.ownerBytes != 16<<20 || cfg.api.Registration != "invite" ||
		len(cfg.api.TrustedProxies) != 3 || cfg.api.TrustedProxies[0].String() != "127.0.0.1/32" || cfg.api.TrustedProxies[2].String() != "::1/128" {
		t.Errorf("environment not applied: %+v", cfg)
	}
	if cfg.api.MaxSearchTime != 10*time.Second {
		t.Errorf("max search time = %v, the flag (10s) must win over the environment (5s)", cfg.api.MaxSearchTime)
	}
	if cfg.api.RequestTimeout != 25*time.Second {
		t.Errorf("request timeout = %v, want max-search-time + 15s", cfg.api.RequestTimeout)
	}
}

func TestFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{nil, map[string]string{"GAMEAI_MAX_SEARCH_TIME": "soon"}, "GAMEAI_MAX_SEARCH_TIME"},
		{[]string{"--max-searches", "0"}, nil, "--max-searches"},
		{[]string{"--default-search-time", "1m"}, nil, "--default-search-time"},
		{[]string{"--request-timeout", "1s"}, nil, "--request-timeout"},
		{[]string{"extra"}, nil, "unexpected arguments"},
		{[]string{"--bot-memory-mib", "8"}, nil, "--bot-memory-mib"},
		{[]string{"--bot-admissions", "0"}, nil, "--bot-admissions"},
		{[]string{"--registration", "anyone"}, nil, "--registration"},
		{[]string{"--trusted-proxies", "proxy.local"}, nil, "--trusted-proxies"},
		{[]string{"--registration", "open"}, nil, "--api-key"},
		{nil, map[string]string{"GAMEAI_REGISTRATION": "invite"}, "--api-key"},
	} {
		_, err := parseServe(c.args, env(c.env), io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseServe(%v, %v) = %v, want an error naming %s", c.args, c.env, err, c.want)
		}
	}
}

func TestHelpListsEveryVariable(t *testing.T) {
	var out bytes.Buffer
	if code := Main(context.Background(), []string{"serve", "--help"}, io.Discard, &out); code != 0 {
		t.Fatalf("--help exit code %d", code)
	}
	for _, v := range []string{"GAMEAI_ADDR", "GAMEAI_REDIS_URL", "GAMEAI_API_KEY", "GAMEAI_MAX_SEARCH_TIME", "GAMEAI_SHUTDOWN_GRACE"} {
		if !strings.Contains(out.String(), v) {
			t.Errorf("serve --help does not mention %s", v)
		}
	}
	if code := Main(context.Background(), []string{"frobnicate"}, io.Discard, io.Discard); code != 2 {
		t.Errorf("unknown command exit code %d, want 2", code)
	}
	out.Reset()
	if code := Main(context.Background(), []string{"version"}, &out, io.Discard); code != 0 || !strings.HasPrefix(out.String(), "gameai ") {
		t.Errorf("version = %d %q", code, out.String())
	}
}

// --allowed-hosts takes a comma-separated list, from the flag or the
// environment.
func TestAllowedHostsParse(t *testing.T) {
	env := func(k string) string {
		if k == "GAMEAI_ALLOWED_HOSTS" {
			return " gameai.example.org, *.example.net ,"
		}
		return ""
	}
	c, err := parseServe(nil, env, io.Discard)
	if err != nil || strings.Join(c.api.AllowedHosts, "|") != "gameai.example.org|*.example.net" {
		t.Errorf("allowed hosts %q, %v", c.api.AllowedHosts, err)
	}
}

// Help asked for is printed on stdout with exit 0; no command at all is a
// usage error on stderr; --version is the version command, which takes no
// arguments.
func TestTopLevelHelpAndVersion(t *testing.T) {
	for _, c := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"--help"}, 0, "usage: gameai COMMAND", ""},
		{[]string{"help"}, 0, "usage: gameai COMMAND", ""},
		{[]string{"-h"}, 0, "usage: gameai COMMAND", ""},
		{nil, 2, "", "usage: gameai COMMAND"},
		{[]string{"--version"}, 0, "gameai ", ""},
		{[]string{"version", "extra"}, 1, "", "unexpected arguments"},
	} {
		var out, errOut bytes.Buffer
		code := Main(context.Background(), c.args, &out, &errOut)
		if code != c.code || !strings.Contains(out.String(), c.stdout) || !strings.Contains(errOut.String(), c.stderr) ||
			(c.stdout == "" && out.Len() > 0) || (c.stderr == "" && errOut.Len() > 0) {
			t.Errorf("gameai %q: exit %d (want %d), stdout %q (want %q), stderr %q (want %q)",
				c.args, code, c.code, out.String(), c.stdout, errOut.String(), c.stderr)
		}
	}
}

// oneMove is a test game with one move, served by a slow engine, to hold a
// request open across a shutdown.
type oneMove struct{ done bool }

type theMove struct{}

func (theMove) String() string { return "go" }

type oneMoveGame struct{}

func (oneMoveGame) Name() string                { return "onemove" }
func (oneMoveGame) Title() string               { return "One move" }
func (oneMoveGame) Variants() []string          { return []string{"standard"} }
func (oneMoveGame) Players() int                { return 1 }
func (oneMoveGame) Options() []games.OptionSpec { return nil }
func (oneMoveGame) NewState(string, games.Options) (games.State, error) {
	return &oneMove{}, nil
}
func (oneMoveGame) ParseState(_ string, _ games.Options, text string) (games.State, error) {
	switch text {
	case "start":
		return &oneMove{}, nil
	case "end":
		return &oneMove{done: true}, nil
	}
	return nil, &games.ParseError{Offset: 0, Reason: "want start or end"}
}
func (s *oneMove) Game() games.Game       { return oneMoveGame{} }
func (s *oneMove) Variant() string        { return "standard" }
func (s *oneMove) Options() games.Options { return games.Options{} }
func (s *oneMove) String() string {
	if s.done {
		return "end"
	}
	return "start"
}
func (s *oneMove) ToMove() int {
	if s.done {
		return -1
	}
	return 0
}
func (s *oneMove) LegalMoves() []games.Move {
	if s.done {
		return nil
	}
	return []games.Move{theMove{}}
}
func (s *oneMove) ParseMove(string) (games.Move, error) { return theMove{}, nil }
func (s *oneMove) Play(games.Move) error                { s.done = true; return nil }
func (s *oneMove) Terminal() bool                       { return s.done }
func (s *oneMove) Result() []float64                    { return []float64{map[bool]float64{true: 1}[s.done]} }
func (s *oneMove) Hash() uint64                         { return map[bool]uint64{true: 1}[s.done] }
func (s *oneMove) Clone() games.State                   { c := *s; return &c }

// slowEngine answers once released, whatever its context says: a search
// still at work when the server is told to stop.
type slowEngine struct{ started, release chan struct{} }

func (e slowEngine) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	close(e.started)
	<-e.release
	return ai.Result{Move: theMove{}, Depth: 1, Nodes: 1}, nil
}

func TestServeAnswersAndShutsDownGracefully(t *testing.T) {
	cfg, err := parseServe([]string{"--addr", "127.0.0.1:0", "--shutdown-grace", "5s"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	g, e := registries(nil)
	g.Register(oneMoveGame{})
	started, release := make(chan struct{}), make(chan struct{})
	e.Register(ai.EngineInfo{Game: "onemove", Name: "slow", Version: "1", Engine: slowEngine{started: started, release: release}})
	ctx, stop := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	served := make(chan error, 1)
	go func() { served <- serve(ctx, cfg, g, e, io.Discard, func(a string) { addrc <- a }) }()
	base := "http://" + <-addrc

	get := func(path string) (*http.Response, string) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	if resp, body := get("/v1/games"); resp.StatusCode != 200 || !strings.Contains(body, `"onemove"`) {
		t.Errorf("/v1/games = %d %s", resp.StatusCode, body)
	}
	if resp, body := get("/swagger/index.html"); resp.StatusCode != 200 || !strings.Contains(body, "swagger") {
		t.Errorf("/swagger/index.html = %d", resp.StatusCode)
	}
	resp, err := http.Post(base+"/v1/games/onemove/best-move", "application/json", strings.NewReader(`{"limits":{"time_ms":-1}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("bad request = %d %s, want a 400 problem", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	// A search in flight when the signal comes still gets its answer.
	var wg sync.WaitGroup
	var status int
	var body map[string]any
	wg.Go(func() {
		resp, err := http.Post(base+"/v1/games/onemove/best-move", "application/json", strings.NewReader(`{}`))
		if err != nil {
			t.Error(err)
			return
		}
		defer resp.Body.Close()
		status = resp.StatusCode
		_ = json.NewDecoder(resp.Body).Decode(&body)
	})
	<-started
	stop()
	// The search answers only once the server has stopped taking
	// requests: shutting down, it still waits for the search.
	waitfor.Check(t, 10*time.Second, "the server refusing new requests", func() bool {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
		resp, err := c.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
		}
		return err != nil
	})
	close(release)
	wg.Wait()
	if status != 200 || body["move"] != "go" {
		t.Errorf("in-flight search during shutdown = %d %v, want 200 with its move", status, body)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return after shutdown")
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

func TestServeFailsOnBadRedis(t *testing.T) {
	cfg, err := parseServe([]string{"--addr", "127.0.0.1:0", "--redis-url", "redis://127.0.0.1:1/0"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	g, e := registries(nil)
	err = serve(context.Background(), cfg, g, e, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), "redis") {
		t.Errorf("serve with an unreachable Redis = %v, want a redis error", err)
	}
}

// TestEveryServeFlagIsDocumented: docs/running.md's table of serve's flags
// names every flag and variable `gameai serve --help` prints, so a flag
// added in the code cannot go unsaid (two did for a session).
func TestEveryServeFlagIsDocumented(t *testing.T) {
	var out bytes.Buffer
	if code := Main(context.Background(), []string{"serve", "--help"}, io.Discard, &out); code != 0 {
		t.Fatalf("--help exit code %d", code)
	}
	doc, err := os.ReadFile("../docs/running.md")
	if err != nil {
		t.Fatal(err)
	}
	flags := regexp.MustCompile(`(?m)^\s+(--[a-z0-9-]+)`).FindAllStringSubmatch(out.String(), -1)
	if len(flags) < 20 {
		t.Fatalf("serve --help lists %d flags:\n%s", len(flags), out.String())
	}
	for _, f := range flags {
		if !strings.Contains(string(doc), "`"+f[1]+"`") {
			t.Errorf("docs/running.md does not document %s", f[1])
		}
	}
	for _, v := range regexp.MustCompile(`GAMEAI_[A-Z0-9_]+`).FindAllString(out.String(), -1) {
		if !strings.Contains(string(doc), "`"+v+"`") {
			t.Errorf("docs/running.md does not name %s", v)
		}
	}
}
