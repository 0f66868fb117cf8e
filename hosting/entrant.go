package hosting

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/arena"
	"gameai/morrisuci"
	"gameai/store"
)

// UploadedOf is a ready bot as a game's seat sees it.
func UploadedOf(b *store.Bot) arena.Uploaded {
	return arena.Uploaded{ID: b.ID, Name: b.Name, Owner: b.Owner, Version: b.Version, Language: b.Language, Program: b.Program}
}

func (h *Host) runnableOf(ctx context.Context, u arena.Uploaded, cpu time.Duration) (Runnable, error) {
	if h.why != nil {
		return Runnable{}, fmt.Errorf("%w: %v", arena.ErrNotRunnable, h.why)
	}
	l, ok := h.Language(u.Language)
	if !ok || !l.Available {
		return Runnable{}, fmt.Errorf("%w: language %q is not installed here", arena.ErrNotRunnable, u.Language)
	}
	if u.Program == "" {
		return Runnable{}, fmt.Errorf("bot %s has no program (not admitted)", u.ID)
	}
	// A bot whose owner the host disabled (or who left) plays no more
	// games: its seat forfeits from the next game of a competition under
	// way, where it used to play on to the end. A store that does not say
	// is this machine's failure, not the bot's.
	switch o, err := h.store.Owners.Get(ctx, u.Owner); {
	case err == nil && (o.Disabled || !o.Left.IsZero()):
		return Runnable{}, fmt.Errorf("%s is withdrawn: its owner's account is disabled by the host, or gone", u.Label())
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return Runnable{}, fmt.Errorf("%w: its owner's account: %v", arena.ErrNotRunnable, err)
	}
	return h.runnable(ctx, u.Label(), l, u.Program, h.cfg.gameLimits(cpu))
}

// LessBot is an uploaded Less bot as the referee runs it, confined, with a
// game's clock (arena.Uploads).
func (h *Host) LessBot(ctx context.Context, u arena.Uploaded, clock time.Duration) (arena.LessProgram, error) {
	r, err := h.runnableOf(ctx, u, lessCPU(clock))
	if err != nil {
		return nil, err
	}
	return &LessProgram{name: r.Name, start: func(context.Context) (*process, error) { return start(h.sb, r) }}, nil
}

// MorrisBot starts an uploaded Morris bot, confined, for one game of
// moveTime a move (it must answer within moveTime+slack); trace reads
// what it wrote on standard error, up to StderrCap, and its conversation.
// Close the client after the game (arena.Uploads).
func (h *Host) MorrisBot(ctx context.Context, u arena.Uploaded, moveTime, slack time.Duration) (c *morrisuci.Client, trace func() arena.Trace, err error) {
	trace = func() arena.Trace { return arena.Trace{} }
	r, err := h.runnableOf(ctx, u, morrisCPU)
	if err != nil {
		return nil, trace, err
	}
	c, pr, err := morrisClient(ctx, h.sb, r)
	if pr != nil {
		trace = pr.Trace
	}
	if err != nil {
		return nil, trace, err
	}
	c.MoveTime, c.Slack = moveTime, slack
	return c, trace, nil
}
