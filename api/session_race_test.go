package api_test

import (
	"net/http"
	"sync"
	"testing"

	"gameai/api"
)

// raceMoves sends six different first moves at once to a new Morris session,
// each with the extra headers and ply that guard(i) gives, and returns the
// statuses and the session's moves afterwards.
func raceMoves(t *testing.T, e *env, guard func(etag string) (ply *int, headers []string)) ([]int, []string) {
	t.Helper()
	var s api.SessionResponse
	r := e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{}).ok(t, 201)
	r.json(t, &s)
	tag := r.header.Get("ETag")
	if tag != `"1"` {
		t.Fatalf("new session's ETag %q, want \"1\"", tag)
	}
	moves := []string{"d2", "f4", "d6", "g7", "b4", "a7"}
	statuses := make([]int, len(moves))
	var wg sync.WaitGroup
	for i, m := range moves {
		wg.Go(func() {
			ply, headers := guard(tag)
			statuses[i] = e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: m, Ply: ply}, headers...).status
		})
	}
	wg.Wait()
	var after api.SessionResponse
	e.do(t, "GET", "/v1/sessions/"+s.ID, nil).ok(t, 200).json(t, &after)
	return statuses, after.Moves
}

func tally(statuses []int, status int) int {
	n := 0
	for _, s := range statuses {
		if s == status {
			n++
		}
	}
	return n
}

// Unguarded moves are all played, in whatever order they arrive: that is
// what a client asked for when it named no position.
func TestRacingMovesWithoutGuardAllPlay(t *testing.T) {
	e := newEnv(t, nil, nil)
	statuses, moves := raceMoves(t, e, func(string) (*int, []string) { return nil, nil })
	if tally(statuses, 200) != 6 || len(moves) != 6 {
		t.Errorf("statuses %v, moves %v: want all six played", statuses, moves)
	}
}

// With If-Match, exactly one of the racing moves is played; the others get
// 412 and the session holds one move.
func TestRacingMovesWithIfMatchPlayOne(t *testing.T) {
	e := newEnv(t, nil, nil)
	statuses, moves := raceMoves(t, e, func(tag string) (*int, []string) { return nil, []string{"If-Match", tag} })
	if tally(statuses, 200) != 1 || tally(statuses, http.StatusPreconditionFailed) != 5 || len(moves) != 1 {
		t.Errorf("statuses %v, moves %v: want one played and five 412", statuses, moves)
	}
}

// With ply, exactly one of the racing moves is played; the others get 409.
func TestRacingMovesWithPlyPlayOne(t *testing.T) {
	e := newEnv(t, nil, nil)
	zero := 0
	statuses, moves := raceMoves(t, e, func(string) (*int, []string) { return &zero, nil })
	if tally(statuses, 200) != 1 || tally(statuses, http.StatusConflict) != 5 || len(moves) != 1 {
		t.Errorf("statuses %v, moves %v: want one played and five 409", statuses, moves)
	}
}

func TestSessionETagAndPreconditions(t *testing.T) {
	e := newEnv(t, nil, nil)
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &s)
	path := "/v1/sessions/" + s.ID
	r := e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "b2"}, "If-Match", `"1"`).ok(t, 200)
	if got := r.header.Get("ETag"); got != `"2"` {
		t.Errorf("ETag after a move %q, want \"2\"", got)
	}
	if got := e.do(t, "GET", path, nil).ok(t, 200).header.Get("ETag"); got != `"2"` {
		t.Errorf("GET ETag %q", got)
	}
	e.do(t, "GET", path, nil, "If-None-Match", `"2"`).ok(t, http.StatusNotModified)
	e.do(t, "GET", path, nil, "If-None-Match", `"1"`).ok(t, 200)

	stale := e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "a1"}, "If-Match", `"1"`)
	stale.hasField(t, stale.problem(t, http.StatusPreconditionFailed), "If-Match")
	weak := e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "a1"}, "If-Match", `W/"2"`)
	weak.problem(t, http.StatusPreconditionFailed)
	e.do(t, "POST", path+"/engine-move", api.EngineMoveRequest{}, "If-Match", `"1"`).problem(t, http.StatusPreconditionFailed)

	five := 5
	r = e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "a1", Ply: &five})
	r.hasField(t, r.problem(t, http.StatusConflict), "ply")
	one := 1
	e.do(t, "POST", path+"/engine-move", api.EngineMoveRequest{Ply: &five}).problem(t, http.StatusConflict)
	r = e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "a1", Ply: &one}, "If-Match", `"3", "2"`).ok(t, 200)
	if got := r.header.Get("ETag"); got != `"3"` {
		t.Errorf("ETag %q", got)
	}
	two := 2
	r = e.do(t, "POST", path+"/engine-move", api.EngineMoveRequest{Ply: &two}, "If-Match", "*").ok(t, 200)
	if got := r.header.Get("ETag"); got != `"4"` {
		t.Errorf("ETag after the engine's move %q", got)
	}
	neg := -1
	r = e.do(t, "POST", path+"/moves", api.MoveRequest{Move: "c3", Ply: &neg})
	r.hasField(t, r.problem(t, http.StatusBadRequest), "ply")
}

func TestUndoAndAllLegalMoves(t *testing.T) {
	e := newEnv(t, nil, nil)
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &s)
	path := "/v1/sessions/" + s.ID
	for _, m := range []string{"b2", "a1", "c3"} {
		e.do(t, "POST", path+"/moves", api.MoveRequest{Move: m}).ok(t, 200)
	}
	var got api.SessionResponse
	r := e.do(t, "POST", path+"/undo", api.UndoRequest{Plies: 2}, "If-Match", `"4"`).ok(t, 200)
	r.json(t, &got)
	if len(got.Moves) != 1 || got.Moves[0] != "b2" || got.Position != "....x...." || r.header.Get("ETag") != `"5"` {
		t.Errorf("after undo of 2: %+v, ETag %s", got, r.header.Get("ETag"))
	}
	e.do(t, "POST", path+"/undo", api.UndoRequest{}, "If-Match", `"4"`).problem(t, http.StatusPreconditionFailed)
	three := 3
	e.do(t, "POST", path+"/undo", api.UndoRequest{Ply: &three}).problem(t, http.StatusConflict)
	r = e.do(t, "POST", path+"/undo", api.UndoRequest{Plies: 2})
	r.hasField(t, r.problem(t, http.StatusBadRequest), "plies")
	e.do(t, "POST", path+"/undo", api.UndoRequest{}).ok(t, 200).json(t, &got)
	if len(got.Moves) != 0 || got.Position != "........." {
		t.Errorf("after the last undo: %+v", got)
	}
	// Morris's start has 24 placements; the default lists 50, legal_moves
	// asks for fewer or more.
	var m api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &m)
	e.do(t, "GET", "/v1/sessions/"+m.ID+"?legal_moves=5", nil).ok(t, 200).json(t, &m)
	if len(m.LegalMoves) != 5 || m.LegalMovesTotal != 24 {
		t.Errorf("legal_moves=5: %d of %d", len(m.LegalMoves), m.LegalMovesTotal)
	}
	// A malformed count is refused before the move is played.
	for _, q := range []string{"x", "-1", "1.5"} {
		r := e.do(t, "POST", "/v1/sessions/"+m.ID+"/moves?legal_moves="+q, api.MoveRequest{Move: "a1"})
		r.hasField(t, r.problem(t, http.StatusBadRequest), "legal_moves")
	}
	e.do(t, "GET", "/v1/sessions/"+m.ID+"?legal_moves=100000", nil).ok(t, 200).json(t, &m)
	if len(m.Moves) != 0 || len(m.LegalMoves) != 24 {
		t.Errorf("after refused moves: moves %v, %d legal listed", m.Moves, len(m.LegalMoves))
	}
}
