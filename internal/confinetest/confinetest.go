// Package confinetest decides what a test does on a machine that cannot
// confine programs: it skips, unless GAMEAI_REQUIRE_SANDBOX is set (CI,
// which installs what the sandbox needs), where it fails.
package confinetest

import (
	"os"
	"testing"
)

// Check skips or fails t when err (why the sandbox is unavailable) is set.
func Check(t testing.TB, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("GAMEAI_REQUIRE_SANDBOX") != "" {
		t.Fatal(err)
	}
	t.Skip(err)
}
