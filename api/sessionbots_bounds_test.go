package api

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/memory"
)

// newSeats are one server's session seats, counted in a store of its own.
func newSeats() *sessionBots { return &sessionBots{seats: memory.New(store.Config{}).Seats} }

func visitor(addr string) seatHolder {
	return seatHolder{who: "network:" + network(addr), share: maxSessionBotsPerNetwork, network: network(addr), owner: "maker"}
}

// ownerSeat is name's seat asked from its own network (10.1.<name>.0/24
// unless from says otherwise).
func ownerSeat(name string, own bool, from ...string) seatHolder {
	addr := fmt.Sprintf("10.1.%d.1", len(name)*7+int(name[0]))
	if len(from) > 0 {
		addr = from[0]
	}
	owner := "maker"
	if own {
		owner = name
	}
	return seatHolder{who: "owner:" + name, share: maxSessionBotsPerOwner, own: own, network: network(addr), owner: owner}
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
	sb := newSeats()
	defer func() {
		for _, b := range sb.live {
			b.timer.Stop()
		}
	}()
	n := 0
	for _, addr := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.3"} {
		_, err := sb.seat(context.Background(), fmt.Sprintf("attack%d", n), 1, visitor(addr), sessionBotIdle)
		n++
		if n <= maxSessionBotsPerNetwork && err != nil {
			t.Fatal(err)
		}
		if n > maxSessionBotsPerNetwork {
			wantTooMany(t, "a third seat from one /24 through another address", err)
		}
	}
	if b, err := sb.seat(context.Background(), "attack0", 1, visitor("127.0.0.3"), sessionBotIdle); err != nil || b == nil {
		t.Fatalf("a seat already playing: %v", err)
	}
	for i := range maxSessionBotsPerOwner {
		if _, err := sb.seat(context.Background(), fmt.Sprintf("ann%d", i), 1, ownerSeat("ann", false), sessionBotIdle); err != nil {
			t.Fatalf("ann's seat %d beside the attack: %v", i, err)
		}
	}
	_, err := sb.seat(context.Background(), "ann-more", 1, ownerSeat("ann", false), sessionBotIdle)
	wantTooMany(t, "an owner past its share", err)
	if _, err := sb.seat(context.Background(), "v6", 0, visitor("2001:db8::1"), sessionBotIdle); err != nil {
		t.Fatalf("a visitor of another network beside them: %v", err)
	}
	if _, err := sb.seat(context.Background(), "v6b", 0, visitor("2001:db8::2"), sessionBotIdle); err != nil {
		t.Fatal(err)
	}
	if len(sb.live) != maxSessionBots {
		t.Fatalf("%d seats, want the server's %d", len(sb.live), maxSessionBots)
	}
	_, err = sb.seat(context.Background(), "full", 0, visitor("10.0.2.1"), sessionBotIdle)
	wantTooMany(t, "a seat past the server's total", err)
	if _, err := sb.seat(context.Background(), "bob-own", 0, ownerSeat("bob", true), sessionBotIdle); err != nil {
		t.Fatalf("an owner playing its own bot on a full server: %v", err)
	}
	sb.retire(sb.live["bob-own/0"])
	sb.retire(sb.live["attack0/1"])
	if _, err := sb.seat(context.Background(), "again", 0, visitor("127.0.0.9"), sessionBotIdle); err != nil {
		t.Fatalf("the attacker's network after one of its seats retired: %v", err)
	}
}

// Every seat asked from one network counts toward its bound, an owner's
// too: three accounts on one /24 hold four programs, not twelve. An
// owner's own bots take a bounded reserve past the server's seats, not
// any number. The host disabling a bot's owner ends its seats at once.
func TestSessionBotsOfCheapAccountsCountTowardTheirNetwork(t *testing.T) {
	sb := newSeats()
	defer func() {
		for _, b := range sb.live {
			b.timer.Stop()
		}
	}()
	held := 0
	for _, name := range []string{"a1", "a2", "a3"} {
		for i := range maxSessionBotsPerOwner {
			if _, err := sb.seat(context.Background(), fmt.Sprintf("%s-%d", name, i), 0, ownerSeat(name, true, "192.0.2.7"), sessionBotIdle); err == nil {
				held++
			}
		}
	}
	if held != maxSessionBotsFromNetwork {
		t.Fatalf("three accounts on one network hold %d seats, want %d", held, maxSessionBotsFromNetwork)
	}
	sb = newSeats()
	for i := range maxSessionBots + 2*ownSessionBotsReserve {
		name := fmt.Sprintf("o%02d", i)
		_, err := sb.seat(context.Background(), name, 0, ownerSeat(name, true, fmt.Sprintf("10.2.%d.1", i)), sessionBotIdle)
		if i < maxSessionBots+ownSessionBotsReserve && err != nil {
			t.Fatalf("own bot %d: %v", i, err)
		}
		if i >= maxSessionBots+ownSessionBotsReserve {
			wantTooMany(t, "an own bot past the reserve", err)
		}
	}
	for _, b := range sb.live {
		b.timer.Stop()
	}
	sb = newSeats()
	for i := range 3 {
		if _, err := sb.seat(context.Background(), fmt.Sprintf("s%d", i), 0, ownerSeat("cy", i < 2), sessionBotIdle); err != nil {
			t.Fatal(err)
		}
	}
	sb.retireOwner("cy")
	if len(sb.live) != 1 || sb.live["s2/0"] == nil || sb.live["s2/0"].owner != "maker" {
		t.Errorf("after cy is disabled: %d seats left, want only the one of another's bot", len(sb.live))
	}
}

// Two servers sharing a Redis hold one server's bounds: a network's seats
// spread over both are four in all, the total eight, and a seat one
// server retires is free on the other.
func TestSessionBotsAreBoundedAcrossServers(t *testing.T) {
	st := redistest.Store(t, redistest.URL(t), redistest.Prefix(t))
	a, b := &sessionBots{seats: st.Seats}, &sessionBots{seats: st.Seats}
	defer func() {
		for _, sb := range []*sessionBots{a, b} {
			for _, x := range sb.live {
				x.timer.Stop()
			}
		}
	}()
	ctx := context.Background()
	for i := range maxSessionBotsFromNetwork {
		sb := []*sessionBots{a, b}[i%2]
		if _, err := sb.seat(ctx, fmt.Sprintf("n%d", i), 0, ownerSeat(fmt.Sprintf("own%d", i), true, "192.0.2.7"), sessionBotIdle); err != nil {
			t.Fatalf("seat %d of one network: %v", i, err)
		}
	}
	_, err := b.seat(ctx, "n-more", 0, ownerSeat("own9", true, "192.0.2.8"), sessionBotIdle)
	wantTooMany(t, "a network's fifth seat, on the other server", err)
	for i := maxSessionBotsFromNetwork; i < maxSessionBots; i++ {
		if _, err := a.seat(ctx, fmt.Sprintf("v%d", i), 0, visitor(fmt.Sprintf("10.9.%d.1", i)), sessionBotIdle); err != nil {
			t.Fatalf("seat %d of the total: %v", i, err)
		}
	}
	_, err = b.seat(ctx, "past", 0, visitor("10.8.0.1"), sessionBotIdle)
	wantTooMany(t, "a ninth seat, on the other server", err)
	a.retire(a.live[fmt.Sprintf("v%d/0", maxSessionBots-1)])
	if _, err := b.seat(ctx, "past", 0, visitor("10.8.0.1"), sessionBotIdle); err != nil {
		t.Fatalf("a seat the other server freed: %v", err)
	}
}
