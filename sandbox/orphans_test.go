//go:build linux

package sandbox

import (
	"bufio"
	"fmt"
	"gameai/internal/waitfor"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// helperEnv makes the test binary a server that starts one confined
// program, freezes it, says its box's uid and PID, and waits to be killed.
const helperEnv = "GAMEAI_SANDBOX_KILLED_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		killedServer()
		return
	}
	os.Exit(m.Run())
}

func killedServer() {
	s, err := New()
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	p, err := s.Start(sh("exec sleep 1000"))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	var pids []int
	waitfor.Until(5*time.Second, func() bool { pids = p.Pids(); return len(pids) > 0 })
	if err := p.Freeze(); err != nil || len(pids) == 0 {
		fmt.Println("error freezing", err, pids)
		os.Exit(1)
	}
	fmt.Println(p.User(), pids[0])
	select {} // until killed
}

// A server SIGKILLed with a program running (frozen, as a session's bot
// is between its moves) leaves it behind, as its box's user; the next
// program given that box must not run beside it: taking the box kills it.
func TestAKilledServersProgramLeavesItsBoxEmpty(t *testing.T) {
	forTest(t) // root and control groups, or skip
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || strings.HasPrefix(line, "error") {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("the server: %q %v", line, err)
	}
	var uid, pid int
	if _, err := fmt.Sscan(line, &uid, &pid); err != nil {
		t.Fatalf("the server said %q", line)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if !alive(pid) || len(usersProcesses(uid)) == 0 {
		t.Fatalf("the program of the killed server ended with it: nothing to show (pid %d)", pid)
	}
	// Take boxes until the killed server's comes (the first free is
	// taken, and other tests' programs may hold lower ones meanwhile).
	var held []*box
	defer func() {
		for _, b := range held {
			b.release()
		}
	}()
	for range 1000 {
		b, err := takeBox()
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, b)
		if b.uid == uid {
			break
		}
	}
	if held[len(held)-1].uid != uid {
		t.Fatalf("box %d never came back", uid)
	}
	if alive(pid) {
		t.Errorf("the orphan %d still runs as %d once its box is taken again", pid, uid)
	}
	if left := usersProcesses(uid); len(left) != 0 {
		t.Errorf("processes of uid %d in a box just taken: %v", uid, left)
	}
}

// A zombie is no live server: its groups are stale.
func TestAZombieIsNotAlive(t *testing.T) {
	cmd := exec.Command("/bin/true")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	// Exited but not waited for: a zombie until Wait.
	waitfor.Check(t, 5*time.Second, "the exited child a zombie", func() bool {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		return err == nil && strings.Contains(string(b), ") Z")
	})
	if alive(pid) {
		t.Error("a zombie counts as alive")
	}
	_ = cmd.Wait()
	if alive(pid) || !alive(os.Getpid()) || unix.Getpid() != os.Getpid() {
		t.Error("alive is wrong about the dead or the living")
	}
}

// Close kills the programs its sandbox started: a server shutting down
// leaves none behind.
func TestCloseKillsItsPrograms(t *testing.T) {
	s := forTest(t)
	p, err := s.Start(sh("exec sleep 1000"))
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	waitfor.Until(5*time.Second, func() bool { pids = p.Pids(); return len(pids) > 0 })
	if len(pids) == 0 {
		t.Fatal("the program never ran")
	}
	if err := p.Freeze(); err != nil {
		t.Fatal(err)
	}
	uid := p.User()
	s.Close()
	select {
	case <-p.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("a program outlived its sandbox's Close")
	}
	if left := usersProcesses(uid); len(left) != 0 {
		t.Errorf("processes of uid %d after Close: %v", uid, left)
	}
}

// The pool holds every confined program together to its bound: two
// programs, each within its own limit, cannot both hold what together
// passes the pool's (one is killed). The test's pool is its own, so that
// other packages' programs running meanwhile keep the machine's.
func TestThePoolBoundsEveryProgramTogether(t *testing.T) {
	pool := fmt.Sprintf("gameai-pooltest-%d", os.Getpid())
	s, err := NewWith(Options{Pool: pool, Memory: 112 << 20})
	if err != nil {
		forTest(t) // skips where confining is not possible
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Close()
		for _, h := range []string{"/sys/fs/cgroup", "/sys/fs/cgroup/memory", "/sys/fs/cgroup/pids", "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/freezer"} {
			_ = unix.Rmdir(h + "/" + pool)
		}
	})
	hold := `import sys, time
b = b"x" * (64 << 20)
print("holding", flush=True)
time.sleep(60)`
	spec := Spec{Argv: []string{"/usr/bin/python3", "-c", hold}, Limits: Limits{Memory: 96 << 20, Procs: 16, CPUTime: 30 * time.Second, Scratch: 1 << 20}}
	var progs []*Process
	holding := make(chan int, 2)
	for i := range 2 {
		p, err := s.Start(spec)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
		go func() {
			line, _ := bufio.NewReader(p.Stdout).ReadString('\n')
			if strings.HasPrefix(line, "holding") {
				holding <- i
			}
		}()
		if i == 0 {
			select {
			case <-holding:
			case <-time.After(20 * time.Second):
				t.Fatal("the first program never held its 64 MiB")
			}
		}
	}
	// The second asks for 64 MiB more: past the pool's 112, one of the
	// two is killed.
	select {
	case <-progs[0].Done():
	case <-progs[1].Done():
	case <-time.After(20 * time.Second):
		t.Fatal("two programs hold 128 MiB in a pool bound to 112 MiB")
	}
	for _, p := range progs {
		p.Kill()
	}
}
