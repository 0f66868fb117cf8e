package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"gameai/api"
	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/redisstore"
)

// TestRedisGoesAwayAndComesBack stops the server's redis-server (by its PID)
// with a session, a cached analysis and a running job in it; every route
// must then answer (503 store-unavailable where it needs the store, the
// answer itself where it does not) and the job must go on in memory. With
// Redis started again, and gameai never restarted, everything works, and the
// job's progress made while Redis was away is written, once.
func TestRedisGoesAwayAndComesBack(t *testing.T) {
	rs := redistest.Start(t)
	redisstore.SetLogger(quiet)
	st := redistest.Store(t, rs.URL(), "chaos:")
	e := newEnv(t, st, nil)

	s, search, j := fillStore(t, e, 5)

	rs.Stop()
	// The job takes two steps while Redis is away.
	e.steps <- struct{}{}
	e.steps <- struct{}{}

	whileRedisIsAway(t, e, s, search, j)

	rs.Restart()
	// The client's pool probes a dead server once a second.
	waitFor(t, func() bool { return e.do(t, "GET", "/readyz", nil).status == 200 })
	onceRedisIsBack(t, e, st, s, search, j)
}

// whileRedisIsAway: every route that needs the store answers 503
// store-unavailable (without Redis's address), what needs none is served,
// and the metrics count the absence.
func whileRedisIsAway(t *testing.T, e *env, s api.SessionResponse, search api.BestMoveRequest, j *store.Job) {
	unavailable := func(method, path string, body any) {
		t.Helper()
		r := e.do(t, method, path, body)
		p := r.problem(t, http.StatusServiceUnavailable)
		if p.Type != "urn:gameai:problem:store-unavailable" || r.header.Get("Retry-After") == "" ||
			strings.Contains(string(r.body), "127.0.0.1:") {
			t.Errorf("%s %s: %+v, Retry-After %q", method, path, p, r.header.Get("Retry-After"))
		}
	}
	unavailable("POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{})
	unavailable("GET", "/v1/sessions/"+s.ID, nil)
	unavailable("POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "a1"})
	unavailable("POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{})
	unavailable("DELETE", "/v1/sessions/"+s.ID, nil)
	unavailable("GET", "/v1/jobs/"+j.ID, nil)
	unavailable("DELETE", "/v1/jobs/"+j.ID, nil)
	unavailable("POST", "/v1/morpion/searches", map[string]any{"variant": "5D", "algorithm": "dna",
		"budget": map[string]any{"time_ms": 1000}})
	unavailable("POST", "/v1/morris/tunings", smallTuning(1))
	unavailable("POST", "/v1/less/matches", api.LessMatchRequest{Bots: []string{"greedy", "greedy", "greedy", "greedy"}, Games: 2})
	unavailable("GET", "/v1/morpion/records?variant=5T", nil)
	unavailable("GET", "/v1/morris/strategies", nil)
	unavailable("POST", "/v1/games/morris/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Depth: 2},
		EngineOptions: map[string]string{"strategy": "trained-in-redis"}})
	e.do(t, "GET", "/readyz", nil).ok(t, http.StatusServiceUnavailable)

	// What needs no store is served.
	e.do(t, "GET", "/healthz", nil).ok(t, 200)
	e.do(t, "GET", "/v1/games", nil).ok(t, 200)
	var res api.BestMoveResponse
	e.do(t, "POST", "/v1/games/tictactoe/best-move", search).ok(t, 200).json(t, &res)
	if res.Move != "c1" || res.Cached {
		t.Errorf("best move with Redis away = %+v, want c1 searched afresh", res)
	}
	e.do(t, "POST", "/v1/games/morris/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Depth: 2},
		EngineOptions: map[string]string{"strategy": "ga-2019-best"}}).ok(t, 200)
	// A search bounded by time reads and writes the shared table: cold.
	e.do(t, "POST", "/v1/games/morris/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{TimeMS: 100},
		EngineOptions: map[string]string{"strategy": "ga-2019-best"}}).ok(t, 200)
	e.do(t, "POST", "/v1/morpion/dna/interpret", map[string]any{"variant": "5T", "dna": "ascending"}).ok(t, 200)

	metrics := string(e.do(t, "GET", "/metrics", nil).ok(t, 200).body)
	for _, op := range []string{"analysis-get", "analysis-put", "request", "tt-load", "tt-store"} {
		if !strings.Contains(metrics, `gameai_store_unavailable_total{op="`+op+`"}`) {
			t.Errorf("/metrics does not count the store's absence for %s", op)
		}
	}
}

// onceRedisIsBack: the session and the cached analysis are there again,
// new work runs, and the job's next checkpoint writes what it did while
// Redis was away.
func onceRedisIsBack(t *testing.T, e *env, st *store.Store, s api.SessionResponse, search api.BestMoveRequest, j *store.Job) {
	var res api.BestMoveResponse
	var got api.SessionResponse
	e.do(t, "GET", "/v1/sessions/"+s.ID, nil).ok(t, 200).json(t, &got)
	if got.Position != "....x...." {
		t.Errorf("session after Redis came back = %+v", got)
	}
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "a1"}).ok(t, 200)
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).ok(t, 201)
	e.do(t, "POST", "/v1/games/tictactoe/best-move", search).ok(t, 200).json(t, &res)
	if !res.Cached {
		t.Errorf("the analysis cached before the outage was not served: %+v", res)
	}

	var fresh api.JobResponse
	e.do(t, "POST", "/v1/morpion/searches", map[string]any{"variant": "5D", "algorithm": "dna",
		"budget": map[string]any{"time_ms": 300}}).ok(t, http.StatusAccepted).json(t, &fresh)
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+fresh.ID, nil).ok(t, 200).json(t, &fresh)
		return fresh.Status == "succeeded"
	})

	// The job's next checkpoint writes everything it did meanwhile.
	e.steps <- struct{}{}
	var job api.JobResponse
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &job)
		return string(job.Progress.Best) == "4"
	})
	e.steps <- struct{}{}
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &job)
		return job.Status == "succeeded"
	})
	if string(job.Result) != "5" {
		t.Errorf("job result %s", job.Result)
	}
	live, err := st.Jobs.Live(context.Background())
	if err != nil || len(live) != 0 {
		t.Errorf("live jobs after the job ended: %v, %v", live, err)
	}
}
