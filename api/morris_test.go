package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"gameai/api"
	"gameai/games/morris"
	"gameai/store"
)

func TestMorrisBestMoveAndSession(t *testing.T) {
	e := newEnv(t, nil, nil)
	// White closes a7-d7-g7 with d6-d7 and wins at once.
	req := api.BestMoveRequest{Position: "W.W/.W./.../B...../B../.../B.. w 0 0 10 60 -", Limits: api.LimitsRequest{Depth: 3}}
	var res api.BestMoveResponse
	e.do(t, "POST", "/v1/games/morris/best-move", req).ok(t, 200).json(t, &res)
	if res.Engine != "alphabeta" || res.Move[:5] != "d6-d7" || res.Depth < 1 || res.Nodes == 0 {
		t.Errorf("best move %+v", res)
	}
	e.do(t, "POST", "/v1/games/morris/best-move", req).ok(t, 200).json(t, &res)
	if !res.Cached {
		t.Error("the second identical fixed-depth search was not served from the cache")
	}

	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{}).ok(t, 201).json(t, &s)
	for _, m := range []string{"d6", "d2", "b6", "f2"} {
		e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: m}).ok(t, 200).json(t, &s)
	}
	r := e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "f6"})
	p := r.problem(t, http.StatusUnprocessableEntity)
	if p.Move != "f6" || len(p.LegalMoves) == 0 {
		t.Errorf("mill without removal: %+v", p)
	}
	r.hasField(t, p, "move")
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "f6xd2"}).ok(t, 200).json(t, &s)
	var em api.EngineMoveResponse
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{Limits: api.LimitsRequest{Depth: 2},
		EngineOptions: map[string]string{"strategy": "petcu-e32"}}).ok(t, 200).json(t, &em)
	if len(em.Session.Moves) != 6 || em.Session.ToMove != 0 {
		t.Errorf("after the engine's move: %+v", em.Session)
	}
	r = e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{Limits: api.LimitsRequest{Depth: 2},
		EngineOptions: map[string]string{"strategy": "nobody"}})
	r.hasField(t, r.problem(t, 400), "engine_options.strategy")
	r = e.do(t, "POST", "/v1/games/morris/best-move", api.BestMoveRequest{Position: ".../.../.../....X./.../.../... w 9 9 0 0 -"})
	if f := r.hasField(t, r.problem(t, 400), "position"); f.Offset == nil || *f.Offset != 16 {
		t.Errorf("bad point: %+v", f)
	}
}

func TestMorrisStrategies(t *testing.T) {
	e := newEnv(t, nil, nil)
	var list api.MorrisStrategiesResponse
	e.do(t, "GET", "/v1/morris/strategies", nil).ok(t, 200).json(t, &list)
	if len(list.Strategies) != len(morris.Shipped()) || len(list.FeatureNames) != 19 || list.Strategies[0].Kind != "preset" {
		t.Fatalf("strategies %+v", list)
	}
	fit := 42.0
	coef := `[10,10,2,6,9,25,6,15,17,8,21,28,48,3,5779,23,27,31,5949]`
	if err := e.store.Strategies.Put(context.Background(), &store.Strategy{Game: "morris", Name: "tuned-1",
		Params: json.RawMessage(coef), Fitness: &fit, Lineage: []string{"ga-2019-best"}}); err != nil {
		t.Fatal(err)
	}
	e.do(t, "GET", "/v1/morris/strategies", nil).ok(t, 200).json(t, &list)
	if len(list.Strategies) != len(morris.Shipped())+1 || list.Strategies[len(morris.Shipped())].Name != "tuned-1" || list.Strategies[len(morris.Shipped())].Kind != "trained" {
		t.Errorf("with a trained one: %+v", list.Strategies)
	}
	var one api.MorrisStrategy
	e.do(t, "GET", "/v1/morris/strategies/tuned-1", nil).ok(t, 200).json(t, &one)
	if *one.Fitness != 42 || one.Coefficients[14] != 5779 {
		t.Errorf("tuned-1 = %+v", one)
	}
	e.do(t, "GET", "/v1/morris/strategies/petcu-e32", nil).ok(t, 200).json(t, &one)
	if one.Kind != "preset" || one.Coefficients[0] != 18 {
		t.Errorf("petcu-e32 = %+v", one)
	}
	r := e.do(t, "GET", "/v1/morris/strategies/none", nil)
	r.problem(t, http.StatusNotFound)
	// Engines play a trained strategy by name.
	var res api.BestMoveResponse
	e.do(t, "POST", "/v1/games/morris/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Depth: 2},
		EngineOptions: map[string]string{"strategy": "tuned-1"}}).ok(t, 200).json(t, &res)
	if res.Move == "" {
		t.Errorf("best move with a trained strategy: %+v", res)
	}
}
