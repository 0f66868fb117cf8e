package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gameai/codecup"
	"gameai/morrisuci"
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

// Label names it in records: owner/name vN.
func (u Uploaded) Label() string { return fmt.Sprintf("%s/%s v%d", u.Owner, u.Name, u.Version) }

// ErrNotRunnable is returned where this machine cannot run an uploaded
// bot (no sandbox here, or not its language): the game is not played,
// nobody's fault.
var ErrNotRunnable = errors.New("this machine cannot run this bot")

// LessProgram is an uploaded Less bot as the referee runs it: a program
// speaking CodeCup's protocol, whose trace its owner reads.
type LessProgram interface {
	codecup.Program
	Trace() Trace
}

// Trace is what a game keeps of an uploaded program for its owner: what
// it wrote on standard error, and its conversation with the referee
// (internal/transcript's rendering, with times), both capped.
type Trace struct {
	Stderr, Transcript string
	// Used is what the program used beside its limits ("37 MiB of 512 MiB
	// memory at its peak, ..."), "" when not known.
	Used string
}

// Uploads starts uploaded bots, confined, for one game each. The referee
// sees them only through it; package hosting implements it.
type Uploads interface {
	// LessBot is a Less bot with a game's clock.
	LessBot(ctx context.Context, u Uploaded, clock time.Duration) (LessProgram, error)
	// MorrisBot starts a Morris bot for one game of moveTime a move (it
	// must answer within moveTime+slack); trace reads what it wrote on
	// standard error and its conversation. The caller closes the client
	// after the game.
	MorrisBot(ctx context.Context, u Uploaded, moveTime, slack time.Duration) (c *morrisuci.Client, trace func() Trace, err error)
}

// BuiltinOwner owns our own engines in the list of bots; no owner may
// take the name.
const BuiltinOwner = "gameai"

// BuiltinSpec is the engine spec an id names for game, when the id is
// one of ours (gameai:GAME:SPEC or gameai:SPEC); a competition's entries
// name any spec, not only the listed ones.
func BuiltinSpec(game, id string) (string, bool) {
	spec, ok := strings.CutPrefix(id, BuiltinOwner+":")
	if !ok {
		return "", false
	}
	if s, ok := strings.CutPrefix(spec, game+":"); ok {
		return s, true
	}
	return spec, true
}
