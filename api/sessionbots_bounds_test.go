package api

import (
	"fmt"
	"net/http"
	"testing"
)

func visitor(addr string) seatHolder {
	return seatHolder{who: "network:" + network(addr), share: maxSessionBotsPerNetwork}
}

func ownerSeat(name string, own bool) seatHolder {
	return seatHolder{who: "owner:" + name, share: maxSessionBotsPerOwner, own: own}
}

func wantTooMany(t *testing.T, what string, err error) {
	t.Helper()
	if p, ok := err.(*Problem); !ok || p.Status != http.StatusTooManyRequests || p.retryAfter <= 0 {
		t.Fatalf("%s: %v, want 429 with Retry-After", what, err)
	}
}

// The programs playing sessions' seats are bounded per person and in all:
// a visitor's network, or an owner, at its share, or a server at its
// total, is told to come back (429 with Retry-After), and a retired
// program's place is free again. The two-address attack (127.0.0.2 and
// .3, one /24) takes one network's share and leaves the rest to others;
// an owner plays its own bot even when the server's seats are full.
func TestSessionBotsAreBoundedByPerson(t *testing.T) {
	var sb sessionBots
	defer func() {
		for _, b := range sb.live {
			b.timer.Stop()
		}
	}()
	n := 0
	for _, addr := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.3"} {
		_, err := sb.seat(fmt.Sprintf("attack%d", n), 1, visitor(addr), sessionBotIdle)
		n++
		if n <= maxSessionBotsPerNetwork && err != nil {
			t.Fatal(err)
		}
		if n > maxSessionBotsPerNetwork {
			wantTooMany(t, "a third seat from one /24 through another address", err)
		}
	}
	if b, err := sb.seat("attack0", 1, visitor("127.0.0.3"), sessionBotIdle); err != nil || b == nil {
		t.Fatalf("a seat already playing: %v", err)
	}
	for i := range maxSessionBotsPerOwner {
		if _, err := sb.seat(fmt.Sprintf("ann%d", i), 1, ownerSeat("ann", false), sessionBotIdle); err != nil {
			t.Fatalf("ann's seat %d beside the attack: %v", i, err)
		}
	}
	_, err := sb.seat("ann-more", 1, ownerSeat("ann", false), sessionBotIdle)
	wantTooMany(t, "an owner past its share", err)
	if _, err := sb.seat("v6", 0, visitor("2001:db8::1"), sessionBotIdle); err != nil {
		t.Fatalf("a visitor of another network beside them: %v", err)
	}
	if _, err := sb.seat("v6b", 0, visitor("2001:db8::2"), sessionBotIdle); err != nil {
		t.Fatal(err)
	}
	if len(sb.live) != maxSessionBots {
		t.Fatalf("%d seats, want the server's %d", len(sb.live), maxSessionBots)
	}
	_, err = sb.seat("full", 0, visitor("10.0.2.1"), sessionBotIdle)
	wantTooMany(t, "a seat past the server's total", err)
	if _, err := sb.seat("bob-own", 0, ownerSeat("bob", true), sessionBotIdle); err != nil {
		t.Fatalf("an owner playing its own bot on a full server: %v", err)
	}
	sb.retire(sb.live["bob-own/0"])
	sb.retire(sb.live["attack0/1"])
	if _, err := sb.seat("again", 0, visitor("127.0.0.9"), sessionBotIdle); err != nil {
		t.Fatalf("the attacker's network after one of its seats retired: %v", err)
	}
}
