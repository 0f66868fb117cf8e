package api_test

import (
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/api"
	"gameai/hosting"
	"gameai/jobs/kinds"
	"gameai/store"
	"gameai/store/memory"
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
	res := jobResult[kinds.MorrisDBBuildResult](t, e, j.ID)
	if len(res.Spaces) != 1 || res.Spaces[0].Space != "3-3" || res.Spaces[0].Wins != 2232160 || res.Note == "" {
		t.Errorf("result %+v", res)
	}
	e.do(t, "GET", "/v1/morris/db", nil).ok(t, http.StatusOK).json(t, &db)
	if len(db.Spaces) != 1 || db.Spaces[0].Losses != 455648 {
		t.Errorf("listed %+v", db)
	}
}

// A build asked as a stranger would: with no key, a wrong one, an owner's
// token (owners upload bots; they do not run the server's jobs), a space
// far too big for the machine (9-9: 34 GB at its peak), and junk.
func TestMorrisDBBuildRefusesStrangers(t *testing.T) {
	const key = "adm1n-key"
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key; c.MorrisDB = t.TempDir() },
		hosting.Off(st, errors.New("no sandbox in this test")))
	owner := e.owner(t, "ann", key)
	for _, who := range []string{"", "wrong", owner} {
		e.do(t, "POST", "/v1/morris/db/builds", map[string]any{"up_to": "3-3"}, "X-API-Key", who).problem(t, http.StatusUnauthorized)
	}
	// 9-9 peaks at 3.2 GB (the pair 7-8/8-7 at three bytes a cell):
	// refused only on a machine with less than 4.
	r := e.do(t, "POST", "/v1/morris/db/builds", map[string]any{"up_to": "9-9"}, "X-API-Key", key)
	if r.status == http.StatusAccepted {
		e.do(t, "DELETE", "/v1/jobs/"+jobID(t, r), nil, "X-API-Key", key)
		t.Log("this machine has the memory to build 9-9")
	} else {
		r.hasField(t, r.problem(t, http.StatusUnprocessableEntity), "up_to")
	}
	for _, junk := range []any{strings.Repeat("9", 100), "3-3\x00", "-3--3", 33, nil, "３-３"} {
		r := e.do(t, "POST", "/v1/morris/db/builds", map[string]any{"up_to": junk}, "X-API-Key", key)
		if r.status != http.StatusBadRequest {
			t.Errorf("up_to %q: %d", junk, r.status)
		}
	}
	// The list is public, and says nothing of the directory's path.
	body := string(e.do(t, "GET", "/v1/morris/db", nil).ok(t, http.StatusOK).body)
	if strings.Contains(body, os.TempDir()) {
		t.Errorf("the list shows the server's directory: %s", body)
	}
}

// A position's value: every legal move valued, the best keeping the
// position's value; a position the database does not hold says why; one
// that does not parse is a problem naming the field.
func TestMorrisDBValuesAPosition(t *testing.T) {
	e := newEnv(t, nil, nil)
	const threeThree = "WW./W../.../....../.../..B/.BB w 0 0 0 12 -"
	var got api.MorrisDBResponse
	e.do(t, "GET", "/v1/morris/db?position="+url.QueryEscape(threeThree), nil).ok(t, http.StatusOK).json(t, &got)
	if got.Position == nil || got.Position.Known || !strings.Contains(got.Position.Reason, "no database") {
		t.Errorf("without a database: %+v", got.Position)
	}

	e = newEnv(t, nil, func(c *api.Config) { c.Morris = morrisai.NewKnowledge(morrisdbtest.Open(t), nil) })
	e.do(t, "GET", "/v1/morris/db?position="+url.QueryEscape(threeThree), nil).ok(t, http.StatusOK).json(t, &got)
	pos := got.Position
	if pos == nil || !pos.Known || pos.Value == "" || len(pos.Moves) == 0 {
		t.Fatalf("3-3: %+v", pos)
	}
	best := 0
	for _, m := range pos.Moves {
		if m.Best {
			best++
			if m.Value != pos.Value || m.Outcome != pos.Outcome || m.Distance != pos.Distance {
				t.Errorf("best move %+v, position %s", m, pos.Value)
			}
		}
	}
	if best == 0 {
		t.Errorf("no best move of %d: %+v", len(pos.Moves), pos)
	}
	for text, why := range map[string]string{
		"WWW/.../.../....../.../.../BBB w 3 3 0 0 -": "in a hand",
		"WWW/WWW/W../B...../.../BBB/BBB w 0 0 0 0 -": "7-7 is not built",
	} {
		e.do(t, "GET", "/v1/morris/db?position="+url.QueryEscape(text), nil).ok(t, http.StatusOK).json(t, &got)
		if got.Position == nil || got.Position.Known || !strings.Contains(got.Position.Reason, why) {
			t.Errorf("%s: %+v, want %q", text, got.Position, why)
		}
	}
	for _, junk := range []string{"WWW", "zzz/.../.../....../.../.../BBB w 0 0 0 0 -", strings.Repeat("W", 300)} {
		r := e.do(t, "GET", "/v1/morris/db?position="+url.QueryEscape(junk), nil)
		r.hasField(t, r.problem(t, http.StatusBadRequest), "position")
	}
}

func jobID(t *testing.T, r reply) string {
	t.Helper()
	var j api.JobResponse
	r.json(t, &j)
	return j.ID
}

// The start's search is refused without a directory, without every space,
// with a table past its bounds or past the machine, and to a stranger.
func TestMorrisDBStartRefusesWhatCannotRun(t *testing.T) {
	e := newEnv(t, nil, nil)
	e.do(t, "POST", "/v1/morris/db/start", nil).problem(t, http.StatusConflict)
	e = newEnv(t, nil, func(c *api.Config) { c.MorrisDB = morrisdbtest.Dir(t) })
	r := e.do(t, "POST", "/v1/morris/db/start", map[string]any{})
	if p := r.problem(t, http.StatusConflict); !strings.Contains(p.Detail, "45 of the 49 are not built (3-5 the first)") {
		t.Errorf("a database up to 4-4: %+v", p)
	}
	for _, bad := range []any{8, 33, "26", -1} {
		r := e.do(t, "POST", "/v1/morris/db/start", map[string]any{"table_bits": bad})
		r.hasField(t, r.problem(t, http.StatusBadRequest), "table_bits")
	}
	r = e.do(t, "POST", "/v1/morris/db/start", map[string]any{"table_bits": 32})
	r.hasField(t, r.problem(t, http.StatusUnprocessableEntity), "table_bits")

	// An owner's token uploads bots; it does not run the server's jobs.
	const key = "adm1n-key"
	st := memory.New(store.Config{})
	e = newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key; c.MorrisDB = morrisdbtest.Dir(t) },
		hosting.Off(st, errors.New("no sandbox in this test")))
	owner := e.owner(t, "ann", key)
	for _, who := range []string{"", "wrong", owner} {
		e.do(t, "POST", "/v1/morris/db/start", nil, "X-API-Key", who).problem(t, http.StatusUnauthorized)
	}
	// A position's value is public, and its cost bounded by the length
	// of a position: a long query is refused before it is parsed.
	r = e.do(t, "GET", "/v1/morris/db?position="+url.QueryEscape(strings.Repeat("W/", 5000)), nil)
	r.hasField(t, r.problem(t, http.StatusBadRequest), "position")
}
