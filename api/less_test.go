package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/games/less"
	"gameai/jobs/kinds"
)

func TestLessThroughTheGenericAPI(t *testing.T) {
	e := newEnv(t, nil, nil)
	var res api.BestMoveResponse
	e.do(t, "POST", "/v1/games/less/best-move", api.BestMoveRequest{Engine: "greedy", Position: less.FixtureLayout}).ok(t, 200).json(t, &res)
	if _, err := less.ParseAction(res.Move); err != nil || res.Move == "Nil" {
		t.Errorf("greedy's move %q: %v", res.Move, err)
	}
	e.do(t, "POST", "/v1/games/less/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Iterations: 2000}}).ok(t, 200).json(t, &res)
	if res.Engine != "uct" || res.Nodes != 2000 {
		t.Errorf("mcts: %+v", res)
	}
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/less/sessions", api.CreateSessionRequest{Position: less.FixtureLayout}).ok(t, 201).json(t, &s)
	if s.ToMove != less.Yellow || s.LegalMovesTotal < 20 {
		t.Errorf("session %+v", s)
	}
	// The session says the CodeCup score as the game stands: at the start,
	// each player's distance home.
	start, err := less.ParsePosition(s.Position)
	if err != nil {
		t.Fatal(err)
	}
	want := start.Scores(less.DistancesFor(start.Walls()))
	if len(s.Scores) != 4 || s.Scores[0] != float64(want[0]) || s.Scores[3] != float64(want[3]) || want[0] == 0 {
		t.Errorf("scores %v, want %v", s.Scores, want)
	}
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "h2h3"}).ok(t, 200).json(t, &s)
	r := e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "h3h4"})
	p := r.problem(t, http.StatusUnprocessableEntity)
	if !strings.Contains(p.Detail, "Yellow's piece, not one of Black's") {
		t.Errorf("illegal action: %s", p.Detail)
	}
	r = e.do(t, "POST", "/v1/games/less/best-move", api.BestMoveRequest{Position: less.FixtureLayout[:40]})
	r.hasField(t, r.problem(t, 400), "position")
}

func TestLessMatchJob(t *testing.T) {
	e := newEnv(t, nil, nil)
	req := api.LessMatchRequest{Bots: []string{"greedy", "greedy", "greedy", "greedy"}, Games: 2, Seed: 3, BudgetMS: 2000}
	var j api.JobResponse
	e.do(t, "POST", "/v1/less/matches", req).ok(t, http.StatusAccepted).json(t, &j)
	res := jobResult[kinds.LessMatchResult](t, e, j.ID)
	// Greedy against greedy on one layout played both ways: even.
	if len(res.Games) != 2 || res.Games[0].MarginA != -res.Games[1].MarginA || res.A.MeanMargin != 0 || len(res.Games[0].Actions) == 0 {
		t.Errorf("result %+v", res)
	}
	// The second game is the first with the sides' colours swapped: each
	// side's detours and unspent points are the other's of the first game.
	g1, g2 := res.Games[0], res.Games[1]
	if g1.Detours[0] == g1.Detours[1] {
		t.Fatalf("both teams took %d points of detours: this layout cannot tell the sides apart", g1.Detours[0])
	}
	if g2.Detours != [2]int{g1.Detours[1], g1.Detours[0]} || g2.Wasted != [2]int{g1.Wasted[1], g1.Wasted[0]} {
		t.Errorf("detours %v then %v, unspent %v then %v: not side by side", g1.Detours, g2.Detours, g1.Wasted, g2.Wasted)
	}
	if want := float64(g1.Detours[0]+g2.Detours[0]) / 2; res.A.MeanDetours != want || res.B.MeanDetours != want {
		t.Errorf("mean detours A %.2f B %.2f, want %.2f each", res.A.MeanDetours, res.B.MeanDetours, want)
	}
	for _, c := range []struct {
		req   api.LessMatchRequest
		field string
	}{
		{api.LessMatchRequest{Bots: []string{"greedy", "greedy", "greedy"}, Games: 2}, "bots"},
		{api.LessMatchRequest{Bots: []string{"greedy", "greedy", "greedy", "/bin/sh"}, Games: 2}, "bots[3]"},
		{api.LessMatchRequest{Bots: []string{"mcts:teammate=self", "greedy", "greedy", "greedy"}, Games: 2}, "bots[0]"},
		{api.LessMatchRequest{Bots: []string{"greedy", "greedy:budget=5s", "greedy", "greedy"}, Games: 2, BudgetMS: 2000}, "bots[1]"},
		{api.LessMatchRequest{Bots: []string{"greedy", "greedy", "", "greedy"}, Games: 2}, "bots[2]"},
		{api.LessMatchRequest{Bots: []string{"greedy", "greedy", "greedy", "greedy"}, Games: 2, Layouts: []string{strings.Repeat("3", 112)}}, "layouts[0]"},
		{api.LessMatchRequest{Bots: []string{"greedy", "greedy", "greedy", "greedy"}, Games: 1000}, "games"},
	} {
		r := e.do(t, "POST", "/v1/less/matches", c.req)
		r.hasField(t, r.problem(t, 400), c.field)
	}
}

// A match's bots take the referee's settings, so the best measured
// configuration (uct:teammate=max) can be asked of the service; each bot's
// own clock stays within the referee's.
func TestLessMatchBotSettings(t *testing.T) {
	e := newEnv(t, nil, nil)
	req := api.LessMatchRequest{Bots: []string{"uct:teammate=max,c=0.3,budget=300ms", "greedy", "uct:teammate=max,c=0.3,budget=300ms", "greedy"},
		Games: 2, Seed: 3, BudgetMS: 2000}
	var j api.JobResponse
	e.do(t, "POST", "/v1/less/matches", req).ok(t, http.StatusAccepted).json(t, &j)
	var p kinds.LessMatchParams
	if err := json.Unmarshal(j.Params, &p); err != nil {
		t.Fatal(err)
	}
	a, b := p.Bots[0], p.Bots[1]
	if a.Engine != "uct" || !a.TeamPlay || a.MCTS == nil || a.MCTS.C != 0.3 || a.Budget != 300*time.Millisecond {
		t.Errorf("bot 1 %+v", a)
	}
	if b.Engine != "greedy" || b.Budget != 2*time.Second || b.Seed != 4 {
		t.Errorf("bot 2 %+v", b)
	}
	res := jobResult[kinds.LessMatchResult](t, e, j.ID)
	if len(res.Games) != 2 || res.Games[0].Forfeit != nil || res.Games[1].Forfeit != nil {
		t.Errorf("games %+v", res.Games)
	}
}
