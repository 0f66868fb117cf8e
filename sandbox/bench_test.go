package sandbox

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// benchProgram compiles a static C program into dir (the benchmarks'
// bot), or skips without gcc.
func benchProgram(b *testing.B, dir, name, src string) string {
	b.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		b.Skip("no gcc")
	}
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(dir, name)
	if msg, err := exec.Command("gcc", "-O2", "-static", "-o", out, c).CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, msg)
	}
	return out
}

const spinSource = `#include <stdio.h>
int main(void) { volatile unsigned long x = 0; for (unsigned long i = 0; i < 400000000UL; i++) x += i * i; printf("%lu\n", x); return 0; }`

// benchDir is a directory the sandbox's user can read.
func benchDir(b *testing.B) string {
	b.Helper()
	dir, err := MkdirTemp("gameai-sandbox-bench-")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// BenchmarkStart is a bot's start-up, to its exit: exec with pipes, as
// the referee ran programs before, against the sandbox.
func BenchmarkStart(b *testing.B) {
	dir := benchDir(b)
	prog := benchProgram(b, dir, "bot", "int main(void) { return 0; }")
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command(prog)
			in, _ := cmd.StdinPipe()
			out, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, out)
			in.Close()
			_ = cmd.Wait()
		}
	})
	b.Run("sandboxed", func(b *testing.B) { benchStart(b, forTest(b), dir) })
	b.Run("sandboxed-unfiltered", func(b *testing.B) { benchStart(b, unfiltered(b), dir) })
}

// unfiltered is the sandbox without its syscall filter: what the filter
// costs is the difference.
func unfiltered(b *testing.B) *Sandbox {
	s := forTest(b)
	s.filter = nil
	return s
}

func benchStart(b *testing.B, s *Sandbox, dir string) {
	spec := Spec{Argv: []string{"/bot/bot"}, Dir: dir, Limits: Limits{Memory: 64 << 20, Procs: 8, CPUTime: 5 * time.Second}}
	for b.Loop() {
		p, err := s.Start(spec)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, p.Stdout)
		<-p.Done()
		p.Kill()
		if !p.Exit().OK() {
			b.Fatal(p.Exit())
		}
	}
}

// BenchmarkCPU is a CPU-bound program inside and outside: the sandbox's
// cost on thinking (the target is at most 5%).
func BenchmarkCPU(b *testing.B) {
	dir := benchDir(b)
	prog := benchProgram(b, dir, "bot", spinSource)
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			if out, err := exec.Command(prog).Output(); err != nil || len(out) == 0 {
				b.Fatal(err)
			}
		}
	})
	b.Run("sandboxed", func(b *testing.B) { benchCPU(b, forTest(b), dir) })
	b.Run("sandboxed-unfiltered", func(b *testing.B) { benchCPU(b, unfiltered(b), dir) })
}

func benchCPU(b *testing.B, s *Sandbox, dir string) {
	spec := Spec{Argv: []string{"/bot/bot"}, Dir: dir, Limits: Limits{Memory: 64 << 20, Procs: 8, CPUTime: time.Minute}}
	for b.Loop() {
		p, err := s.Start(spec)
		if err != nil {
			b.Fatal(err)
		}
		out, _ := io.ReadAll(p.Stdout)
		<-p.Done()
		p.Kill()
		if len(out) == 0 || !p.Exit().OK() {
			b.Fatal(p.Exit())
		}
	}
}
