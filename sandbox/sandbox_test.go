package sandbox

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/internal/confinetest"
	"gameai/internal/waitfor"
)

// forTest is the sandbox, or a skip where the machine cannot confine
// (a failure where GAMEAI_REQUIRE_SANDBOX is set: CI).
func forTest(t testing.TB) *Sandbox {
	t.Helper()
	s, err := New()
	confinetest.Check(t, err)
	t.Cleanup(s.Close)
	return s
}

var small = Limits{Memory: 64 << 20, Procs: 16, CPUTime: 5 * time.Second, Scratch: 1 << 20}

// run runs a shell script confined and returns its output and exit.
func run(t *testing.T, s *Sandbox, spec Spec) (string, Exit) {
	t.Helper()
	p, err := s.Start(spec)
	if err != nil {
		t.Fatal(err)
	}
	_ = p.Stdin.Close()
	go func() { _, _ = io.Copy(io.Discard, p.Stderr) }()
	read := make(chan []byte)
	go func() {
		out, _ := io.ReadAll(io.LimitReader(p.Stdout, 1<<20))
		read <- out
	}()
	// Its output ends when every process of it has ended or closed it;
	// one that blocks for ever is killed, which ends it.
	deadline := time.After(20 * time.Second)
	select {
	case <-p.Done():
	case <-deadline:
		t.Error("still running after 20 s")
		p.Kill()
	}
	var out []byte
	select {
	case out = <-read:
	case <-deadline:
		t.Error("its output still open after 20 s")
		p.Kill()
		out = <-read
	}
	p.Kill()
	return string(out), p.Exit()
}

func sh(script string) Spec {
	return Spec{Argv: []string{"/bin/sh", "-c", script}, Env: []string{"PATH=/usr/bin:/bin"}, Limits: small}
}

func TestItSeesOnlyItsOwnWorld(t *testing.T) {
	s := forTest(t)
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret")
	if err := os.WriteFile(secret, []byte("planted-7f3a"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, e := run(t, s, sh(`id -u; echo $$; ls /; cat `+secret+` 2>&1; cat /etc/passwd 2>&1; echo x > /usr/x 2>&1; echo ok > /tmp/f && cat /tmp/f; ls /proc | grep -c '^[0-9]'`))
	if !e.OK() {
		t.Fatalf("%v: %s", e, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "1000" || lines[1] != "1" {
		t.Errorf("uid %s pid %s, want an unprivileged user as its PID namespace's init", lines[0], lines[1])
	}
	if strings.Contains(out, "planted-7f3a") || strings.Contains(out, "root:") {
		t.Errorf("it read a host file:\n%s", out)
	}
	if !strings.Contains(out, "ok\n") {
		t.Errorf("its scratch /tmp is not writable:\n%s", out)
	}
	if strings.Contains(out, "\nroot\n") || strings.Contains(out, "\nhome\n") {
		t.Errorf("the host's root is visible:\n%s", out)
	}
	if _, err := os.Stat("/usr/x"); err == nil {
		t.Error("it wrote into /usr")
	}
}

func TestItHasNoNetwork(t *testing.T) {
	s := forTest(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	reached := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			reached <- struct{}{}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	// bash's /dev/tcp where there is bash; python otherwise.
	out, _ := run(t, s, sh(`python3 -c "import socket; socket.create_connection(('127.0.0.1', `+strconv.Itoa(port)+`), 2)" 2>&1 | tail -1`))
	select {
	case <-reached:
		t.Fatalf("a confined program reached the host's listener: %s", out)
	case <-time.After(200 * time.Millisecond):
	}
	if !strings.Contains(out, "Error") {
		t.Errorf("the connection did not fail: %q", out)
	}
}

func TestLimitsHold(t *testing.T) {
	s := forTest(t)
	t.Run("processes", func(t *testing.T) {
		forks := "import os, time\nn = 0\nfor i in range(40):\n    try:\n        if os.fork() == 0:\n            time.sleep(5)\n            os._exit(0)\n        n += 1\n    except OSError:\n        pass\nprint(n)"
		out, _ := run(t, s, Spec{Argv: []string{"/usr/bin/python3", "-c", forks}, Limits: small})
		if n, err := strconv.Atoi(strings.TrimSpace(out)); err != nil || n >= 16 {
			t.Errorf("%q children with a limit of 16 processes", out)
		}
	})
	t.Run("memory", func(t *testing.T) {
		_, e := run(t, s, Spec{Argv: []string{"/usr/bin/python3", "-c", "b = []\nwhile True: b.append(bytearray(1 << 20))"}, Limits: small})
		if e.Status != OutOfMemory || !strings.Contains(e.String(), "out of memory (its limit is 64 MiB)") {
			t.Errorf("allocating without end: %v (%v), want killed out of memory", e, e.Status)
		}
	})
	t.Run("cpu", func(t *testing.T) {
		l := small
		l.CPUTime = time.Second
		spec := sh(`while :; do :; done`)
		spec.Limits = l
		_, e := run(t, s, spec)
		if e.Status != OutOfCPU {
			t.Errorf("a busy loop with 1 s of CPU: %v (%v)", e, e.Status)
		}
	})
	t.Run("cpu, SIGXCPU ignored", func(t *testing.T) {
		l := small
		l.CPUTime = time.Second
		spec := sh(`trap '' XCPU; while :; do :; done`)
		spec.Limits = l
		_, e := run(t, s, spec)
		if e.Status != OutOfCPU {
			t.Errorf("a busy loop that ignores SIGXCPU with 1 s of CPU: %v (%v)", e, e.Status)
		}
	})
	t.Run("wall", func(t *testing.T) {
		p, err := s.Start(sh(`sleep 30`))
		if err != nil {
			t.Fatal(err)
		}
		p.Expire(50 * time.Millisecond)
		if e := p.Exit(); e.Status != WallTime || e.String() != "stopped: it ran past its time limit of 50ms" {
			t.Errorf("expired: %v (%v)", e, e.Status)
		}
		var xe *ExitError
		if err := fmt.Errorf("wrapped: %w", &ExitError{p.Exit()}); !errors.As(err, &xe) || xe.Exit.Status != WallTime {
			t.Errorf("errors.As on a wrapped ExitError: %v", err)
		}
	})
}

// TestSwapCountsInTheMemoryLimit: on a host with swap, a program at its
// limit is killed, not swapped out (which would let it hold more, slowly).
func TestSwapCountsInTheMemoryLimit(t *testing.T) {
	s := forTest(t)
	p, err := s.Start(sh("read l"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	pids := p.Pids()
	if len(pids) == 0 {
		t.Fatal("no process in its control group")
	}
	cgroups, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pids[0]), "cgroup"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	var dir string
	for _, line := range strings.Split(strings.TrimSpace(string(cgroups)), "\n") {
		f := strings.SplitN(line, ":", 3)
		switch {
		case len(f) == 3 && f[1] == "memory":
			dir = filepath.Join("/sys/fs/cgroup/memory", f[2])
			want["memory.memsw.limit_in_bytes"] = strconv.FormatInt(small.Memory, 10)
			want["memory.swappiness"] = "0"
		case len(f) == 3 && f[0] == "0" && f[1] == "" && dir == "":
			dir = filepath.Join("/sys/fs/cgroup", f[2])
			want["memory.swap.max"] = "0"
		}
	}
	if dir == "" {
		t.Fatalf("no memory control group in %q", cgroups)
	}
	checked := 0
	for file, value := range want {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if errors.Is(err, os.ErrNotExist) {
			continue // the kernel accounts no swap
		}
		checked++
		if err != nil || strings.TrimSpace(string(b)) != value {
			t.Errorf("%s: %q %v, want %s", file, b, err, value)
		}
	}
	switch {
	case checked == 0 && len(want) > 1:
		t.Errorf("no swap setting of %s could be read", dir) // v1 always has swappiness
	case checked == 0:
		t.Skip("this kernel accounts no swap (no memory.swap.max): a program cannot be swapped out, nothing to check")
	}
}

func TestFreezeStopsItAndKillLeavesNothing(t *testing.T) {
	s := forTest(t)
	p, err := s.Start(sh(`(while :; do :; done) & (sleep 1000) & while read l; do echo "$l"; done`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(p.Stdin, "one\n"); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	if _, err := io.ReadFull(p.Stdout, buf); err != nil || string(buf) != "one\n" {
		t.Fatalf("%q %v", buf, err)
	}
	if err := p.Freeze(); err != nil {
		t.Fatal(err)
	}
	_, _ = io.WriteString(p.Stdin, "two\n")
	_ = p.Stdout.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if n, err := p.Stdout.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a frozen program answered: %q %v", buf[:n], err)
	}
	if err := p.Thaw(); err != nil {
		t.Fatal(err)
	}
	_ = p.Stdout.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadFull(p.Stdout, buf); err != nil || string(buf) != "two\n" {
		t.Fatalf("thawed: %q %v", buf, err)
	}
	pids := p.Pids()
	if len(pids) < 3 {
		t.Fatalf("processes %v, want the shell and its two children", pids)
	}
	p.Kill()
	for _, pid := range pids {
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err == nil {
			t.Errorf("process %d survived Kill", pid)
		}
	}
	if e := p.Exit(); e.Status != Stopped {
		t.Errorf("exit %v, want stopped by the referee", e)
	}
}

func TestItUsesAtMostItsCores(t *testing.T) {
	s := forTest(t)
	spec := Spec{Argv: []string{"/usr/bin/python3", "-c", `
import os, time
for _ in range(3):
    if os.fork() == 0:
        end = time.time() + 1.5
        while time.time() < end:
            pass
        os._exit(0)
for _ in range(3):
    os.wait()
t = os.times()
print(t.children_user + t.children_system)
`}, Limits: small}
	start := time.Now()
	out, e := run(t, s, spec)
	wall := time.Since(start)
	cpu, err := strconv.ParseFloat(strings.TrimSpace(out), 64)
	if !e.OK() || err != nil {
		t.Fatalf("%v %q", e, out)
	}
	// Three busy processes for 1.5 s of wall time each: with one core's
	// worth of time, they get about 1.5 s of CPU together, not 3 or 4.5.
	if cpu > 2.0 {
		t.Errorf("%.2f s of CPU in %v with a limit of one core", cpu, wall)
	}
}

func TestScratchIsEachRunsOwnAndGoneAfter(t *testing.T) {
	s := forTest(t)
	out, e := run(t, s, sh(`echo left > /tmp/mark && ls /tmp`))
	if !e.OK() || !strings.Contains(out, "mark") {
		t.Fatalf("%v %q", e, out)
	}
	out, _ = run(t, s, sh(`ls -A /tmp; echo end`))
	if strings.TrimSpace(out) != "end" {
		t.Errorf("the next run's scratch holds %q", out)
	}
	if _, err := os.Stat("/tmp/mark"); err == nil {
		t.Error("the scratch file is on the host")
	}
}

// confinetest.Leftovers, which the game tests use to find processes that
// outlived their game, sees a confined program while it runs and not once
// it is killed.
func TestLeftoversSeesARunningProgram(t *testing.T) {
	s := forTest(t)
	p, err := s.Start(sh("read l"))
	if err != nil {
		t.Fatal(err)
	}
	if left := confinetest.Leftovers(IsBoxUser, Group()); len(left) != 1 || !strings.Contains(left[0], "/bin/sh") {
		t.Errorf("while it runs: %q, want the shell", left)
	}
	p.Kill()
	<-p.Done()
	if left := confinetest.Leftovers(IsBoxUser, Group()); len(left) != 0 {
		t.Errorf("once killed: %q", left)
	}
}

// TestKillLeavesItsOutputToBeRead: a program killed after writing keeps
// what it wrote for its reader (a build's errors, a bot's last words):
// Kill closes its input at once and its output only after ReadGrace.
func TestKillLeavesItsOutputToBeRead(t *testing.T) {
	s := forTest(t)
	const size = 60_000 // less than a pipe's buffer: it is all written before anyone reads
	p, err := s.Start(sh(fmt.Sprintf(`head -c %d /dev/zero; printf 'ready\nlast words\n' >&2; sleep 1000`, size)))
	if err != nil {
		t.Fatal(err)
	}
	ready := make([]byte, len("ready\n")) // written with its last words in one write: both are in the pipe
	_ = p.Stderr.SetReadDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.ReadFull(p.Stderr, ready); err != nil || string(ready) != "ready\n" {
		t.Fatalf("%q %v", ready, err)
	}
	p.Kill()
	if _, err := io.WriteString(p.Stdin, "more\n"); err == nil {
		t.Error("its input is still open after Kill")
	}
	out, err := io.ReadAll(p.Stdout)
	if err != nil || len(out) != size {
		t.Errorf("read %d bytes of its output after Kill (%v), want %d", len(out), err, size)
	}
	rest, err := io.ReadAll(p.Stderr)
	if err != nil || !strings.Contains(string(rest), "last words") {
		t.Errorf("its standard error after Kill: %q %v", rest, err)
	}
	var err2 error
	if !waitfor.Until(ReadGrace+5*time.Second, func() bool {
		_, err2 = p.Stdout.Read(make([]byte, 1))
		return errors.Is(err2, os.ErrClosed)
	}) {
		t.Errorf("its output after ReadGrace: %v, want closed", err2)
	}
}

// TestKilledAtItsLimitIsNotOutOfMemory: a program that its caller ends
// (a build at its wall limit) is reported as ended by Kill even when its
// memory stood at its limit (here a child filled it and was killed for
// it, as a compiler's back end may be): a compile bomb was reported "out
// of memory" after its whole 3 minutes.
func TestKilledAtItsLimitIsNotOutOfMemory(t *testing.T) {
	s := forTest(t)
	// The child holds the most memory, so the OOM killer takes it and
	// its memory is freed for the shell to go on.
	spec := sh(`python3 -c 'b = bytearray(48 << 20)' 2>/dev/null; echo read; sleep 1000`)
	spec.Limits.Memory = 32 << 20
	p, err := s.Start(spec)
	if err != nil {
		t.Fatal(err)
	}
	line := make([]byte, 5)
	_ = p.Stdout.SetReadDeadline(time.Now().Add(60 * time.Second))
	if _, err := io.ReadFull(p.Stdout, line); err != nil {
		t.Fatalf("%v (%v)", err, p.Exit())
	}
	if used, err := p.cg.MemoryMaxUsage(); err != nil || int64(used) < spec.Limits.Memory-(1<<20) {
		t.Fatalf("its peak %d of %d (%v): the test did not fill its memory", used, spec.Limits.Memory, err)
	}
	p.Kill()
	if e := p.Exit(); e.Status != Stopped {
		t.Errorf("ended by Kill: %v (%v), want stopped", e, e.Status)
	}
}

// A program's end says what it used beside its limits: a shell that holds
// 24 MiB in a variable and counts for a while used that memory at its
// peak (and less than its limit), some CPU time, and the time it ran.
func TestAnExitSaysWhatItUsed(t *testing.T) {
	s := forTest(t)
	_, e := run(t, s, sh(`x=$(head -c 25165824 /dev/zero | tr '\0' a); i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo ${#x}`))
	if !e.OK() {
		t.Fatalf("%v", e)
	}
	u := e.Used
	if u.Memory < 24<<20 || u.Memory >= small.Memory || u.CPU <= 0 || u.Wall < u.CPU/2 {
		t.Errorf("used %+v (limits %+v): want 24 MiB or more of memory, some CPU time, and its time", u, small)
	}
	if say := u.Of(small); !strings.Contains(say, "MiB of 64 MiB memory at its peak") || !strings.Contains(say, "(its limit 5s)") {
		t.Errorf("said %q", say)
	}
	t.Logf("%s", u.Of(small))
}
