//go:build linux

package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// removeStale removes the control groups that servers which ended without
// closing their sandbox left behind (a crash, a kill -9, a worker killed
// by its supervisor): gameai-PID where no process PID lives. Only empty
// groups go (rmdir refuses one that holds a process), so a group whose
// PID was reused by another program, or that another live server holds,
// stays.
func removeStale(root string) {
	hierarchies := []string{root}
	if entries, err := os.ReadDir(root); err == nil {
		for _, e := range entries {
			if e.IsDir() {
				hierarchies = append(hierarchies, filepath.Join(root, e.Name()))
			}
		}
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

// alive reports whether a process of that PID exists.
func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}

// removeTree removes a control group's empty groups, deepest first.
func removeTree(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() {
			removeTree(filepath.Join(dir, e.Name()))
		}
	}
	_ = unix.Rmdir(dir)
}
