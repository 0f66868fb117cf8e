package cli

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeHoldsUnderIdleAndSlowClients opens 500 connections that send
// nothing or never finish their headers (slowloris) and keeps them open while a real client
// is served; then the read-header timeout must close every one of them.
func TestServeHoldsUnderIdleAndSlowClients(t *testing.T) {
	addr := strings.TrimPrefix(startServe(t, "--read-header-timeout", "2s", "--idle-timeout", "2s"), "http://")

	const idle = 500
	conns := make([]net.Conn, 0, idle)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	for range idle {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", len(conns), err)
		}
		// Half of them idle from the start, half stall in a request line.
		if len(conns)%2 == 1 {
			if _, err := c.Write([]byte("GET /v1/ga")); err != nil {
				t.Fatal(err)
			}
		}
		conns = append(conns, c)
	}

	client := &http.Client{Timeout: 5 * time.Second}
	for _, path := range []string{"/healthz", "/v1/games"} {
		t0 := time.Now()
		resp, err := client.Get("http://" + addr + path)
		if err != nil {
			t.Fatalf("GET %s with %d idle connections: %v", path, idle, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
		}
		t.Logf("GET %s beside %d stalled connections: %v", path, idle, time.Since(t0))
	}

	// Every stalled connection is closed by the server once its headers are
	// overdue: reading it ends (EOF, or a reset) well before our deadline.
	deadline := time.Now().Add(10 * time.Second)
	open := 0
	for _, c := range conns {
		_ = c.SetReadDeadline(deadline)
		_, err := io.ReadAll(c)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			open++
		}
	}
	if open > 0 {
		t.Errorf("%d of %d stalled connections were still open after 10 s (read-header timeout 2 s)", open, idle)
	}
}
