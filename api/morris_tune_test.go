package api_test

import (
	"context"
	"net/http"
	"testing"

	"gameai/api"
	"gameai/internal/redistest"
	"gameai/jobs/kinds"
	"gameai/store"
)

func smallTuning(gens int) api.MorrisTuningRequest {
	return api.MorrisTuningRequest{Population: 6, Refill: 9, Elite: 2, Selected: 2, Generations: gens, Depth: 1,
		RandomPlies: 1, Opponents: []string{"petcu-e32", "random"}, Seed: 4, Workers: 1}
}

func TestMorrisTuningRejectsBadRequests(t *testing.T) {
	e := newEnv(t, nil, nil)
	for _, c := range []struct {
		name   string
		change func(*api.MorrisTuningRequest)
		field  string
	}{
		{"deep", func(r *api.MorrisTuningRequest) { r.Depth = 20 }, "depth"},
		{"unknown opponent", func(r *api.MorrisTuningRequest) { r.Opponents = []string{"petcu-e32", "nobody"} }, "opponents[1]"},
		{"preset name", func(r *api.MorrisTuningRequest) { r.Name = "petcu-e32" }, "name"},
		{"bad name", func(r *api.MorrisTuningRequest) { r.Name = "Big Name!" }, "name"},
		{"workers", func(r *api.MorrisTuningRequest) { r.Workers = 100000 }, "workers"},
		{"elite over population", func(r *api.MorrisTuningRequest) { r.Elite = 50 }, "body"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := smallTuning(1)
			c.change(&req)
			r := e.do(t, "POST", "/v1/morris/tunings", req)
			r.hasField(t, r.problem(t, 400), c.field)
		})
	}
}

func TestMorrisTuningSavesAStrategy(t *testing.T) {
	e := newEnv(t, nil, nil)
	req := smallTuning(2)
	req.Name = "tuned-test"
	var j api.JobResponse
	e.do(t, "POST", "/v1/morris/tunings", req).ok(t, http.StatusAccepted).json(t, &j)
	res := jobResult[kinds.MorrisTuneResult](t, e, j.ID)
	if res.Generations != 2 || len(res.History) != 3 || res.Games == 0 || len(res.Best.Genes) != 19 {
		t.Errorf("result %+v", res)
	}
	var s api.MorrisStrategy
	e.do(t, "GET", "/v1/morris/strategies/tuned-test", nil).ok(t, 200).json(t, &s)
	if s.Kind != "trained" || s.JobID != j.ID || s.Fitness == nil || *s.Fitness != res.Best.Fitness ||
		len(s.Opponents) != 2 || s.Lineage[0] != res.Best.ID || *s.Generation != 2 {
		t.Errorf("saved strategy %+v", s)
	}
	// The tuned strategy plays through the generic API.
	e.do(t, "POST", "/v1/games/morris/best-move", api.BestMoveRequest{Limits: api.LimitsRequest{Depth: 2},
		EngineOptions: map[string]string{"strategy": "tuned-test"}}).ok(t, 200)
}

func TestMorrisTuningResumesAfterRestart(t *testing.T) {
	url := redistest.URL(t)
	prefix := redistest.Prefix(t)
	open := func() *store.Store { return redistest.Store(t, url, prefix) }
	a := newEnv(t, open(), nil)
	req := smallTuning(120 / raceSlowdown)
	req.Name = "resumed"
	var j api.JobResponse
	a.do(t, "POST", "/v1/morris/tunings", req).ok(t, http.StatusAccepted).json(t, &j)
	waitLong(t, func() bool {
		a.do(t, "GET", "/v1/jobs/"+j.ID, nil).ok(t, 200).json(t, &j)
		return j.Status == "running" && len(j.Progress.Best) > 0 && j.Progress.Fraction > 0
	})
	if err := a.runner.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	stored, _ := a.store.Jobs.Get(context.Background(), j.ID)
	if stored.Status != "queued" || len(stored.Checkpoint) == 0 {
		t.Fatalf("after shutdown: %s, checkpoint %d bytes", stored.Status, len(stored.Checkpoint))
	}
	b := newEnv(t, open(), nil)
	if n, err := b.runner.Resume(context.Background()); err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	res := jobResult[kinds.MorrisTuneResult](t, b, j.ID)
	if res.Generations != req.Generations || len(res.History) != req.Generations+1 {
		t.Errorf("resumed run: %d generations, history %d, want %d", res.Generations, len(res.History), req.Generations)
	}
	for i, h := range res.History {
		if h.Generation != i {
			t.Fatalf("history %d is generation %d: a generation was lost or repeated", i, h.Generation)
		}
	}
}

func TestMorrisTuningWarmStart(t *testing.T) {
	e := newEnv(t, nil, nil)
	req := smallTuning(1)
	req.Initial, req.Openings, req.Name = []string{"ga-2019-best", "petcu-e32"}, 2, "warm"
	var j api.JobResponse
	e.do(t, "POST", "/v1/morris/tunings", req).ok(t, http.StatusAccepted).json(t, &j)
	res := jobResult[kinds.MorrisTuneResult](t, e, j.ID)
	// 2 opponents × 2 openings × 2 colours per vector.
	if res.Games%8 != 0 || res.Games == 0 {
		t.Errorf("%d games, want a multiple of 8", res.Games)
	}
	req.Initial = []string{"nobody"}
	r := e.do(t, "POST", "/v1/morris/tunings", req)
	r.hasField(t, r.problem(t, 400), "initial[0]")
}

// The route's former name still starts a tuning, of the one kind.
func TestMorrisTournamentsIsAnAliasOfTunings(t *testing.T) {
	e := newEnv(t, nil, nil)
	var j api.JobResponse
	e.do(t, "POST", "/v1/morris/tournaments", smallTuning(1)).ok(t, http.StatusAccepted).json(t, &j)
	if j.Kind != "morris-tuning" {
		t.Errorf("kind %q", j.Kind)
	}
	jobResult[kinds.MorrisTuneResult](t, e, j.ID)
}
