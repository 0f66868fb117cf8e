package api_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameai/api"
)

func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "games", "morpion", "testdata", name))
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return string(b)
}

func str(s string) json.RawMessage { b, _ := json.Marshal(s); return b }

func TestMorpionValidate(t *testing.T) {
	e := newEnv(t, nil, nil)
	var out api.MorpionValidateResponse
	e.do(t, "POST", "/v1/morpion/grids/validate", api.MorpionGridRequest{Variant: "5T", Grid: str(fixture(t, "5T-178.psol"))}).ok(t, 200).json(t, &out)
	if !out.Valid || out.Score != 178 || !out.Finished || out.LegalMoves != 0 || out.Layers == "" {
		t.Errorf("178 record = %+v", out)
	}
	e.do(t, "POST", "/v1/morpion/grids/validate", api.MorpionGridRequest{Variant: "5T", Grid: str("(28,28)\n(25,27) | 2\n(25,32) | -2\n")}).ok(t, 200).json(t, &out)
	if out.Valid || out.Move != 2 || !strings.Contains(out.Reason, "overlaps line 1") {
		t.Errorf("overlapping grid = %+v, want move 2 overlapping line 1", out)
	}
	e.do(t, "POST", "/v1/morpion/grids/validate", api.MorpionGridRequest{Variant: "5T", Grid: str("(28,28)\n(25,27) ? 2\n")}).ok(t, 200).json(t, &out)
	if out.Valid || out.Line != 2 || out.Column == 0 {
		t.Errorf("unreadable grid = %+v, want line 2 located", out)
	}
	r := e.do(t, "POST", "/v1/morpion/grids/validate", api.MorpionGridRequest{Variant: "5X", Grid: str("")})
	r.hasField(t, r.problem(t, 400), "variant")
	r = e.do(t, "POST", "/v1/morpion/grids/validate", `{"variant":"5T"}`)
	r.hasField(t, r.problem(t, 400), "grid")
}

func TestMorpionConvertAndLayers(t *testing.T) {
	e := newEnv(t, nil, nil)
	var conv api.MorpionConvertResponse
	req := api.MorpionConvertRequest{MorpionGridRequest: api.MorpionGridRequest{Variant: "5D", Grid: str(fixture(t, "5D-82.psol"))}, To: "layers"}
	e.do(t, "POST", "/v1/morpion/grids/convert", req).ok(t, 200).json(t, &conv)
	if strings.TrimSpace(conv.Output) != "LG4VXOFJjGWQMXhsY7aRf+/97Y" || conv.Score != 82 {
		t.Errorf("5D record as layers = %+v", conv)
	}
	// A JSON grid may be posted as an object.
	req = api.MorpionConvertRequest{MorpionGridRequest: api.MorpionGridRequest{Variant: "5T", Grid: str("Flxbd2BbBV6Y")}, To: "json"}
	e.do(t, "POST", "/v1/morpion/grids/convert", req).ok(t, 200).json(t, &conv)
	req = api.MorpionConvertRequest{MorpionGridRequest: api.MorpionGridRequest{Variant: "5T", From: "json", Grid: json.RawMessage(conv.Output)}, To: "pentasol"}
	e.do(t, "POST", "/v1/morpion/grids/convert", req).ok(t, 200).json(t, &conv)
	if conv.Score != 35 || !strings.HasPrefix(conv.Output, "(28,28)\n") {
		t.Errorf("JSON object to Pentasol = %+v", conv)
	}
	// An illegal move is a 422 naming the move; unreadable text a 400.
	bad := api.MorpionConvertRequest{MorpionGridRequest: api.MorpionGridRequest{Variant: "5T", Grid: str("(28,28)\n(20,20) - 0\n")}, To: "json"}
	r := e.do(t, "POST", "/v1/morpion/grids/convert", bad)
	r.hasField(t, r.problem(t, 422), "grid.moves[0]")
	bad.Grid = str("Flxb*")
	r = e.do(t, "POST", "/v1/morpion/grids/convert", bad)
	f := r.hasField(t, r.problem(t, 400), "grid")
	if f.Offset == nil || *f.Offset != 4 || !strings.Contains(f.Reason, "read as a layer code") {
		t.Errorf("bad character: offset %v, reason %q; want 4 and the auto-detected format named", f.Offset, f.Reason)
	}
	bad.To = "png"
	r = e.do(t, "POST", "/v1/morpion/grids/convert", bad)
	r.hasField(t, r.problem(t, 400), "to")

	var lay api.MorpionLayersResponse
	e.do(t, "POST", "/v1/morpion/grids/layers", api.MorpionGridRequest{Variant: "5T", Grid: str("Flxbd2BbBV6Y")}).ok(t, 200).json(t, &lay)
	sum := 0
	for _, s := range lay.Sizes {
		sum += s
	}
	if sum != 35 || lay.Orders == "" || lay.Code != "Flxbd2BbBV6Y" {
		t.Errorf("layers = %+v", lay)
	}
}

func TestMorpionRenderAndDNA(t *testing.T) {
	e := newEnv(t, nil, nil)
	r := e.do(t, "POST", "/v1/morpion/grids/render", api.MorpionRenderRequest{MorpionGridRequest: api.MorpionGridRequest{Variant: "5T", Grid: str("Flxbd2BbBV6Y")}, Numbers: true}).ok(t, 200)
	if r.header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(string(r.body), "<svg") {
		t.Errorf("render = %s %.40s", r.header.Get("Content-Type"), r.body)
	}
	var g api.MorpionGridResponse
	e.do(t, "POST", "/v1/morpion/dna/interpret", api.MorpionDNARequest{Variant: "5D", DNA: "ascending"}).ok(t, 200).json(t, &g)
	if g.Score != 35 || g.Layers != "Flxbd2BbBV6Y" || len(g.Grid.Moves) != 35 {
		t.Errorf("ascending 5D = %d %s", g.Score, g.Layers)
	}
	e.do(t, "POST", "/v1/morpion/dna/interpret", api.MorpionDNARequest{Variant: "5T", DNA: "exhibit", Grid: str(fixture(t, "5T-178.psol"))}).ok(t, 200).json(t, &g)
	if g.Score != 178 {
		t.Errorf("exhibition of the 178 = %d", g.Score)
	}
	e.do(t, "POST", "/v1/morpion/dna/interpret", api.MorpionDNARequest{Variant: "5T", DNA: "exhibit", Seed: 3, Blacklist: 3, Grid: str(fixture(t, "5T-178.psol"))}).ok(t, 200).json(t, &g)
	// Black-listing three lines of a record breaks much of it (91 moves
	// with this seed): what is left must still be a whole legal game.
	if g.Score < 20 || !g.Finished || g.Score == 178 {
		t.Errorf("black-listed 178 = %d", g.Score)
	}
	r = e.do(t, "POST", "/v1/morpion/dna/interpret", api.MorpionDNARequest{Variant: "5T", DNA: "preferences", Preferences: []float64{1, 2}})
	r.hasField(t, r.problem(t, 400), "preferences")
}

func TestMorpionThroughTheGenericAPI(t *testing.T) {
	e := newEnv(t, nil, nil)
	var bm api.BestMoveResponse
	req := api.BestMoveRequest{Variant: "5T", Limits: api.LimitsRequest{Iterations: 50}}
	e.do(t, "POST", "/v1/games/morpion/best-move", req).ok(t, 200).json(t, &bm)
	if bm.Move == "" || bm.Score < 50 || bm.Engine != "nrpa" || bm.Position != "AAAAA" || len(bm.PV) != int(bm.Score) || bm.PV[0] != bm.Move {
		t.Errorf("best move = %+v", bm)
	}
	for _, engine := range []string{"nmcs", "dna-greedy"} {
		req := api.BestMoveRequest{Variant: "5T", Engine: engine, Limits: api.LimitsRequest{Iterations: 50}}
		if engine == "nmcs" {
			req.EngineOptions = map[string]string{"threads": "1", "seed": "3", "level": "1"}
		}
		e.do(t, "POST", "/v1/games/morpion/best-move", req).ok(t, 200).json(t, &bm)
		if bm.Engine != engine || bm.Score < 50 {
			t.Errorf("%s: %+v", engine, bm)
		}
	}
	r := e.do(t, "POST", "/v1/games/morpion/best-move", api.BestMoveRequest{Variant: "5T",
		EngineOptions: map[string]string{"threads": "1000"}, Limits: api.LimitsRequest{Iterations: 50}})
	r.hasField(t, r.problem(t, 400), "engine_options.threads")
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morpion/sessions", api.CreateSessionRequest{Variant: "5D"}).ok(t, 201).json(t, &s)
	if s.LegalMovesTotal != 28 {
		t.Fatalf("morpion session = %+v", s)
	}
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: s.LegalMoves[0]}).ok(t, 200).json(t, &s)
	if len(s.Moves) != 1 || s.Result != nil {
		t.Errorf("after a move: %+v", s)
	}
	p := e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: s.Moves[0]}).problem(t, 422)
	if !strings.Contains(p.Detail, "dot already there") {
		t.Errorf("replayed move: %+v", p)
	}
	var em api.EngineMoveResponse
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{Limits: api.LimitsRequest{Iterations: 20}}).ok(t, 200).json(t, &em)
	if len(em.Session.Moves) != 2 {
		t.Errorf("engine move: %+v", em.Session)
	}
	// A record position is finished: nothing to search.
	e.do(t, "POST", "/v1/games/morpion/best-move", api.BestMoveRequest{Variant: "5D", Position: fixture(t, "5D-82.psol")}).problem(t, 422)
}
