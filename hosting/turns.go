package hosting

import (
	"context"
	"errors"
	"sync"
)

// turns gives a few slots (admissions at once: a build, then validation
// games) to those waiting for one, serving the owners in turn: a free
// slot goes to the waiting owner served least recently (one never served
// first), whatever another has queued, and each owner's waiters in the
// order they came. One owner's compile bombs then delay another owner's
// admission by at most one admission's own limit, not by all of them. A
// waiter may leave (its context ends) without a slot, or with one it was
// given meanwhile, which goes straight to the next. It knows nothing of
// bots or of what a slot is used for.
type turns struct {
	mu      sync.Mutex
	slots   int
	busy    int
	waiting map[string][]*ticket // each owner's waiters, oldest first
	order   []string             // owners with waiters, in order of arrival
	served  map[string]uint64    // when each owner was last given a slot
	seq     uint64
	closed  bool
}

// A ticket is one waiter's place: ready is closed when it has a slot
// (granted) or the turns closed first.
type ticket struct {
	ready   chan struct{}
	granted bool
}

// errTurnsClosed is take's answer once the turns are closed.
var errTurnsClosed = errors.New("hosting: the admissions' turns are closed")

func newTurns(slots int) *turns {
	return &turns{slots: max(slots, 1), waiting: map[string][]*ticket{}, served: map[string]uint64{}}
}

// take waits for a slot for one of owner's and returns the function that
// gives it back (once, however often it is called). It returns ctx's
// error when ctx ends first, errTurnsClosed when the turns close first.
func (t *turns) take(ctx context.Context, owner string) (release func(), err error) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, errTurnsClosed
	}
	tk := &ticket{ready: make(chan struct{})}
	if len(t.waiting[owner]) == 0 {
		t.order = append(t.order, owner)
	}
	t.waiting[owner] = append(t.waiting[owner], tk)
	t.grant()
	t.mu.Unlock()
	select {
	case <-tk.ready:
	case <-ctx.Done():
		t.mu.Lock()
		defer t.mu.Unlock()
		switch {
		case tk.granted: // given a slot as it left: the next takes it
			t.busy--
			t.grant()
		case !t.closed:
			t.drop(owner, tk)
		}
		return nil, ctx.Err()
	}
	if !tk.granted {
		return nil, errTurnsClosed
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			t.mu.Lock()
			t.busy--
			t.grant()
			t.mu.Unlock()
		})
	}, nil
}

// grant gives the free slots to the waiters whose turn it is (t.mu held).
func (t *turns) grant() {
	for !t.closed && t.busy < t.slots && len(t.order) > 0 {
		k := 0
		for i, o := range t.order {
			if t.served[o] < t.served[t.order[k]] {
				k = i
			}
		}
		owner := t.order[k]
		tk := t.waiting[owner][0]
		t.drop(owner, tk)
		t.seq++
		t.served[owner] = t.seq
		t.busy++
		tk.granted = true
		close(tk.ready)
	}
}

// drop takes tk out of owner's waiters (t.mu held).
func (t *turns) drop(owner string, tk *ticket) {
	ts := t.waiting[owner]
	for i, x := range ts {
		if x == tk {
			ts = append(ts[:i:i], ts[i+1:]...)
			break
		}
	}
	if len(ts) > 0 {
		t.waiting[owner] = ts
		return
	}
	delete(t.waiting, owner)
	for i, o := range t.order {
		if o == owner {
			t.order = append(t.order[:i:i], t.order[i+1:]...)
			break
		}
	}
}

// close refuses new waiters and sends those waiting away (errTurnsClosed);
// the slots taken stay taken until given back.
func (t *turns) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	for _, ts := range t.waiting {
		for _, tk := range ts {
			close(tk.ready)
		}
	}
	t.waiting, t.order = map[string][]*ticket{}, nil
}

// waiters counts owner's waiters (tests wait on it).
func (t *turns) waiters(owner string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.waiting[owner])
}

// inUse counts the slots taken.
func (t *turns) inUse() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.busy
}
