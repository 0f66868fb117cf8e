package search

import (
	"errors"
	"fmt"
	"time"
)

// ErrGameOver is a search of a terminal position: there is no move.
var ErrGameOver = errors.New("the position is terminal: there is no move to search")

// ErrTimeout is a search that found no move within its time.
var ErrTimeout = errors.New("the search found no move within its time")

// A BusyError is a search refused for the server's load, to be retried
// shortly: every slot taken (Slots, the most that run at once) or, when
// Budget is set, a time budget the server is too busy to meet (the
// request waited Queued before its search; a runnable task waits Wait for
// a CPU).
type BusyError struct {
	Slots                int
	Budget, Queued, Wait time.Duration
}

func (e *BusyError) Error() string {
	if e.Budget == 0 {
		return fmt.Sprintf("%d searches are running, the most this server runs at once; retry shortly", e.Slots)
	}
	return fmt.Sprintf("the server is so busy (this request waited %s for a CPU, its turn and a search slot; a runnable task waits %s) that a %s search would answer late; retry shortly, or ask for more time",
		e.Queued.Round(time.Millisecond), e.Wait.Round(time.Millisecond), e.Budget)
}

// An OverCapError is a limit asked past the server's cap: Field is the
// limit's name (time_ms, depth, nodes, iterations).
type OverCapError struct {
	Field      string
	Value, Cap int64
	Unit       string // " ms" or ""
}

func (e *OverCapError) Error() string {
	return fmt.Sprintf("%d%s exceeds the server's cap of %d%s", e.Value, e.Unit, e.Cap, e.Unit)
}
