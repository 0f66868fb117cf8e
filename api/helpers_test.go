package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gameai/ai"
	"gameai/ai/lessai"
	"gameai/ai/morpionai"
	"gameai/ai/morrisai"
	"gameai/api"
	"gameai/arena"
	"gameai/games"
	"gameai/games/less"
	"gameai/games/morpion"
	"gameai/games/morris"
	"gameai/hosting"
	"gameai/internal/redistest"
	"gameai/jobs"
	"gameai/jobs/kinds"
	"gameai/store"
	"gameai/store/memory"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type env struct {
	srv    *api.Server
	url    string
	gate   *gate
	runner *jobs.Runner
	steps  chan struct{}
	store  *store.Store
	// looks wakes the env's ladders (every ladderLook, and at a test's
	// look).
	looks chan time.Time
}

// ladderLook is how often the env's ladders look at their settings: a
// quarter of a server's second, so that a ladder test waits less.
const ladderLook = 250 * time.Millisecond

// look has a ladder of the env look at its settings as if at time at,
// and returns once a ladder's loop has taken the look.
func (e *env) look(t *testing.T, at time.Time) {
	t.Helper()
	select {
	case e.looks <- at:
	case <-time.After(time.Minute):
		t.Fatal("no ladder took a look in a minute")
	}
}

// forwardLooks sends the time to looks every ladderLook until done closes.
func forwardLooks(looks chan<- time.Time, done <-chan struct{}) {
	tick := time.NewTicker(ladderLook)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			select {
			case looks <- now:
			case <-done:
				return
			}
		case <-done:
			return
		}
	}
}

// newEnv serves tic-tac-toe with the perfect engine (default) and the gate
// engine; tweak may change the config; st may be nil for a memory store.
func newEnv(t *testing.T, st *store.Store, tweak func(*api.Config)) *env {
	t.Helper()
	return newHostingEnv(t, st, tweak, nil)
}

// newHostingEnv is newEnv with a Host for uploaded bots (nil: uploads off).
func newHostingEnv(t *testing.T, st *store.Store, tweak func(*api.Config), host *hosting.Host) *env {
	t.Helper()
	if st == nil {
		st = memory.New(store.Config{})
	}
	g := games.NewRegistry()
	g.Register(tictactoe{})
	g.Register(morpion.Game)
	g.Register(morris.Game)
	e := ai.NewRegistry()
	e.Register(ai.EngineInfo{Game: "tictactoe", Name: "perfect", Version: "1", Description: "full negamax", Deterministic: true, Engine: perfect{}})
	e.Register(morpionai.NRPAInfo())
	e.Register(morpionai.NMCSInfo())
	e.Register(morpionai.DNAGreedyInfo())
	g.Register(less.Game)
	for _, info := range lessai.Infos() {
		e.Register(info)
	}
	gt := &gate{started: make(chan struct{}, 10), release: make(chan struct{})}
	e.Register(ai.EngineInfo{Game: "tictactoe", Name: "gate", Version: "1", Engine: gt})
	cfg := api.DefaultConfig()
	if tweak != nil {
		tweak(&cfg)
	}
	e.Register(morrisai.AlphaBetaInfo(cfg.Morris))
	e.Register(morrisai.MCTSInfo())
	runner := jobs.New(st.Jobs, jobs.Config{ProgressEvery: 1}, quiet)
	steps := make(chan struct{})
	registerTestJobs(runner, steps)
	ref := &arena.Runner{}
	if host != nil {
		ref = host.Referee()
	}
	looks, done := make(chan time.Time), make(chan struct{})
	go forwardLooks(looks, done)
	kinds.Register(runner, kinds.Deps{Store: st, Log: quiet, Players: kinds.Here{Arena: ref, DBDir: cfg.MorrisDB}, MorrisDB: cfg.MorrisDB,
		LadderLooks: func() (<-chan time.Time, func()) { return looks, func() {} }})
	srv := api.New(cfg, api.Deps{Games: g, Engines: e, Store: st, Jobs: runner, Log: quiet, Version: "test", Hosting: host})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		close(gt.release)
		ts.Close()
		close(done)
	})
	return &env{srv: srv, url: ts.URL, gate: gt, runner: runner, store: st, steps: steps, looks: looks}
}

type reply struct {
	status int
	header http.Header
	body   []byte
}

func (r reply) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.body, err)
	}
}

// problem decodes a problem+json answer and checks its status and type.
func (r reply) problem(t *testing.T, status int) api.Problem {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("Content-Type %q, want application/problem+json", ct)
	}
	var p api.Problem
	r.json(t, &p)
	if p.Status != status || p.Title == "" || p.Type == "" {
		t.Errorf("problem %+v lacks status, title or type", p)
	}
	return p
}

func (r reply) hasField(t *testing.T, p api.Problem, field string) api.FieldError {
	t.Helper()
	for _, f := range p.Errors {
		if f.Field == field {
			if f.Reason == "" {
				t.Errorf("field %s has no reason", field)
			}
			return f
		}
	}
	t.Fatalf("problem %s does not name field %q", r.body, field)
	return api.FieldError{}
}

func (e *env) do(t *testing.T, method, path string, body any, headers ...string) reply {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: out}
}

func (r reply) ok(t *testing.T, status int) reply {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	return r
}

func map1(k, v string) map[string]string { return map[string]string{k: v} }

// jobResult waits for a job that does real work to end, fails the test
// unless it succeeded, and decodes its result.
func jobResult[R any](t *testing.T, e *env, id string) R {
	t.Helper()
	var j api.JobResponse
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+id, nil).ok(t, 200).json(t, &j)
		switch store.JobStatus(j.Status) {
		case store.JobSucceeded, store.JobFailed, store.JobCancelled, store.JobInterrupted:
			return true
		}
		return false
	})
	if j.Status != string(store.JobSucceeded) {
		t.Fatalf("job %s: %s, error %q", id, j.Status, j.Error)
	}
	var res R
	if err := json.Unmarshal(j.Result, &res); err != nil {
		t.Fatalf("job %s: result %s: %v", id, j.Result, err)
	}
	return res
}

// bothStores opens a store of each kind for a test that runs on both: in
// memory, and on the test's Redis (under a prefix of its own).
func bothStores(t *testing.T) map[string]func(t *testing.T) *store.Store {
	url := redistest.URL(t)
	return map[string]func(t *testing.T) *store.Store{
		"memory": func(*testing.T) *store.Store { return memory.New(store.Config{}) },
		"redis":  func(t *testing.T) *store.Store { return redistest.Store(t, url, redistest.Prefix(t)) },
	}
}
