//go:build linux

package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// removeStale removes the control groups that servers which ended without
// closing their sandbox left behind (a crash, a kill -9, a worker killed
// by its supervisor): gameai-PID where no process PID lives. What still
// runs in them are that server's confined programs, orphaned (a bot
// killed with its server would otherwise run on to its CPU limit): they
// are killed, thawed so they can die, and the groups removed. A group
// whose PID lives (another server, or the PID reused) is left alone.
// Servers that share a control-group tree must share a PID namespace
// (containers have their own tree), or one would take another's live
// server for dead.
func removeStale(root string) {
	// v1's freezer first: a frozen process dies only once thawed.
	hierarchies := []string{filepath.Join(root, "freezer"), root}
	if entries, err := os.ReadDir(root); err == nil {
		for _, e := range entries {
			if e.IsDir() && e.Name() != "freezer" {
				hierarchies = append(hierarchies, filepath.Join(root, e.Name()))
			}
		}
	}
	// Groups are in the pool (DefaultPool) since 2026-12-04, at the top
	// before it.
	for _, h := range hierarchies {
		hierarchies = append(hierarchies, filepath.Join(h, DefaultPool))
	}
	self := os.Getpid()
	for _, h := range hierarchies {
		groups, err := os.ReadDir(h)
		if err != nil {
			continue
		}
		for _, g := range groups {
			pid, ok := strings.CutPrefix(g.Name(), "gameai-")
			n, err := strconv.Atoi(pid)
			if !ok || err != nil || !g.IsDir() || n == self || alive(n) {
				continue
			}
			removeTree(filepath.Join(h, g.Name()))
		}
	}
}

// alive reports whether a process of that PID exists and has not ended:
// a zombie (a server that died and whose parent has not reaped it) is
// dead, and its groups are stale.
func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	if err != nil && !errors.Is(err, unix.EPERM) {
		return false
	}
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	// pid (comm) state ...: the comm may hold spaces and parentheses.
	if i := strings.LastIndexByte(string(b), ')'); i >= 0 && i+2 < len(b) {
		return b[i+2] != 'Z' && b[i+2] != 'X'
	}
	return true
}

// removeTree kills what runs in a control group and its children, and
// removes them, deepest first.
func removeTree(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() {
			removeTree(filepath.Join(dir, e.Name()))
		}
	}
	for range 50 {
		procs := groupProcs(dir)
		if len(procs) == 0 {
			break
		}
		for _, pid := range procs {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
		// A frozen process dies only once thawed (v1's freezer, v2's
		// cgroup.freeze); the file that is not there fails quietly.
		_ = os.WriteFile(filepath.Join(dir, "freezer.state"), []byte("THAWED"), 0o644)
		_ = os.WriteFile(filepath.Join(dir, "cgroup.freeze"), []byte("0"), 0o644)
		time.Sleep(20 * time.Millisecond)
	}
	_ = unix.Rmdir(dir)
}

// groupProcs lists the processes in one control group.
func groupProcs(dir string) []int {
	b, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return nil
	}
	var out []int
	for _, f := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil {
			out = append(out, pid)
		}
	}
	return out
}
