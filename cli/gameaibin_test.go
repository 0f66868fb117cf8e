package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

// startProcess starts cmd with the test's standard error, and ends it
// (SIGTERM, then a wait) when the test ends, unless it ended first; it
// may be called from any goroutine.
func startProcess(t testing.TB, cmd *exec.Cmd) error {
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	return nil
}

// gameaiCommand is `gameai args...` as a process of its own: this test
// binary run as gameai (processEnv) in the plain run; under the race
// detector, gameai built without it, once a run. The processes a test
// starts (workers, bots) are then as quick as in production, and the
// race detector watches the test's own: the server, its dispatch, the
// referee. Race-built, a worker was ten times slower and the end-to-end
// tests of workers were skipped.
func gameaiCommand(t testing.TB, args ...string) *exec.Cmd {
	t.Helper()
	if !raceOn {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), processEnv+"=1")
		return cmd
	}
	plainOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gameai-plain-")
		if err != nil {
			plainErr = err
			return
		}
		plainBin = filepath.Join(dir, "gameai")
		build := exec.Command("go", "build", "-o", plainBin, "gameai")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			plainErr = &buildError{out: string(out), err: err}
		}
	})
	if plainErr != nil {
		t.Fatalf("building gameai without the race detector: %v", plainErr)
	}
	return exec.Command(plainBin, args...)
}

var (
	plainOnce sync.Once
	plainBin  string
	plainErr  error
)

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// gameaiPath is the program gameaiCommand runs, for a command line that
// names it (a bot's); the plain run's needs processEnv set.
func gameaiPath(t testing.TB) string { return gameaiCommand(t).Path }
