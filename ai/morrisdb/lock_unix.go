//go:build unix

package morrisdb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// ErrBusy is a build asked of a directory another build is filling.
var ErrBusy = errors.New("another build is filling this directory")

// lockDir takes the directory's build lock, held until unlock: two
// builds of one directory would each hold a pair's two bytes a placement
// (17 GB for 7-6) and solve the same pairs. The kernel lets go of it when
// the process ends, however it ends, so a killed build leaves no stale
// lock behind.
func lockDir(dir string) (unlock func(), err error) { return lockFile(dir, ".build.lock") }

// lockPair takes the lock of one pair of the directory: the builds of a
// directory's pairs by workers that share it (BuildPair), and a whole
// build, each solve a pair only while holding its lock.
func lockPair(dir string, pair Space) (unlock func(), err error) {
	return lockFile(dir, "."+pair.String()+".lock")
}

func lockFile(dir, name string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s: %w", dir, ErrBusy)
		}
		return nil, err
	}
	return func() { f.Close() }, nil
}
