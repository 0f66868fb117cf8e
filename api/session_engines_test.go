package api_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"gameai/api"
)

// The engine that answers a person belongs to the session: the person's
// move comes back with the engine's reply already played, by the server,
// and reading the session (as a second browser opening its link does)
// never plays anything.
func TestSessionEngineRepliesOnTheServer(t *testing.T) {
	e := newEnv(t, nil, nil)
	black := &api.SessionEngineRequest{Engine: "alphabeta", Limits: api.LimitsRequest{Depth: 2}}
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, black}}).ok(t, 201).json(t, &s)
	if len(s.Moves) != 0 || len(s.Engines) != 2 || s.Engines[0] != nil || s.Engines[1].Engine != "alphabeta" || s.Engines[1].Limits.Depth != 2 {
		t.Fatalf("new session = %+v", s)
	}
	path := "/v1/sessions/" + s.ID
	e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "d6", Ply: new(0)}).ok(t, 200).json(t, &s)
	if len(s.Moves) != 2 || s.Moves[0] != "d6" || len(s.Replies) != 1 || s.Replies[0].Move != s.Moves[1] || s.ToMove != 0 {
		t.Fatalf("after the person's d6: %+v, want the engine's reply played and the person to move", s)
	}
	for range 3 {
		var got api.SessionResponse
		e.do(t, "GET", path, nil).ok(t, 200).json(t, &got)
		if len(got.Moves) != 2 {
			t.Fatalf("reading the session changed it: %v", got.Moves)
		}
	}
}

// When the engine moves first, the session is created with its move.
func TestSessionEngineMovesFirst(t *testing.T) {
	e := newEnv(t, nil, nil)
	white := &api.SessionEngineRequest{Engine: "alphabeta", Limits: api.LimitsRequest{Depth: 1}}
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{white}}).ok(t, 201).json(t, &s)
	if len(s.Moves) != 1 || len(s.Replies) != 1 || s.ToMove != 1 {
		t.Fatalf("a session whose engine plays White: %+v, want its first move played", s)
	}
}

// Less: a person in Yellow's seat and three engines; after the person's
// turn the server plays the three others, and the person is to move again.
func TestSessionEnginesPlayEveryOtherSeat(t *testing.T) {
	e := newEnv(t, nil, nil)
	greedy := &api.SessionEngineRequest{Engine: "greedy"}
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/less/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, greedy, greedy, greedy}}).ok(t, 201).json(t, &s)
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: s.LegalMoves[0]}).ok(t, 200).json(t, &s)
	if len(s.Moves) != 4 || len(s.Replies) != 3 || s.ToMove != 0 {
		t.Fatalf("after the person's turn: %d moves, %d replies, %d to move; want 4, 3, 0", len(s.Moves), len(s.Replies), s.ToMove)
	}
}

// A session of engines only is not played by its creation nor by reading
// it: each engine-move request plays one move, the session's engine for the
// side to move.
func TestSessionOfEnginesOnlyMovesOneRequestAtATime(t *testing.T) {
	e := newEnv(t, nil, nil)
	white := &api.SessionEngineRequest{Engine: "alphabeta", Limits: api.LimitsRequest{Depth: 1}}
	black := &api.SessionEngineRequest{Engine: "mcts", Limits: api.LimitsRequest{Iterations: 50}}
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{white, black}}).ok(t, 201).json(t, &s)
	if len(s.Moves) != 0 {
		t.Fatalf("a session of engines only was played at creation: %v", s.Moves)
	}
	var em api.EngineMoveResponse
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{}).ok(t, 200).json(t, &em)
	if len(em.Session.Moves) != 1 || em.Search.Engine != "alphabeta" || len(em.Session.Replies) != 0 {
		t.Fatalf("engine-move: %d moves by %s, %d replies; want White's engine's one move", len(em.Session.Moves), em.Search.Engine, len(em.Session.Replies))
	}
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{}).ok(t, 200).json(t, &em)
	if em.Search.Engine != "mcts" {
		t.Errorf("Black's move was played by %s, not the session's mcts", em.Search.Engine)
	}
}

// A session's engines are checked at creation, each bad one named.
func TestSessionEnginesAreChecked(t *testing.T) {
	e := newEnv(t, nil, nil)
	for field, engines := range map[string][]*api.SessionEngineRequest{
		"engines[1].engine":         {nil, {Engine: "nope"}},
		"engines[0].limits.time_ms": {{Limits: api.LimitsRequest{TimeMS: 10_000_000}}},
		"engines":                   {nil, nil, nil},
	} {
		r := e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: engines})
		status := http.StatusBadRequest
		if field == "engines[1].engine" {
			status = http.StatusNotFound
		}
		r.hasField(t, r.problem(t, status), field)
	}
}

// With every search slot taken, a move whose reply would need one is
// refused (429, Retry-After) and not stored: never a person's move without
// its answer.
func TestSessionMoveWaitsForASearchSlot(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.MaxSearches = 1 })
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, {Engine: "perfect"}}}).ok(t, 201).json(t, &s)
	var wg sync.WaitGroup
	wg.Go(func() {
		e.do(t, "POST", "/v1/games/tictactoe/best-move", api.BestMoveRequest{Engine: "gate", NoCache: true}).ok(t, 200)
	})
	select {
	case <-e.gate.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the gate search did not start")
	}
	r := e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "a1"})
	r.problem(t, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	var got api.SessionResponse
	e.do(t, "GET", "/v1/sessions/"+s.ID, nil).ok(t, 200).json(t, &got)
	if len(got.Moves) != 0 {
		t.Errorf("the refused move was stored: %v", got.Moves)
	}
	e.gate.release <- struct{}{}
	wg.Wait()
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "a1"}).ok(t, 200).json(t, &got)
	if len(got.Moves) != 2 {
		t.Errorf("with a free slot: %v, want the move and its reply", got.Moves)
	}
}
