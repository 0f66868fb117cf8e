//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/criyle/go-sandbox/pkg/forkexec"
	"golang.org/x/sys/unix"
)

// Every running program has a box: a host user id of its own, from a pool
// shared by every server and worker on the machine, that its processes
// run as and that owns its user namespace (as isolate and the judges built
// on it give each box a uid). The kernel charges what a program opens to
// the user who owns its namespace as well as to itself (inotify instances
// and watches, namespaces, pending signals, message queues, processes);
// owned by the server's root, a bot that took every inotify instance left
// root none. Owned by its box's user, it spends its own count, and two
// programs running at once have two counts.
const (
	// FirstBoxUser is the pool's first user id: far above any account a
	// host makes (useradd stops at 60000; systemd's dynamic users at
	// 65519; container ranges start at 100000 and go up by 65536).
	FirstBoxUser = 1 << 30
	// Boxes is the pool's size: how many programs a machine can run at
	// once, all servers and workers together.
	Boxes = 1 << 16
)

// IsBoxUser reports whether a host uid is a box's.
func IsBoxUser(uid int) bool { return uid >= FirstBoxUser && uid < FirstBoxUser+Boxes }

// boxLocks is where the pool's locks are: a machine-wide directory (not
// the temporary directory, which each process may have its own of).
var boxLocks = "/run/gameai/boxes"

// box is a uid taken from the pool until release.
type box struct {
	uid  int
	lock *os.File
}

// takeBox takes the first free box: a lock file of the pool held with
// flock, which the kernel lets go when its holder ends however it ends,
// and no process left running as its user (orphans_linux.go: a killed
// holder's programs are killed here). The first, not any: the lock files
// are as many as the most programs ever run at once on the machine.
func takeBox() (*box, error) {
	if err := os.MkdirAll(boxLocks, 0o700); err != nil {
		return nil, fmt.Errorf("the boxes' locks: %w", err)
	}
	for n := range Boxes {
		f, err := os.OpenFile(filepath.Join(boxLocks, strconv.Itoa(n)), os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("the boxes' locks: %w", err)
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			_ = f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				continue
			}
			return nil, fmt.Errorf("the boxes' locks: %w", err)
		}
		if !killOrphans(FirstBoxUser + n) {
			_ = f.Close() // leftovers that will not die: another box
			continue
		}
		return &box{uid: FirstBoxUser + n, lock: f}, nil
	}
	return nil, fmt.Errorf("all %d boxes are in use", Boxes)
}

func (b *box) release() {
	if b != nil && b.lock != nil {
		_ = b.lock.Close() // the lock goes with its descriptor
		b.lock = nil
	}
}

// startOwned starts r with its user namespace owned by uid: the kernel
// makes a new user namespace's owner the effective user of the thread that
// clones it. So the clone runs on a thread of its own whose effective uid
// is uid (setresuid as a raw syscall changes one thread, where Go's
// Setresuid changes all), keeping its capabilities (SECBIT_NO_SETUID_FIXUP)
// for writing the namespace's id maps; the thread is root again before the
// program joins its control groups (SyncFunc). A thread that could not be
// made root again is not given back to Go: it ends with its goroutine.
// secbitNoSetuidFixup is linux/securebits.h's SECBIT_NO_SETUID_FIXUP: a
// change of uid leaves the capabilities as they are.
const secbitNoSetuidFixup = 1 << 2

func startOwned(r *forkexec.Runner, uid int) (int, error) {
	type started struct {
		pid int
		err error
	}
	done := make(chan started, 1)
	go func() {
		runtime.LockOSThread()
		bits, err := unix.PrctlRetInt(unix.PR_GET_SECUREBITS, 0, 0, 0, 0)
		if err != nil {
			runtime.UnlockOSThread()
			done <- started{err: fmt.Errorf("securebits: %w", err)}
			return
		}
		root := true
		back := func() error {
			if root {
				return nil
			}
			if _, _, e := unix.RawSyscall(unix.SYS_SETRESUID, ^uintptr(0), 0, ^uintptr(0)); e != 0 {
				return fmt.Errorf("setresuid back to root: %w", e)
			}
			if err := unix.Prctl(unix.PR_SET_SECUREBITS, uintptr(bits), 0, 0, 0); err != nil {
				return fmt.Errorf("securebits back: %w", err)
			}
			root = true
			return nil
		}
		if err := unix.Prctl(unix.PR_SET_SECUREBITS, uintptr(bits|secbitNoSetuidFixup), 0, 0, 0); err != nil {
			runtime.UnlockOSThread()
			done <- started{err: fmt.Errorf("securebits: %w", err)}
			return
		}
		root = false
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESUID, ^uintptr(0), uintptr(uid), ^uintptr(0)); e != 0 {
			err := back()
			if err == nil {
				runtime.UnlockOSThread()
			}
			done <- started{err: fmt.Errorf("setresuid to the box's user: %w", e)}
			return
		}
		owned := *r
		owned.SyncFunc = func(pid int) error {
			if err := back(); err != nil {
				return err
			}
			if r.SyncFunc != nil {
				return r.SyncFunc(pid)
			}
			return nil
		}
		pid, err := owned.Start()
		if e := back(); e != nil {
			done <- started{pid, errors.Join(err, e)}
			return // the thread stays locked and ends with this goroutine
		}
		runtime.UnlockOSThread()
		done <- started{pid, err}
	}()
	s := <-done
	return s.pid, s.err
}
