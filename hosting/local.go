package hosting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"gameai/arena"
	"gameai/morrisuci"
)

// Local runs an author's program on the author's own machine, unconfined,
// as the referee runs an uploaded one (arena.Uploads): the same protocol,
// clocks, transcript and faults, for `gameai try` before an upload. It is
// not frozen between its moves (the sandbox does that), so a program that
// thinks on the others' time is not caught here.
type Local struct {
	Argv []string
	// Stderr, when set, also gets what the program writes there as it
	// writes it.
	Stderr io.Writer
}

// LessBot is the program as a Less seat.
func (l *Local) LessBot(_ context.Context, u arena.Uploaded, _ time.Duration) (arena.LessProgram, error) {
	return &LessProgram{name: u.Label(), start: l.start}, nil
}

// MorrisBot starts the program and does the handshake.
func (l *Local) MorrisBot(ctx context.Context, u arena.Uploaded, moveTime, slack time.Duration) (*morrisuci.Client, func() arena.Trace, error) {
	pr, err := l.start(ctx)
	if err != nil {
		return nil, func() arena.Trace { return arena.Trace{} }, err
	}
	c, _, err := morrisClientOf(ctx, u.Label(), pr)
	if err != nil {
		return nil, pr.Trace, err
	}
	c.MoveTime, c.Slack = moveTime, slack
	return c, pr.Trace, nil
}

// command is a program run as a command: it is never frozen, and what
// kill ends is the command itself (not what it started).
type command struct {
	cmd  *exec.Cmd
	done chan struct{}
	// reads are our ends of its output pipes: closed a moment after the
	// kill, so that a child it left holding them cannot hold the game.
	reads []*os.File
}

func (c *command) Done() <-chan struct{} { return c.done }

func (c *command) Kill() {
	_ = c.cmd.Process.Kill() // ended already, or it ends now
	time.AfterFunc(time.Second, func() { closeFiles(c.reads...) })
}

func (c *command) Freeze() error { return nil }
func (c *command) Thaw() error   { return nil }
func (c *command) ended() error  { return errors.New(c.cmd.ProcessState.String()) }

// used is unknown on the author's machine: no limits there to say it beside.
func (c *command) used() string { return "" }

// start runs the command for one game, its three streams pipes of ours.
func (l *Local) start(ctx context.Context) (*process, error) {
	if len(l.Argv) == 0 {
		return nil, errors.New("no program to run")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW, outR, outW)
		return nil, err
	}
	c := &command{cmd: exec.CommandContext(ctx, l.Argv[0], l.Argv[1:]...), done: make(chan struct{})}
	c.cmd.Stdin, c.cmd.Stdout, c.cmd.Stderr = inR, outW, errW
	err = c.cmd.Start()
	closeFiles(inR, outW, errW) // the program's ends: ours close when it does
	if err != nil {
		closeFiles(inW, outR, errR)
		return nil, fmt.Errorf("starting %s: %w", l.Argv[0], err)
	}
	c.reads = []*os.File{outR, errR}
	go func() { _ = c.cmd.Wait(); close(c.done) }()
	return newProcess(c, inW, outR, errR, l.Stderr), nil
}

// closeFiles closes pipe ends a start no longer needs: a close's error
// on a pipe says nothing to act on.
func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}
