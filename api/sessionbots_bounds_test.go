package api

import (
	"fmt"
	"net/http"
	"testing"
)

// The programs playing sessions' seats are bounded per client and in all:
// a client at its share, or a server at its total, is told to come back
// (429 with Retry-After), and a retired program's place is free again.
func TestSessionBotsAreBounded(t *testing.T) {
	var sb sessionBots
	for i := range maxSessionBotsPerClient {
		if _, err := sb.seat(fmt.Sprintf("s%d", i), 1, "10.0.0.1"); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := sb.seat("s0", 1, "10.0.0.1"); err != nil || b == nil {
		t.Fatalf("a seat already playing: %v", err)
	}
	_, err := sb.seat("more", 1, "10.0.0.1")
	if p, ok := err.(*Problem); !ok || p.Status != http.StatusTooManyRequests || p.retryAfter <= 0 {
		t.Fatalf("a fifth program for one client: %v", err)
	}
	for i := maxSessionBotsPerClient; i < maxSessionBots; i++ {
		if _, err := sb.seat(fmt.Sprintf("s%d", i), 0, fmt.Sprintf("10.0.1.%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sb.seat("full", 0, "10.0.2.1"); err == nil {
		t.Fatal("a program past the server's total")
	}
	sb.retire(sb.live["s0/1"])
	if _, err := sb.seat("again", 0, "10.0.2.1"); err != nil {
		t.Fatalf("after one retired: %v", err)
	}
	for _, b := range sb.live {
		b.timer.Stop()
	}
}
