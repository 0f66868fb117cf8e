package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"gameai/ai/morpionai"
	"gameai/api"
	"gameai/games/morpion"
	"gameai/internal/redistest"
	"gameai/jobs/kinds"
	"gameai/store"
)

func TestMorpionSearchRejectsBadRequests(t *testing.T) {
	e := newEnv(t, nil, nil)
	ok := func() map[string]any {
		return map[string]any{"variant": "5T", "algorithm": "nrpa", "budget": map[string]any{"playouts": 1000}}
	}
	for _, c := range []struct {
		name   string
		change func(map[string]any)
		status int
		field  string
	}{
		{"no budget", func(m map[string]any) { delete(m, "budget") }, 400, "budget"},
		{"time over the cap", func(m map[string]any) { m["budget"] = map[string]any{"time_ms": 1 << 40} }, 400, "budget.time_ms"},
		{"unknown algorithm", func(m map[string]any) { m["algorithm"] = "beam" }, 400, "algorithm"},
		{"bad variant", func(m map[string]any) { m["variant"] = "5X" }, 400, "variant"},
		{"level too deep", func(m map[string]any) { m["parameters"] = map[string]any{"level": 9} }, 400, "parameters.level"},
		{"stabilization too large", func(m map[string]any) { m["parameters"] = map[string]any{"stabilization": 5000} }, 400,
			"parameters.stabilization"},
		{"bad octagon", func(m map[string]any) { m["parameters"] = map[string]any{"octagon": "1,2"} }, 400, "parameters.octagon"},
		{"negative patience", func(m map[string]any) { m["parameters"] = map[string]any{"patience": -1} }, 400, "parameters.patience"},
		{"top patience too high", func(m map[string]any) { m["parameters"] = map[string]any{"top_patience": 10001} }, 400, "parameters.top_patience"},
		{"layers not a bool", func(m map[string]any) { m["parameters"] = map[string]any{"layers": "yes"} }, 400, "parameters.layers"},
		{"too many threads", func(m map[string]any) { m["threads"] = 100000 }, 400, "threads"},
		{"unreadable start", func(m map[string]any) { m["start"] = map[string]any{"grid": "(0,0)\n(9,9) q 0"} }, 400, "start.grid"},
		{"illegal start", func(m map[string]any) { m["start"] = map[string]any{"grid": "(3,3)\n(0,0) - 0"} }, 422, "start.grid.moves[0]"},
		{"unknown field", func(m map[string]any) { m["budgets"] = 1 }, 400, "budgets"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := ok()
			c.change(m)
			r := e.do(t, "POST", "/v1/morpion/searches", m)
			r.hasField(t, r.problem(t, c.status), c.field)
		})
	}
}

func TestMorpionSearchRunsToTheHallOfFame(t *testing.T) {
	e := newEnv(t, nil, nil)
	req := api.MorpionSearchRequest{Variant: "5D", Algorithm: "nrpa", Parameters: api.MorpionSearchParameters{Level: 1, Iterations: 50,
		Stabilization: 2, Extend: new(true), Octagon: new("record")},
		Budget: api.MorpionSearchBudget{Playouts: 2000}, Seed: 3}
	r := e.do(t, "POST", "/v1/morpion/searches", req).ok(t, http.StatusAccepted)
	var j api.JobResponse
	r.json(t, &j)
	if r.header.Get("Location") != "/v1/jobs/"+j.ID || j.Kind != kinds.MorpionSearch {
		t.Fatalf("Location %q, job %+v", r.header.Get("Location"), j)
	}
	res := jobResult[kinds.MorpionSearchResult](t, e, j.ID)
	g, err := morpion.DecodeLayers(morpion.D5, res.BestLayers)
	if err != nil || g.Score() != res.BestScore || !g.Finished() {
		t.Fatalf("best grid %q: %v (score %d, result %d)", res.BestLayers, err, g.Score(), res.BestScore)
	}
	if res.Playouts < 2000 || !res.BudgetSpent || res.BestScore < 50 || len(res.Improvements) == 0 {
		t.Errorf("result %+v: want the budget spent and a 5D game of 50 or more", res)
	}
	if last := res.Improvements[len(res.Improvements)-1]; last.Score != res.BestScore {
		t.Errorf("last improvement %+v, best %d", last, res.BestScore)
	}
	var hall api.MorpionRecordsResponse
	e.do(t, "GET", "/v1/morpion/records?variant=5D", nil).ok(t, 200).json(t, &hall)
	if len(hall.Records) != 1 || hall.Records[0].Layers != res.BestLayers || hall.Records[0].JobID != j.ID ||
		hall.Records[0].Score != res.BestScore || hall.Records[0].Pentasol == "" ||
		!strings.Contains(hall.Records[0].Source, "nrpa level 1, stabilization 2, extend, octagon record") {
		t.Errorf("hall of fame %+v, want the job's best", hall)
	}
	e.do(t, "GET", "/v1/morpion/records?variant=5T", nil).ok(t, 200).json(t, &hall)
	if len(hall.Records) != 0 {
		t.Errorf("5T hall %+v, want empty", hall)
	}
	r = e.do(t, "GET", "/v1/morpion/records?variant=6T", nil)
	r.hasField(t, r.problem(t, 400), "variant")
	for _, bad := range []string{"0", "1001", "5abc", "2.5"} {
		r = e.do(t, "GET", "/v1/morpion/records?variant=5T&limit="+bad, nil)
		r.hasField(t, r.problem(t, 400), "limit")
	}
}

// A server whose workers play a search's runs takes as many threads as
// its cap of runs, more than its cores, and no more.
func TestMorpionSearchThreadsUpToTheCapOfRuns(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.SearchRuns = 8 })
	req := map[string]any{"variant": "5D", "algorithm": "nrpa", "parameters": map[string]any{"level": 1}, "threads": 8,
		"budget": map[string]any{"playouts": 800}}
	var j api.JobResponse
	e.do(t, "POST", "/v1/morpion/searches", req).ok(t, http.StatusAccepted).json(t, &j)
	if res := jobResult[kinds.MorpionSearchResult](t, e, j.ID); res.Playouts != 800 || res.BestScore < 20 {
		t.Errorf("8 runs of 100 playouts: %+v", res.Progress)
	}
	req["threads"] = 9
	r := e.do(t, "POST", "/v1/morpion/searches", req)
	r.hasField(t, r.problem(t, 400), "threads")
}

func TestMorpionSearchCancelKeepsTheBest(t *testing.T) {
	e := newEnv(t, nil, nil)
	start := fixture(t, "5D-82.psol")
	req := map[string]any{"variant": "5D", "algorithm": "dna", "budget": map[string]any{"time_ms": 60000},
		"start": map[string]any{"grid": start}}
	var j api.JobResponse
	e.do(t, "POST", "/v1/morpion/searches", req).ok(t, http.StatusAccepted).json(t, &j)
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &j)
		return j.Status == "running" && len(j.Progress.Best) > 0
	})
	e.do(t, "DELETE", "/v1/jobs/"+j.ID, nil).ok(t, http.StatusAccepted)
	waitFor(t, func() bool {
		e.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &j)
		return j.Status == "cancelled"
	})
	var res kinds.MorpionSearchResult
	if err := json.Unmarshal(j.Result, &res); err != nil {
		t.Fatalf("cancelled job result %s: %v", j.Result, err)
	}
	// Warm-started from the record, the search keeps it.
	if res.BestScore != 82 || res.BudgetSpent {
		t.Errorf("cancelled search: best %d, budget spent %v; want the 82 kept", res.BestScore, res.BudgetSpent)
	}
}

func TestMorpionSearchNeedsTheAPIKey(t *testing.T) {
	e := newEnv(t, nil, func(c *api.Config) { c.APIKey = "k3y" })
	req := api.MorpionSearchRequest{Variant: "5T", Algorithm: "nmcs", Budget: api.MorpionSearchBudget{Playouts: 10}}
	e.do(t, "POST", "/v1/morpion/searches", req).problem(t, http.StatusUnauthorized)
	e.do(t, "POST", "/v1/morpion/searches", req, "X-API-Key", "k3y").ok(t, http.StatusAccepted)
	e.do(t, "GET", "/v1/morpion/records?variant=5T", nil).ok(t, 200)
	// A stranger learns nothing of the parameters either: without the key
	// or with a wrong one, a bad setting is refused as unauthorized too,
	// before it is read, and no job is made.
	bad := map[string]any{"variant": "5T", "algorithm": "nrpa", "budget": map[string]any{"playouts": 10},
		"parameters": map[string]any{"top_patience": -1}}
	good := map[string]any{"variant": "5T", "algorithm": "nrpa", "budget": map[string]any{"playouts": 10},
		"parameters": map[string]any{"top_patience": 3}}
	for _, body := range []map[string]any{bad, good} {
		e.do(t, "POST", "/v1/morpion/searches", body).problem(t, http.StatusUnauthorized)
		e.do(t, "POST", "/v1/morpion/searches", body, "X-API-Key", "wrong").problem(t, http.StatusUnauthorized)
	}
	var jobs api.JobListResponse
	e.do(t, "GET", "/v1/jobs?kind=morpion-search", nil, "X-API-Key", "k3y").ok(t, http.StatusOK).json(t, &jobs)
	if len(jobs.Jobs) != 1 {
		t.Errorf("%d search jobs, want only the one with the key", len(jobs.Jobs))
	}
	e.do(t, "POST", "/v1/morpion/searches", bad, "X-API-Key", "k3y").problem(t, http.StatusBadRequest)
}

// TestMorpionSearchResumesAfterRestart stops a server in the middle of a
// search on Redis; the next server resumes it from its checkpoint, with the
// playouts already run counted, and finishes the budget.
func TestMorpionSearchResumesAfterRestart(t *testing.T) {
	url := redistest.URL(t)
	prefix := redistest.Prefix(t)
	open := func() *store.Store { return redistest.Store(t, url, prefix) }
	a := newEnv(t, open(), nil)
	const budget = 400_000 / raceSlowdown // several seconds of one thread
	req := api.MorpionSearchRequest{Variant: "5T", Algorithm: "dna", Budget: api.MorpionSearchBudget{Playouts: budget}, Seed: 1}
	var j api.JobResponse
	a.do(t, "POST", "/v1/morpion/searches", req).ok(t, http.StatusAccepted).json(t, &j)
	waitLong(t, func() bool {
		a.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &j)
		return j.Status == "running" && len(j.Progress.Best) > 0
	})
	if err := a.runner.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	a.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &j)
	var before kinds.MorpionSearchResult
	if err := json.Unmarshal(j.Progress.Best, &before); err != nil {
		t.Fatal(err)
	}
	if j.Status != "queued" || before.Playouts == 0 || before.Playouts >= budget {
		t.Fatalf("after shutdown: status %s, %d playouts; want queued part way", j.Status, before.Playouts)
	}

	b := newEnv(t, open(), nil)
	if n, err := b.runner.Resume(context.Background()); err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	res := jobResult[kinds.MorpionSearchResult](t, b, j.ID)
	if res.Playouts < budget || res.BestScore < before.BestScore || len(res.Improvements) < len(before.Improvements) {
		t.Errorf("resumed: %d playouts, best %d (before: %d playouts, best %d)", res.Playouts, res.BestScore, before.Playouts, before.BestScore)
	}
}

// NRPA's settings left out are the budget's row, which the job's params
// name; one given, even as 0, false or "", is kept.
func TestMorpionSearchTakesTheBudgetsRow(t *testing.T) {
	e := newEnv(t, nil, nil)
	submit := func(params map[string]any, budget map[string]any) morpionai.Params {
		t.Helper()
		var j api.JobResponse
		e.do(t, "POST", "/v1/morpion/searches", map[string]any{"variant": "5T", "algorithm": "nrpa", "parameters": params,
			"budget": budget}).ok(t, http.StatusAccepted).json(t, &j)
		e.do(t, "DELETE", "/v1/jobs/"+j.ID, nil)
		var p morpionai.Params
		if err := json.Unmarshal(j.Params, &p); err != nil {
			t.Fatalf("params %s: %v", j.Params, err)
		}
		return p
	}
	long := map[string]any{"time_ms": 600_000}
	row := morpionai.PresetFor("5T", 600_000, 0, 1)
	p := submit(map[string]any{}, long)
	if p.Level != row.Level || p.Patience != row.Patience || p.Layers != row.Layers || p.Extend != row.Extend || p.Octagon != row.Octagon ||
		!strings.Contains(p.Preset, "the 10m0s row") {
		t.Errorf("ten minutes, nothing given: %+v, want the row %+v named", p, row)
	}
	p = submit(map[string]any{"level": 2, "patience": 0, "layers": false, "extend": false, "octagon": ""}, long)
	if p.Level != 2 || p.Patience != 0 || p.Layers || p.Extend || p.Octagon != "" || p.Preset != "" {
		t.Errorf("everything given: %+v", p)
	}
	if p := submit(map[string]any{}, map[string]any{"playouts": 1000}); !strings.Contains(p.Preset, "the 10s row") {
		t.Errorf("1000 playouts: preset %q, want the 10 s row", p.Preset)
	}
}

// The settings served are the request's parameters, field for field, with
// the ranges the request's validation enforces; the presets are the code's.
func TestMorpionSearchSettingsAreTheRequestsFields(t *testing.T) {
	e := newEnv(t, nil, nil)
	var out api.MorpionSearchSettingsResponse
	e.do(t, "GET", "/v1/morpion/search-settings", nil).ok(t, http.StatusOK).json(t, &out)
	served := map[string]api.MorpionSetting{}
	for _, s := range out.Settings {
		served[s.Name] = s
	}
	typ := reflect.TypeFor[api.MorpionSearchParameters]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		s, ok := served[name]
		if !ok {
			t.Errorf("parameters.%s is not in the settings' table", name)
			continue
		}
		delete(served, name)
		if len(s.Algorithms) == 0 || s.Description == "" {
			t.Errorf("%s: %+v", name, s)
		}
		for _, rule := range strings.Split(f.Tag.Get("validate"), ",") {
			k, v, _ := strings.Cut(rule, "=")
			n, _ := strconv.Atoi(v)
			switch {
			case k == "min" && (s.Min == nil || *s.Min != n):
				t.Errorf("%s: validated from %d, the table says %v", name, n, s.Min)
			case k == "max" && (s.Max == nil || *s.Max != n):
				t.Errorf("%s: validated up to %d, the table says %v", name, n, s.Max)
			}
		}
	}
	for name := range served {
		t.Errorf("the table's %s is not a request parameter", name)
	}
	if len(out.Presets) != len(morpionai.Presets("5T")) || out.NominalRate != morpionai.NominalRate || out.Fallback.Level != 3 {
		t.Errorf("presets %+v, fallback %+v", out.Presets, out.Fallback)
	}
}
