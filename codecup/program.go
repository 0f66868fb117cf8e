package codecup

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"gameai/internal/engineproc"
	"gameai/internal/lineio"
)

// Program is a player the referee can run: an executable speaking the
// protocol, or our own bot in this process (over pipes, the same
// protocol).
type Program interface {
	Name() string
	// Start begins one game.
	Start(ctx context.Context) (Conn, error)
}

// Conn is a running program in a game.
type Conn interface {
	Send(line string) error
	// Receive waits for the next line at most timeout.
	Receive(ctx context.Context, timeout time.Duration) (string, error)
	// Close sends Quit and ends the program.
	Close()
}

// Pauser is a Conn the referee stops while the other programs think, as
// CodeCup did: a program so stopped can neither ponder on shared cores nor
// take time from another's clock. A confined program is one.
type Pauser interface {
	Pause()
	Resume()
}

// Clock is CodeCup's: a program's thinking time for a whole game, the
// referee's, the bot's and admission's unless told otherwise.
const Clock = 30 * time.Second

// ErrTimeout is returned by Receive when the program's time ran out.
var ErrTimeout = lineio.ErrTimeout

// lineConn is a program's input and its output read line by line.
type lineConn struct {
	w    io.WriteCloser
	r    *lineio.Reader
	stop func()
	once sync.Once
}

func newLineConn(r io.Reader, w io.WriteCloser, stop func()) *lineConn {
	return &lineConn{w: w, r: lineio.NewReader(r), stop: stop}
}

func (c *lineConn) Send(line string) error {
	_, err := io.WriteString(c.w, line+"\n")
	return err
}

// Receive returns the next line that is not blank, trimmed.
func (c *lineConn) Receive(ctx context.Context, timeout time.Duration) (string, error) {
	l, err := c.r.Until(ctx, timeout, func(l string) bool { return strings.TrimSpace(l) != "" })
	return strings.TrimSpace(l), err
}

func (c *lineConn) Close() {
	c.once.Do(func() {
		_ = c.Send("Quit")
		_ = c.w.Close()
		c.stop()
	})
}

// Exec is a program run from the command line, one process per game.
type Exec struct {
	Label string
	Argv  []string
}

// Name is the label, or the command line.
func (e Exec) Name() string {
	if e.Label != "" {
		return e.Label
	}
	return strings.Join(e.Argv, " ")
}

// Start runs the program; its standard error is discarded.
func (e Exec) Start(ctx context.Context) (Conn, error) {
	p, err := engineproc.Start(ctx, e.Argv)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.Name(), err)
	}
	return newLineConn(p.Out, p.In, func() { p.Wait(time.Second) }), nil
}

// Internal is our own bot, run in this process over the protocol.
type Internal struct {
	Label  string
	Config BotConfig
	// Log, when set, gets the bot's diagnostics.
	Log io.Writer
}

// Name describes the bot.
func (b Internal) Name() string {
	if b.Label != "" {
		return b.Label
	}
	return "gameai:" + b.Config.withDefaults().Engine
}

// Start runs the bot in a goroutine.
func (b Internal) Start(ctx context.Context) (Conn, error) {
	toBotR, toBotW := io.Pipe()
	fromBotR, fromBotW := io.Pipe()
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = RunBot(ctx, toBotR, fromBotW, b.Log, b.Config)
		_ = fromBotW.Close()
	}()
	stop := func() {
		cancel()
		_ = toBotR.Close()
		<-done
	}
	return newLineConn(fromBotR, toBotW, stop), nil
}
