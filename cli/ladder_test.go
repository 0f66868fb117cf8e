package cli

import (
	"encoding/json"
	"gameai/internal/waitfor"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The ladder on workers and Redis: `gameai serve --no-local-worker` sends
// its games to a `gameai worker` process; stopped and started again on the
// same Redis, the server resumes the ladder where it was.
func TestLadderOnAWorkerSurvivesARestart(t *testing.T) {
	d := newDeployment(t, nil, "ladder-test", false)
	d.worker(t)
	ladder := func(base string) (l struct {
		ID     string `json:"id"`
		State  string `json:"state"`
		Played int    `json:"played"`
		Rows   []struct {
			Bot   string  `json:"bot"`
			Games int     `json:"games"`
			Sigma float64 `json:"sigma"`
		} `json:"rows"`
	}) {
		t.Helper()
		r, err := http.Get(base + "/v1/ladders/less")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		raw, _ := io.ReadAll(r.Body)
		if r.StatusCode != 200 || json.Unmarshal(raw, &l) != nil {
			t.Fatalf("GET ladder: %d %s", r.StatusCode, raw)
		}
		return l
	}
	waitPlayed := func(base string, n int) {
		t.Helper()
		if !waitfor.UntilEvery(3*time.Minute, 200*time.Millisecond, func() bool { return ladder(base).Played >= n }) {
			t.Fatalf("the ladder played %d games, not %d", ladder(base).Played, n)
		}
	}

	first, stopFirst := d.serveStoppable(t)
	req, _ := http.NewRequest("PUT", first+"/v1/ladders/less", strings.NewReader(`{"state": "running", "games_per_minute": 120,
		"clock": {"game_ms": 10000}, "parallel": 2,
		"bots": ["gameai:less:greedy", "gameai:greedy:seed=2", "gameai:greedy:seed=3", "gameai:greedy:seed=4", "gameai:greedy:seed=5"]}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("PUT ladder: %d", resp.StatusCode)
	}
	waitPlayed(first, 4)
	before := ladder(first)
	stopFirst()

	second := d.serve(t)
	l := ladder(second)
	if l.ID != before.ID || l.Played < before.Played || l.State != "running" {
		t.Fatalf("after the restart: %+v, before %+v", l, before)
	}
	waitPlayed(second, before.Played+4)
	l = ladder(second)
	if len(l.Rows) != 5 {
		t.Fatalf("rows %+v", l.Rows)
	}
	for _, r := range l.Rows {
		if r.Games == 0 || r.Sigma >= 25.0/3 {
			t.Errorf("row %+v after %d games", r, l.Played)
		}
	}
}
