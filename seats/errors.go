package seats

import (
	"fmt"
	"strings"
	"time"

	"gameai/competition"
)

// A FullError is a seat no program may take now: the holder's share
// ("holder"), its network's ("network") or the server's ("total") is
// playing. One is freed RetryAfter on at the latest.
type FullError struct {
	Bound      string
	Holder     Holder
	RetryAfter time.Duration
}

func (e *FullError) Error() string {
	freed := fmt.Sprintf("one is freed %v to %v after its last move", MorrisIdle, LessIdle)
	switch e.Bound {
	case "holder":
		who := fmt.Sprintf("your %d", e.Holder.share)
		if strings.HasPrefix(e.Holder.who, "network:") {
			who += fmt.Sprintf(" (a visitor's network; an owner signed in with a token has %d)", MaxPerOwner)
		}
		return who + " uploaded bots in sessions are all playing; " + freed
	case "network":
		return fmt.Sprintf("your network's %d uploaded bots in sessions (every account's on it) are all playing; ", MaxFromNetwork) + freed
	}
	return fmt.Sprintf("the server's %d uploaded bots in sessions are all playing; ", Max) + freed
}

// A WithdrawnError is a bot whose owner's account the host disabled, or
// that left: it plays no more.
type WithdrawnError struct{ Label string }

func (e *WithdrawnError) Error() string {
	return e.Label + " cannot play: its owner's account is disabled by the host, or gone"
}

// A FailedError is a bot's failed move: Kind as the referee names a
// game's fault.
type FailedError struct {
	Kind   competition.FaultKind
	Detail string
}

func (e *FailedError) Error() string { return e.Detail }
