// Package gobuild builds a package of this repository as a static
// executable for tests, the way a bot author uploads one: once per
// package and test binary.
package gobuild

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	mu    sync.Mutex
	built = map[string][]byte{}
)

// Static builds pkg (a directory, relative to the test's own) with
// CGO_ENABLED=0 and returns the executable's bytes; a failed build fails t.
func Static(t testing.TB, pkg string) []byte {
	t.Helper()
	abs, err := filepath.Abs(pkg)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if b, ok := built[abs]; ok {
		return b
	}
	dir, err := os.MkdirTemp("", "gameai-gobuild-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, filepath.Base(abs))
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, abs)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	built[abs] = b
	return b
}
