package hosting

import (
	"os"
	"testing"
)

// FuzzCheckExecutable: whatever bytes an author uploads as an executable,
// the check answers (a reason or "") and never panics.
func FuzzCheckExecutable(f *testing.F) {
	f.Add([]byte("\x7fELF\x02\x01\x01"))
	f.Add([]byte("#!/bin/sh\n"))
	if b, err := os.ReadFile("/bin/true"); err == nil {
		f.Add(b[:min(len(b), 4096)])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = checkExecutable(b)
	})
}

func TestCheckExecutableTellsWhatIsWrong(t *testing.T) {
	for name, c := range map[string]struct {
		b    []byte
		want string
	}{
		"a script": {[]byte("#!/bin/sh\necho hi\n"), "not a Linux executable"},
		"empty":    {nil, "not a Linux executable"},
	} {
		if got := checkExecutable(c.b); got == "" || len(got) < len(c.want) || got[:len(c.want)] != c.want {
			t.Errorf("%s: %q, want %q", name, got, c.want)
		}
	}
	if b, err := os.ReadFile("/bin/true"); err == nil {
		if got := checkExecutable(b); got == "" {
			t.Error("the system's dynamically linked true was taken as static")
		}
	}
	if got := checkExecutable(testBot(t, "lessbot")); got != "" {
		t.Errorf("a static Go program: %q", got)
	}
}
