package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/memory"
)

// With Redis an upload's admission is a task: a server that leaves every
// task to `gameai worker` processes keeps the bot building until a worker
// starts, which builds it, plays its validation games and stores it ready.
func TestServeWithRedisLeavesAdmissionsToItsWorkers(t *testing.T) {
	if raceOn {
		t.Skip("the worker is this test binary, slower under the race detector; the plain run checks it")
	}
	needSandbox(t)
	srv := redistest.Start(t)
	base := startServe(t, "--redis-url", srv.URL(), "--task-queue", "admit-test", "--no-local-worker")

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
	// An executable's build is a copy and its validation games take
	// seconds: admitted here, it would be validating or ready by now.
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if s := status(); s != "building" {
			t.Fatalf("with no worker: %s %q; want it building, waiting for one", s, bot.Reason)
		}
	}
	startWorker(t, srv.URL(), "admit-test")
	deadline := time.Now().Add(2 * time.Minute)
	for s := status(); s != "ready"; s = status() {
		if s == "rejected" || time.Now().After(deadline) {
			t.Fatalf("on the worker: %s %q", s, bot.Reason)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// needSandbox skips the test (fails it under CI) where this machine
// cannot confine programs.
func needSandbox(t *testing.T) {
	t.Helper()
	h := hosting.New(memory.New(store.Config{}), hosting.Config{})
	defer h.Close()
	confinetest.Check(t, h.Unavailable())
}

// newOwner creates an owner on the server at base and returns its token.
func newOwner(t *testing.T, base, name string) string {
	t.Helper()
	var owner struct {
		Token string `json:"token"`
	}
	post(t, base+"/v1/owners", "application/json", strings.NewReader(`{"name": "`+name+`"}`), "", http.StatusCreated, &owner)
	return owner.Token
}

// upload sends a bot's file to the server at base with an owner's token
// and returns its id (202).
func upload(t *testing.T, base, token, game, name, lang string, file []byte) string {
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
func post(t *testing.T, url, contentType string, body io.Reader, key string, want int, out any) {
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
