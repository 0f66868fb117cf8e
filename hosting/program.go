package hosting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gameai/arena"
	"gameai/codecup"
	"gameai/competition"
	"gameai/internal/lineio"
	"gameai/internal/transcript"
	"gameai/morrisuci"
	"gameai/sandbox"
)

// MaxLine is the longest line a bot may write: both protocols' lines are
// tens of bytes, so a longer one is a fault, not something to buffer.
const MaxLine = 4096

// StderrCap is how much of a bot's standard error a game keeps for its
// owner; the rest is counted and dropped.
const StderrCap = 64 << 10

// writeTimeout bounds a write to a bot that does not read its input.
const writeTimeout = 5 * time.Second

// quitGrace is how long a bot told its game is over has to exit on its own.
const quitGrace = 500 * time.Millisecond

// Runnable is a built bot on this machine's disk, ready to start.
type Runnable struct {
	Name string
	// Dir holds the program; Argv, Env and Runtime are as for sandbox.Spec.
	Dir     string
	Argv    []string
	Env     []string
	Runtime []string
	Limits  sandbox.Limits
}

// Transcript bounds the conversation a game keeps for a bot's owner: its
// first lines (the start, where a protocol mistake shows) and its last
// (where the game ended).
const (
	TranscriptHead = 40
	TranscriptTail = 200
)

// running is a started program as a game needs it: confined in the
// sandbox (a *sandbox.Process), or, for gameai try, a command on its
// author's machine (local.go).
type running interface {
	Done() <-chan struct{}
	Kill()
	Freeze() error
	Thaw() error
	// ended says how it ended, once Done is closed.
	ended() error
	// used says what it used of its limits, once Done is closed ("" where
	// it is not known).
	used() string
}

// confined is a program in a box.
type confined struct{ boxed }

func (c confined) ended() error { return &ended{sandbox.ExitError{Exit: c.Exit()}} }

func (c confined) used() string { e := c.Exit(); return e.Used.Of(e.Limits) }

// process is one run of a bot in a game: its output read line by line,
// its standard error kept up to a cap (and copied to tee, when set), its
// conversation with the referee recorded.
type process struct {
	p      running
	in     *os.File // its standard input
	lines  *lineio.Reader
	stderr *capped
	talk   *transcript.Transcript
	errsIn chan struct{} // closed when standard error is drained
	once   sync.Once
	// overran: a read ran out of the bot's time. Such a bot is not
	// reading; stop kills it without the moment it gives one to quit.
	overran atomic.Bool
}

// newProcess follows a started program through its streams.
func newProcess(p running, in *os.File, out, errs io.Reader, tee io.Writer) *process {
	pr := &process{p: p, in: in, lines: lineio.NewReaderLimit(out, MaxLine), stderr: &capped{max: StderrCap}, errsIn: make(chan struct{}),
		talk: transcript.New(TranscriptHead, TranscriptTail)}
	pr.lines.Tap(pr.talk.Got)
	var w io.Writer = pr.stderr
	if tee != nil {
		w = io.MultiWriter(pr.stderr, tee)
	}
	go func() {
		_, _ = io.Copy(w, errs)
		close(pr.errsIn)
	}()
	return pr
}

func start(sb boxes, r Runnable) (*process, error) {
	p, err := sb.Start(sandbox.Spec{Argv: r.Argv, Env: r.Env, Dir: r.Dir, Runtime: r.Runtime, Limits: r.Limits})
	if err != nil {
		return nil, err
	}
	stdin, stdout, stderr := p.Pipes()
	return newProcess(confined{p}, stdin, stdout, stderr, nil), nil
}

func (pr *process) send(line string) error {
	pr.talk.Sent(line)
	_ = pr.in.SetWriteDeadline(time.Now().Add(writeTimeout))
	_, err := io.WriteString(pr.in, line+"\n")
	if err != nil {
		return pr.why(fmt.Errorf("it does not read its input (%v)", err))
	}
	return nil
}

// why adds how the program ended to an error, once it has ended (a
// moment's wait: a pipe closes just before its writer is reaped).
func (pr *process) why(err error) error {
	if errors.Is(err, lineio.ErrTimeout) {
		pr.overran.Store(true)
	}
	if err == nil || errors.Is(err, lineio.ErrTimeout) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	select {
	case <-pr.p.Done():
		return fmt.Errorf("%w: %w", err, pr.p.ended())
	case <-time.After(500 * time.Millisecond):
		return err
	}
}

// ended is how a program ended, as the referees read it: its fault kind
// (competition.Faulter) and, with errors.As, the sandbox's Exit.
type ended struct{ sandbox.ExitError }

func (e *ended) Unwrap() error { return &e.ExitError }

// FaultKind is memory or CPU time for a program its limits killed, else a
// crash.
func (e *ended) FaultKind() competition.FaultKind {
	switch e.Exit.Status {
	case sandbox.OutOfMemory:
		return competition.Memory
	case sandbox.OutOfCPU:
		return competition.CPUTime
	}
	return competition.Crash
}

func (pr *process) pause()  { _ = pr.p.Freeze() }
func (pr *process) resume() { _ = pr.p.Thaw() }

// stop ends the game for the bot: it is thawed, asked to quit (by the
// protocol's word, already sent), given a moment unless it overran its
// time (a bot still thinking does not read the word), then killed with
// every process it started.
func (pr *process) stop() {
	pr.once.Do(func() {
		_ = pr.in.Close()
		pr.resume()
		if !pr.overran.Load() {
			select {
			case <-pr.p.Done():
			case <-time.After(quitGrace):
			}
		}
		pr.p.Kill()
		<-pr.errsIn // its whole standard error: the pipe ends with the program
	})
}

// Trace is what the bot wrote on standard error in its game, up to the
// cap, and its conversation with the referee.
func (pr *process) Trace() arena.Trace {
	tr := arena.Trace{Stderr: pr.stderr.String(), Transcript: pr.talk.Timed()}
	select {
	case <-pr.p.Done():
		tr.Used = pr.p.used()
	default: // still running: what it used is not known yet
	}
	return tr
}

// capped keeps the first max bytes written and counts the rest.
type capped struct {
	mu      sync.Mutex
	max     int
	b       strings.Builder
	dropped int64
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.max - c.b.Len()
	if room >= len(p) {
		c.b.Write(p)
	} else {
		if room > 0 {
			c.b.Write(p[:room])
		}
		c.dropped += int64(len(p) - max(room, 0))
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dropped > 0 {
		return c.b.String() + fmt.Sprintf("\n[%d more bytes not kept]", c.dropped)
	}
	return c.b.String()
}

// LessProgram is an uploaded Less bot as the CodeCup referee runs it: a
// run a game, confined (or, for gameai try, on its author's machine).
type LessProgram struct {
	name  string
	start func(ctx context.Context) (*process, error)
	last  *process
}

// Name is the bot's name and version.
func (l *LessProgram) Name() string { return l.name }

// Start runs the bot for one game.
func (l *LessProgram) Start(ctx context.Context) (codecup.Conn, error) {
	pr, err := l.start(ctx)
	if err != nil {
		return nil, err
	}
	l.last = pr
	return &lessConn{pr}, nil
}

// Trace is the standard error and the conversation of the last game it
// started.
func (l *LessProgram) Trace() arena.Trace {
	if l.last == nil {
		return arena.Trace{}
	}
	return l.last.Trace()
}

// lessConn is the referee's side of a confined bot; it is a
// codecup.Pauser, so the bot is frozen while the others think.
type lessConn struct{ *process }

func (c *lessConn) Send(line string) error { return c.send(line) }

func (c *lessConn) Receive(ctx context.Context, timeout time.Duration) (string, error) {
	l, err := c.lines.Until(ctx, timeout, func(l string) bool { return strings.TrimSpace(l) != "" })
	return strings.TrimSpace(l), c.why(err)
}

func (c *lessConn) Close() {
	_ = c.send("Quit")
	c.stop()
}

func (c *lessConn) Pause()  { c.pause() }
func (c *lessConn) Resume() { c.resume() }

// morrisClient runs an uploaded Morris bot confined and talks to it over
// Sanmill's protocol; it is frozen between its moves.
func morrisClient(ctx context.Context, sb boxes, r Runnable) (*morrisuci.Client, *process, error) {
	pr, err := start(sb, r)
	if err != nil {
		return nil, nil, err
	}
	return morrisClientOf(ctx, r.Name, pr)
}

// morrisClientOf speaks Sanmill's protocol with a started program, from
// the handshake on.
func morrisClientOf(ctx context.Context, name string, pr *process) (*morrisuci.Client, *process, error) {
	c := morrisuci.Attach(name, pr.lines, writerFunc(pr.send), morrisuci.Hooks{
		Pause: pr.pause, Resume: pr.resume, Stop: pr.stop, Why: pr.why})
	if err := c.Handshake(ctx, nil); err != nil {
		c.Close()
		return nil, pr, err
	}
	return c, pr, nil
}

// writerFunc writes a whole line through send (which adds the newline).
type writerFunc func(string) error

func (f writerFunc) Write(p []byte) (int, error) {
	if err := f(strings.TrimSuffix(string(p), "\n")); err != nil {
		return 0, err
	}
	return len(p), nil
}
