package api_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/api"
	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/sandbox"
	"gameai/store"
	"gameai/store/memory"

	"golang.org/x/sys/unix"
)

// TestHostileBotsLoseAndHarmNothing runs the hostile bots suite
// (confinetest.HostileBots) through the real upload, build, admission and game
// path. Each must end as an irregular loss with its reason at turn 1,
// while a legal bot is admitted and the server answers best moves within
// their budget; no connection reaches the test's listener, the planted
// file's content appears nowhere, nothing is written outside, and no
// process of any bot outlives its game.
func TestHostileBotsLoseAndHarmNothing(t *testing.T) {
	hostile := hostileBots()
	// Four admissions at once: most of the suite waits (on a clock, a
	// sleep, a build), not computes.
	e, h := sandboxedHost(t, memory.New(store.Config{}), nil, hosting.Config{LessClock: hostileClock,
		MorrisMoveTime: 20 * time.Millisecond, MorrisSlack: 3 * time.Second, BotMemory: 128 << 20, Admissions: 4, Log: quiet})
	legalBot := lessBotExecutable(t) // built before the clock-watching starts
	planted := confinetest.Plant(t)
	// Descriptors the server holds without close-on-exec, as inherited.
	for _, f := range []struct {
		path string
		flag int
	}{{planted.Held, unix.O_RDONLY}, {planted.Log, unix.O_WRONLY | unix.O_CREAT | unix.O_APPEND}} {
		fd, err := unix.Open(f.path, f.flag, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Close(fd)
	}

	// The server goes on answering while the bots are built and played:
	// every best move is answered at once, a search (200) or, when the
	// machine is too busy for the budget, 429 with Retry-After, never an
	// error or a hang. Whether accepted searches meet their budget under
	// load is the load test's to measure (BENCHMARKS.md), not a unit
	// test's: here other packages' tests share the cores.
	stop := make(chan struct{})
	var wrong []string
	answered := 0
	var searching sync.WaitGroup
	searching.Add(1)
	go func() {
		defer searching.Done()
		req := api.BestMoveRequest{Limits: api.LimitsRequest{TimeMS: 100}, NoCache: true}
		for {
			select {
			case <-stop:
				return
			case <-time.After(300 * time.Millisecond):
			}
			start := time.Now()
			r := e.do(t, "POST", "/v1/games/morris/best-move", req)
			took := time.Since(start)
			switch {
			// A hang's bound, not a budget's: an accepted 100 ms search
			// once took 1.54 s here (1,093 ms in the engine) while the
			// hostile bots held the cores, on 2026-12-06.
			case r.status == 200 && took < 5*time.Second:
				answered++
			case r.status == 429 && r.header.Get("Retry-After") != "":
			default:
				wrong = append(wrong, strconv.Itoa(r.status)+" after "+took.String()+": "+string(r.body))
			}
		}
	}()

	type upload struct {
		confinetest.Hostile
		token string
	}
	ids := map[string]upload{}
	for i, hb := range hostile {
		// An owner each: an owner has at most three bots on their way.
		tok := e.owner(t, "hostile-"+strconv.Itoa(i), "")
		var b api.BotResponse
		e.upload(t, tok, "less", strings.TrimSuffix(hb.File, filepath.Ext(hb.File)), hb.Lang, planted.Source(t, hb)).ok(t, 202).json(t, &b)
		ids[b.ID] = upload{hb, tok}
	}
	legalTok := e.owner(t, "legal", "")
	var legal api.BotResponse
	e.upload(t, legalTok, "less", "greedy", "executable", legalBot).ok(t, 202).json(t, &legal)

	h.Wait()
	close(stop)
	searching.Wait()

	for id, u := range ids {
		r := e.do(t, "GET", "/v1/bots/"+id, nil, "X-API-Key", u.token).ok(t, 200)
		for _, wrong := range planted.Judge(u.Hostile, r.body, hosting.MaxPublicText) {
			t.Error(wrong)
		}
	}
	var ok api.BotResponse
	e.do(t, "GET", "/v1/bots/"+legal.ID, nil).ok(t, 200).json(t, &ok)
	if ok.Status != "ready" || len(ok.Validation) != 4 {
		t.Errorf("the legal bot among them: %s %q", ok.Status, ok.Reason)
	}
	for _, harm := range planted.Harm() {
		t.Error(harm)
	}
	if left := confinetest.Leftovers(sandbox.IsBoxUser, sandbox.Group()); len(left) > 0 {
		t.Errorf("processes of bots outlived their games: %v", left)
	}
	if len(wrong) > 0 || answered == 0 {
		t.Errorf("best moves meanwhile: %d answered; wrong: %v", answered, wrong)
	}
}

// hostileClock is the suite's Less clock. Its six time attackers spend
// all of it, most of them spinning a core: at 10 s that was most of the
// suite's CPU (54 s -> 37 s alone at 5 s). The legal bot and the
// attackers that must fault first (a JVM's start among them) still did
// within it beside two busy loops at the host's CPU weight.
const hostileClock = 5 * time.Second

// hostileBots are the suite's attackers: all of them, or under the race
// detector the first of each kind: the server's side of each kind's ending
// is what it races, and the whole suite was two minutes there.
func hostileBots() []confinetest.Hostile {
	if raceSlowdown == 1 {
		return confinetest.HostileBots
	}
	var out []confinetest.Hostile
	kinds := map[string]bool{}
	for _, hb := range confinetest.HostileBots {
		if !kinds[hb.Kind] {
			kinds[hb.Kind] = true
			out = append(out, hb)
		}
	}
	return out
}

// lessBotExecutable is a quick legal Less bot built as a static
// executable (hosting/testdata/lessbot), uploaded as any author's would be.
func lessBotExecutable(t *testing.T) []byte { return gobuild.Static(t, "../hosting/testdata/lessbot") }

// TestJunkUploadsInBulkLeaveNothing: one owner sends 20 uploads of 8 MiB
// of noise as executables, through the real upload path: each is refused
// (422, naming the file) before anything is stored, and the store holds no
// bot and no byte of them; then more junk than the owner's quota of
// versions, as sources that fail to build, ends in 429 naming the limit,
// and the rejected versions keep no files.
func TestJunkUploadsInBulkLeaveNothing(t *testing.T) {
	e, h := sandboxed(t)
	tok := e.owner(t, "mallory", "")
	noise := make([]byte, hosting.MaxUpload)
	// Four under the race detector, where copying 160 MiB of uploads
	// through the instrumented server was 20 s.
	for i := range 20 / min(raceSlowdown, 5) {
		for j := range noise {
			noise[j] = byte(i*31 + j*7 + j>>9)
		}
		r := e.upload(t, tok, "less", "junk"+strconv.Itoa(i), "executable", noise)
		r.hasField(t, r.problem(t, 422), "file")
		if _, err := e.store.Artefacts.Get(t.Context(), store.ContentHash(noise)); err == nil {
			t.Fatalf("junk %d was stored", i)
		}
	}
	if bs, _ := e.store.Bots.List(t.Context(), store.BotFilter{Owner: "mallory"}); len(bs) != 0 {
		t.Fatalf("refused uploads left %d bots", len(bs))
	}
	// Broken C, uploaded as fast as the owner may (three on their way at
	// once), until the quota of versions answers.
	for accepted, tries := 0, 0; ; tries++ {
		if accepted > hosting.DefaultOwnerVersions || tries > 10*hosting.DefaultOwnerVersions {
			t.Fatalf("no quota of versions answered (%d accepted)", accepted)
		}
		r := e.upload(t, tok, "less", "broken", "c", []byte("int main( { return "+strconv.Itoa(tries)+"; }\n"))
		if r.status == 429 && strings.Contains(string(r.body), "quota-versions") {
			r.hasField(t, r.problem(t, 429), "name")
			break
		}
		if r.status == 429 { // three on their way: wait for them
			h.Wait()
			continue
		}
		r.ok(t, 202)
		accepted++
	}
	h.Wait()
	bs, _ := e.store.Bots.List(t.Context(), store.BotFilter{Owner: "mallory"})
	if len(bs) != hosting.DefaultOwnerVersions {
		t.Errorf("%d versions kept, want the quota's %d", len(bs), hosting.DefaultOwnerVersions)
	}
	for _, b := range bs {
		if b.Status != "rejected" || !b.FilesDropped {
			t.Errorf("%s: %s, files dropped %v", b.ID, b.Status, b.FilesDropped)
		}
		if _, err := e.store.Artefacts.Get(t.Context(), b.Source); err == nil {
			t.Errorf("%s: a rejected version's source is kept", b.ID)
		}
	}
}
