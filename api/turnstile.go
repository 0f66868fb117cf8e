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
//
// A network (a /24 or a /64) takes at most half the turns at once: one
// client sending requests as fast as it can (bogus sign-ups, say) then
// waits on its own share, and another network's request finds a turn.
type turnstile struct {
	turns   chan struct{}
	reserve chan struct{}
	wait    time.Duration
	shares  *netShares
}

func newTurnstile(n, reserve int, wait time.Duration) *turnstile {
	n = max(n, 1)
	return &turnstile{turns: make(chan struct{}, n), reserve: make(chan struct{}, max(reserve, 1)), wait: wait,
		shares: &netShares{size: max(n/2, 1), m: map[string]*netShare{}}}
}

// netShares are the networks' shares of the turns, each a semaphore that
// lives while a request of its network does.
type netShares struct {
	mu   sync.Mutex
	size int
	m    map[string]*netShare
}

type netShare struct {
	slots chan struct{}
	users int
}

// of is net's share; done is called when the request no longer needs it.
func (n *netShares) of(net string) (slots chan struct{}, done func()) {
	n.mu.Lock()
	defer n.mu.Unlock()
	s := n.m[net]
	if s == nil {
		s = &netShare{slots: make(chan struct{}, n.size)}
		n.m[net] = s
	}
	s.users++
	return s.slots, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if s.users--; s.users == 0 {
			delete(n.m, net)
		}
	}
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
		share, done := a.shares.of(network(c.RealIP()))
		defer done()
		turn, err := a.take(c.Request().Context(), share, reserve)
		if err != nil {
			return err
		}
		var once sync.Once
		release := func() { once.Do(func() { <-turn; <-share }) }
		defer release()
		c.SetRequest(c.Request().WithContext(context.WithValue(c.Request().Context(), admittedKey{}, &admitted{arrived, release})))
		return next(c)
	}
}

// take waits for a place in the network's share, then for a turn: a
// shared one first, so that the reserve stays for searches that find them
// all taken, then whichever frees first; for at most a.wait in all. It
// returns the channel the turn was taken from, holding a place in share.
func (a *turnstile) take(ctx context.Context, share, reserve chan struct{}) (chan struct{}, error) {
	t := time.NewTimer(a.wait)
	defer t.Stop()
	select {
	case share <- struct{}{}:
	case <-t.C:
		return nil, retryLater(http.StatusServiceUnavailable, "busy", "Server busy",
			"this network has as many requests in progress as it may: retry shortly", 1)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	turn, err := a.turn(ctx, t, reserve)
	if err != nil {
		<-share
	}
	return turn, err
}

func (a *turnstile) turn(ctx context.Context, t *time.Timer, reserve chan struct{}) (chan struct{}, error) {
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
