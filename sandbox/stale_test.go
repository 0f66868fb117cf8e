//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/criyle/go-sandbox/pkg/cgroup"
)

// A server that ended without closing its sandbox left its groups; the
// next sandbox removes them, and keeps a live process's.
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
	forTest(t)
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("%s outlived its server", stale)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the group of a live process went: %v", err)
	}
}
