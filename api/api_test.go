package api_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/api"
	"gameai/internal/waitfor"
)

func TestListGames(t *testing.T) {
	e := newEnv(t, nil, nil)
	var out api.GamesResponse
	e.do(t, "GET", "/v1/games", nil).ok(t, 200).json(t, &out)
	if len(out.Games) != 4 || out.Games[0].Name != "less" || out.Games[1].Name != "morpion" || out.Games[2].Name != "morris" || out.Games[3].Name != "tictactoe" {
		t.Fatalf("games = %+v, want less, morpion, morris and tictactoe", out.Games)
	}
	if l := out.Games[0]; l.Players != 4 || len(l.Engines) != 4 || l.Engines[0].Name != "uct" || !l.Engines[0].Default {
		t.Errorf("less = %+v", l)
	}
	if m := out.Games[1]; m.Players != 1 || len(m.Variants) != 2 || len(m.Engines) != 3 || m.Engines[0].Name != "nrpa" ||
		!m.Engines[0].Default || m.Engines[1].Name != "nmcs" || m.Engines[2].Name != "dna-greedy" {
		t.Errorf("morpion = %+v", m)
	}
	// nrpa's level, patience, layers and extend have no fixed default:
	// the budget's row gives them.
	if o := out.Games[1].Engines[0].Options; len(o) != 7 || o[0].Name != "level" || o[0].Kind != "int" || o[0].Default != "" ||
		o[0].Min == nil || *o[0].Min != 1 || *o[0].Max != 5 || o[3].Name != "patience" || o[4].Name != "layers" || o[4].Kind != "bool" {
		t.Errorf("nrpa's options = %+v", o)
	}
	if m := out.Games[2]; m.Players != 2 || len(m.Variants) != 3 || m.Engines[0].Name != "alphabeta" || len(m.Options) != 5 {
		t.Errorf("morris = %+v", m)
	}
	g := out.Games[3]
	if g.Name != "tictactoe" || g.Players != 2 || len(g.Variants) != 1 || len(g.Engines) != 2 || len(g.Options) != 1 {
		t.Errorf("game = %+v", g)
	}
	if !g.Engines[0].Default || g.Engines[0].Name != "perfect" || g.Engines[1].Default {
		t.Errorf("engines = %+v, want perfect as the default", g.Engines)
	}
	if g.Options[0].Name != "misere" || g.Options[0].Kind != "bool" || g.Options[0].Default != "false" {
		t.Errorf("options = %+v", g.Options)
	}
}

func TestBestMoveFindsTheWinAndCachesIt(t *testing.T) {
	e := newEnv(t, nil, nil)
	req := api.BestMoveRequest{Position: "xx.oo....", Limits: api.LimitsRequest{Depth: 9}}
	var first, second api.BestMoveResponse
	e.do(t, "POST", "/v1/games/tictactoe/best-move", req).ok(t, 200).json(t, &first)
	if first.Move != "c1" || first.Score != 1 || first.Cached || first.PV[0] != "c1" || first.Engine != "perfect" {
		t.Errorf("first answer = %+v, want the winning c1 with score 1, not cached", first)
	}
	e.do(t, "POST", "/v1/games/tictactoe/best-move", req).ok(t, 200).json(t, &second)
	if !second.Cached || second.Move != "c1" || second.Nodes != first.Nodes {
		t.Errorf("second answer = %+v, want the same from the cache", second)
	}
	req.NoCache = true
	e.do(t, "POST", "/v1/games/tictactoe/best-move", req).ok(t, 200).json(t, &second)
	if second.Cached {
		t.Error("no_cache answer came from the cache")
	}
	// Other rules are another analysis: under misère, three in a row loses.
	req = api.BestMoveRequest{Position: "xx.oo....", Options: map1("misere", "true"), Limits: api.LimitsRequest{Depth: 9}}
	var misere api.BestMoveResponse
	e.do(t, "POST", "/v1/games/tictactoe/best-move", req).ok(t, 200).json(t, &misere)
	if misere.Cached || misere.Move == "c1" {
		t.Errorf("misère answer = %+v: must not be c1 nor come from the normal game's cache", misere)
	}
}

func TestBestMoveAfterMoves(t *testing.T) {
	e := newEnv(t, nil, nil)
	var out api.BestMoveResponse
	req := api.BestMoveRequest{Moves: []string{"a1", "a2", "b1", "b2"}}
	e.do(t, "POST", "/v1/games/tictactoe/best-move", req).ok(t, 200).json(t, &out)
	if out.Move != "c1" || out.Position != "xx.oo...." {
		t.Errorf("answer = %+v, want c1 in xx.oo....", out)
	}
}

func TestBestMoveErrors(t *testing.T) {
	e := newEnv(t, nil, nil)
	path := "/v1/games/tictactoe/best-move"
	cases := []struct {
		name   string
		path   string
		body   any
		status int
		field  string
	}{
		{"unknown game", "/v1/games/chess/best-move", api.BestMoveRequest{}, 404, "game"},
		{"unknown engine", path, api.BestMoveRequest{Engine: "deep-blue"}, 404, "engine"},
		{"malformed position", path, api.BestMoveRequest{Position: "xx?oo...."}, 400, "position"},
		{"bad variant", path, api.BestMoveRequest{Variant: "4x4"}, 400, "variant"},
		{"unknown option", path, api.BestMoveRequest{Options: map1("gravity", "true")}, 400, "options.gravity"},
		{"bad option value", path, api.BestMoveRequest{Options: map1("misere", "maybe")}, 400, "options.misere"},
		{"time over the cap", path, api.BestMoveRequest{Limits: api.LimitsRequest{TimeMS: 3_600_000}}, 400, "limits.time_ms"},
		{"depth over the cap", path, api.BestMoveRequest{Limits: api.LimitsRequest{Depth: 1000}}, 400, "limits.depth"},
		{"negative depth", path, `{"limits":{"depth":-3}}`, 400, "limits.depth"},
		{"malformed move", path, api.BestMoveRequest{Moves: []string{"z9"}}, 400, "moves[0]"},
		{"illegal move", path, api.BestMoveRequest{Moves: []string{"a1", "a1"}}, 422, "moves[1]"},
		{"finished game", path, api.BestMoveRequest{Position: "xxxoo...."}, 422, "position"},
		{"unknown field", path, `{"positon":"........."}`, 400, "positon"},
		{"wrong type", path, `{"limits":{"depth":"deep"}}`, 400, "limits.depth"},
		{"bad JSON", path, `{"position":`, 400, "body"},
		{"two values", path, `{} {}`, 400, "body"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(t, "POST", c.path, c.body)
			p := r.problem(t, c.status)
			r.hasField(t, p, c.field)
		})
	}
}

func TestMalformedPositionSaysWhere(t *testing.T) {
	e := newEnv(t, nil, nil)
	r := e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Position: "xx?oo...."})
	p := r.problem(t, 400)
	f := r.hasField(t, p, "position")
	if f.Offset == nil || *f.Offset != 2 {
		t.Errorf("offset = %v, want 2", f.Offset)
	}
}

func TestIllegalMoveListsLegalOnes(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.LegalMovesShown = 3 })
	r := e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Moves: []string{"b2", "b2"}})
	p := r.problem(t, 422)
	if p.Move != "b2" || p.LegalMovesTotal != 8 || len(p.LegalMoves) != 3 || p.LegalMoves[0] != "a1" {
		t.Errorf("problem = %+v, want move b2 with 3 of 8 legal moves listed", p)
	}
}

func TestBodyLimit(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.MaxBodyBytes = 100 })
	r := e.do(t, "POST", "/v1/games/tictactoe/best-move", `{"position":"`+strings.Repeat(".", 200)+`"}`)
	r.hasField(t, r.problem(t, 413), "body")
}

func TestUnknownRouteIsProblem(t *testing.T) {
	e := newEnv(t, nil, nil)
	e.do(t, "GET", "/v1/nothing", nil).problem(t, 404)
	e.do(t, "PUT", "/v1/games", nil).problem(t, 405)
}

func TestTooManySearches(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.MaxSearches = 1 })
	var wg sync.WaitGroup
	wg.Go(func() {
		e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Engine: "gate"}).ok(t, 200)
	})
	<-e.gate.started
	r := e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Engine: "gate", NoCache: true})
	r.problem(t, 429)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	e.gate.release <- struct{}{}
	wg.Wait()
}

func TestSearchStopsAtItsTime(t *testing.T) {
	e := newEnv(t, nil, nil)
	start := time.Now()
	var out api.BestMoveResponse
	e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Engine: "gate", Limits: api.LimitsRequest{TimeMS: 50}}).ok(t, 200).json(t, &out)
	if out.Move == "" {
		t.Error("no move from a search stopped by its deadline")
	}
	<-e.gate.started
	if time.Since(start) > 10*time.Second {
		t.Error("a 50 ms search was not stopped by its deadline")
	}
}

func TestHealthMetricsAndSwagger(t *testing.T) {
	e := newEnv(t, nil, nil)
	var h api.HealthResponse
	e.do(t, "GET", "/healthz", nil).ok(t, 200).json(t, &h)
	if h.Status != "ok" || h.Version != "test" {
		t.Errorf("healthz = %+v", h)
	}
	e.do(t, "GET", "/readyz", nil).ok(t, 200).json(t, &h)
	if h.Checks["store"] != "ok" {
		t.Errorf("readyz = %+v", h)
	}
	e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Position: "xx.oo...."}).ok(t, 200)
	m := string(e.do(t, "GET", "/metrics", nil).ok(t, 200).body)
	for _, want := range []string{
		`gameai_http_requests_total{method="POST",route="/v1/games/:game/best-move",status="200"} 1`,
		"gameai_searches_running 0",
		`gameai_search_nodes_total{engine="perfect",game="tictactoe"}`,
		"gameai_http_request_duration_seconds_bucket",
	} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if body := string(e.do(t, "GET", "/swagger/index.html", nil).ok(t, 200).body); !strings.Contains(body, "swagger") {
		t.Error("/swagger/index.html is not the Swagger UI")
	}
	doc := string(e.do(t, "GET", "/swagger/doc.json", nil).ok(t, 200).body)
	for _, route := range []string{"/v1/games/{game}/best-move", "/v1/sessions/{id}/engine-move", "/v1/jobs/{id}", "api.Problem"} {
		if !strings.Contains(doc, route) {
			t.Errorf("doc.json lacks %s", route)
		}
	}
}

func TestSessionPlaysAWholeGame(t *testing.T) {
	e := newEnv(t, nil, nil)
	var s api.SessionResponse
	r := e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).ok(t, 201)
	r.json(t, &s)
	if r.header.Get("Location") != "/v1/sessions/"+s.ID || s.ToMove != 0 || s.LegalMovesTotal != 9 || s.Position != "........." {
		t.Fatalf("new session = %+v", s)
	}
	path := "/v1/sessions/" + s.ID
	e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "a1"}).ok(t, 200).json(t, &s)
	if s.Position != "x........" || s.ToMove != 1 || len(s.Moves) != 1 {
		t.Errorf("after a1: %+v", s)
	}
	p := e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "a1"}).problem(t, 422)
	if p.Move != "a1" || p.LegalMovesTotal != 8 {
		t.Errorf("illegal move problem = %+v", p)
	}
	e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "q7"}).problem(t, 400)
	e.do(t, "POST", path+"/moves", api.MoveRequest{}).problem(t, 400)
	// The engines play both sides to the end: perfect play is a draw.
	for range 8 {
		var em api.EngineMoveResponse
		e.do(t, "POST", path+"/engine-move", api.EngineMoveRequest{}).ok(t, 200).json(t, &em)
		s = em.Session
		if em.Search.Move == "" || s.Moves[len(s.Moves)-1] != em.Search.Move {
			t.Fatalf("engine move %+v not recorded in %+v", em.Search, s)
		}
	}
	if !s.Terminal || s.ToMove != -1 || len(s.Result) != 2 || s.Result[0] != 0.5 || len(s.LegalMoves) != 0 {
		t.Errorf("finished session = %+v, want a draw", s)
	}
	e.do(t, "POST", path+"/engine-move", api.EngineMoveRequest{}).problem(t, 422)
	var got api.SessionResponse
	e.do(t, "GET", path, nil).ok(t, 200).json(t, &got)
	if got.Position != s.Position || len(got.Moves) != 9 {
		t.Errorf("GET = %+v, want %+v", got, s)
	}
	e.do(t, "DELETE", path, nil).ok(t, 204)
	e.do(t, "GET", path, nil).problem(t, 404)
	e.do(t, "DELETE", path, nil).problem(t, 404)
}

func TestSessionFromPositionAndOptions(t *testing.T) {
	e := newEnv(t, nil, nil)
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{Position: "xx.oo....", Options: map1("misere", "true")}).ok(t, 201).json(t, &s)
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "c1"}).ok(t, 200).json(t, &s)
	if !s.Terminal || s.Result[0] != 0 || s.Result[1] != 1 {
		t.Errorf("misère three in a row: %+v, want x to lose", s)
	}
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{Position: "xxxxx"}).problem(t, 400)
	e.do(t, "POST", "/v1/games/nope/sessions", api.CreateSessionRequest{}).problem(t, 404)
}

func TestSessionLengthIsCapped(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.MaxSessionMoves = 2 })
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &s)
	for _, m := range []string{"a1", "b1"} {
		e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: m}).ok(t, 200)
	}
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "c1"}).problem(t, 422)
}

func TestJobsRoutes(t *testing.T) {
	e := newEnv(t, nil, nil)
	j, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": 3})
	if err != nil {
		t.Fatal(err)
	}
	e.steps <- struct{}{}
	var got api.JobResponse
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &got)
		return string(got.Progress.Best) == "1"
	})
	if got.Status != "running" || got.Kind != "steps" {
		t.Errorf("job = %+v", got)
	}
	e.do(t, "DELETE", "/v1/jobs/"+j.ID, nil).ok(t, 202)
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &got)
		return got.Status == "cancelled"
	})
	if string(got.Result) != "1" {
		t.Errorf("cancelled job result = %s, want its best so far, 1", got.Result)
	}
	e.do(t, "GET", "/v1/jobs/nope", nil).problem(t, 404)
	e.do(t, "DELETE", "/v1/jobs/nope", nil).problem(t, 404)
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	waitUpTo(t, 10*time.Second, cond)
}

// waitLong is for jobs that do real work, slower on a busy machine: a
// ceiling, not a speed target. Under the race detector three times as
// long (a Less competition with a confined bot took over 90 s there with
// the machine's two cores busy besides).
func waitLong(t *testing.T, cond func() bool) {
	t.Helper()
	waitUpTo(t, time.Duration(min(raceSlowdown, 3))*90*time.Second, cond)
}

func waitUpTo(t *testing.T, d time.Duration, cond func() bool) {
	t.Helper()
	waitfor.Check(t, d, "the condition", cond)
}

func TestContentTypeMustBeJSON(t *testing.T) {
	e := newEnv(t, nil, nil)
	r := e.do(t, "POST", "/v1/games/tictactoe/best-move", "{}", "Content-Type", "text/plain")
	r.problem(t, http.StatusUnsupportedMediaType)
}

// A person who opens the server in a browser gets the page, not a 404.
func TestThePageIsServed(t *testing.T) {
	e := newEnv(t, nil, nil)
	r := e.do(t, "GET", "/", nil).ok(t, 200)
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") || !strings.Contains(string(r.body), `src="/web/app.js"`) {
		t.Errorf("/ is %q: %.200s", ct, r.body)
	}
	for path, ct := range map[string]string{"/web/app.js": "javascript", "/web/morris.js": "javascript", "/web/app.css": "text/css"} {
		r := e.do(t, "GET", path, nil).ok(t, 200)
		if !strings.Contains(r.header.Get("Content-Type"), ct) {
			t.Errorf("%s is %q", path, r.header.Get("Content-Type"))
		}
	}
	e.do(t, "GET", "/web/nope.js", nil).problem(t, 404)
	e.do(t, "GET", "/web/", nil).problem(t, 404)
}

// A search bounded by time alone, or by iterations alone, is cached with
// what it reached and serves any request of the same position with no
// larger budget of that kind; a smaller one never replaces a larger one.
func TestBudgetedAnalysesServeSmallerBudgets(t *testing.T) {
	e := newEnv(t, nil, nil)
	ask := func(limits api.LimitsRequest) api.BestMoveResponse {
		t.Helper()
		var r api.BestMoveResponse
		e.do(t, "POST", "/v1/games/morris/best-move", api.BestMoveRequest{Limits: limits}).ok(t, 200).json(t, &r)
		return r
	}
	first := ask(api.LimitsRequest{TimeMS: 150})
	if first.Cached || first.Depth < 1 {
		t.Fatalf("first search %+v", first)
	}
	if r := ask(api.LimitsRequest{TimeMS: 100}); !r.Cached || r.Depth != first.Depth || r.Move != first.Move || r.Nodes != first.Nodes {
		t.Errorf("100 ms after 150 ms: %+v, want the 150 ms analysis", r)
	}
	if r := ask(api.LimitsRequest{TimeMS: 150}); !r.Cached {
		t.Errorf("the same budget again was searched: %+v", r)
	}
	if r := ask(api.LimitsRequest{TimeMS: 300}); r.Cached {
		t.Errorf("300 ms after 150 ms came from the cache: %+v", r)
	}
	// A depth-limited search is another kind: it neither serves nor is
	// served by time-limited ones.
	if r := ask(api.LimitsRequest{Depth: 2}); r.Cached {
		t.Errorf("depth 2 came from a time-limited analysis: %+v", r)
	}

	// MCTS by iterations alike (Less).
	lessAsk := func(n int64) api.BestMoveResponse {
		t.Helper()
		var r api.BestMoveResponse
		e.do(t, "POST", "/v1/games/less/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Iterations: n}}).ok(t, 200).json(t, &r)
		return r
	}
	big := lessAsk(3000)
	if r := lessAsk(1000); !r.Cached || r.Nodes != big.Nodes {
		t.Errorf("1000 iterations after 3000: %+v", r)
	}
	if r := lessAsk(5000); r.Cached || r.Nodes != 5000 {
		t.Errorf("5000 iterations after 3000: %+v", r)
	}
	// A fresh search of 4000 (no_cache skips the look-up) must not replace
	// the 5000 analysis.
	var fresh api.BestMoveResponse
	e.do(t, "POST", "/v1/games/less/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Iterations: 4000},
		NoCache: true}).ok(t, 200).json(t, &fresh)
	if fresh.Cached || fresh.Nodes != 4000 {
		t.Errorf("no_cache: %+v", fresh)
	}
	if r := lessAsk(4500); !r.Cached || r.Nodes != 5000 {
		t.Errorf("4500 iterations after 5000 and 4000: %+v, want the 5000 analysis", r)
	}
}

// Every engine's options are listed as data, and the list is what the
// engine takes: each option at its default is accepted by best-move, an
// option not listed is refused naming it, and the description says the
// same (it is made from the table).
func TestEveryEngineTakesTheOptionsItLists(t *testing.T) {
	e := newEnv(t, nil, nil)
	var out api.GamesResponse
	e.do(t, "GET", "/v1/games", nil).ok(t, 200).json(t, &out)
	listed := 0
	for _, g := range out.Games {
		if g.Name == "tictactoe" {
			continue // the tests' own game
		}
		for _, en := range g.Engines {
			defaults := map[string]string{}
			for _, o := range en.Options {
				listed++
				switch o.Kind {
				case "int", "float":
					if o.Min == nil || o.Max == nil {
						t.Errorf("%s %s: int option %s without its range", g.Name, en.Name, o.Name)
					}
					// Listed as the engine checks it: a bias of 0 is off, a
					// scale of 0 is refused.
					if closed := o.Name == "bias"; o.MinClosed != closed {
						t.Errorf("%s %s: option %s min_closed %v, want %v", g.Name, en.Name, o.Name, o.MinClosed, closed)
					}
				case "choice":
					if len(o.Choices) == 0 {
						t.Errorf("%s %s: choice option %s without choices", g.Name, en.Name, o.Name)
					}
				}
				if o.Description == "" || !strings.Contains(en.Description, o.Name+" (") {
					t.Errorf("%s %s: option %s is not described (%q)", g.Name, en.Name, o.Name, en.Description)
				}
				if o.Default != "" {
					defaults[o.Name] = o.Default
				}
			}
			// Small limits of work, not time, which a busy machine would
			// refuse (429).
			lim := api.LimitsRequest{Iterations: 20}
			if en.Name == "alphabeta" || en.Name == "expectimax" || en.Name == "greedy" {
				lim = api.LimitsRequest{Depth: 1}
			}
			req := api.BestMoveRequest{Engine: en.Name, EngineOptions: defaults, Limits: lim, NoCache: true}
			e.do(t, "POST", "/v1/games/"+g.Name+"/best-move", req).ok(t, 200)
			req.EngineOptions = map[string]string{"frobnicate": "1"}
			r := e.do(t, "POST", "/v1/games/"+g.Name+"/best-move", req)
			r.hasField(t, r.problem(t, 400), "engine_options.frobnicate")
		}
	}
	if listed < 12 {
		t.Errorf("%d engine options listed in all", listed)
	}
}

// Engine options as an attacker sends them: numbers past any range, NaN
// and infinities, a huge text, names that are not options. Each is a 400
// naming the option, never a search with it.
func TestHostileEngineOptionsAreRefused(t *testing.T) {
	e := newEnv(t, nil, nil)
	for _, c := range []struct{ game, engine, name, value string }{
		{"less", "uct", "scale", "NaN"},
		{"less", "uct", "c", "1e309"},
		{"less", "mcts", "rave_k", "-Inf"},
		{"less", "uct", "horizon", "99999999999999999999"},
		{"less", "uct", "max_depth", "-1"},
		{"less", "uct", "expand_after", "0"},
		{"less", "mcts", "expand_after", "2147483648"},
		{"less", "uct", "bias", "NaN"},
		{"less", "uct", "bias", "-1e-9"}, // from 0 (off) up
		{"less", "mcts", "bias", "1e309"},
		{"less", "uct", "bias_beside", "Searcher"}, // choices are exact
		{"less", "mcts", "bias_beside", strings.Repeat("searcher", 3000)},
		{"less", "uct", "opponents", "Chance"}, // choices are exact
		{"less", "mcts", "opponents", strings.Repeat("chance", 3000)},
		{"less", "uct", "rave_k", "300"}, // RAVE is mcts's
		{"less", "uct", "teammate", strings.Repeat("max", 3000)},
		{"less", "expectimax", "beam", "0x10"},
		{"morpion", "nrpa", "threads", "100000"},
		{"morpion", "nrpa", "seed", "9007199254740992"},
		{"morris", "mcts", "seed", "-1"},
		{"morris", "alphabeta", "coefficients", strings.Repeat("9,", 5000)},
		{"morris", "alphabeta", "__proto__", "1"},
	} {
		req := api.BestMoveRequest{Engine: c.engine, EngineOptions: map[string]string{c.name: c.value}, Limits: api.LimitsRequest{Iterations: 10}}
		if c.engine == "alphabeta" || c.engine == "expectimax" {
			req.Limits = api.LimitsRequest{Depth: 1}
		}
		r := e.do(t, "POST", "/v1/games/"+c.game+"/best-move", req)
		r.hasField(t, r.problem(t, 400), "engine_options."+c.name)
	}
	// The exact choice is a search, not a refusal.
	req := api.BestMoveRequest{Engine: "uct", EngineOptions: map[string]string{"opponents": "chance"},
		Limits: api.LimitsRequest{Iterations: 10}, NoCache: true}
	e.do(t, "POST", "/v1/games/less/best-move", req).ok(t, 200)
	// The bias's extremes are searches too: a term of any size in a move's
	// value, never a failure.
	for _, v := range []string{"0", "1000"} {
		req.EngineOptions = map[string]string{"bias": v, "bias_beside": "searcher"}
		e.do(t, "POST", "/v1/games/less/best-move", req).ok(t, 200)
	}
}
