package hosting

import (
	"context"
	"strings"
	"testing"
	"time"

	"gameai/store"
)

// A compiler's whole output reaches the owner however soon it exits: the
// sandbox closes a program's streams when it ends it, so a build that ended
// its compiler before reading the pipes to their end lost what was still in
// them (an empty log under load).
func TestABuildKeepsTheCompilersWholeOutput(t *testing.T) {
	h := newHost(t)
	l := &Language{Name: "sh", File: "main.sh", env: basicEnv, compile: []string{"/bin/sh", "-c",
		`i=0; while [ $i -lt 2000 ]; do echo "error $i" >&2; i=$((i+1)); done; echo done >&2; exit 1`}}
	for run := 0; run < 30; run++ {
		_, log, err := h.build(context.Background(), l, []byte("x"))
		if err == nil {
			t.Fatal("a compiler that exits 1: the build succeeded")
		}
		if !strings.HasPrefix(log, "error 0\n") || !strings.HasSuffix(log, "error 1999\ndone\n") {
			t.Fatalf("run %d: %d bytes of the compiler's output kept, not all of it (err %v): ...%q", run, len(log), err, log[max(0, len(log)-40):])
		}
	}
}

// A build still running at its wall limit is rejected for its time, not
// for the memory it held (a compile bomb was reported out of memory).
func TestABuildPastItsWallIsRejectedForItsTime(t *testing.T) {
	h := newHost(t)
	h.cfg.BuildWall = 300 * time.Millisecond
	src := "#include <bits/stdc++.h>\nint main() { std::vector<int> v; std::sort(v.begin(), v.end()); std::cout << v.size(); }\n"
	b := admitted(t, h, Upload{Game: "less", Name: "slow", Language: "cpp", Owner: "ann", File: []byte(src)})
	if b.Status != store.BotRejected || !strings.Contains(b.Reason, "took longer than its limit of 300ms") || b.Rejection != store.RejectedBuild {
		t.Errorf("a build past its wall: %s %q", b.Status, b.Reason)
	}
}
