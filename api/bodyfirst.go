package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/hosting"
)

// A request's body is read in full before the request takes a turn of the
// turnstile. A client that sends the headers of a POST and then its body a
// byte every few seconds used to hold a turn until the server's
// ReadTimeout; a dozen such connections held them all, and every other
// client was answered 503. Now such a client holds a reader's place, of
// which a network has a few (bodyReadersPerNetwork) and the server more
// (maxBodyReaders), and the body must come at bodyMinRate after a grace:
// a slow body is cut and answered 408 within seconds, and it never stands
// between another network's request and a turn.
const (
	bodyReadersPerNetwork = 8
	maxBodyReaders        = 128
	// An upload's body is up to 8 MiB kept in memory while read: fewer
	// of them at once.
	uploadReadersPerNetwork = 2
	maxUploadReaders        = 8
	bodyGrace               = 5 * time.Second
	bodyMinRate             = 16 << 10 // bytes a second
)

// readerPlaces are the places of bodies being read, per network and in
// total. A body that finds no place waits for one, parked (a goroutine and
// a connection, no CPU), for bodyPlaceWait before it is refused: refused
// at once, a client that reopens as fast as it is answered made the server
// accept, parse and answer some 1,700 connections a second, and another
// network's requests waited 50-150 ms for a CPU behind them. Past
// maxParked waiting in all (the memory they hold), a body is refused at
// once. A network's own places are its own: another's waiting bodies never
// stand between it and a free one.
type readerPlaces struct {
	mu     sync.Mutex
	nets   map[string]*netPlaces
	parked int
	total  chan struct{}
	perNet int
	wait   time.Duration
}

type netPlaces struct {
	slots chan struct{}
	users int // reading or waiting
}

const (
	bodyPlaceWait = 2 * time.Second
	maxParked     = 4096
)

func newReaderPlaces(perNet, limit int) *readerPlaces {
	return &readerPlaces{nets: map[string]*netPlaces{}, total: make(chan struct{}, limit), perNet: perNet, wait: bodyPlaceWait}
}

// take gives a place to a body of network net, or says which bound is
// reached ("network" or "server"); ctx's end gives up the wait.
func (p *readerPlaces) take(ctx context.Context, net string) (release func(), full string) {
	p.mu.Lock()
	np := p.nets[net]
	if np == nil {
		np = &netPlaces{slots: make(chan struct{}, p.perNet)}
		p.nets[net] = np
	}
	np.users++
	p.mu.Unlock()
	leave := func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if np.users--; np.users == 0 {
			delete(p.nets, net)
		}
	}
	if p.takeNow(np) {
		return p.releaser(np, leave), ""
	}
	p.mu.Lock()
	if p.parked >= maxParked {
		p.mu.Unlock()
		leave()
		return nil, "server"
	}
	p.parked++
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.parked--
		p.mu.Unlock()
	}()
	t := time.NewTimer(p.wait)
	defer t.Stop()
	select {
	case np.slots <- struct{}{}:
	case <-t.C:
		leave()
		return nil, "network"
	case <-ctx.Done():
		leave()
		return nil, "network"
	}
	select {
	case p.total <- struct{}{}:
	case <-t.C:
		<-np.slots
		leave()
		return nil, "server"
	case <-ctx.Done():
		<-np.slots
		leave()
		return nil, "server"
	}
	return p.releaser(np, leave), ""
}

// takeNow takes a place of np's and one in total if both are free.
func (p *readerPlaces) takeNow(np *netPlaces) bool {
	select {
	case np.slots <- struct{}{}:
	default:
		return false
	}
	select {
	case p.total <- struct{}{}:
		return true
	default:
		<-np.slots
		return false
	}
}

func (p *readerPlaces) releaser(np *netPlaces, leave func()) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			<-p.total
			<-np.slots
			leave()
		})
	}
}

// bodyFirst is the middleware that reads a request's body before the
// turnstile; the handler reads it from memory.
type bodyFirst struct {
	bodies, uploads *readerPlaces
	maxBody         int64
	now             func() time.Time
}

func newBodyFirst(maxBody int64) *bodyFirst {
	return &bodyFirst{bodies: newReaderPlaces(bodyReadersPerNetwork, maxBodyReaders),
		uploads: newReaderPlaces(uploadReadersPerNetwork, maxUploadReaders), maxBody: maxBody, now: time.Now}
}

func (b *bodyFirst) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		if unadmitted[c.Path()] || r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
			return next(c)
		}
		places, limit := b.bodies, b.maxBody
		if c.Path() == uploadRoute {
			places, limit = b.uploads, hosting.MaxUpload+64<<10
		}
		if r.ContentLength > limit {
			c.Response().Header().Set("Connection", "close")
			return tooLarge(c.Path(), limit)
		}
		release, full := places.take(r.Context(), network(c.RealIP()))
		switch full {
		case "network":
			c.Response().Header().Set("Connection", "close")
			return retryLater(http.StatusTooManyRequests, "too-many-bodies", "Too many bodies on their way",
				fmt.Sprintf("a network sends at most %d request bodies at once: retry once one is sent", places.perNet), 1)
		case "server":
			c.Response().Header().Set("Connection", "close")
			return retryLater(http.StatusServiceUnavailable, "busy", "Server busy",
				"the server reads as many request bodies as it may at once: retry shortly", 1)
		}
		body, err := b.read(c, limit)
		release()
		if err != nil {
			c.Response().Header().Set("Connection", "close")
			return err
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		return next(c)
	}
}

// read reads the body, up to limit bytes, giving each byte a deadline:
// the grace, then 1/bodyMinRate s a byte. The connection's read deadline
// is cleared after: a deadline left on it would end the request's context
// while the handler works (net/http's background read would time out).
func (b *bodyFirst) read(c *echo.Context, limit int64) ([]byte, error) {
	rc := http.NewResponseController(c.Response())
	start := b.now()
	deadline := func(n int) time.Time {
		return start.Add(bodyGrace + time.Duration(n)*time.Second/bodyMinRate)
	}
	// A writer that cannot set deadlines (an embedder's, a test's
	// recorder) is read as it is: the server's ReadTimeout bounds it.
	paced := rc.SetReadDeadline(deadline(0)) == nil
	defer func() {
		if paced {
			_ = rc.SetReadDeadline(time.Time{})
		}
	}()
	var buf bytes.Buffer
	if c.Request().ContentLength > 0 {
		buf.Grow(int(c.Request().ContentLength))
	}
	chunk := make([]byte, 32<<10)
	for {
		n, err := c.Request().Body.Read(chunk)
		buf.Write(chunk[:n])
		if int64(buf.Len()) > limit {
			return nil, tooLarge(c.Path(), limit)
		}
		switch {
		case errors.Is(err, io.EOF):
			return buf.Bytes(), nil
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, problem(http.StatusRequestTimeout, "body-too-slow", "Body too slow",
				fmt.Sprintf("a request's body must come at %d bytes a second after %s; %d bytes came in %s",
					bodyMinRate, bodyGrace, buf.Len(), b.now().Sub(start).Round(time.Millisecond)),
				FieldError{Field: "body", Reason: "too slow"})
		case err != nil:
			// The client cut its body short or went away: its doing, not
			// the server's (a 500 here would log an error per attacker).
			return nil, problem(http.StatusBadRequest, "body-incomplete", "Body incomplete",
				fmt.Sprintf("the body ended after %d bytes: %v", buf.Len(), err), FieldError{Field: "body", Reason: "incomplete"})
		}
		if paced && n > 0 {
			_ = rc.SetReadDeadline(deadline(buf.Len()))
		}
	}
}

func tooLarge(path string, limit int64) *Problem {
	field := "body"
	if path == uploadRoute {
		field, limit = "file", hosting.MaxUpload
	}
	detail := fmt.Sprintf("the %s exceeds %d bytes", field, limit)
	return problem(http.StatusRequestEntityTooLarge, "body-too-large", "Body too large", detail,
		FieldError{Field: field, Reason: detail})
}
