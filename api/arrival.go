package api

import (
	"context"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// A request's deadline runs from when its bytes reached the server, not
// from when its handler started: on a busy server a request waits for a
// CPU before its handler runs (for its connection's goroutine to be
// scheduled, parsed, admitted), and a client that asked for 100 ms counts
// that wait too. The listener below stamps each read that brings data; the
// turnstile reads its connection's stamp through the request's context
// once the body is read (bodyfirst.go): the request is whole from then,
// and a slow body's time is the client's, not the budget's.

// arrivalConn stamps the time of its latest read that returned data.
type arrivalConn struct {
	net.Conn
	last atomic.Int64 // unix nanoseconds
}

func (c *arrivalConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.last.Store(time.Now().UnixNano())
	}
	return n, err
}

type arrivalListener struct{ net.Listener }

func (l arrivalListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &arrivalConn{Conn: c}, nil
}

// Listener wraps the server's listener so that requests know when they
// arrived; use it with ConnContext in the http.Server.
func Listener(l net.Listener) net.Listener { return arrivalListener{l} }

type connKey struct{}

// ConnContext is the http.Server's ConnContext: it puts the connection in
// its requests' contexts.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	if ac, ok := c.(*arrivalConn); ok {
		return context.WithValue(ctx, connKey{}, ac)
	}
	return ctx
}

// arrivedAt is when the request's bytes were read from its connection, or
// now when the server was not given Listener (tests, other embedders).
func arrivedAt(r *http.Request) time.Time {
	if ac, ok := r.Context().Value(connKey{}).(*arrivalConn); ok {
		if ns := ac.last.Load(); ns > 0 {
			return time.Unix(0, ns)
		}
	}
	return time.Now()
}

// arrival is when the request in ctx arrived (the turnstile records it),
// or now for a request outside the turnstile.
func arrival(ctx context.Context) time.Time {
	if a, ok := ctx.Value(admittedKey{}).(*admitted); ok {
		return a.arrival
	}
	return time.Now()
}

// withArrival is ctx with its clock restarted at t: a session engine's
// reply is budgeted from its own start, not from the request's arrival.
func withArrival(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, admittedKey{}, &admitted{arrival: t})
}
