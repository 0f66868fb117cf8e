package store

import (
	"context"
	"fmt"
	"time"
)

// Seat is an uploaded bot's program playing a session's seat on some
// server, counted where every server counts: whom it counts against (its
// Holder, "owner:NAME" or "network:PREFIX", and the Network it was asked
// from), whether its owner plays its own bot, and until when it is held
// (its idle time; each move holds it on).
type Seat struct {
	Key     string
	Holder  string
	Network string
	Own     bool
	Until   time.Time
}

// SeatBounds are what a new seat is checked against: its holder's share,
// its network's, and the total, which an owner's own bot may pass by
// Reserve.
type SeatBounds struct {
	Holder, Network, Total, Reserve int
}

// SeatsFullError is a seat refused, naming the bound it would pass:
// "holder", "network" or "total". It is ErrFull.
type SeatsFullError struct{ Bound string }

func (e *SeatsFullError) Error() string {
	return fmt.Sprintf("store: session seats full (%s)", e.Bound)
}
func (e *SeatsFullError) Is(t error) bool { return t == ErrFull }

// Seats counts the session seats of every server sharing the store, so
// that N servers hold the bounds one does.
type Seats interface {
	// Take holds s until s.Until: a seat held already (its Key) is held
	// on; a new one is taken if b allows, decided with the count in one
	// step (a *SeatsFullError when not). Seats past their Until are
	// counted no more.
	Take(ctx context.Context, s Seat, b SeatBounds) error
	// Release ends a seat at once (none held: no error).
	Release(ctx context.Context, s Seat) error
}
