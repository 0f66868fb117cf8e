//go:build linux

package sandbox

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// A box's lock is a flock the kernel lets go when its holder ends, however
// it ends; the holder's programs do not end with it. A server killed with
// programs running (a SIGKILL, or a SIGTERM that outran its shutdown) left
// them in their groups, frozen or not, running as their boxes' users: the
// next program given that box ran as the same host user beside the
// leftover, which held that user's whole RLIMIT_SIGPENDING. So a box is
// free only when no process runs as its user: whoever takes its lock
// kills what runs as it (the lock's holder is gone, so they are orphans),
// and takes another box if they will not die.

// usersProcesses lists the live (not zombie) processes whose real or
// effective host uid is uid.
func usersProcesses(uid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := strconv.Itoa(uid)
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue // ended meanwhile
		}
		var state string
		var uids []string
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "State:"); ok {
				state = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "Uid:"); ok {
				uids = strings.Fields(v)
				break // State comes before Uid
			}
		}
		if len(uids) >= 2 && (uids[0] == want || uids[1] == want) && !strings.HasPrefix(state, "Z") {
			out = append(out, pid)
		}
	}
	return out
}

// killOrphans kills every process running as uid, thawing its control
// group (a frozen process dies only once thawed), and reports whether none
// is left within a second.
func killOrphans(uid int) bool {
	for range 50 {
		pids := usersProcesses(uid)
		if len(pids) == 0 {
			return true
		}
		for _, pid := range pids {
			_ = unix.Kill(pid, unix.SIGKILL)
			thawGroupOf(pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return len(usersProcesses(uid)) == 0
}

// thawGroupOf thaws the control group pid is in (v2's cgroup.freeze, v1's
// freezer); a file that is not there fails quietly.
func thawGroupOf(pid int) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cgroup"))
	if err != nil {
		return
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			_ = os.WriteFile(filepath.Join("/sys/fs/cgroup", parts[2], "cgroup.freeze"), []byte("0"), 0o644)
		case strings.Contains(parts[1], "freezer"):
			_ = os.WriteFile(filepath.Join("/sys/fs/cgroup/freezer", parts[2], "freezer.state"), []byte("THAWED"), 0o644)
		}
	}
}

// reapEvery is how often a process that takes boxes removes the groups of
// servers that died (removeStale): a server SIGKILLed while this one runs
// leaves programs that would run on to their CPU limits.
const reapEvery = time.Minute

// reaper runs removeStale every reapEvery until stop is closed.
func reaper(root string, stop <-chan struct{}) {
	t := time.NewTicker(reapEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			removeStale(root)
		}
	}
}
