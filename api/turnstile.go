package api

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v5"
)

// turnstile bounds the requests the server works on at once. Without it,
// two hundred clients of cheap routes keep hundreds of goroutines runnable
// on two cores, and an accepted search, once preempted, waits behind all of
// them for the scheduler: it ends on time but answers late. With it, a
// request beyond the bound waits parked (not runnable) for a turn, and
// after admitWait is answered 503 with Retry-After. A search gives its turn
// back when it takes its search slot, which bounds searches on its own.
//
// Requests that search have a reserve of turns besides (as many as search
// slots): a search's client is waiting on a deadline, and must not queue
// behind cheap requests for its turn.
type turnstile struct {
	turns   chan struct{}
	reserve chan struct{}
	wait    time.Duration
}

func newTurnstile(n, reserve int, wait time.Duration) *turnstile {
	return &turnstile{turns: make(chan struct{}, max(n, 1)), reserve: make(chan struct{}, max(reserve, 1)), wait: wait}
}

// searchRoutes are the routes that may run a search under a deadline the
// client set: they may take a reserved turn.
var searchRoutes = map[string]bool{"/v1/games/:game/best-move": true, "/v1/sessions/:id/engine-move": true,
	"/v1/sessions/:id/moves": true, "/v1/games/:game/sessions": true}

// admitted is what the turnstile records of a request, in its context:
// when it arrived (its deadline's start) and how to give its turn back.
type admitted struct {
	arrival time.Time
	release func()
}

type admittedKey struct{}

// unadmitted are the routes outside the bound: the probes and metrics an
// operator needs most when the server is busiest, and event streams, which
// live for minutes and have limits of their own.
var unadmitted = map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true, "/v1/jobs/:id/events": true}

func (a *turnstile) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if unadmitted[c.Path()] {
			return next(c)
		}
		arrived := arrivedAt(c.Request())
		var reserve chan struct{} // nil: never ready
		if searchRoutes[c.Path()] {
			reserve = a.reserve
		}
		turn, err := a.take(c.Request().Context(), reserve)
		if err != nil {
			return err
		}
		var once sync.Once
		release := func() { once.Do(func() { <-turn }) }
		defer release()
		c.SetRequest(c.Request().WithContext(context.WithValue(c.Request().Context(), admittedKey{}, &admitted{arrived, release})))
		return next(c)
	}
}

// take waits for a turn: a shared one first, so that the reserve stays for
// searches that find them all taken, then whichever frees first, for at
// most a.wait. It returns the channel the turn was taken from.
func (a *turnstile) take(ctx context.Context, reserve chan struct{}) (chan struct{}, error) {
	select {
	case a.turns <- struct{}{}:
		return a.turns, nil
	default:
	}
	select {
	case reserve <- struct{}{}:
		return reserve, nil
	default:
	}
	t := time.NewTimer(a.wait)
	defer t.Stop()
	select {
	case a.turns <- struct{}{}:
		return a.turns, nil
	case reserve <- struct{}{}:
		return reserve, nil
	case <-t.C:
		return nil, retryLater(http.StatusServiceUnavailable, "busy", "Server busy",
			"the server is working on as many requests as it can answer on time; retry shortly", 1)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// leaveTurnstile gives back the request's turn, for work bounded otherwise
// (a search holds a search slot instead).
func leaveTurnstile(ctx context.Context) {
	if a, ok := ctx.Value(admittedKey{}).(*admitted); ok && a.release != nil {
		a.release()
	}
}
