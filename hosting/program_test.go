package hosting

import (
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"gameai/internal/lineio"
)

// quitting is a program that never ends on its own unless told to: it
// counts how often its end was waited on and whether it was killed.
type quitting struct {
	done   chan struct{}
	quits  bool // it ends when its input closes
	waited atomic.Int32
	killed atomic.Bool
}

func (q *quitting) Done() <-chan struct{} {
	q.waited.Add(1)
	if q.quits {
		return q.done
	}
	return make(chan struct{}) // never
}
func (q *quitting) Kill()         { q.killed.Store(true) }
func (q *quitting) Freeze() error { return nil }
func (q *quitting) Thaw() error   { return nil }
func (q *quitting) ended() error  { return nil }
func (q *quitting) used() string  { return "" }

func stopped(t *testing.T, q *quitting, overran bool) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pr := newProcess(q, w, strings.NewReader(""), strings.NewReader("its stderr"), nil)
	if overran {
		if err := pr.why(lineio.ErrTimeout); err != lineio.ErrTimeout {
			t.Fatalf("why changed a timeout: %v", err)
		}
	}
	pr.stop()
	if !q.killed.Load() {
		t.Error("stop did not kill the program")
	}
	if s := pr.stderr.String(); s != "its stderr" {
		t.Errorf("stderr after stop: %q", s)
	}
}

// TestABotThatOverranIsKilledAtOnce: a bot whose read ran out of its time
// is still thinking and reads no "Quit", so stop kills it without giving
// it the moment to quit (half a second a game with such a bot, its box
// held for nothing); a bot that did not overrun gets the moment.
func TestABotThatOverranIsKilledAtOnce(t *testing.T) {
	q := &quitting{}
	stopped(t, q, true)
	if n := q.waited.Load(); n != 0 {
		t.Errorf("stop waited %d times for a bot that overran its time", n)
	}

	q = &quitting{quits: true, done: make(chan struct{})}
	close(q.done)
	stopped(t, q, false)
	if n := q.waited.Load(); n == 0 {
		t.Error("stop gave a bot that answered in time no moment to quit")
	}
}
