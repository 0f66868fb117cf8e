package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"gameai/ai/morrisdb"
	"gameai/internal/waitfor"
	"gameai/jobs/workers"
)

// A database build whose only building worker is SIGKILLed in the middle
// of a pair goes on when another worker sharing the directory comes: the
// pair's task comes back after asynq's lease, the dead process's lock on
// the pair went with it, and the job ends with every space of the table.
func TestADatabaseBuildOnWorkersSurvivesAKill(t *testing.T) {
	srv, _ := killTestRedis(t)
	dir := t.TempDir()
	d := newDeployment(t, srv, "dbq", false, "--morris-db", dir)
	base := d.serve(t)
	victim := dbWorker(t, d, dir)
	opt, err := workers.ParseRedisURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	insp := asynq.NewInspector(opt)
	defer insp.Close()

	resp, err := http.Post(base+"/v1/morris/db/builds", "application/json", strings.NewReader(`{"up_to": "5-5"}`))
	if err != nil {
		t.Fatal(err)
	}
	var job struct {
		ID       string `json:"id"`
		Status   string `json:"status"`
		Progress struct {
			Message string `json:"message"`
		} `json:"progress"`
		Result struct {
			Spaces []morrisdb.Stats `json:"spaces"`
		} `json:"result"`
	}
	json.NewDecoder(resp.Body).Decode(&job)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST: %d", resp.StatusCode)
	}
	// Killed while it holds a pair past the first wave's.
	var active []*asynq.TaskInfo
	if !waitfor.UntilEvery(time.Minute, 5*time.Millisecond, func() bool {
		active, _ = insp.ListActiveTasks("dbq:morrisdb")
		return len(active) == 1 && !strings.Contains(string(active[0].Payload), "3-3")
	}) {
		t.Fatal("no pair seen on the worker")
	}
	_ = victim.Process.Kill()
	_ = victim.Wait()
	t.Logf("killed while it built %s", active[0].Payload)
	dbWorker(t, d, dir)
	var seen []string
	var raw []byte
	if !waitfor.UntilEvery(4*time.Minute, 200*time.Millisecond, func() bool {
		r, err := http.Get(base + "/v1/jobs/" + job.ID)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ = io.ReadAll(r.Body)
		r.Body.Close()
		if err := json.Unmarshal(raw, &job); err != nil || job.Status == "failed" {
			t.Fatalf("job: %v %s", err, raw)
		}
		if m := job.Progress.Message; len(seen) == 0 || seen[len(seen)-1] != m {
			seen = append(seen, m)
		}
		return job.Status == "succeeded"
	}) {
		t.Fatalf("job not done in 4 minutes: %s", raw)
	}
	want := map[string]uint64{"3-3": 2232160, "4-3": 1201560, "3-4": 1629336, "4-4": 2456, "5-3": 9271288, "3-5": 100512,
		"5-4": 156868, "4-5": 776, "5-5": 460176}
	for _, st := range job.Result.Spaces {
		if want[st.Space] != st.Wins {
			t.Errorf("%s: %d wins, want %d", st.Space, st.Wins, want[st.Space])
		}
		delete(want, st.Space)
	}
	if len(want) != 0 {
		t.Errorf("spaces missing: %v", want)
	}
	all := strings.Join(seen, "\n")
	if !strings.Contains(all, "wave ") {
		t.Errorf("progress never named a wave: %q", seen)
	}
	// Jobs are public: a pair names its worker by the word the process
	// drew, never by the machine.
	if host, _ := os.Hostname(); host != "" && strings.Contains(all, " on "+host) {
		t.Errorf("progress names the host %q: %q", host, seen)
	}
	if !regexp.MustCompile(` on p-[a-z2-7]{8}\b`).MatchString(all) {
		t.Errorf("progress never named a pair's worker: %q", seen)
	}
}

// dbWorker starts a worker process of d's queue that builds into dir.
func dbWorker(t *testing.T, d *deployment, dir string) *exec.Cmd {
	t.Helper()
	cmd := gameaiCommand(t, "worker", "--redis-url", d.redis.URL(), "--queues", d.queue, "--concurrency", "1",
		"--log-level", "warn", "--morris-db", dir)
	if err := startProcess(t, cmd); err != nil {
		t.Fatal(err)
	}
	return cmd
}
