package hosting

import "sync"

// queue holds the admissions (build, then validation games) waiting for
// one of a few slots, and serves the owners in turn: the next slot goes
// to the waiting owner served least recently (one never served first),
// whatever another has queued. One owner's compile bombs then delay
// another owner's admission by at most one admission's own limit, not by
// all of them.
type queue struct {
	mu     sync.Mutex
	slots  int // admissions at once
	busy   int
	byWho  map[string][]string // each owner's bots, oldest first
	turns  []string            // owners with bots waiting, in order of arrival
	served map[string]uint64   // when each owner was last given a slot
	seq    uint64
	closed bool
}

func newQueue(slots int) *queue {
	return &queue{slots: max(slots, 1), byWho: map[string][]string{}, served: map[string]uint64{}}
}

// push queues a bot of owner's; it reports false once the queue is
// closed.
func (q *queue) push(owner, id string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	if len(q.byWho[owner]) == 0 {
		q.turns = append(q.turns, owner)
	}
	q.byWho[owner] = append(q.byWho[owner], id)
	return true
}

// next takes a slot and the bot to admit in it, when a slot is free and
// a bot waits; the caller gives the slot back with done.
func (q *queue) next() (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed || q.busy >= q.slots || len(q.turns) == 0 {
		return "", false
	}
	k := 0
	for i, o := range q.turns {
		if q.served[o] < q.served[q.turns[k]] {
			k = i
		}
	}
	owner := q.turns[k]
	ids := q.byWho[owner]
	id := ids[0]
	if len(ids) > 1 {
		q.byWho[owner] = ids[1:]
	} else {
		delete(q.byWho, owner)
		q.turns = append(q.turns[:k], q.turns[k+1:]...)
	}
	q.seq++
	q.served[owner] = q.seq
	q.busy++
	return id, true
}

func (q *queue) done() {
	q.mu.Lock()
	q.busy--
	q.mu.Unlock()
}

// close stops the queue and returns the bots that were waiting (they
// stay building in the store, for Resume after a restart or for another
// worker).
func (q *queue) close() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	var out []string
	for _, ids := range q.byWho {
		out = append(out, ids...)
	}
	q.byWho, q.turns = map[string][]string{}, nil
	return out
}
