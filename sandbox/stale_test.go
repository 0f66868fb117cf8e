//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/criyle/go-sandbox/pkg/cgroup"
)

// A server that ended without closing its sandbox left its groups, one
// with a program still running in it; the next sandbox kills the program
// and removes them, and keeps a live process's.
func TestStaleGroupsOfEndedServersGo(t *testing.T) {
	forTest(t) // root and control groups, or skip
	cmd := exec.Command("/bin/true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead := cmd.Process.Pid
	if alive(dead) {
		t.Skipf("pid %d was reused at once", dead)
	}
	root := "/sys/fs/cgroup"
	if cgroup.DetectedCgroupType == cgroup.TypeV1 {
		root = "/sys/fs/cgroup/pids"
	}
	stale := filepath.Join(root, "gameai-"+strconv.Itoa(dead))
	live := filepath.Join(root, "gameai-1") // pid 1 always lives
	for _, d := range []string{filepath.Join(stale, "p1"), live} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Skipf("no pids hierarchy to plant a group in: %v", err)
		}
	}
	t.Cleanup(func() { removeTree(stale); removeTree(live) })
	orphan := exec.Command("/bin/sleep", "1000")
	if err := orphan.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = orphan.Wait(); close(exited) }()
	if err := os.WriteFile(filepath.Join(stale, "p1", "cgroup.procs"), []byte(strconv.Itoa(orphan.Process.Pid)), 0o644); err != nil {
		_ = orphan.Process.Kill()
		t.Fatal(err)
	}
	forTest(t)
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		_ = orphan.Process.Kill()
		t.Error("the orphaned program in the stale group still runs")
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("%s outlived its server", stale)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the group of a live process went: %v", err)
	}
}
