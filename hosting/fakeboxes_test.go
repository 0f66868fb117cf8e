package hosting

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gameai/sandbox"
	"gameai/store"
	"gameai/store/memory"
)

// fakeBoxes run programs plainly, as the user running the tests, with the
// box's paths (/bot, /out, /tmp) mapped onto the spec's directories and a
// scratch one: the admission's steps (build, validation games, verdict)
// tested without root and without the sandbox's cost. They confine
// nothing and enforce no limit, so they live in a test file; what a box
// does is sandbox's tests' and the hostile suite's.
type fakeBoxes struct {
	t       testing.TB
	mu      sync.Mutex
	started int
}

// fakeHost is a Host whose boxes are fake.
func fakeHost(t testing.TB, cfg Config) *Host {
	t.Helper()
	h := Off(memory.New(store.Config{}), nil)
	h.cfg = cfg.withDefaults()
	h.turns = newTurns(h.cfg.Admissions)
	h.work = t.TempDir()
	if err := os.Mkdir(filepath.Join(h.work, "programs"), 0o755); err != nil {
		t.Fatal(err)
	}
	h.sb = &fakeBoxes{t: t}
	t.Cleanup(h.Close)
	return h
}

func (f *fakeBoxes) Start(spec sandbox.Spec) (boxed, error) {
	scratch, err := os.MkdirTemp(f.t.TempDir(), "scratch-")
	if err != nil {
		return nil, err
	}
	paths := strings.NewReplacer("/bot/", spec.Dir+"/", "/out/", spec.Out+"/", "/tmp/", scratch+"/", "=/tmp", "="+scratch)
	argv := make([]string, len(spec.Argv))
	for i, a := range spec.Argv {
		argv[i] = paths.Replace(a)
	}
	env := make([]string, len(spec.Env))
	for i, e := range spec.Env {
		env[i] = paths.Replace(e)
	}
	var ours, theirs []*os.File // [stdin, stdout, stderr]: ours write the first and read the others
	for i := range 3 {
		r, w, err := os.Pipe()
		if err != nil {
			closeFiles(ours...)
			closeFiles(theirs...)
			return nil, err
		}
		if i == 0 {
			ours, theirs = append(ours, w), append(theirs, r)
		} else {
			ours, theirs = append(ours, r), append(theirs, w)
		}
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = spec.Dir, env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = theirs[0], theirs[1], theirs[2]
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // Kill ends what it started too
	err = cmd.Start()
	closeFiles(theirs...)
	if err != nil {
		closeFiles(ours...)
		return nil, err
	}
	f.mu.Lock()
	f.started++
	f.mu.Unlock()
	p := &fakeBoxed{cmd: cmd, pipes: ours, limits: spec.Limits, began: time.Now(), done: make(chan struct{})}
	go p.wait()
	return p, nil
}

func (f *fakeBoxes) Close() {}

// starts counts the programs started.
func (f *fakeBoxes) starts() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.started
}

type fakeBoxed struct {
	cmd     *exec.Cmd
	pipes   []*os.File
	limits  sandbox.Limits
	began   time.Time
	done    chan struct{}
	once    sync.Once
	mu      sync.Mutex
	expired time.Duration // the wall limit Expire enforced, 0: none
	killed  bool
	exit    sandbox.Exit
}

func (p *fakeBoxed) wait() {
	err := p.cmd.Wait()
	e := sandbox.Exit{Limits: p.limits, Used: sandbox.Used{Wall: time.Since(p.began)}}
	if ps := p.cmd.ProcessState; ps != nil {
		e.Used.CPU = ps.UserTime() + ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			e.Used.Memory = ru.Maxrss << 10
		}
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			e.Status, e.Signal = sandbox.Signaled, ws.Signal().String()
		} else {
			e.Code = ps.ExitCode()
		}
	} else if err != nil {
		e.Status, e.Signal = sandbox.Signaled, err.Error()
	}
	p.mu.Lock()
	switch {
	case p.expired > 0:
		e.Status, e.Wall = sandbox.WallTime, p.expired
	case p.killed && !(e.Status == sandbox.Exited && e.Code == 0):
		e.Status = sandbox.Stopped
	}
	p.exit = e
	p.mu.Unlock()
	close(p.done)
}

func (p *fakeBoxed) Pipes() (stdin, stdout, stderr *os.File) {
	return p.pipes[0], p.pipes[1], p.pipes[2]
}
func (p *fakeBoxed) Done() <-chan struct{}     { return p.done }
func (p *fakeBoxed) Kill()                     { p.end(0) }
func (p *fakeBoxed) Expire(wall time.Duration) { p.end(wall) }
func (p *fakeBoxed) Freeze() error             { return p.signal(syscall.SIGSTOP) }
func (p *fakeBoxed) Thaw() error               { return p.signal(syscall.SIGCONT) }

func (p *fakeBoxed) Exit() sandbox.Exit {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exit
}

// end kills the program unless it ended, and closes the pipes as the
// sandbox does: its input at once, its output after sandbox.ReadGrace.
func (p *fakeBoxed) end(wall time.Duration) {
	p.once.Do(func() {
		select {
		case <-p.done:
		default:
			p.mu.Lock()
			p.killed, p.expired = true, wall
			p.mu.Unlock()
			_ = p.signal(syscall.SIGKILL)
		}
		closeFiles(p.pipes[0])
		time.AfterFunc(sandbox.ReadGrace, func() { closeFiles(p.pipes[1:]...) })
	})
}

func (p *fakeBoxed) signal(sig syscall.Signal) error {
	err := syscall.Kill(-p.cmd.Process.Pid, sig)
	if errors.Is(err, syscall.ESRCH) {
		return nil // ended already
	}
	return err
}
