package api_test

import (
	"context"
	"testing"

	"gameai/api"
	"gameai/internal/redistest"
	"gameai/store"
)

// fillStore puts in e's store what a restart or an outage must not lose: a
// tic-tac-toe session after b2, the analysis of search, and a "steps" job to
// n that has checkpointed its first step.
func fillStore(t *testing.T, e *env, n int) (api.SessionResponse, api.BestMoveRequest, *store.Job) {
	t.Helper()
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &s)
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "b2"}).ok(t, 200)
	search := api.BestMoveRequest{Position: "xx.oo....", Limits: api.LimitsRequest{Depth: 9}}
	e.do(t, "POST", "/v1/games/tictactoe/best-move", search).ok(t, 200)
	j, err := e.runner.Submit(context.Background(), "steps", map[string]int{"N": n})
	if err != nil {
		t.Fatal(err)
	}
	e.steps <- struct{}{}
	waitFor(t, func() bool {
		got, err := e.store.Jobs.Get(context.Background(), j.ID)
		return err == nil && string(got.Checkpoint) == `{"I":1}`
	})
	return s, search, j
}

// TestRedisSurvivesRestart runs a server on Redis, stops it, starts another
// on the same Redis, and finds the session, the cached analysis and the job.
func TestRedisSurvivesRestart(t *testing.T) {
	url := redistest.URL(t)
	prefix := redistest.Prefix(t)
	open := func() *store.Store { return redistest.Store(t, url, prefix) }

	a := newEnv(t, open(), nil)
	s, search, j := fillStore(t, a, 3)
	if err := a.runner.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}

	b := newEnv(t, open(), nil)
	close(b.steps) // the resumed job runs through
	var got api.SessionResponse
	b.do(t, "GET", "/v1/sessions/"+s.ID, nil).ok(t, 200).json(t, &got)
	if got.Position != "....x...." || len(got.Moves) != 1 {
		t.Errorf("session after restart = %+v", got)
	}
	var res api.BestMoveResponse
	b.do(t, "POST", "/v1/games/tictactoe/best-move", search).ok(t, 200).json(t, &res)
	if !res.Cached || res.Move != "c1" {
		t.Errorf("analysis after restart = %+v, want c1 from the cache", res)
	}
	if n, err := b.runner.Resume(context.Background()); err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v; want the one live job", n, err)
	}
	var job api.JobResponse
	waitFor(t, func() bool {
		b.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &job)
		return job.Status == "succeeded"
	})
	if string(job.Result) != "3" {
		t.Errorf("resumed job result = %s, want 3", job.Result)
	}
}
