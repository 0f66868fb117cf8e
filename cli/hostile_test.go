package cli

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/internal/waitfor"
	"gameai/sandbox"
)

// TestHostileBotsOnAWorkerHarmNothing: on a deployment sharing one Redis,
// uploaded programs run on `gameai worker` machines, not the server's. The
// hostile bots that go for what is outside their confinement (the host's
// files and descriptors, its network, the kernel, other processes) are
// uploaded to a server that leaves its tasks to one worker, a process of
// its own started holding a secret and a log open without close-on-exec
// (as "gameai worker 3<secret 4>>log" would be). Each must be rejected for
// its fault at turn 1 with no secret in its record, a legal bot after them
// admitted (the worker unharmed), no connection, no write outside, nothing
// in the log, and no process of a bot left in the worker's control groups.
func TestHostileBotsOnAWorkerHarmNothing(t *testing.T) {
	needSandbox(t)
	d, base := deploy(t, nil, "hostile-test", false)
	planted := confinetest.Plant(t)
	held, err := os.Open(planted.Held)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	log, err := os.OpenFile(planted.Log, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	worker := d.worker(t, held, log)

	type sent struct {
		confinetest.Hostile
		id, token string
	}
	var ups []sent
	for i, hb := range confinetest.HostileBots {
		if !hb.Reaches {
			continue
		}
		// An owner each: an owner has at most three bots on their way.
		token := newOwner(t, base, "hostile-"+strconv.Itoa(i))
		id := upload(t, base, token, "less", strings.TrimSuffix(hb.File, filepath.Ext(hb.File)), hb.Lang, planted.Source(t, hb))
		ups = append(ups, sent{hb, id, token})
	}
	legal := upload(t, base, newOwner(t, base, "legal"), "less", "greedy", "executable", gobuild.Static(t, "../hosting/testdata/lessbot"))

	record := func(id, token string) (string, []byte) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+"/v1/bots/"+id, nil)
		if token != "" {
			req.Header.Set("X-API-Key", token)
		}
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		body, err := io.ReadAll(r.Body)
		if err != nil || r.StatusCode != http.StatusOK {
			t.Fatalf("GET /v1/bots/%s: %d %v", id, r.StatusCode, err)
		}
		status := ""
		if _, after, ok := strings.Cut(string(body), `"status":"`); ok {
			status, _, _ = strings.Cut(after, `"`)
		}
		return status, body
	}
	// One task at a time: builds of a few C files and games that end at
	// turn 1, then the legal bot's four games.
	deadline := time.Now().Add(3 * time.Minute)
	settled := func(id, token string) (string, []byte) {
		t.Helper()
		var status string
		var body []byte
		if !waitfor.UntilEvery(time.Until(deadline), 200*time.Millisecond, func() bool {
			status, body = record(id, token)
			return status == "ready" || status == "rejected"
		}) {
			t.Fatalf("bot %s still %s after 3 minutes on the worker", id, status)
		}
		return status, body
	}
	for _, u := range ups {
		_, body := settled(u.id, u.token)
		for _, wrong := range planted.Judge(u.Hostile, body, hosting.MaxPublicText) {
			t.Error(wrong)
		}
	}
	if status, body := settled(legal, ""); status != "ready" {
		t.Errorf("the legal bot after them: %s", body)
	}
	for _, harm := range planted.Harm() {
		t.Error(harm)
	}
	if left := confinetest.Leftovers(sandbox.IsBoxUser, sandbox.GroupOf(worker.Process.Pid)); len(left) > 0 {
		t.Errorf("processes of bots outlived their games on the worker: %v", left)
	}
}
