package confinetest

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Hostile is a program of the hostile bots suite (testdata/hostile),
// written to misbehave, and the fault it must be rejected for.
type Hostile struct {
	File, Lang, Want string
	Kind             string // the game's competition.FaultKind
	// Stderr are lines its owner must find in its standard error.
	Stderr []string
	// Reaches is set on the bots that go for what is outside their
	// confinement (the host's files, descriptors, network, kernel and
	// processes) rather than their own limits or the protocol: the ones a
	// machine that hosts programs must be checked against however its
	// programs reach it (the server's own host, a worker on a shared Redis).
	Reaches bool
}

// HostileDir is the suite's directory seen from a package at the
// module's top (api, cli).
const HostileDir = "../internal/confinetest/testdata/hostile"

// HostileBots are the suite.
var HostileBots = []Hostile{
	{File: "forkbomb.c", Lang: "c", Want: "timed out", Kind: "time"},
	{File: "allocate.cpp", Lang: "cpp", Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	{File: "busyloop.go", Lang: "go", Want: "timed out", Kind: "time"},
	{File: "sleep.py", Lang: "python", Want: "timed out", Kind: "time"},
	{File: "connect.py", Lang: "python", Want: "exited with status 3", Kind: "crash", Reaches: true},
	{File: "escape.c", Lang: "c", Want: "illegal action", Kind: "illegal", Reaches: true},
	{File: "stderrflood.c", Lang: "c", Want: "exited with status 0", Kind: "crash"},
	{File: "longline.c", Lang: "c", Want: "a line longer than the protocol allows", Kind: "output"},
	{File: "closestdout.c", Lang: "c", Want: "ended", Kind: "crash"},
	{File: "exit.c", Lang: "c", Want: "exited with status 0", Kind: "crash"},
	{File: "illegal.py", Lang: "python", Want: "illegal action", Kind: "illegal"},
	// As its PID namespace's init it cannot even kill itself; its parent
	// is out of its sight.
	{File: "killparent.c", Lang: "c", Want: "illegal action", Kind: "illegal", Reaches: true},
	{File: "orphan.c", Lang: "c", Want: "illegal action", Kind: "illegal", Reaches: true},
	// The test holds a secret and a log open without close-on-exec, as a
	// server started by "gameai serve 7<secret 8>>log" would.
	{File: "descriptors.c", Lang: "c", Want: "exited with status 4", Kind: "crash", Reaches: true},
	{File: "syscalls.c", Lang: "c", Want: "exited with status 5", Kind: "crash", Reaches: true, Stderr: []string{
		"unshare(CLONE_NEWUSER): refused", "mount(tmpfs): refused", "socket(AF_INET, SOCK_RAW): refused",
		"socket(AF_NETLINK): refused", "io_uring_setup: refused", "bpf: refused", "perf_event_open: refused"}},
	// Arguments whose high word is another call's number: what an
	// assembler that leaves an argument in its accumulator let through.
	{File: "argtricks.c", Lang: "c", Want: "exited with status 7", Kind: "crash", Reaches: true, Stderr: []string{
		"personality(0x9e00440000): refused", "clone(0x3810000200): refused", "socket(0x2900000002, SOCK_STREAM): refused",
		"personality(0x400000): refused", "personality(0xffffffff): allowed", "personality(0): allowed"}},
	// Every inotify instance it can hold, held while it plays: the test
	// probes root's meanwhile (Planted.Harm).
	{File: "inotify.c", Lang: "c", Want: "exited with status 9", Kind: "crash", Reaches: true, Stderr: []string{"the parent holds"}},
	// The same three attacks from the languages whose runtime stands
	// between the program and the box (a JVM, V8, Rust's standard
	// library): a bomb of processes and threads, memory outside the heap a
	// runtime bounds, a connection out.
	{File: "threadbomb.java", Lang: "java", Want: "timed out", Kind: "time"},
	{File: "allocate.java", Lang: "java", Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	{File: "connect.java", Lang: "java", Want: "exited with status 3", Kind: "crash", Reaches: true},
	{File: "forkbomb.rs", Lang: "rust", Want: "timed out", Kind: "time"},
	{File: "allocate.rs", Lang: "rust", Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	{File: "connect.rs", Lang: "rust", Want: "exited with status 3", Kind: "crash", Reaches: true},
	{File: "forkbomb.js", Lang: "javascript", Want: "timed out", Kind: "time"},
	{File: "allocate.js", Lang: "javascript", Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	{File: "connect.js", Lang: "javascript", Want: "exited with status 3", Kind: "crash", Reaches: true},
}

// OrFault is the other fault a hostile bot may be rejected for: a fork
// bomb's processes share one memory limit and one clock, and which it
// reaches first depends on the machine's load (both contain it).
var OrFault = map[string]Hostile{
	"forkbomb.c":      {Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	"threadbomb.java": {Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	"forkbomb.rs":     {Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
	"forkbomb.js":     {Want: "out of memory (its limit is 128 MiB)", Kind: "memory"},
}

// Planted is what the hostile bots go after on the host: a file outside
// their confinement, a secret and a log for the server to hold open
// without close-on-exec, as inherited, and a listener on the loopback.
type Planted struct {
	Dir, File, Secret string
	// Held and Log are the paths of the secret file (HeldSecret) and the
	// log the server holds open.
	Held, HeldSecret, Log string
	Port                  int

	ln          net.Listener
	reached     sync.WaitGroup
	connections int
	probes      probes
}

// probes asks for an inotify instance as the test's user (root, where
// programs can be confined) every 100 ms until stopped, and counts the
// refusals: a bot that spends root's count while it plays makes some.
type probes struct {
	stop         chan struct{}
	done         chan struct{}
	tried, fails int
	first        error
}

func (pr *probes) run() {
	defer close(pr.done)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-pr.stop:
			return
		case <-tick.C:
		}
		pr.tried++
		fd, err := unix.InotifyInit1(unix.IN_CLOEXEC)
		if err != nil {
			pr.fails++
			if pr.first == nil {
				pr.first = err
			}
			continue
		}
		_ = unix.Close(fd)
	}
}

// Plant makes the files and starts the listener; the test's end removes
// them.
func Plant(t testing.TB) *Planted {
	t.Helper()
	p := &Planted{Dir: t.TempDir(), Secret: "h2h3-planted-6c1e", HeldSecret: "fd-secret-2b7e90"}
	// Open to all: a bot that got out as nobody could write here.
	if err := os.Chmod(p.Dir, 0o777); err != nil {
		t.Fatal(err)
	}
	p.File, p.Held, p.Log = filepath.Join(p.Dir, "secret"), filepath.Join(p.Dir, "fd-secret"), filepath.Join(p.Dir, "host.log")
	if err := os.WriteFile(p.File, []byte(p.Secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p.Held, []byte(p.HeldSecret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.ln, p.Port = ln, ln.Addr().(*net.TCPAddr).Port
	p.reached.Add(1)
	go func() {
		defer p.reached.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.connections++
			_ = c.Close()
		}
	}()
	t.Cleanup(func() { _ = ln.Close() })
	p.probes = probes{stop: make(chan struct{}), done: make(chan struct{})}
	go p.probes.run()
	t.Cleanup(p.stopProbes)
	return p
}

func (p *Planted) stopProbes() {
	select {
	case <-p.probes.stop:
	default:
		close(p.probes.stop)
	}
	<-p.probes.done
}

// Source is the bot's program with the planted paths and the listener's
// port filled in.
func (p *Planted) Source(t testing.TB, h Hostile) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(HostileDir, h.File))
	if err != nil {
		t.Fatal(err)
	}
	fill := strings.NewReplacer("PORT", strconv.Itoa(p.Port), "PLANTED_FILE", p.File, "PLANTED_DIR", p.Dir)
	return []byte(fill.Replace(string(src)))
}

// Leaks reports whether text holds either secret.
func (p *Planted) Leaks(text string) bool {
	return strings.Contains(text, p.Secret) || strings.Contains(text, p.HeldSecret)
}

// Harm closes the listener and lists what the bots did outside: a
// connection to the listener, a line in the held log, a file written
// where a bot hoped to write (each removed), root refused an inotify
// instance while they played.
func (p *Planted) Harm() []string {
	_ = p.ln.Close()
	p.reached.Wait()
	p.stopProbes()
	var out []string
	if p.probes.fails > 0 {
		out = append(out, fmt.Sprintf("root was refused an inotify instance %d times of %d while the bots played (%v)", p.probes.fails, p.probes.tried, p.probes.first))
	}
	if p.connections > 0 {
		out = append(out, strconv.Itoa(p.connections)+" connections reached the host's listener")
	}
	if b, _ := os.ReadFile(p.Log); len(b) > 0 {
		out = append(out, "the server's log written through an inherited descriptor: "+strconv.Quote(string(b)))
	}
	for _, f := range []string{filepath.Join(p.Dir, "written"), "/written", "/usr/written"} {
		if _, err := os.Stat(f); err == nil {
			out = append(out, "a bot wrote "+f)
			_ = os.Remove(f)
		}
	}
	return out
}

// verdict is what a bot's record (GET /v1/bots/{id}, as its owner reads
// it) says of it: its status and reason, and its first validation game.
type verdict struct {
	Status     string  `json:"status"`
	Reason     string  `json:"reason"`
	BuildLog   *string `json:"build_log"`
	Validation []struct {
		Result    string  `json:"result"`
		Fault     string  `json:"fault"`
		FaultKind string  `json:"fault_kind"`
		Turn      int     `json:"turn"`
		Stderr    *string `json:"stderr"`
	} `json:"validation"`
}

// Judge lists what is wrong with the record of h (GET /v1/bots/{id} as
// its owner reads it): anything but a rejection for its fault, with a
// public reason of one line of at most reasonCap bytes, as an irregular
// loss at turn 1 whose standard error its owner sees (capped), or a
// planted secret anywhere in it.
func (p *Planted) Judge(h Hostile, record []byte, reasonCap int) []string {
	var out []string
	bad := func(format string, a ...any) { out = append(out, h.File+": "+fmt.Sprintf(format, a...)) }
	var v verdict
	if err := json.Unmarshal(record, &v); err != nil {
		bad("its record: %v: %s", err, record)
		return out
	}
	if p.Leaks(string(record)) {
		bad("a planted secret is in its record: %s", record)
	}
	if len(v.Reason) > reasonCap || strings.ContainsAny(v.Reason, "\n\r") {
		bad("its public reason is %d bytes or more than a line: %q", len(v.Reason), v.Reason)
	}
	// Which of its faults it met is the game's fault kind (a value); the
	// reason must then say that fault.
	if or, ok := OrFault[h.File]; ok && len(v.Validation) > 0 && v.Validation[0].FaultKind == or.Kind {
		h.Want, h.Kind = or.Want, or.Kind
	}
	if v.Status != "rejected" || !strings.Contains(v.Reason, h.Want) || len(v.Validation) == 0 {
		log := ""
		if v.BuildLog != nil {
			log = *v.BuildLog
		}
		bad("%s %q, want rejected for %q by its first game (build log %q)", v.Status, v.Reason, h.Want, log)
		return out
	}
	g := v.Validation[0]
	if g.Result != "irregular loss" || g.Turn != 1 || !strings.Contains(g.Fault, h.Want) || g.FaultKind != h.Kind {
		bad("its game: %s at turn %d, %q (%s)", g.Result, g.Turn, g.Fault, g.FaultKind)
	}
	stderr := ""
	switch {
	case g.Stderr == nil:
		bad("its owner does not see its stderr")
	case len(*g.Stderr) > 70<<10:
		bad("%d bytes of stderr kept, over the cap", len(*g.Stderr))
	default:
		stderr = *g.Stderr
	}
	for _, line := range h.Stderr {
		if !strings.Contains(stderr, line) {
			bad("%q is not in its standard error:\n%s", line, stderr)
		}
	}
	if h.File == "stderrflood.c" && !strings.Contains(stderr, "more bytes not kept") {
		bad("the stderr flood was not capped: %d bytes", len(stderr))
	}
	return out
}
