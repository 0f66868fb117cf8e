package api_test

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/api"
	"gameai/competition"
	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/sandbox"
	"gameai/store"

	"golang.org/x/sys/unix"
)

// hostileBot is a program written to misbehave, and the fault it must be
// rejected for.
type hostileBot struct {
	file, lang, want string
	kind             competition.FaultKind
	// stderr are lines its owner must find in its standard error.
	stderr []string
}

// orFault is the other fault a hostile bot may be rejected for: a fork
// bomb's processes share one memory limit and one clock, and which it
// reaches first depends on the machine's load (both contain it).
var orFault = map[string]struct {
	want string
	kind competition.FaultKind
}{"forkbomb.c": {"out of memory (its limit is 128 MiB)", "crash"}}

var hostileBots = []hostileBot{
	{"forkbomb.c", "c", "timed out", "time", nil},
	{"allocate.cpp", "cpp", "out of memory (its limit is 128 MiB)", "crash", nil},
	{"busyloop.go", "go", "timed out", "time", nil},
	{"sleep.py", "python", "timed out", "time", nil},
	{"connect.py", "python", "exited with status 3", "crash", nil},
	{"escape.c", "c", "illegal action", "illegal", nil},
	{"stderrflood.c", "c", "exited with status 0", "crash", nil},
	{"longline.c", "c", "a line longer than the protocol allows", "output", nil},
	{"closestdout.c", "c", "ended", "crash", nil},
	{"exit.c", "c", "exited with status 0", "crash", nil},
	{"illegal.py", "python", "illegal action", "illegal", nil},
	// As its PID namespace's init it cannot even kill itself; its parent
	// is out of its sight.
	{"killparent.c", "c", "illegal action", "illegal", nil},
	{"orphan.c", "c", "illegal action", "illegal", nil},
	// The test holds a secret and a log open without close-on-exec, as a
	// server started by "gameai serve 7<secret 8>>log" would.
	{"descriptors.c", "c", "exited with status 4", "crash", nil},
	{"syscalls.c", "c", "exited with status 5", "crash", []string{"unshare(CLONE_NEWUSER): refused", "mount(tmpfs): refused",
		"socket(AF_INET, SOCK_RAW): refused", "socket(AF_NETLINK): refused", "io_uring_setup: refused", "bpf: refused", "perf_event_open: refused"}},
}

// TestHostileBotsLoseAndHarmNothing runs the hostile bots of
// testdata/hostile through the real upload, build, admission and game
// path. Each must end as an irregular loss with its reason at turn 1,
// while a legal bot is admitted and the server answers best moves within
// their budget; no connection reaches the test's listener, the planted
// file's content appears nowhere, nothing is written outside, and no
// process of any bot outlives its game.
func TestHostileBotsLoseAndHarmNothing(t *testing.T) {
	if raceSlowdown > 1 {
		t.Skip("two minutes of confined programs under the race detector: the plain run checks the attackers, hosting's tests race the admissions")
	}
	e, h := sandboxed(t)
	legalBot := lessBotExecutable(t) // built before the clock-watching starts
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var reached sync.WaitGroup
	connections := 0
	reached.Add(1)
	go func() {
		defer reached.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			connections++
			c.Close()
		}
	}()
	planted := t.TempDir()
	if err := os.Chmod(planted, 0o777); err != nil {
		t.Fatal(err)
	}
	const secret = "h2h3-planted-6c1e"
	plantedFile := filepath.Join(planted, "secret")
	if err := os.WriteFile(plantedFile, []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Descriptors the server holds without close-on-exec, as inherited.
	const fdSecret = "fd-secret-2b7e90"
	secretFile := filepath.Join(planted, "fd-secret")
	logFile := filepath.Join(planted, "host.log")
	if err := os.WriteFile(secretFile, []byte(fdSecret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		path string
		flag int
	}{{secretFile, unix.O_RDONLY}, {logFile, unix.O_WRONLY | unix.O_CREAT | unix.O_APPEND}} {
		fd, err := unix.Open(f.path, f.flag, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Close(fd)
	}
	fill := strings.NewReplacer("PORT", strconv.Itoa(ln.Addr().(*net.TCPAddr).Port),
		"PLANTED_FILE", plantedFile, "PLANTED_DIR", planted)

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
			case r.status == 200 && took < 1500*time.Millisecond:
				answered++
			case r.status == 429 && r.header.Get("Retry-After") != "":
			default:
				wrong = append(wrong, strconv.Itoa(r.status)+" after "+took.String()+": "+string(r.body))
			}
		}
	}()

	ids := map[string]hostileBot{}
	for i, hb := range hostileBots {
		src, err := os.ReadFile(filepath.Join("testdata", "hostile", hb.file))
		if err != nil {
			t.Fatal(err)
		}
		// An owner each: an owner has at most three bots on their way.
		tok := e.owner(t, "hostile-"+strconv.Itoa(i), "")
		var b api.BotResponse
		e.upload(t, tok, "less", strings.TrimSuffix(hb.file, filepath.Ext(hb.file)), hb.lang, []byte(fill.Replace(string(src)))).ok(t, 202).json(t, &b)
		ids[b.ID] = hb
		ids[b.ID+" token"] = hostileBot{file: tok}
	}
	legalTok := e.owner(t, "legal", "")
	var legal api.BotResponse
	e.upload(t, legalTok, "less", "greedy", "executable", legalBot).ok(t, 202).json(t, &legal)

	h.Wait()
	close(stop)
	searching.Wait()

	for id, hb := range ids {
		if strings.HasSuffix(id, " token") {
			continue
		}
		r := e.do(t, "GET", "/v1/bots/"+id, nil, "X-API-Key", ids[id+" token"].file).ok(t, 200)
		var b api.BotResponse
		r.json(t, &b)
		if strings.Contains(string(r.body), secret) || strings.Contains(string(r.body), fdSecret) {
			t.Errorf("%s: a planted secret is in its record: %s", hb.file, r.body)
		}
		if len(b.Reason) > hosting.MaxPublicText || strings.ContainsAny(b.Reason, "\n\r") {
			t.Errorf("%s: its public reason is %d bytes or more than a line: %q", hb.file, len(b.Reason), b.Reason)
		}
		if or, ok := orFault[hb.file]; ok && strings.Contains(b.Reason, or.want) {
			hb.want, hb.kind = or.want, or.kind
		}
		if b.Status != "rejected" || !strings.Contains(b.Reason, hb.want) {
			t.Errorf("%s: %s %q, want rejected for %q (build log %v)", hb.file, b.Status, b.Reason, hb.want, deref(b.BuildLog))
			continue
		}
		g := b.Validation[0]
		if g.Result != "irregular loss" || g.Turn != 1 || !strings.Contains(g.Fault, hb.want) || g.FaultKind != string(hb.kind) {
			t.Errorf("%s: its game: %+v", hb.file, g)
		}
		if g.Stderr == nil {
			t.Errorf("%s: its owner does not see its stderr", hb.file)
		} else if len(*g.Stderr) > 70<<10 {
			t.Errorf("%s: %d bytes of stderr kept, over the cap", hb.file, len(*g.Stderr))
		}
		for _, line := range hb.stderr {
			if !strings.Contains(deref(g.Stderr), line) {
				t.Errorf("%s: %q is not in its standard error:\n%s", hb.file, line, deref(g.Stderr))
			}
		}
		if hb.file == "stderrflood.c" && (g.Stderr == nil || !strings.Contains(*g.Stderr, "more bytes not kept")) {
			t.Errorf("the stderr flood was not capped: %d bytes", len(deref(g.Stderr)))
		}
	}
	var ok api.BotResponse
	e.do(t, "GET", "/v1/bots/"+legal.ID, nil).ok(t, 200).json(t, &ok)
	if ok.Status != "ready" || len(ok.Validation) != 4 {
		t.Errorf("the legal bot among them: %s %q", ok.Status, ok.Reason)
	}
	ln.Close()
	reached.Wait()
	if connections > 0 {
		t.Errorf("%d connections reached the host's listener", connections)
	}
	if b, _ := os.ReadFile(logFile); len(b) > 0 {
		t.Errorf("a bot wrote the server's log through an inherited descriptor: %q", b)
	}
	for _, p := range []string{filepath.Join(planted, "written"), "/written", "/usr/written"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a bot wrote %s", p)
			_ = os.Remove(p)
		}
	}
	if left := confinetest.Leftovers(sandbox.User, sandbox.Group()); len(left) > 0 {
		t.Errorf("processes of bots outlived their games: %v", left)
	}
	if len(wrong) > 0 || answered == 0 {
		t.Errorf("best moves meanwhile: %d answered; wrong: %v", answered, wrong)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// lessBotExecutable is our greedy Less bot built as a static executable
// (hosting/testdata/lessbot), uploaded as any author's would be.
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
	for i := range 20 {
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
