package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

// programDir is a directory a box can be shown, holding /bin/true as
// "true" (its libraries are in the box's system directories), and the
// bytes of /bin/true to write more programs with.
func programDir(t *testing.T) (string, []byte) {
	t.Helper()
	dir, err := MkdirTemp("gameai-sandbox-busy-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	data, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "true"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, data
}

// A program whose file is still open for writing (here by the test, in
// the hosts' case by a child forked while a bot's binary was written)
// cannot be executed: Start tries again after each pause and starts it
// once the file is closed; held open for good, Start gives up after its
// tries with the execve's ETXTBSY.
func TestABusyProgramFileIsTriedAgain(t *testing.T) {
	s := forTest(t)
	dir, data := programDir(t)
	f, err := os.OpenFile(filepath.Join(dir, "held"), os.O_WRONLY|os.O_CREATE, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	spec := Spec{Argv: []string{"/bot/held"}, Dir: dir, Limits: small}
	var tries []int
	t.Cleanup(func() { onBusy = func(int) {} })

	onBusy = func(try int) { tries = append(tries, try) }
	if p, err := s.Start(spec); !textBusy(err) || len(tries) != len(busyWaits) {
		if p != nil {
			p.Kill()
		}
		t.Fatalf("a file held open for writing: Start = %v after busy tries %v; want ETXTBSY after %d", err, tries, len(busyWaits))
	}

	tries = nil
	onBusy = func(try int) {
		tries = append(tries, try)
		if try == 0 {
			_ = f.Close()
		}
	}
	if _, exit := run(t, s, spec); !exit.OK() || len(tries) != 1 {
		t.Errorf("the file closed after the first busy try: %v after busy tries %v; want it run after one", exit, tries)
	}
}

// An attacker's way to make the retry a denial of service: a confined
// program opens the program file it is shown (the same file every game of
// that bot runs) for writing and keeps it, so that the next game's start
// finds it busy. The program's directory is mounted read-only, so the
// open fails, and the next start runs at once, with no busy try.
func TestAProgramCannotHoldItsFileBusy(t *testing.T) {
	s := forTest(t)
	dir, _ := programDir(t)
	// (A failed exec redirection ends sh: it is tried in a child first.)
	hold := sh(`if sh -c 'exec 3>>/bot/true' 2>/dev/null; then exec 3>>/bot/true; echo held; sleep 30; else echo refused; fi`)
	hold.Dir = dir
	p, err := s.Start(hold)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	_ = p.Stdin.Close()
	go func() { _, _ = io.Copy(io.Discard, p.Stderr) }()
	said, err := bufio.NewReader(p.Stdout).ReadString('\n')
	if err != nil || said != "refused\n" {
		t.Fatalf("a program opening its own file for writing: said %q (%v), want refused", said, err)
	}
	var tries []int
	onBusy = func(try int) { tries = append(tries, try) }
	t.Cleanup(func() { onBusy = func(int) {} })
	if _, exit := run(t, s, Spec{Argv: []string{"/bot/true"}, Dir: dir, Limits: small}); !exit.OK() || len(tries) != 0 {
		t.Errorf("the next start: %v after busy tries %v; want it run at once", exit, tries)
	}
}

// The busy file's cause, in a host: a bot's binary written while other
// boxes start. Two goroutines start boxes without pause while programs
// are written and at once executed, three hundred times. Written with
// os.WriteFile, some of them are busy here (4 to 12 in 300, five tries);
// with WriteProgram, none.
func TestAProgramWrittenBesideStartsIsNeverBusy(t *testing.T) {
	s := forTest(t)
	dir, data := programDir(t)
	stop := make(chan struct{})
	var starts sync.WaitGroup
	for range 2 {
		starts.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if p, err := s.start(Spec{Argv: []string{"/bot/true"}, Dir: dir, Limits: small}); err == nil {
					_ = p.Stdin.Close()
					<-p.Done()
				}
			}
		})
	}
	busy := 0
	for i := range 300 {
		name := filepath.Join(dir, fmt.Sprintf("program-%d", i))
		if err := WriteProgram(name, data, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := exec.Command(name).Run(); errors.Is(err, syscall.ETXTBSY) {
			busy++
		} else if err != nil {
			t.Errorf("program %d: %v", i, err)
		}
	}
	close(stop)
	starts.Wait()
	if busy > 0 {
		t.Errorf("%d of 300 programs written beside starts were busy at their execve; want none", busy)
	}
}
