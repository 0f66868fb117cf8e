package hosting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"gameai/arena"
	"gameai/codecup"
	"gameai/internal/lineio"
	"gameai/internal/transcript"
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
	return &localLess{l: l, name: u.Label()}, nil
}

// MorrisBot starts the program and does the handshake.
func (l *Local) MorrisBot(ctx context.Context, u arena.Uploaded, moveTime, slack time.Duration) (*morrisuci.Client, func() arena.Trace, error) {
	lp, err := l.start(ctx)
	if err != nil {
		return nil, func() arena.Trace { return arena.Trace{} }, err
	}
	c := morrisuci.Attach(u.Label(), lp.lines, writerFunc(lp.send), morrisuci.Hooks{Stop: lp.stop, Why: lp.why})
	if err := c.Handshake(ctx, nil); err != nil {
		c.Close()
		return nil, lp.trace, err
	}
	c.MoveTime, c.Slack = moveTime, slack
	return c, lp.trace, nil
}

// localProcess is one run of the program: its lines, its standard error
// (capped, as a game keeps it) and its conversation.
type localProcess struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  *lineio.Reader
	stderr *capped
	talk   *transcript.Transcript
	done   chan struct{}
	once   sync.Once
}

func (l *Local) start(ctx context.Context) (*localProcess, error) {
	if len(l.Argv) == 0 {
		return nil, errors.New("no program to run")
	}
	lp := &localProcess{cmd: exec.CommandContext(ctx, l.Argv[0], l.Argv[1:]...), stderr: &capped{max: StderrCap},
		talk: transcript.New(TranscriptHead, TranscriptTail), done: make(chan struct{})}
	lp.cmd.Stderr = lp.stderr
	if l.Stderr != nil {
		lp.cmd.Stderr = io.MultiWriter(lp.stderr, l.Stderr)
	}
	in, err := lp.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := lp.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := lp.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", l.Argv[0], err)
	}
	lp.in, lp.lines = in, lineio.NewReaderLimit(out, MaxLine)
	lp.lines.Tap(lp.talk.Got)
	go func() { _ = lp.cmd.Wait(); close(lp.done) }()
	return lp, nil
}

func (lp *localProcess) send(line string) error {
	lp.talk.Sent(line)
	if _, err := io.WriteString(lp.in, line+"\n"); err != nil {
		return lp.why(fmt.Errorf("it does not read its input (%v)", err))
	}
	return nil
}

// why adds how the program ended to an error, once it has.
func (lp *localProcess) why(err error) error {
	if err == nil || errors.Is(err, lineio.ErrTimeout) || errors.Is(err, context.Canceled) {
		return err
	}
	select {
	case <-lp.done:
		return fmt.Errorf("%w: %s", err, lp.cmd.ProcessState)
	case <-time.After(500 * time.Millisecond):
		return err
	}
}

func (lp *localProcess) stop() {
	lp.once.Do(func() {
		_ = lp.in.Close()
		select {
		case <-lp.done:
		case <-time.After(500 * time.Millisecond):
			_ = lp.cmd.Process.Kill()
			<-lp.done
		}
	})
}

func (lp *localProcess) trace() arena.Trace {
	return arena.Trace{Stderr: lp.stderr.String(), Transcript: lp.talk.Timed()}
}

// localLess is the program as the CodeCup referee runs it, a run a game.
type localLess struct {
	l    *Local
	name string
	last *localProcess
}

func (p *localLess) Name() string { return p.name }

func (p *localLess) Start(ctx context.Context) (codecup.Conn, error) {
	lp, err := p.l.start(ctx)
	if err != nil {
		return nil, err
	}
	p.last = lp
	return &localConn{lp}, nil
}

func (p *localLess) Trace() arena.Trace {
	if p.last == nil {
		return arena.Trace{}
	}
	return p.last.trace()
}

type localConn struct{ *localProcess }

func (c *localConn) Send(line string) error { return c.send(line) }

func (c *localConn) Receive(ctx context.Context, timeout time.Duration) (string, error) {
	l, err := c.lines.Until(ctx, timeout, func(l string) bool { return strings.TrimSpace(l) != "" })
	return strings.TrimSpace(l), c.why(err)
}

func (c *localConn) Close() {
	_ = c.send("Quit")
	c.stop()
}
