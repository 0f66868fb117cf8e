package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/internal/waitfor"
	"gameai/sandbox"
	"gameai/store"
	"gameai/store/memory"

	"github.com/hibiken/asynq"
)

// With Redis an upload's admission is a task: a server that leaves every
// task to `gameai worker` processes keeps the bot building until a worker
// starts, which builds it, plays its validation games and stores it ready.
func TestServeWithRedisLeavesAdmissionsToItsWorkers(t *testing.T) {
	needSandbox(t)
	d, base := deploy(t, nil, "admit-test", false)

	bot := struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Reason string `json:"reason"`
	}{ID: upload(t, base, newOwner(t, base, "ann"), "morris", "remote", "executable", gobuild.Static(t, "../hosting/testdata/morrisbot"))}

	status := func() string {
		t.Helper()
		r, err := http.Get(base + "/v1/bots/" + bot.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if err := json.NewDecoder(r.Body).Decode(&bot); err != nil {
			t.Fatal(err)
		}
		return bot.Status
	}
	// Its admission is a task on the queue of executables' builds, pending
	// while no worker runs, and the bot building: the server left it to
	// them.
	insp := asynq.NewInspectorFromRedisClient(d.redis.Client())
	waitfor.Check(t, 10*time.Second, "the admission a task for the workers", func() bool {
		info, err := insp.GetTaskInfo("admit-test:builds:executable", "admission:"+bot.ID)
		return err == nil && info.State == asynq.TaskStatePending
	})
	if s := status(); s != "building" {
		t.Fatalf("with no worker: %s %q; want it building, waiting for one", s, bot.Reason)
	}
	d.worker(t)
	if !waitfor.UntilEvery(2*time.Minute, 100*time.Millisecond, func() bool {
		s := status()
		if s == "rejected" {
			t.Fatalf("on the worker: rejected %q", bot.Reason)
		}
		return s == "ready"
	}) {
		t.Fatalf("on the worker: %s %q after 2 minutes", bot.Status, bot.Reason)
	}
}

// needSandbox skips the test (fails it under CI) where this machine
// cannot confine programs.
func needSandbox(t testing.TB) {
	t.Helper()
	h := hosting.New(memory.New(store.Config{}), hosting.Config{})
	defer h.Close()
	confinetest.Check(t, h.Unavailable())
}

// newOwner creates an owner on the server at base and returns its token.
func newOwner(t testing.TB, base, name string) string {
	t.Helper()
	var owner struct {
		Token string `json:"token"`
	}
	post(t, base+"/v1/owners", "application/json", strings.NewReader(`{"name": "`+name+`"}`), "", http.StatusCreated, &owner)
	return owner.Token
}

// upload sends a bot's file to the server at base with an owner's token
// and returns its id (202).
func upload(t testing.TB, base, token, game, name, lang string, file []byte) string {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range map[string]string{"game": game, "name": name, "language": lang} {
		_ = mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(file)
	_ = mw.Close()
	var bot struct {
		ID string `json:"id"`
	}
	post(t, base+"/v1/bots", mw.FormDataContentType(), &body, token, http.StatusAccepted, &bot)
	return bot.ID
}

// post sends body to url with the key, when given, and decodes the
// answer, which must have status want.
func post(t testing.TB, url, contentType string, body io.Reader, key string, want int, out any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if err := json.NewDecoder(r.Body).Decode(out); err != nil || r.StatusCode != want {
		t.Fatalf("POST %s: %d %v; want %d", url, r.StatusCode, err, want)
	}
}

// botRecord is what the tests read of GET /v1/bots/{id}.
type botRecord struct {
	Status     string `json:"status"`
	Reason     string `json:"reason"`
	Validation []struct {
		Result string `json:"result"`
	} `json:"validation"`
}

func getBot(t testing.TB, base, id, token string) botRecord {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/v1/bots/"+id, nil)
	req.Header.Set("X-API-Key", token)
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var b botRecord
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		t.Fatal(err)
	}
	return b
}

// waitAdmitted waits for each bot to be ready (failing the test on a
// rejection or after limit) and returns when the last was.
func waitAdmitted(t testing.TB, base string, ids, tokens []string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for i, id := range ids {
		var b botRecord
		if !waitfor.UntilEvery(time.Until(deadline), 50*time.Millisecond, func() bool {
			if b = getBot(t, base, id, tokens[i]); b.Status == "rejected" {
				t.Fatalf("bot %d rejected: %q", i, b.Reason)
			}
			return b.Status == "ready"
		}) {
			t.Fatalf("bot %d: %s %q after %s", i, b.Status, b.Reason, limit)
		}
	}
}

// A worker SIGKILLed in the middle of an admission loses nothing: once
// asynq's lease on its task lapses another worker takes it, builds the bot
// again and plays its validation games from the start, and the bot is
// admitted once, with one set of games; the programs the dead worker left
// running are gone once the next worker starts (its sandbox ends them).
func TestAnAdmissionOutlivesItsWorkerKilled(t *testing.T) {
	needSandbox(t)
	srv, rdb := killTestRedis(t)
	d, base := deploy(t, srv, "admit-kill", false)
	victim := d.worker(t)
	src, err := os.ReadFile("../hosting/testdata/legal/bot.c")
	if err != nil {
		t.Fatal(err)
	}
	token := newOwner(t, base, "kim")
	id := upload(t, base, token, "less", "legal", "c", src)
	insp := asynq.NewInspectorFromRedisClient(rdb)
	// Killed once its validation games are under way: its build is done,
	// its first game's programs are running.
	waitfor.Check(t, 2*time.Minute, "the admission validating on the worker", func() bool {
		if b := getBot(t, base, id, token); b.Status != "validating" {
			return false
		}
		active, _ := activeTasks(insp, "admit-kill")
		return len(active) == 1
	})
	_ = victim.Process.Kill()
	killedAt := time.Now()
	if b := getBot(t, base, id, token); b.Status == "ready" || b.Status == "rejected" {
		t.Fatalf("the admission had ended before the kill: %s", b.Status)
	}
	dead := victim.Process.Pid
	_ = victim.Wait()
	d.worker(t)
	waitAdmitted(t, base, []string{id}, []string{token}, 4*time.Minute)
	t.Logf("admitted %v after the kill", time.Since(killedAt).Round(time.Second))
	if b := getBot(t, base, id, token); len(b.Validation) != 4 {
		t.Errorf("%d validation games, want the 4 of one admission: %+v", len(b.Validation), b.Validation)
	}
	if left := confinetest.Leftovers(sandbox.IsBoxUser, sandbox.GroupOf(dead)); len(left) > 0 {
		t.Errorf("the killed worker's programs still run: %q", left)
	}
}

// BenchmarkAdmissionsOnWorkers: five uploads of five owners (the legal
// C bot, built and validated: four Less games) admitted by a server that
// leaves admissions to one or to two `gameai worker` processes of one task
// at a time, each pinned to a core of its own (taskset: two machines of
// one core, where an admission's referee would otherwise spread its
// tables over every core of one). One op is the five admissions, uploads
// to the last ready.
func BenchmarkAdmissionsOnWorkers(b *testing.B) {
	needSandbox(b)
	if _, err := exec.LookPath("taskset"); err != nil {
		b.Skip("no taskset")
	}
	src, err := os.ReadFile("../hosting/testdata/legal/bot.c")
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			queue := fmt.Sprintf("admit-bench-%d", workers)
			d, base := deploy(b, nil, queue, false)
			srv := d.redis
			for cpu := range workers {
				w := exec.Command("taskset", "-c", strconv.Itoa(cpu), os.Args[0], "worker", "--redis-url", srv.URL(), "--queues", queue,
					"--concurrency", "1", "--log-level", "warn")
				w.Env = append(os.Environ(), processEnv+"=1")
				if err := startProcess(b, w); err != nil {
					b.Fatal(err)
				}
			}
			tokens := make([]string, 5)
			for i := range tokens {
				tokens[i] = newOwner(b, base, fmt.Sprintf("owner%d", i))
			}
			round := 0
			for b.Loop() {
				round++
				ids := make([]string, len(tokens))
				for i, tok := range tokens {
					ids[i] = upload(b, base, tok, "less", fmt.Sprintf("bench%d", round), "c", src)
				}
				waitAdmitted(b, base, ids, tokens, 10*time.Minute)
			}
		})
	}
}
