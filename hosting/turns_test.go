package hosting

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gameai/internal/waitfor"
)

// holder is a waiter of the turns in a goroutine: it says its name when it
// has a slot, and gives it back when told.
type holder struct {
	name    string
	release chan struct{}
	err     chan error
}

// queueUp starts a waiter for owner and returns once it waits (so the
// order of arrival is the order of the calls).
func queueUp(t *testing.T, tu *turns, owner, name string, got chan<- string) *holder {
	t.Helper()
	h := &holder{name: name, release: make(chan struct{}), err: make(chan error, 1)}
	before := tu.waiters(owner)
	go func() {
		release, err := tu.take(context.Background(), owner)
		h.err <- err
		if err != nil {
			return
		}
		got <- name
		<-h.release
		release()
	}()
	waitfor.Check(t, 10*time.Second, name+" waiting", func() bool { return tu.waiters(owner) > before })
	return h
}

// hold takes n slots for an owner of its own and returns what frees them.
func hold(t *testing.T, tu *turns, n int) func() {
	t.Helper()
	var rs []func()
	for range n {
		r, err := tu.take(context.Background(), "zed")
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return func() {
		for _, r := range rs {
			r()
		}
	}
}

// The owners take turns: three of one owner's queued first do not keep a
// later owner's behind all three; and one whose admission is running
// queues more, then another owner arrives: the other goes first.
func TestTheTurnsServeOwnersInTurn(t *testing.T) {
	tu := newTurns(1)
	free := hold(t, tu, 1)
	got := make(chan string, 16)
	hs := map[string]*holder{}
	for _, w := range [][2]string{{"ann", "a1"}, {"ann", "a2"}, {"ann", "a3"}, {"bob", "b1"}, {"cy", "c1"}, {"bob", "b2"}} {
		hs[w[1]] = queueUp(t, tu, w[0], w[1], got)
	}
	free()
	var order []string
	for len(order) < 8 {
		name := <-got
		if n := tu.inUse(); n != 1 {
			t.Fatalf("%d slots taken of one", n)
		}
		order = append(order, name)
		if name == "a2" { // ann's running: she queues more, then dan comes
			hs["a4"] = queueUp(t, tu, "ann", "a4", got)
			hs["d1"] = queueUp(t, tu, "dan", "d1", got)
		}
		close(hs[name].release)
	}
	// dan, never served, before bob, served after ann's first.
	if want := []string{"a1", "b1", "c1", "a2", "d1", "b2", "a3", "a4"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	waitfor.Check(t, 10*time.Second, "every slot back", func() bool { return tu.inUse() == 0 })
}

func TestTheTurnsFillTheirSlots(t *testing.T) {
	tu := newTurns(2)
	got := make(chan string, 4)
	free := hold(t, tu, 2)
	hs := []*holder{queueUp(t, tu, "ann", "a1", got), queueUp(t, tu, "ann", "a2", got), queueUp(t, tu, "ann", "a3", got)}
	free()
	first, second := <-got, <-got
	if first == second || tu.inUse() != 2 || tu.waiters("ann") != 1 {
		t.Fatalf("two slots gave %s %s, %d in use, %d waiting", first, second, tu.inUse(), tu.waiters("ann"))
	}
	close(hs[0].release)
	if third := <-got; third != "a3" {
		t.Errorf("a freed slot went to %s", third)
	}
	close(hs[1].release)
	close(hs[2].release)
	waitfor.Check(t, 10*time.Second, "every slot back", func() bool { return tu.inUse() == 0 })
}

// A waiter whose context ends leaves its place, and one given a slot as
// it leaves gives the slot to the next: no slot is lost either way.
func TestAWaiterMayLeave(t *testing.T) {
	tu := newTurns(1)
	free := hold(t, tu, 1)
	ctx, cancel := context.WithCancel(context.Background())
	left := make(chan error, 1)
	go func() {
		_, err := tu.take(ctx, "ann")
		left <- err
	}()
	waitfor.Check(t, 10*time.Second, "ann waiting", func() bool { return tu.waiters("ann") == 1 })
	got := make(chan string, 1)
	b := queueUp(t, tu, "bob", "b1", got)
	cancel()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Fatalf("a waiter whose context ended: %v", err)
	}
	if n := tu.waiters("ann"); n != 0 {
		t.Fatalf("%d of ann's still waiting after she left", n)
	}
	free()
	if name := <-got; name != "b1" {
		t.Fatal(name)
	}
	close(b.release)
	waitfor.Check(t, 10*time.Second, "every slot back", func() bool { return tu.inUse() == 0 })

	// With the slot free and the context ended already, the waiter gets
	// the slot and its end at once: whichever it sees, the slot is back.
	done, stop := context.WithCancel(context.Background())
	stop()
	for range 200 {
		if release, err := tu.take(done, "ann"); err == nil {
			release()
			release() // a second call gives nothing back twice
		}
		if n := tu.inUse(); n != 0 {
			t.Fatalf("%d slots taken after a leaving waiter", n)
		}
	}
}

func TestClosedTurnsSendTheirWaitersAway(t *testing.T) {
	tu := newTurns(1)
	free := hold(t, tu, 1)
	got := make(chan string, 1)
	a := queueUp(t, tu, "ann", "a1", got)
	tu.close()
	if err := <-a.err; !errors.Is(err, errTurnsClosed) {
		t.Errorf("waiting as the turns closed: %v", err)
	}
	if _, err := tu.take(context.Background(), "bob"); !errors.Is(err, errTurnsClosed) {
		t.Errorf("a waiter after the close: %v", err)
	}
	free() // a slot held through the close comes back without a grant
	if n := tu.inUse(); n != 0 {
		t.Errorf("%d slots taken", n)
	}
}

// Many waiters of a few owners, some leaving: never more holders than
// slots, every slot back at the end (the race detector watches).
func TestTurnsHoldTheirBoundUnderLoad(t *testing.T) {
	const slots = 3
	tu := newTurns(slots)
	var holding, most atomic.Int32
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if rng.IntN(4) == 0 {
				go cancel()
			}
			release, err := tu.take(ctx, fmt.Sprint("owner", rng.IntN(5)))
			if err != nil {
				return
			}
			n := holding.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			for range rng.IntN(1000) {
				_ = rng.Uint64()
			}
			holding.Add(-1)
			release()
		})
	}
	wg.Wait()
	if m := most.Load(); m > slots || m < 1 {
		t.Errorf("%d held at once, %d slots", m, slots)
	}
	if n := tu.inUse(); n != 0 {
		t.Errorf("%d slots taken at the end", n)
	}
}
