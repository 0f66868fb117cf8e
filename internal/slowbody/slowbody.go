// Package slowbody is the slow client a server must not let hold what
// others need: it sends a sign-in's headers, then its body a byte at a
// time, until the server answers. The API's tests and the load test's
// attack (scripts/loadtest --abuse) both play it.
package slowbody

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Send opens a connection to host from the local address (so that a test
// on loopback can be a network of its own: 127.0.0.1 and 127.0.1.1 are two
// /24s), sends the headers of a JSON POST to /v1/accounts/login with a
// 200-byte body, then the body's first byte and one more every interval,
// until the server answers or ctx ends. It returns the answer's status (0:
// the connection failed or closed without one; -1: ctx ended first).
func Send(ctx context.Context, host, local string, interval time.Duration) int {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return 0
	}
	defer conn.Close()
	if _, err := fmt.Fprintf(conn, "POST /v1/accounts/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"); err != nil {
		return 0
	}
	answered := make(chan int, 1)
	go func() {
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			answered <- 0
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case code := <-answered:
			return code
		case <-ctx.Done():
			return -1
		case <-tick.C:
			if _, err := conn.Write([]byte(" ")); err != nil {
				return <-answered
			}
		}
	}
}
