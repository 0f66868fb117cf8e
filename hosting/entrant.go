package hosting

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/morrisuci"
	"gameai/store"
)

// Uploaded is what a game needs of an uploaded bot: enough for any
// machine sharing the store to fetch its program and run it confined.
type Uploaded struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Owner    string `json:"owner"`
	Version  int    `json:"version"`
	Language string `json:"language"`
	Program  string `json:"program"` // content hash of what runs
}

// UploadedOf is a ready bot's Uploaded.
func UploadedOf(b *store.Bot) Uploaded {
	return Uploaded{ID: b.ID, Name: b.Name, Owner: b.Owner, Version: b.Version, Language: b.Language, Program: b.Program}
}

// Label names it in records: owner/name vN.
func (u Uploaded) Label() string { return fmt.Sprintf("%s/%s v%d", u.Owner, u.Name, u.Version) }

// ErrNotRunnable is returned where this machine cannot run an uploaded
// bot (no sandbox here, or not its language).
var ErrNotRunnable = errors.New("hosting: this machine cannot run this bot")

func (h *Host) runnableOf(ctx context.Context, u Uploaded, cpu time.Duration) (Runnable, error) {
	if h.why != nil {
		return Runnable{}, fmt.Errorf("%w: %v", ErrNotRunnable, h.why)
	}
	l, ok := h.Language(u.Language)
	if !ok || !l.Available {
		return Runnable{}, fmt.Errorf("%w: language %q is not installed here", ErrNotRunnable, u.Language)
	}
	if u.Program == "" {
		return Runnable{}, fmt.Errorf("bot %s has no program (not admitted)", u.ID)
	}
	return h.runnable(ctx, u.Label(), l, u.Program, h.gameLimits(cpu))
}

// LessBot is an uploaded Less bot as the CodeCup referee runs it, confined,
// with a game's clock.
func (h *Host) LessBot(ctx context.Context, u Uploaded, clock time.Duration) (*LessProgram, error) {
	r, err := h.runnableOf(ctx, u, 2*clock+10*time.Second)
	if err != nil {
		return nil, err
	}
	return &LessProgram{sb: h.sb, r: r}, nil
}

// MorrisBot starts an uploaded Morris bot, confined, for one game of
// moveTime a move (it must answer within moveTime+slack); stderr reads
// what it wrote there, up to StderrCap. Close the client after the game.
func (h *Host) MorrisBot(ctx context.Context, u Uploaded, moveTime, slack time.Duration) (c *morrisuci.Client, stderr func() string, err error) {
	r, err := h.runnableOf(ctx, u, 10*time.Minute)
	if err != nil {
		return nil, func() string { return "" }, err
	}
	c, pr, err := MorrisClient(ctx, h.sb, r)
	stderr = func() string { return "" }
	if pr != nil {
		stderr = pr.Stderr
	}
	if err != nil {
		return nil, stderr, err
	}
	c.MoveTime, c.Slack = moveTime, slack
	return c, stderr, nil
}
