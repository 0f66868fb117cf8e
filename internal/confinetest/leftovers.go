package confinetest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Leftovers lists the confined programs still running in control group
// (this test process's sandbox: sandbox.Group) as a box's user (isBox:
// sandbox.IsBoxUser), as "PID command": after a game, any is a process
// that outlived it. Programs of other test processes, which go test runs
// beside this one, are not listed.
func Leftovers(isBox func(uid int) bool, group string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		dir := filepath.Join("/proc", e.Name())
		status, err := os.ReadFile(filepath.Join(dir, "status"))
		if err != nil || !ranAs(string(status), isBox) {
			continue
		}
		cgroups, _ := os.ReadFile(filepath.Join(dir, "cgroup"))
		if !strings.Contains(string(cgroups), "/"+group+"/") {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join(dir, "cmdline"))
		out = append(out, e.Name()+" "+strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " ")))
	}
	return out
}

func ranAs(status string, isBox func(int) bool) bool {
	for _, l := range strings.Split(status, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "Uid:" {
			uid, err := strconv.Atoi(f[1])
			return err == nil && isBox(uid)
		}
	}
	return false
}
