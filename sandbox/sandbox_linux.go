//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/criyle/go-sandbox/pkg/cgroup"
	"github.com/criyle/go-sandbox/pkg/forkexec"
	"github.com/criyle/go-sandbox/pkg/mount"
	"github.com/criyle/go-sandbox/pkg/rlimit"
	"golang.org/x/sys/unix"
)

// insideUser is the same user as the program sees itself.
const insideUser = 1000

// setupUser is who root inside the namespace is on the host while the
// sandbox sets up its mounts: an unprivileged id that owns nothing on the
// host, never the host's root, so nothing in the namespace maps to a
// privileged host user. No process is root inside once the program runs:
// the program is its box's user (box_linux.go).
const setupUser = 65533

// systemDirs are the read-only runtime every program gets: the loader,
// the C library and the interpreters under /usr.
var systemDirs = []string{"/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache", "/etc/alternatives"}

// Sandbox starts confined programs. One per process is enough.
type Sandbox struct {
	root    string // the empty directory pivot_root builds the new root on
	name    string // the control groups' prefix
	parent  cgroup.Cgroup
	freezer string // v1: the freezer hierarchy's directory for name
	filter  *syscall.SockFprog
	// live are the programs started and not yet released: Close kills
	// them, so that none outlives its server.
	mu        sync.Mutex
	live      map[*Process]struct{}
	stopReap  chan struct{}
	closeOnce sync.Once
	counted   bool // in shared.live; under shared's lock
}

// Group is the name of this process's control groups in the default
// pool, under which each confined program has its own.
func Group() string { return GroupOf(os.Getpid()) }

// GroupOf is Group of the process pid (a worker, seen from its test).
func GroupOf(pid int) string { return DefaultPool + "/" + processGroup(pid) }

func processGroup(pid int) string { return fmt.Sprintf("gameai-%d", pid) }

// New is NewWith the default options.
func New() (*Sandbox, error) { return NewWith(Options{}) }

// NewWith prepares the sandbox and proves it by running a program confined.
// The error wraps ErrUnavailable and says why (not root, namespaces or
// control groups refused).
func NewWith(o Options) (*Sandbox, error) {
	fail := func(format string, a ...any) (*Sandbox, error) {
		return nil, fmt.Errorf("%w: %s", ErrUnavailable, fmt.Sprintf(format, a...))
	}
	if os.Geteuid() != 0 {
		return fail("the server runs as uid %d; confining needs root (to create control groups and run programs as an unprivileged user)", os.Geteuid())
	}
	if o.Pool == "" {
		o.Pool = DefaultPool
	}
	if o.Memory <= 0 {
		o.Memory = machineMemory() / 2
	}
	s := &Sandbox{name: o.Pool + "/" + processGroup(os.Getpid()), live: map[*Process]struct{}{}, stopReap: make(chan struct{})}
	var err error
	if s.filter, err = filterProgram(); err != nil {
		return fail("%v", err)
	}
	if s.root, err = MkdirTemp("gameai-sandbox-root-"); err != nil {
		return fail("%v", err)
	}
	removeStale("/sys/fs/cgroup")
	shared.Lock()
	s.parent, err = cgroup.New(s.name, &cgroup.Controllers{Memory: true, Pids: true, CPU: true})
	if err != nil {
		shared.Unlock()
		_ = os.Remove(s.root)
		return fail("control groups (memory, pids, cpu): %v", err)
	}
	shared.live++
	s.counted = true
	shared.Unlock()
	// Every confined program together weighs half of one of the server's
	// threads when the cores are contended: the server's searches come
	// first, and a bot still runs (its clock is wall time; starved to
	// nothing, a legal bot would lose on time on a busy machine). Each is
	// also held to its Limits.CPUs by a quota.
	if err := poolBound(o.Pool, o.Memory); err != nil {
		s.Close()
		return fail("the memory bound of all confined programs: %v", err)
	}
	weight, value := filepath.Join("/sys/fs/cgroup", s.name, "cpu.weight"), "50"
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		weight, value = filepath.Join("/sys/fs/cgroup/cpu", s.name, "cpu.shares"), "512"
	}
	if err := os.WriteFile(weight, []byte(value), 0o644); err != nil {
		s.Close()
		return fail("the CPU weight of confined programs: %v", err)
	}
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		s.freezer = filepath.Join("/sys/fs/cgroup/freezer", s.name)
		if err := os.MkdirAll(s.freezer, 0o755); err != nil {
			s.Close()
			return fail("the freezer control group: %v", err)
		}
	}
	if err := s.probe(); err != nil {
		s.Close()
		return fail("%v", err)
	}
	go reaper("/sys/fs/cgroup", s.stopReap)
	return s, nil
}

// poolBound holds every program of the pool to memory bytes together.
func poolBound(pool string, memory int64) error {
	file := filepath.Join("/sys/fs/cgroup", pool, "memory.max")
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		file = filepath.Join("/sys/fs/cgroup/memory", pool, "memory.limit_in_bytes")
	}
	return os.WriteFile(file, []byte(strconv.FormatInt(memory, 10)), 0o644)
}

// machineMemory is the machine's memory (MemTotal), or 8 GiB where
// /proc/meminfo does not say.
func machineMemory() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				if kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 8 << 30
}

// MkdirTemp makes a new directory, readable by all, for what confined
// programs are shown (their files, a build's output) and for the sandbox's
// own root: in the temporary directory when every directory above it lets
// others pass, else in the first of /tmp and /var/tmp that does. The
// namespace is set up, and the program runs, as unprivileged users, who
// cannot reach a directory under a private one (a TMPDIR made by
// `mktemp -d` is 0700): the mounts would fail with "permission denied".
func MkdirTemp(pattern string) (string, error) {
	for _, parent := range []string{os.TempDir(), "/tmp", "/var/tmp"} {
		if !passable(parent) {
			continue
		}
		dir, err := os.MkdirTemp(parent, pattern)
		if err != nil {
			return "", err
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			_ = os.Remove(dir)
			return "", err
		}
		return dir, nil
	}
	return "", fmt.Errorf("no temporary directory that unprivileged users can reach (%s, /tmp, /var/tmp)", os.TempDir())
}

// passable reports whether others may pass through dir and every
// directory above it.
func passable(dir string) bool {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		fi, err := os.Stat(dir)
		if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		up := filepath.Dir(dir)
		if up == dir {
			return true
		}
		dir = up
	}
}

// noSwap keeps a program within its memory limit on a host with swap:
// without it the kernel swaps the program's pages out at the limit
// instead of killing it, and a memory hog thrashes the host's disk until
// its clock runs out rather than ending "out of memory".
func (s *Sandbox) noSwap(name string, limit int64) error {
	writes := [][2]string{{filepath.Join("/sys/fs/cgroup", s.name, name, "memory.swap.max"), "0"}}
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		dir := filepath.Join("/sys/fs/cgroup/memory", s.name, name)
		// The memory+swap limit exists only with the kernel's swap
		// accounting; swappiness 0 stops the group's own reclaim from
		// swapping either way.
		writes = [][2]string{{filepath.Join(dir, "memory.memsw.limit_in_bytes"), strconv.FormatInt(limit, 10)}, {filepath.Join(dir, "memory.swappiness"), "0"}}
	}
	for _, w := range writes {
		err := os.WriteFile(w[0], []byte(w[1]), 0o644)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// probe runs the system's true confined.
func (s *Sandbox) probe() error {
	p, err := s.Start(Spec{Argv: []string{"/bin/true"}, Limits: Limits{Memory: 64 << 20, Procs: 4, CPUTime: 5 * time.Second}})
	if err != nil {
		return err
	}
	_ = p.Stdin.Close()
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
	}
	p.Kill()
	if e := p.Exit(); !e.OK() {
		return fmt.Errorf("a confined /bin/true %v", e)
	}
	return nil
}

// Close kills the programs it started that still run, and removes the
// sandbox's control groups and root. A server that shuts down calls it
// last: its session bots and games in play end with it, rather than stay,
// frozen or running, in their groups.
func (s *Sandbox) Close() {
	s.closeOnce.Do(func() { close(s.stopReap) })
	s.mu.Lock()
	var live []*Process
	for p := range s.live {
		live = append(live, p)
	}
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range live {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Kill()
		}()
	}
	wg.Wait()
	shared.Lock()
	if s.counted {
		s.counted = false
		shared.live--
		if shared.live == 0 {
			if s.freezer != "" {
				_ = os.Remove(s.freezer)
			}
			_ = s.parent.Destroy()
		}
	}
	shared.Unlock()
	_ = os.Remove(s.root)
}

// shared counts the process's live sandboxes, which share its control
// groups (gameai-PID): only the last to close removes them. Removed by the
// first, the groups were gone under the other's next program ("freezer:
// mkdir .../gameai-PID/p56: no such file or directory"): a competition's
// games in one test, a page's validation game in another, when two tests
// with a sandbox each ran at once.
var shared struct {
	sync.Mutex
	live int
}

// chown gives a directory (and what is in it) to a box's user, for
// Spec.Out.
func chown(dir string, uid int) error {
	return filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, uid)
	})
}

// Process is a running confined program. Its pipes are the program's
// standard streams seen from outside.
type Process struct {
	Stdin  *os.File
	Stdout *os.File
	Stderr *os.File

	pid     int
	sb      *Sandbox
	box     *box
	cg      cgroup.Cgroup
	freezer string // the freezer directory (v1) or the cgroup's own (v2)
	memory  string // its memory control group's directory
	limits  Limits
	done    chan struct{}
	exit    Exit
	wall    atomic.Int64 // the wall-clock limit Expire enforced (ns), read by the waiting goroutine
	killed  atomic.Bool
	once    sync.Once
	started time.Time
}

// programSeq numbers the programs of this process.
var programSeq atomic.Int64

// busyWaits are the pauses before each new try of a start whose program
// file was busy (textBusy); some 190 ms in all.
var busyWaits = []time.Duration{2 * time.Millisecond, 5 * time.Millisecond, 10 * time.Millisecond,
	25 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond}

// onBusy sees each start that found its program file busy, before the
// pause (tests end what holds the file here).
var onBusy = func(try int) {}

// Start runs spec confined.
//
// A program file this process wrote a moment ago (a bot's binary put on
// the disk for a game) can still be open for writing in a child forked
// meanwhile for another program: the child holds the descriptor until its
// own execve, which in a box comes after the mounts and the join of its
// groups. An execve of that file then fails with ETXTBSY
// (golang.org/issue/22315); the descriptor goes with the other child's
// execve, so a start that meets it is tried again after a short pause.
// WriteProgram keeps this process's own writes from it; the tries are
// for the writers it cannot hold off (another process on the host, a
// caller that wrote the file another way).
func (s *Sandbox) Start(spec Spec) (*Process, error) {
	for try := 0; ; try++ {
		p, err := s.start(spec)
		if !textBusy(err) || try == len(busyWaits) {
			return p, err
		}
		onBusy(try)
		time.Sleep(busyWaits[try])
	}
}

// textBusy reports whether a start failed at execve because its program
// file was open for writing.
func textBusy(err error) bool {
	var ce forkexec.ChildError
	return errors.As(err, &ce) && ce.Location == forkexec.LocExecve && ce.Err == syscall.ETXTBSY
}

func (s *Sandbox) start(spec Spec) (*Process, error) {
	if len(spec.Argv) == 0 {
		return nil, errors.New("sandbox: no command")
	}
	l := spec.Limits
	// Numbered across the process, not the sandbox: every Sandbox of a
	// process shares its parent group (gameai-PID), and two numbering
	// from 1 would give a second program a live one's group.
	name := fmt.Sprintf("p%d", programSeq.Add(1))
	cg, err := s.parent.New(name)
	if err != nil {
		return nil, fmt.Errorf("sandbox: control group: %w", err)
	}
	p := &Process{cg: cg, limits: l, done: make(chan struct{}), sb: s}
	ok := false
	defer func() {
		if !ok {
			p.release()
		}
	}()
	if p.box, err = takeBox(); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if spec.Out != "" {
		if err := chown(spec.Out, p.box.uid); err != nil {
			return nil, fmt.Errorf("sandbox: the output directory: %w", err)
		}
	}
	if err := s.limit(p, name); err != nil {
		return nil, err
	}
	mounts, err := s.mounts(spec)
	if err != nil {
		return nil, err
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	if err := closeOnExec(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	ids := []syscall.SysProcIDMap{{ContainerID: 0, HostID: setupUser, Size: 1}, {ContainerID: insideUser, HostID: p.box.uid, Size: 1}}
	r := forkexec.Runner{
		Args:        spec.Argv,
		Env:         spec.Env,
		Files:       []uintptr{inR.Fd(), outW.Fd(), errW.Fd()},
		WorkDir:     "/tmp",
		CloneFlags:  forkexec.UnshareFlags,
		Mounts:      mounts,
		PivotRoot:   s.root,
		HostName:    "bot",
		DomainName:  "bot",
		UIDMappings: ids,
		GIDMappings: ids,
		Credential:  &syscall.Credential{Uid: insideUser, Gid: insideUser},
		RLimits:     rlimits(l),
		NoNewPrivs:  true,
		DropCaps:    true,
		Seccomp:     s.filter,
		// Join the groups before execve, so no process of the program
		// ever runs outside them.
		SyncFunc:               p.join,
		UnshareCgroupAfterSync: true,
	}
	pid, err := startOwned(&r, p.box.uid)
	closeAll(inR, outW, errW)
	if err != nil {
		closeAll(inW, outR, errR)
		return nil, fmt.Errorf("sandbox: starting %s: %w", spec.Argv[0], err)
	}
	p.pid, p.Stdin, p.Stdout, p.Stderr, p.started = pid, inW, outR, errR, time.Now()
	s.mu.Lock()
	s.live[p] = struct{}{}
	s.mu.Unlock()
	go func() {
		var ws unix.WaitStatus
		var ru unix.Rusage
		_, _ = unix.Wait4(pid, &ws, 0, &ru)
		p.exit = p.exitOf(ws, time.Duration(ru.Utime.Nano()+ru.Stime.Nano())) // before Kill may remove the groups it reads
		close(p.done)
	}()
	ok = true
	return p, nil
}

// limit holds p's control groups (named name under the sandbox's) to its
// Limits, and finds its memory and freezer directories.
func (s *Sandbox) limit(p *Process, name string) error {
	if p.limits.Memory > 0 {
		if err := p.cg.SetMemoryLimit(uint64(p.limits.Memory)); err != nil {
			return fmt.Errorf("sandbox: memory limit: %w", err)
		}
		if err := s.noSwap(name, p.limits.Memory); err != nil {
			return fmt.Errorf("sandbox: swap limit: %w", err)
		}
	}
	if err := p.cg.SetProcLimit(uint64(max(p.limits.Procs, 1))); err != nil {
		return fmt.Errorf("sandbox: process limit: %w", err)
	}
	const period = 100_000 // µs
	cpus := p.limits.CPUs
	if cpus <= 0 {
		cpus = 1
	}
	if err := p.cg.SetCPUBandwidth(uint64(cpus*period), period); err != nil {
		return fmt.Errorf("sandbox: CPU bandwidth: %w", err)
	}
	p.memory = filepath.Join("/sys/fs/cgroup", s.name, name)
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		p.memory = filepath.Join("/sys/fs/cgroup/memory", s.name, name)
	}
	if s.freezer != "" {
		p.freezer = filepath.Join(s.freezer, name)
		if err := os.Mkdir(p.freezer, 0o755); err != nil {
			return fmt.Errorf("sandbox: freezer: %w", err)
		}
	} else {
		p.freezer = filepath.Join("/sys/fs/cgroup", s.name, name)
	}
	return nil
}

// closeOnExec marks every descriptor of this process but 0, 1 and 2 to be
// closed at execve, so a confined program has exactly its three streams
// (the runner puts those at 0-2). Go opens its own files close-on-exec,
// but a descriptor the server inherited (a supervisor's socket, a shell's
// "7<secret" or "8>>log") is not, and would reach every program started.
// It is marked before every start, not once, because anything that opens a
// descriptor without the flag later (a C library, a plugin) would leak it
// the same way.
func closeOnExec() error {
	err := unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC)
	if err == nil {
		return nil
	}
	if !errors.Is(err, unix.ENOSYS) && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("marking descriptors close-on-exec: %w", err)
	}
	// Kernels before 5.11: each open descriptor, one by one.
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return fmt.Errorf("listing descriptors: %w", err)
	}
	for _, e := range entries {
		fd, err := strconv.Atoi(e.Name())
		if err != nil || fd < 3 {
			continue
		}
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, unix.FD_CLOEXEC); err != nil && !errors.Is(err, unix.EBADF) {
			return fmt.Errorf("marking descriptor %d close-on-exec: %w", fd, err)
		}
	}
	return nil
}

func (p *Process) join(pid int) error {
	if err := p.cg.AddProc(pid); err != nil {
		return err
	}
	if strings.HasPrefix(p.freezer, "/sys/fs/cgroup/freezer/") {
		return os.WriteFile(filepath.Join(p.freezer, "cgroup.procs"), []byte(fmt.Sprint(pid)), 0o644)
	}
	return nil
}

func (s *Sandbox) mounts(spec Spec) ([]mount.SyscallParams, error) {
	b := mount.NewBuilder()
	for _, d := range append(append([]string{}, systemDirs...), spec.Runtime...) {
		b.WithBind(d, strings.TrimPrefix(filepath.Clean(d), "/"), true)
	}
	if spec.Dir != "" {
		b.WithBind(spec.Dir, "bot", true)
	}
	if spec.Out != "" {
		b.WithBind(spec.Out, "out", false)
	}
	b.WithBind("/dev/null", "dev/null", false).
		WithBind("/dev/zero", "dev/zero", true).
		WithBind("/dev/urandom", "dev/urandom", true).
		WithTmpfs("tmp", fmt.Sprintf("size=%d,nr_inodes=4096,mode=1777", max(spec.Limits.Scratch, 1<<20))).
		WithProc()
	ms, err := b.FilterNotExist().Build()
	if err != nil {
		return nil, fmt.Errorf("sandbox: mounts: %w", err)
	}
	return ms, nil
}

func rlimits(l Limits) []rlimit.RLimit {
	r := rlimit.RLimits{DisableCore: true, OpenFile: 64, FileSize: 16 << 20}
	if l.CPUTime > 0 {
		secs := uint64((l.CPUTime + time.Second - 1) / time.Second)
		r.CPU, r.CPUHard = secs, secs+1
	}
	if l.OpenFiles > 0 {
		r.OpenFile = uint64(l.OpenFiles)
	}
	if l.FileSize > 0 {
		r.FileSize = uint64(l.FileSize)
	}
	return r.PrepareRLimit()
}

// Freeze stops every process of the program until Thaw: it neither thinks
// on a shared core nor runs down another's clock.
func (p *Process) Freeze() error { return p.setFrozen(true) }

// Thaw lets a frozen program run again.
func (p *Process) Thaw() error { return p.setFrozen(false) }

func (p *Process) setFrozen(frozen bool) error {
	if strings.HasPrefix(p.freezer, "/sys/fs/cgroup/freezer/") {
		state := "THAWED"
		if frozen {
			state = "FROZEN"
		}
		return os.WriteFile(filepath.Join(p.freezer, "freezer.state"), []byte(state), 0o644)
	}
	v := "0"
	if frozen {
		v = "1"
	}
	return os.WriteFile(filepath.Join(p.freezer, "cgroup.freeze"), []byte(v), 0o644)
}

// Done is closed when the program's first process has ended.
func (p *Process) Done() <-chan struct{} { return p.done }

// Kill ends every process of the program (the first is its PID
// namespace's init: the kernel kills the rest with it) and removes its
// control groups. It waits for them to be gone.
//
// Stdin is closed at once. Stdout and Stderr stay open for ReadGrace:
// with every process gone no one writes to them any more, so a reader
// reads what is left in the pipes (a compiler's errors, a crash's last
// words) and then meets EOF; closing them now would throw that away.
// After the grace they are closed, so a caller that never reads them
// does not keep their descriptors.
func (p *Process) Kill() { p.kill(0) }

// Expire is Kill for a program that ran past the wall-clock limit wall:
// its Exit says so (WallTime) unless it had ended already.
func (p *Process) Expire(wall time.Duration) { p.kill(wall) }

func (p *Process) kill(wall time.Duration) {
	p.once.Do(func() {
		select {
		case <-p.done:
		default:
			p.wall.Store(int64(wall))
			p.killed.Store(true)
			_ = unix.Kill(p.pid, unix.SIGKILL)
		}
		_ = p.Thaw() // a frozen process dies only once thawed
		<-p.done
		p.release()
		closeAll(p.Stdin)
		time.AfterFunc(ReadGrace, func() { closeAll(p.Stdout, p.Stderr) })
	})
}

// ReadGrace is how long Stdout and Stderr stay open after Kill. What is
// left in a pipe is at most its buffer (64 KiB), read in microseconds.
const ReadGrace = 5 * time.Second

// release removes the control groups once they hold no process.
func (p *Process) release() {
	for i := 0; i < 100; i++ {
		procs, err := p.cg.Processes()
		if err != nil || len(procs) == 0 {
			break
		}
		for _, pid := range procs {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = p.cg.Destroy()
	if strings.HasPrefix(p.freezer, "/sys/fs/cgroup/freezer/") {
		_ = os.Remove(p.freezer)
	}
	p.box.release() // its next taker kills any process left (orphans_linux.go)
	p.sb.mu.Lock()
	delete(p.sb.live, p)
	p.sb.mu.Unlock()
}

// User is the host uid the program runs as, its box's.
func (p *Process) User() int { return p.box.uid }

// Pids lists the program's processes still alive (host PIDs).
func (p *Process) Pids() []int {
	procs, _ := p.cg.Processes()
	return procs
}

// Exit says how the program ended; call it after Done is closed.
func (p *Process) Exit() Exit { return p.exit }

// exitOf reads how the program ended from its first process's wait
// status and CPU time. That process is its PID namespace's init, which the
// kernel's SIGXCPU and SIGXFSZ do not end (an init ignores signals it has
// no handler for): past its CPU time it meets the limit's hard SIGKILL a
// second later, and past its file size EFBIG, never an ending of its own.
func (p *Process) exitOf(ws unix.WaitStatus, cpu time.Duration) Exit {
	e := Exit{Limits: p.limits, Wall: time.Duration(p.wall.Load()), Used: Used{CPU: cpu, Wall: time.Since(p.started)}}
	peak, peakErr := p.cg.MemoryMaxUsage()
	if peakErr == nil {
		e.Used.Memory = int64(peak)
	}
	switch {
	case ws.Exited():
		e.Status, e.Code = Exited, ws.ExitStatus()
	case ws.Signaled():
		sig := ws.Signal()
		e.Status, e.Signal = Signaled, unix.SignalName(sig)
		if sig != unix.SIGKILL {
			break
		}
		// Ended by Kill, it is reported so even when its memory was full
		// at the time (a compile bomb at its wall limit): the limit that
		// ended it was the caller's. Else the kernel's count of OOM kills
		// says whether memory ended it; where the kernel keeps none, a
		// peak at the limit does. Else a process that used its CPU time
		// met the CPU limit's hard SIGKILL.
		switch {
		case p.killed.Load():
			e.Status = Stopped
			if e.Wall > 0 {
				e.Status = WallTime
			}
		case p.outOfMemory(e.Used.Memory, peakErr == nil):
			e.Status = OutOfMemory
		case p.limits.CPUTime > 0 && cpu >= p.limits.CPUTime:
			e.Status = OutOfCPU
		}
	}
	return e
}

// outOfMemory says whether memory ended the program: the kernel's count of
// OOM kills, else its peak (when read) at its limit.
func (p *Process) outOfMemory(peak int64, read bool) bool {
	if n, ok := p.oomKills(); ok {
		return n > 0
	}
	return read && p.limits.Memory > 0 && peak >= p.limits.Memory-(1<<20)
}

// oomKills is the kernel's count of the program's processes it killed
// for memory (memory.oom_control in v1, memory.events in v2; kernels
// since 4.13); ok is false where it keeps none.
func (p *Process) oomKills() (n int, ok bool) {
	file := filepath.Join(p.memory, "memory.events")
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		file = filepath.Join(p.memory, "memory.oom_control")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, found := strings.CutPrefix(line, "oom_kill "); found {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			return n, err == nil
		}
	}
	return 0, false
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			_ = f.Close()
		}
	}
}
