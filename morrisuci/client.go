package morrisuci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gameai/games/morris"
	"gameai/internal/engineproc"
	"gameai/internal/lineio"
)

// Client drives an engine over the protocol. It plays as an arena.MorrisPlayer:
// for each move it sends the game's moves and go, reads bestmove (either
// "bestmove T" on its own line or Sanmill's "info score 3 bestmove T"), and
// when the move closes a mill asks again for the removal.
type Client struct {
	name string
	w    io.Writer
	r    *lineio.Reader
	// MoveTime is sent as go movetime; Depth, when set, as go depth.
	MoveTime time.Duration
	Depth    int
	// Slack is how long past MoveTime an answer may take (default 5 s).
	Slack time.Duration

	proc  *engineproc.Process
	hooks Hooks
}

// Hooks attach a client to a program run by someone else (a confined
// program): Pause and Resume stop it between its moves, Stop ends it after
// quit, Why explains an error (how the program ended). Each may be nil.
type Hooks struct {
	Pause, Resume, Stop func()
	Why                 func(error) error
}

// Attach talks to a running program through r (its output's lines) and
// w (its input), calling h around each move.
func Attach(name string, r *lineio.Reader, w io.Writer, h Hooks) *Client {
	c := NewClient(name, nil, w)
	c.r = r
	c.hooks = h
	return c
}

// NewClient talks to an engine through r (its output) and w (its input).
func NewClient(name string, r io.Reader, w io.Writer) *Client {
	c := &Client{name: name, w: w, MoveTime: time.Second}
	if r != nil {
		c.r = lineio.NewReader(r)
	}
	return c
}

// Start runs an engine program and does the handshake (uci, the options,
// isready).
func Start(ctx context.Context, name string, argv []string, options map[string]string) (*Client, error) {
	p, err := engineproc.Start(ctx, argv)
	if err != nil {
		return nil, err
	}
	c := NewClient(name, p.Out, p.In)
	c.proc = p
	if err := c.Handshake(ctx, options); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// HandshakeWait is how long an engine has to answer uci with uciok, and
// isready with readyok.
const HandshakeWait = 10 * time.Second

// Handshake sends uci and waits for uciok, sets the options, and waits for
// readyok.
func (c *Client) Handshake(ctx context.Context, options map[string]string) error {
	c.resume()
	defer c.pause()
	if err := c.send("uci"); err != nil {
		return err
	}
	if _, err := c.await(ctx, HandshakeWait, func(l string) bool { return strings.TrimSpace(l) == "uciok" }); err != nil {
		return fmt.Errorf("%s: no uciok: %w", c.name, err)
	}
	for k, v := range options {
		if err := c.send(fmt.Sprintf("setoption name %s value %s", k, v)); err != nil {
			return err
		}
	}
	if err := c.send("isready"); err != nil {
		return err
	}
	if _, err := c.await(ctx, HandshakeWait, func(l string) bool { return strings.TrimSpace(l) == "readyok" }); err != nil {
		return fmt.Errorf("%s: no readyok: %w", c.name, err)
	}
	return nil
}

// Name describes the engine.
func (c *Client) Name() string { return c.name }

// Close ends the engine.
func (c *Client) Close() {
	_ = c.send("quit")
	if cl, ok := c.w.(io.Closer); ok {
		_ = cl.Close()
	}
	if c.proc != nil {
		c.proc.Wait(2 * time.Second)
	}
	if c.hooks.Stop != nil {
		c.hooks.Stop()
	}
}

func (c *Client) pause() {
	if c.hooks.Pause != nil {
		c.hooks.Pause()
	}
}

func (c *Client) resume() {
	if c.hooks.Resume != nil {
		c.hooks.Resume()
	}
}

// why adds how the program ended to an error, where the hooks know it.
func (c *Client) why(err error) error {
	if c.hooks.Why != nil {
		return c.hooks.Why(err)
	}
	return err
}

func (c *Client) send(line string) error {
	_, err := io.WriteString(c.w, line+"\n")
	return err
}

// await reads lines until one satisfies ok, the timeout, or the end.
func (c *Client) await(ctx context.Context, timeout time.Duration, ok func(string) bool) (string, error) {
	l, err := c.r.Until(ctx, timeout, ok)
	if err != nil {
		err = c.why(err)
	}
	return l, err
}

// BestMoveToken finds the token after "bestmove" in a line, if any.
func BestMoveToken(line string) (string, bool) {
	f := strings.Fields(line)
	for i, w := range f {
		if w == "bestmove" && i+1 < len(f) {
			return f[i+1], true
		}
	}
	return "", false
}

// Move asks the engine for its move in p, reached by history from the
// start.
func (c *Client) Move(ctx context.Context, p *morris.Position, history []morris.Move) (morris.Move, error) {
	var tokens []string
	for _, m := range history {
		tokens = append(tokens, m.Tokens()...)
	}
	first, err := c.ask(ctx, tokens)
	if err != nil {
		return 0, err
	}
	if claimsOver(first) {
		return 0, &ClaimError{Engine: c.name, Token: first}
	}
	m, err := morris.ParseMove(first)
	if err != nil {
		return 0, fmt.Errorf("%s answered bestmove %q: %w: %w", c.name, first, ErrProtocol, err)
	}
	// A move that closes a mill: its removals come one go at a time.
	for range 2 {
		if p.IsLegal(m) || !needsRemoval(p, m) {
			break
		}
		rm, err := c.ask(ctx, append(tokens, m.Tokens()...))
		if err != nil {
			return 0, err
		}
		if !strings.HasPrefix(rm, "x") {
			return 0, fmt.Errorf("%s answered %q where the removal of its mill was due: %w", c.name, rm, ErrProtocol)
		}
		full, err := morris.ParseMove(m.String() + rm)
		if err != nil {
			return 0, fmt.Errorf("%s answered removal %q: %w: %w", c.name, rm, ErrProtocol, err)
		}
		m = full
	}
	return m, nil
}

// ErrProtocol marks an answer that is not a move in the protocol's
// notation (a referee tells it from a crash or the clock by it).
var ErrProtocol = errors.New("not a move of the protocol")

// ClaimError is an engine's answer that the game is over where it was
// asked for a move: Sanmill answers "bestmove draw" for a position it
// holds drawn (repetition, the N-move rule) and "bestmove none" where it
// finds no move. Engines' rules differ at the edges (Sanmill counts a
// repetition on the move that closes a mill, before its removal), so a
// referee decides what a claim is worth.
type ClaimError struct {
	Engine, Token string
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("%s answered bestmove %s: it holds the game over", e.Engine, e.Token)
}

func claimsOver(tok string) bool {
	switch strings.ToLower(tok) {
	case "draw", "none", "(none)", "0000":
		return true
	}
	return false
}

// needsRemoval reports whether m (or m with one more removal) is a legal
// move once removals are named.
func needsRemoval(p *morris.Position, m morris.Move) bool {
	for _, l := range p.GenMoves(nil) {
		if l.To() == m.To() && l.From() == m.From() && l.Removes() &&
			(m.Removal() < 0 || l.Removal() == m.Removal() || l.Removal2() == m.Removal()) {
			return true
		}
	}
	return false
}

func (c *Client) ask(ctx context.Context, tokens []string) (string, error) {
	pos := "position startpos"
	if len(tokens) > 0 {
		pos += " moves " + strings.Join(tokens, " ")
	}
	goCmd := fmt.Sprintf("go movetime %d", c.MoveTime.Milliseconds())
	if c.Depth > 0 {
		goCmd += fmt.Sprintf(" depth %d", c.Depth)
	}
	c.resume()
	defer c.pause()
	if err := c.send(pos); err != nil {
		return "", c.why(err)
	}
	if err := c.send(goCmd); err != nil {
		return "", c.why(err)
	}
	slack := c.Slack
	if slack == 0 {
		slack = 5 * time.Second
	}
	line, err := c.await(ctx, c.MoveTime+slack, func(l string) bool { _, ok := BestMoveToken(l); return ok })
	if err != nil {
		return "", fmt.Errorf("%s: %w", c.name, err)
	}
	tok, _ := BestMoveToken(line)
	return tok, nil
}
