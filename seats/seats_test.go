package seats

import (
	"context"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/memory"
)

// newSeats are one server's session seats, counted in a store of its own.
func newSeats() *Service { return New(memory.New(store.Config{}), nil, time.Second) }

// netOf is addr's network as the API counts it: a /24 or a /64.
func netOf(addr string) string {
	ip := netip.MustParseAddr(addr)
	bits := 24
	if ip.Is6() {
		bits = 64
	}
	p, _ := ip.Prefix(bits)
	return p.String()
}

func visitor(addr string) Holder { return ForVisitor(netOf(addr), "maker") }

// ownerSeat is name's seat asked from its own network (10.1.<name>.0/24
// unless from says otherwise).
func ownerSeat(name string, own bool, from ...string) Holder {
	addr := fmt.Sprintf("10.1.%d.1", len(name)*7+int(name[0]))
	if len(from) > 0 {
		addr = from[0]
	}
	owner := "maker"
	if own {
		owner = name
	}
	return ForOwner(name, netOf(addr), owner)
}

func wantTooMany(t *testing.T, what string, err error) {
	t.Helper()
	if full, ok := err.(*FullError); !ok || full.RetryAfter <= 0 {
		t.Fatalf("%s: %v, want full, to be retried after a while", what, err)
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
		_, err := sb.take(context.Background(), fmt.Sprintf("attack%d", n), 1, visitor(addr), MorrisIdle)
		n++
		if n <= MaxPerNetwork && err != nil {
			t.Fatal(err)
		}
		if n > MaxPerNetwork {
			wantTooMany(t, "a third seat from one /24 through another address", err)
		}
	}
	if b, err := sb.take(context.Background(), "attack0", 1, visitor("127.0.0.3"), MorrisIdle); err != nil || b == nil {
		t.Fatalf("a seat already playing: %v", err)
	}
	for i := range MaxPerOwner {
		if _, err := sb.take(context.Background(), fmt.Sprintf("ann%d", i), 1, ownerSeat("ann", false), MorrisIdle); err != nil {
			t.Fatalf("ann's seat %d beside the attack: %v", i, err)
		}
	}
	_, err := sb.take(context.Background(), "ann-more", 1, ownerSeat("ann", false), MorrisIdle)
	wantTooMany(t, "an owner past its share", err)
	if _, err := sb.take(context.Background(), "v6", 0, visitor("2001:db8::1"), MorrisIdle); err != nil {
		t.Fatalf("a visitor of another network beside them: %v", err)
	}
	if _, err := sb.take(context.Background(), "v6b", 0, visitor("2001:db8::2"), MorrisIdle); err != nil {
		t.Fatal(err)
	}
	if sb.held() != Max {
		t.Fatalf("%d seats, want the server's %d", sb.held(), Max)
	}
	_, err = sb.take(context.Background(), "full", 0, visitor("10.0.2.1"), MorrisIdle)
	wantTooMany(t, "a seat past the server's total", err)
	if _, err := sb.take(context.Background(), "bob-own", 0, ownerSeat("bob", true), MorrisIdle); err != nil {
		t.Fatalf("an owner playing its own bot on a full server: %v", err)
	}
	sb.retire(sb.live["bob-own/0"])
	sb.retire(sb.live["attack0/1"])
	if _, err := sb.take(context.Background(), "again", 0, visitor("127.0.0.9"), MorrisIdle); err != nil {
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
		for i := range MaxPerOwner {
			if _, err := sb.take(context.Background(), fmt.Sprintf("%s-%d", name, i), 0, ownerSeat(name, true, "192.0.2.7"), MorrisIdle); err == nil {
				held++
			}
		}
	}
	if held != MaxFromNetwork {
		t.Fatalf("three accounts on one network hold %d seats, want %d", held, MaxFromNetwork)
	}
	sb = newSeats()
	for i := range Max + 2*OwnReserve {
		name := fmt.Sprintf("o%02d", i)
		_, err := sb.take(context.Background(), name, 0, ownerSeat(name, true, fmt.Sprintf("10.2.%d.1", i)), MorrisIdle)
		if i < Max+OwnReserve && err != nil {
			t.Fatalf("own bot %d: %v", i, err)
		}
		if i >= Max+OwnReserve {
			wantTooMany(t, "an own bot past the reserve", err)
		}
	}
	for _, b := range sb.live {
		b.timer.Stop()
	}
	sb = newSeats()
	for i := range 3 {
		if _, err := sb.take(context.Background(), fmt.Sprintf("s%d", i), 0, ownerSeat("cy", i < 2), MorrisIdle); err != nil {
			t.Fatal(err)
		}
	}
	sb.RetireOwner("cy")
	if sb.held() != 1 || sb.live["s2/0"] == nil || sb.live["s2/0"].holder.botOwner != "maker" {
		t.Errorf("after cy is disabled: %d seats left, want only the one of another's bot", sb.held())
	}
}

// Two servers sharing a Redis hold one server's bounds: a network's seats
// spread over both are four in all, the total eight, and a seat one
// server retires is free on the other.
func TestSessionBotsAreBoundedAcrossServers(t *testing.T) {
	st := redistest.Store(t, redistest.URL(t), redistest.Prefix(t))
	a, b := New(st, nil, time.Second), New(st, nil, time.Second)
	defer func() {
		for _, sb := range []*Service{a, b} {
			for _, x := range sb.live {
				x.timer.Stop()
			}
		}
	}()
	ctx := context.Background()
	for i := range MaxFromNetwork {
		sb := []*Service{a, b}[i%2]
		if _, err := sb.take(ctx, fmt.Sprintf("n%d", i), 0, ownerSeat(fmt.Sprintf("own%d", i), true, "192.0.2.7"), MorrisIdle); err != nil {
			t.Fatalf("seat %d of one network: %v", i, err)
		}
	}
	_, err := b.take(ctx, "n-more", 0, ownerSeat("own9", true, "192.0.2.8"), MorrisIdle)
	wantTooMany(t, "a network's fifth seat, on the other server", err)
	for i := MaxFromNetwork; i < Max; i++ {
		if _, err := a.take(ctx, fmt.Sprintf("v%d", i), 0, visitor(fmt.Sprintf("10.9.%d.1", i)), MorrisIdle); err != nil {
			t.Fatalf("seat %d of the total: %v", i, err)
		}
	}
	_, err = b.take(ctx, "past", 0, visitor("10.8.0.1"), MorrisIdle)
	wantTooMany(t, "a ninth seat, on the other server", err)
	a.retire(a.live[fmt.Sprintf("v%d/0", Max-1)])
	if _, err := b.take(ctx, "past", 0, visitor("10.8.0.1"), MorrisIdle); err != nil {
		t.Fatalf("a seat the other server freed: %v", err)
	}
}
