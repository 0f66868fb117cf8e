//go:build linux

package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hostProgram compiles a static C program of testdata into a directory
// the boxes' users can read, or skips without gcc (fails under
// GAMEAI_REQUIRE_SANDBOX, as CI sets).
func hostProgram(t *testing.T, name string) string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		if os.Getenv("GAMEAI_REQUIRE_SANDBOX") != "" {
			t.Fatal("no gcc")
		}
		t.Skip("no gcc")
	}
	dir, err := MkdirTemp("gameai-sandbox-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	out := filepath.Join(dir, name)
	if msg, err := exec.Command("gcc", "-O2", "-static", "-o", out, filepath.Join("testdata", name+".c")).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
	return out
}

// holding starts the inotify hog confined and waits for its "held N".
func holding(t *testing.T, s *Sandbox, prog string) (*Process, int) {
	t.Helper()
	p, err := s.Start(Spec{Argv: []string{"/bot/" + filepath.Base(prog)}, Dir: filepath.Dir(prog), Limits: small})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Kill)
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(p.Stdout).ReadString('\n')
		line <- l
	}()
	select {
	case l := <-line:
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(l, "held ")))
		if err != nil {
			t.Fatalf("the hog said %q (%v)", l, p.Exit())
		}
		return p, n
	case <-time.After(20 * time.Second):
		t.Fatal("the hog said nothing in 20 s")
	}
	return nil, 0
}

// nsOwner is the host uid that owns the user namespace of pid.
func nsOwner(t *testing.T, pid int) int {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/ns/user", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var uid uint32
	if _, _, e := unix.Syscall(unix.SYS_IOCTL, f.Fd(), unix.NS_GET_OWNER_UID, uintptr(unsafe.Pointer(&uid))); e != 0 {
		t.Fatalf("NS_GET_OWNER_UID: %v", e)
	}
	return int(uid)
}

// TestABoxSpendsItsOwnCounts: a program that takes every inotify instance
// it can spends its box user's count, not the server's: root still opens
// one while it holds them, and a second program running beside it takes
// as many (two boxes, two counts). Each runs as its own box's user, who
// owns its user namespace.
func TestABoxSpendsItsOwnCounts(t *testing.T) {
	s := forTest(t)
	prog := hostProgram(t, "inotifyhog")
	limit := 128
	if b, err := os.ReadFile("/proc/sys/fs/inotify/max_user_instances"); err == nil {
		limit, _ = strconv.Atoi(strings.TrimSpace(string(b)))
	}
	a, na := holding(t, s, prog)
	if na != limit {
		t.Errorf("the first program holds %d inotify instances, want the per-user limit %d", na, limit)
	}
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC)
	if err != nil {
		t.Errorf("root's inotify_init while a program holds all it can: %v", err)
	} else {
		unix.Close(fd)
	}
	b, nb := holding(t, s, prog)
	if nb != limit {
		t.Errorf("the second program holds %d inotify instances beside the first, want %d of its own", nb, limit)
	}
	for _, p := range []*Process{a, b} {
		if !IsBoxUser(p.User()) {
			t.Errorf("a program runs as %d, not a box's user", p.User())
		}
		if owner := nsOwner(t, p.pid); owner != p.User() {
			t.Errorf("the user namespace of a program of box user %d is owned by %d", p.User(), owner)
		}
		status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
		if !strings.Contains(string(status), fmt.Sprintf("Uid:\t%d\t%d\t%d", p.User(), p.User(), p.User())) {
			t.Errorf("the program of box user %d: %s", p.User(), status)
		}
	}
	if a.User() == b.User() {
		t.Errorf("two programs running at once share box user %d", a.User())
	}
}
