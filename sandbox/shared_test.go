package sandbox

import (
	"strings"
	"testing"
)

// Two sandboxes of one process share its control groups: the first to
// close leaves them to the other, whose next program still starts (the
// groups removed by the first, it failed "did not start: freezer: mkdir
// ... no such file or directory" when two tests ran at once). The last to
// close removes them.
func TestASandboxClosedLeavesTheOthersGroups(t *testing.T) {
	first := forTest(t)
	second := forTest(t)
	first.Close()
	out, e := run(t, second, sh("echo still here"))
	if !e.OK() || !strings.Contains(out, "still here") {
		t.Fatalf("the second sandbox's program after the first closed: %v %q", e, out)
	}
}
