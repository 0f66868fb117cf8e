// Package engineproc runs an engine program whose standard input and output are
// the protocol's pipes, and stops it: engines are given a moment to exit
// on their own after quit, then killed, so a hung engine never hangs a
// match.
package engineproc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// Process is a running program.
type Process struct {
	In  io.WriteCloser // its standard input
	Out io.ReadCloser  // its standard output
	cmd *exec.Cmd
}

// Start runs argv; its standard error is discarded.
func Start(ctx context.Context, argv []string) (*Process, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command")
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	return &Process{In: in, Out: out, cmd: cmd}, nil
}

// Wait waits up to grace for the program to exit, then kills it.
func (p *Process) Wait(grace time.Duration) {
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
		_ = p.cmd.Process.Kill()
		<-done
	}
}
