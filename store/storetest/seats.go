package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gameai/internal/waitfor"
	"gameai/store"
)

// testSeats: a holder, a network and the total are each bounded, an
// owner's own bot passes the total by the reserve alone; a seat held
// already is held on, whatever the count; a released or lapsed seat is
// counted no more; seats asked for at once never pass a bound.
func testSeats(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t, store.Config{})
	b := store.SeatBounds{Holder: 2, Network: 3, Total: 4, Reserve: 1}
	until := time.Now().Add(time.Minute)
	seat := func(key, holder, network string, own bool) store.Seat {
		return store.Seat{Key: key, Holder: holder, Network: network, Own: own, Until: until}
	}
	refused := func(s store.Seat, bound string) {
		t.Helper()
		var full *store.SeatsFullError
		if err := st.Seats.Take(ctx, s, b); !errors.As(err, &full) || full.Bound != bound || !errors.Is(err, store.ErrFull) {
			t.Errorf("%s: %v, want the %s bound", s.Key, err, bound)
		}
	}
	take := func(s store.Seat) {
		t.Helper()
		if err := st.Seats.Take(ctx, s, b); err != nil {
			t.Fatalf("%s: %v", s.Key, err)
		}
	}
	take(seat("a1", "owner:ann", "n1", false))
	take(seat("a2", "owner:ann", "n1", false))
	refused(seat("a3", "owner:ann", "n2", false), "holder")
	take(seat("a1", "owner:ann", "n1", false)) // held on
	take(seat("b1", "owner:bob", "n1", false))
	refused(seat("c1", "owner:cy", "n1", false), "network")
	take(seat("c1", "owner:cy", "n2", false))
	refused(seat("d1", "owner:dee", "n3", false), "total")
	take(seat("d1", "owner:dee", "n3", true)) // its own bot, in the reserve
	refused(seat("e1", "owner:eve", "n4", true), "total")
	for _, s := range []store.Seat{seat("a1", "owner:ann", "n1", false), seat("d1", "owner:dee", "n3", true)} {
		if err := st.Seats.Release(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	take(seat("a3", "owner:ann", "n2", false))
	refused(seat("e2", "owner:eve", "n5", false), "total")
	// A seat held until a moment past is counted no more.
	if err := st.Seats.Release(ctx, seat("c1", "owner:cy", "n2", false)); err != nil {
		t.Fatal(err)
	}
	lapsed := seat("e2", "owner:eve", "n5", false)
	lapsed.Until = time.Now().Add(50 * time.Millisecond)
	take(lapsed)
	refused(seat("f1", "owner:fay", "n6", false), "total")
	waitfor.Check(t, 5*time.Second, "a seat taken once another's lease lapsed", func() bool {
		return st.Seats.Take(ctx, seat("f1", "owner:fay", "n6", false), b) == nil
	})

	// Twenty servers ask for seats of one network at once: three at most.
	st2 := open(t, store.Config{})
	var wg sync.WaitGroup
	var got atomic.Int32
	for i := range 20 {
		wg.Go(func() {
			if st2.Seats.Take(ctx, seat(fmt.Sprint("x", i), fmt.Sprint("owner:x", i), "n9", false), b) == nil {
				got.Add(1)
			}
		})
	}
	wg.Wait()
	if got.Load() != int32(b.Network) {
		t.Errorf("%d seats of one network taken at once, want %d", got.Load(), b.Network)
	}
}
