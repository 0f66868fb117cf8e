package hosting

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"gameai/sandbox"
	"gameai/store"
)

// buildLimits bound a compile: the same sandbox as a game, more room.
var buildLimits = sandbox.Limits{Memory: 1 << 30, Procs: 64, CPUTime: 120 * time.Second,
	FileSize: 64 << 20, OpenFiles: 256, Scratch: 512 << 20}

// DefaultBuildWall bounds a compile's wall time unless the host sets
// another.
const DefaultBuildWall = 3 * time.Minute

// buildLogCap bounds the compiler output kept for the owner.
const buildLogCap = 64 << 10

// errBuild is a build the upload's own fault failed (a compile error):
// the bot is rejected with the compiler's output.
type errBuild struct{ why string }

func (e *errBuild) Error() string { return e.why }

// build turns an upload into what runs: the compiler's output, or the
// upload itself where nothing is compiled. It returns the compiler's
// output for the owner.
func (h *Host) build(ctx context.Context, l *Language, src []byte) (program []byte, log string, err error) {
	if l.compile == nil {
		return src, "", nil
	}
	dir, err := os.MkdirTemp(h.work, "build-")
	if err != nil {
		return nil, "", err
	}
	defer func() { _ = os.RemoveAll(dir) }()     // a build's scratch: a leftover is the temporary directory's
	if err := os.Chmod(dir, 0o755); err != nil { // the sandbox's users pass through it
		return nil, "", err
	}
	in, out := filepath.Join(dir, "src"), filepath.Join(dir, "out")
	for _, d := range []string{in, out} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, "", err
		}
	}
	if err := os.WriteFile(filepath.Join(in, l.File), src, 0o644); err != nil {
		return nil, "", err
	}
	argv := h.seededGo(l, in)
	p, err := h.sb.Start(sandbox.Spec{Argv: argv, Env: l.env, Dir: in, Out: out, Runtime: l.runtime, Limits: buildLimits})
	if err != nil {
		return nil, "", err
	}
	stdin, stdout, stderr := p.Pipes()
	_ = stdin.Close()
	logs := &capped{max: buildLogCap}
	var copies sync.WaitGroup
	for _, r := range []io.Reader{stdout, stderr} {
		copies.Go(func() { _, _ = io.Copy(logs, r) })
	}
	read := make(chan struct{})
	go func() { copies.Wait(); close(read) }()
	select {
	case <-p.Done():
	case <-time.After(h.cfg.BuildWall):
		p.Expire(h.cfg.BuildWall)
	case <-ctx.Done():
	}
	p.Kill()
	<-read // the pipes end with the program: its whole output, even when it was killed
	log = logs.String()
	if ctx.Err() != nil {
		return nil, log, ctx.Err()
	}
	if e := p.Exit(); !e.OK() {
		if e.Status == sandbox.WallTime {
			return nil, log, &errBuild{fmt.Sprintf("the build took longer than its limit of %v", h.cfg.BuildWall)}
		}
		return nil, log, &errBuild{"the build failed: the compiler " + e.String()}
	}
	if l.runsUpload {
		return src, log, nil
	}
	program, err = os.ReadFile(filepath.Join(out, "bot"))
	if err != nil {
		return nil, log, &errBuild{"the build wrote no program"}
	}
	return program, log, nil
}

// checkExecutable says why an upload is not a static Linux x86-64
// program ("" when it is one).
func checkExecutable(b []byte) string {
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		var fe *elf.FormatError
		if errors.As(err, &fe) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return "not a Linux executable (ELF): " + err.Error()
		}
		return "not a Linux executable (ELF)"
	}
	defer func() { _ = f.Close() }() // read from memory: nothing to flush
	switch {
	case f.Class != elf.ELFCLASS64 || f.Machine != elf.EM_X86_64:
		return fmt.Sprintf("an executable for %v %v, not x86-64", f.Class, f.Machine)
	case f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN:
		return fmt.Sprintf("an ELF file of type %v, not an executable", f.Type)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return "a dynamically linked executable: link it statically (gcc -static, or CGO_ENABLED=0 for Go)"
		}
	}
	return ""
}

// runnable puts a bot's program on this machine's disk (once per
// content hash: a worker fetches it from the store the first time) and
// says how to start it.
func (h *Host) runnable(ctx context.Context, name string, l *Language, hash string, limits sandbox.Limits) (Runnable, error) {
	dir, file := filepath.Join(h.work, "programs", hash), l.runFile
	if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
		data, err := h.store.Artefacts.Get(ctx, hash)
		if err != nil {
			return Runnable{}, fmt.Errorf("the program %s: %w", hash, err)
		}
		if got := store.ContentHash(data); got != hash {
			return Runnable{}, fmt.Errorf("the program %s: the store holds bytes of hash %s", hash, got)
		}
		tmp, err := os.MkdirTemp(filepath.Join(h.work, "programs"), "tmp-")
		if err != nil {
			return Runnable{}, err
		}
		if err := os.Chmod(tmp, 0o755); err != nil {
			return Runnable{}, err
		}
		if err := sandbox.WriteProgram(filepath.Join(tmp, file), data, 0o755); err != nil {
			_ = os.RemoveAll(tmp) // the write's error is the one to say
			return Runnable{}, err
		}
		if err := os.Rename(tmp, dir); err != nil {
			_ = os.RemoveAll(tmp) // another game put it there first
		}
	}
	return Runnable{Name: name, Dir: dir, Argv: l.argv(limits), Env: l.env, Runtime: l.runtime, Limits: limits}, nil
}
