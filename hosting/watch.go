package hosting

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"gameai/arena"
	"gameai/store"
)

// Admission is a bot's admission as it goes, for its page: which step
// runs and since when, and the validation game being played as far as it
// has gone. Whoever admits the bot (this server, or a worker) writes it
// to the store's live games, so any server of the store shows it; it is
// gone once the bot is ready or rejected.
type Admission struct {
	// Step is "build" or "validation".
	Step string `json:"step"`
	// Game is the validation game being played, of Games; its seat, the
	// other seats' players and every seat's id by colour.
	Game      int      `json:"game,omitempty"`
	Games     int      `json:"games,omitempty"`
	Seat      string   `json:"seat,omitempty"`
	Opponents string   `json:"opponents,omitempty"`
	Seats     []string `json:"seats,omitempty"`
	// Started is when the admission began, Since when its step did.
	Started time.Time `json:"started"`
	Since   time.Time `json:"since"`
	// Live is the validation game so far (arena.Outcome's moves, times
	// and board).
	Live *arena.Outcome `json:"live,omitempty"`
}

// The steps of an admission.
const (
	stepBuild      = "build"
	stepValidation = "validation"
)

// AdmissionKey is where a bot's admission is kept among the live games.
func AdmissionKey(bot string) string { return "admission:" + bot }

// AdmissionOf reads a bot's admission as it goes; store.ErrNotFound when
// none is under way (or its admitter stopped writing it).
func (h *Host) AdmissionOf(ctx context.Context, bot string) (Admission, error) {
	b, err := h.store.Live.Get(ctx, AdmissionKey(bot))
	if err != nil {
		return Admission{}, err
	}
	var a Admission
	if err := json.Unmarshal(b, &a); err != nil {
		return Admission{}, errors.Join(store.ErrNotFound, err)
	}
	return a, nil
}

// watcher writes one admission's progress: best effort, an admission goes
// on whether its page sees it or not. A nil watcher writes nothing (Try).
type watcher struct {
	ctx   context.Context
	lives store.LiveGames
	key   string
	mu    sync.Mutex
	a     Admission
	stop  chan struct{}
	done  chan struct{}
}

// keepAlive is how often an admission's progress is written again while
// its step writes nothing (a long build): well within the live games'
// time to live.
const keepAlive = 30 * time.Second

// watchAdmission begins showing bot's admission; end stops it.
func (h *Host) watchAdmission(ctx context.Context, bot string) *watcher {
	now := time.Now().UTC()
	w := &watcher{ctx: ctx, lives: h.store.Live, key: AdmissionKey(bot), a: Admission{Started: now, Since: now},
		stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		t := time.NewTicker(keepAlive)
		defer t.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				w.put()
			}
		}
	}()
	return w
}

// step says which step runs: the build, or validation game k of n (v).
func (w *watcher) step(name string, k, n int, v admissionGame) {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.a.Step, w.a.Since, w.a.Game, w.a.Games, w.a.Live = name, time.Now().UTC(), k, n, nil
	w.a.Seat, w.a.Opponents, w.a.Seats = v.seatName, v.opponents, nil
	for _, e := range v.spec.Seats {
		w.a.Seats = append(w.a.Seats, e.ID)
	}
	w.mu.Unlock()
	w.put()
}

// game shows the validation game as far as it has gone (arena.Spec.Watch).
func (w *watcher) game(o arena.Outcome) {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.a.Live = &o
	w.mu.Unlock()
	w.put()
}

func (w *watcher) put() {
	w.mu.Lock()
	b, err := json.Marshal(w.a)
	w.mu.Unlock()
	if err == nil {
		_ = w.lives.Put(w.ctx, w.key, b) // a watcher's view only: the admission goes on without it
	}
}

// end stops showing the admission: its result is the bot's record now.
func (w *watcher) end() {
	close(w.stop)
	<-w.done
	_ = w.lives.Delete(context.WithoutCancel(w.ctx), w.key) // expires on its own besides
}
