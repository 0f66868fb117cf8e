package api_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"gameai/api"
	"gameai/internal/morrisdbtest"
	"gameai/jobkinds"
)

// A build of the perfect-play database: refused without a directory or
// with a bad space, run as a job into the directory, listed after.
func TestMorrisDBBuild(t *testing.T) {
	e := newEnv(t, nil, nil)
	e.do(t, "POST", "/v1/morris/db/builds", map[string]any{"up_to": "3-3"}).problem(t, http.StatusConflict)
	var db api.MorrisDBResponse
	e.do(t, "GET", "/v1/morris/db", nil).ok(t, http.StatusOK).json(t, &db)
	if db.Probed || len(db.Spaces) != 0 {
		t.Errorf("no directory: %+v", db)
	}

	dir := t.TempDir()
	if raceSlowdown > 1 {
		// The race detector's build takes a minute: the job finds the pair
		// built (the plain run builds it below) and goes on.
		for _, name := range []string{"3-3.mdb", "3-3.long", "3-3.json"} {
			b, err := os.ReadFile(filepath.Join(morrisdbtest.Dir(t), name))
			if err != nil {
				t.Skip("no test database to copy:", err)
			}
			os.WriteFile(filepath.Join(dir, name), b, 0o644)
		}
	}
	e = newEnv(t, nil, func(c *api.Config) { c.MorrisDB = dir })
	for _, up := range []string{"2-3", "10-3", "3_3", "33", ""} {
		r := e.do(t, "POST", "/v1/morris/db/builds", map[string]any{"up_to": up})
		r.hasField(t, r.problem(t, http.StatusBadRequest), "up_to")
	}
	var j api.JobResponse
	e.do(t, "POST", "/v1/morris/db/builds", map[string]any{"up_to": "3-3"}).ok(t, http.StatusAccepted).json(t, &j)
	res := jobResult[jobkinds.MorrisDBBuildResult](t, e, j.ID)
	if len(res.Spaces) != 1 || res.Spaces[0].Space != "3-3" || res.Spaces[0].Wins != 2232160 || res.Note == "" {
		t.Errorf("result %+v", res)
	}
	e.do(t, "GET", "/v1/morris/db", nil).ok(t, http.StatusOK).json(t, &db)
	if len(db.Spaces) != 1 || db.Spaces[0].Losses != 455648 {
		t.Errorf("listed %+v", db)
	}
}
