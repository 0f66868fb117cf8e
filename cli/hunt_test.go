package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"gameai/ai/morpionai"
	"gameai/internal/waitfor"
)

// huntJob is what a record search's job shows: its runs as they go (each
// with the worker playing it) and its result.
type huntJob struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Progress struct {
		Best struct {
			morpionai.Progress
			Runs []struct {
				BestScore int    `json:"best_score"`
				Playouts  int64  `json:"playouts"`
				Done      bool   `json:"done"`
				Worker    string `json:"worker"`
			} `json:"runs"`
		} `json:"best"`
	} `json:"progress"`
	Result *morpionai.Progress `json:"result"`
}

func getHunt(t *testing.T, base, id string) (huntJob, error) {
	var j huntJob
	r, err := http.Get(base + "/v1/jobs/" + id)
	if err != nil {
		return j, err
	}
	defer r.Body.Close()
	raw, err := io.ReadAll(r.Body)
	if err == nil {
		err = json.Unmarshal(raw, &j)
	}
	return j, err
}

// A record search on two workers whose server and one worker are
// SIGKILLed together, as a machine failing would: the other server takes
// the job over once its lease lapses, another worker goes on with the
// killed worker's run from the state it last wrote (its playouts, time and
// improvements carried), and the search keeps its best grid. The page's
// list of a search's workers shows the run moving.
func TestAHuntSurvivesItsServerAndAWorkerKilled(t *testing.T) {
	srv, _ := killTestRedis(t)
	d := newDeployment(t, srv, "hunt", false)
	base, server := d.serveProcess(t)
	other, _ := d.serveProcess(t)
	victim := d.worker(t)
	d.worker(t)
	resp, err := http.Post(base+"/v1/morpion/searches", "application/json", strings.NewReader(`{"variant": "5T",
		"algorithm": "nrpa", "parameters": {"level": 2}, "threads": 2, "seed": 5, "budget": {"time_ms": 10000}}`))
	if err != nil {
		t.Fatal(err)
	}
	var j huntJob
	err = json.NewDecoder(resp.Body).Decode(&j)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST a search: %d %v", resp.StatusCode, err)
	}
	var before huntJob
	// Both runs on their workers, well into their time.
	if !waitfor.UntilEvery(time.Minute, 100*time.Millisecond, func() bool {
		var err error
		before, err = getHunt(t, base, j.ID)
		runs := before.Progress.Best.Runs
		return err == nil && len(runs) == 2 && runs[0].Worker != "" && runs[1].Worker != "" &&
			before.Progress.Best.ElapsedMS >= 3000 && before.Progress.Best.BestScore > 0
	}) {
		t.Fatalf("the search never had both runs going on workers: %s, runs %+v, %d ms", before.Status,
			before.Progress.Best.Runs, before.Progress.Best.ElapsedMS)
	}
	// Jobs are public: a run names its process by a drawn word, not by
	// its machine or process id.
	drawn := regexp.MustCompile(`^p-[a-z2-7]{8}$`)
	for _, r := range before.Progress.Best.Runs {
		if !drawn.MatchString(r.Worker) {
			t.Errorf("a run's worker %q is not a drawn name", r.Worker)
		}
	}
	_ = server.Process.Kill()
	_ = victim.Process.Kill()

	base = other
	d.worker(t)
	var after huntJob
	if !waitfor.UntilEvery(3*time.Minute, 200*time.Millisecond, func() bool {
		var err error
		after, err = getHunt(t, base, j.ID)
		return err == nil && after.Status != "queued" && after.Status != "running"
	}) || after.Status != "succeeded" || after.Result == nil {
		t.Fatalf("after the kills the search is %s (result %v)", after.Status, after.Result != nil)
	}
	b, res := before.Progress.Best.Progress, after.Result
	if res.BestScore < b.BestScore || res.Playouts <= b.Playouts || res.ElapsedMS < 10000 ||
		len(b.Improvements) == 0 || len(res.Improvements) == 0 || res.Improvements[0] != b.Improvements[0] {
		t.Errorf("the search did not go on from what it had: before the kills best %d, %d playouts in %d ms, improvements %v; "+
			"at the end best %d, %d playouts in %d ms, improvements %v", b.BestScore, b.Playouts, b.ElapsedMS, b.Improvements,
			res.BestScore, res.Playouts, res.ElapsedMS, res.Improvements)
	}
	// The killed worker's run went on with another process: the one
	// started after the kill, or the survivor once its own run ended. The
	// survivor's run kept its worker.
	runs, was := after.Progress.Best.Runs, before.Progress.Best.Runs
	moved := -1
	for i := range runs {
		if i < len(was) && runs[i].Worker != was[i].Worker {
			if moved >= 0 {
				t.Errorf("both runs changed workers: %+v, were %+v", runs, was)
			}
			moved = i
		}
	}
	if len(runs) != 2 || moved < 0 || runs[moved].Worker == "" || !runs[0].Done || !runs[1].Done ||
		runs[moved].Playouts <= was[moved].Playouts {
		t.Errorf("runs at the end %+v, before the kills %+v; want both done, the killed worker's run on another, "+
			"past its playouts", runs, was)
	}
}
