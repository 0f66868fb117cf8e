package hosting

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/internal/confinetest"
	"gameai/internal/waitfor"
	"gameai/store"
	"gameai/store/memory"
)

// remoteLog is a Remote that records what it was asked to queue.
type remoteLog struct {
	mu    sync.Mutex
	asked [][3]string // owner, bot, language
}

func (r *remoteLog) Admit(_ context.Context, owner, bot, language string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked = append(r.asked, [3]string{owner, bot, language})
	return nil
}

// Toolchains says no worker has said what it builds: the server's own
// languages stand.
func (r *remoteLog) Toolchains(context.Context) ([]map[string]string, error) { return nil, nil }

// serverWithWorkers is a host on a fresh store whose admissions go to
// the workers, recorded by the remoteLog; the caller closes it.
func serverWithWorkers(t *testing.T) (*Host, *store.Store, *remoteLog) {
	st := memory.New(store.Config{})
	remote := &remoteLog{}
	cfg := testConfig
	cfg.Remote = remote
	server := New(st, cfg)
	if err := server.Unavailable(); err != nil {
		server.Close()
		confinetest.Check(t, err)
	}
	return server, st, remote
}

// With workers, a server queues an upload's admission for them and
// admits nothing itself; a worker on the same store admits it with
// AdmitNow, and a second delivery of the task changes nothing. A server's
// Resume queues a stale admission again.
func TestAdmissionsGoToTheWorkers(t *testing.T) {
	server, st, remote := serverWithWorkers(t)
	t.Cleanup(server.Close)
	worker := New(st, testConfig)
	t.Cleanup(worker.Close)
	ctx := context.Background()

	b, err := server.Submit(ctx, Upload{Game: "morris", Name: "remote", Owner: "ann", Language: "executable", File: testBot(t, "morrisbot")})
	if err != nil {
		t.Fatal(err)
	}
	server.Wait()
	if got, _ := st.Bots.Get(ctx, b.ID); got.Status != store.BotBuilding || len(remote.asked) != 1 || remote.asked[0] != [3]string{"ann", b.ID, "executable"} {
		t.Fatalf("after the upload: %s, asked %v; want building, queued once for the workers that run executables", got.Status, remote.asked)
	}
	if err := worker.AdmitNow(ctx, "ann", b.ID); err != nil {
		t.Fatal(err)
	}
	got, _ := st.Bots.Get(ctx, b.ID)
	if got.Status != store.BotReady || len(got.Validation) != 2 {
		t.Fatalf("admitted on the worker: %s %q %+v", got.Status, got.Reason, got.Validation)
	}
	if err := worker.AdmitNow(ctx, "ann", b.ID); err != nil {
		t.Fatal(err)
	}
	if again, _ := st.Bots.Get(ctx, b.ID); again.Rev != got.Rev {
		t.Errorf("a second delivery admitted it again: revision %d, then %d", got.Rev, again.Rev)
	}

	old := time.Now().Add(-time.Hour)
	stale := &store.Bot{ID: "bot_stale", Game: "morris", Name: "stale", Owner: "bob", Language: "executable", Version: 1,
		Status: store.BotBuilding, Source: got.Source, CreatedAt: old, UpdatedAt: old}
	if err := st.Bots.Create(ctx, stale); err != nil {
		t.Fatal(err)
	}
	if err := server.Resume(ctx, 10*time.Minute); err != nil {
		t.Fatal(err)
	}
	if len(remote.asked) != 2 || remote.asked[1] != [3]string{"bob", "bot_stale", "executable"} {
		t.Errorf("resumed: asked %v, want bob's stale bot queued again", remote.asked)
	}
}

// A worker's AdmitNow waits for a slot among the host's admissions; one
// whose task ends while it waits gives its place back (the slot it would
// have taken goes to the next), and one waiting when the host closes is
// told so.
func TestAdmitNowWaitsForASlot(t *testing.T) {
	h := fakeHost(t, testConfig)
	ctx := context.Background()
	hash, err := h.store.Artefacts.Put(ctx, testBot(t, "morrisbot"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"bot_a", "bot_b"} {
		b := &store.Bot{ID: id, Game: "morris", Name: id, Owner: "ann", Language: "executable", Version: 1,
			Status: store.BotBuilding, Source: hash, CreatedAt: time.Now(), UpdatedAt: time.Now()}
		if err := h.store.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	// Every slot taken, as by admissions under way.
	free := hold(t, h.turns, h.cfg.Admissions)
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if err := h.AdmitNow(short, "ann", "bot_a"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("with every slot taken: %v, want the task's deadline", err)
	}
	done := make(chan error, 1)
	go func() { done <- h.AdmitNow(ctx, "bob", "bot_b") }()
	waitfor.Check(t, 10*time.Second, "bob's admission waiting", func() bool { return h.turns.waiters("bob") == 1 })
	if err := h.AdmitNow(ctx, "bob", "bot_b"); err == nil || !strings.Contains(err.Error(), "already waiting") {
		t.Errorf("the same bot's task twice at once: %v", err)
	}
	select {
	case err := <-done:
		t.Fatalf("admitted with every slot taken: %v", err)
	default:
	}
	// The slots come free: the abandoned bot_a has given its place up,
	// bot_b is admitted.
	free()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("bot_b never admitted")
	}
	if b, _ := h.store.Bots.Get(ctx, "bot_b"); b.Status != store.BotReady {
		t.Errorf("bot_b: %s %q", b.Status, b.Reason)
	}
	if b, _ := h.store.Bots.Get(ctx, "bot_a"); b.Status != store.BotBuilding {
		t.Errorf("bot_a, abandoned: %s; want left building for its task's next try", b.Status)
	}
	h.Wait() // every admission counted out
	if n := h.turns.inUse(); n != 0 {
		t.Errorf("%d slots still taken", n)
	}

	// Waiting when the host closes.
	free = hold(t, h.turns, h.cfg.Admissions)
	go func() { done <- h.AdmitNow(ctx, "ann", "bot_a") }()
	waitfor.Check(t, 10*time.Second, "ann's admission waiting", func() bool { return h.turns.waiters("ann") == 1 })
	closed := make(chan struct{})
	go func() { h.Close(); close(closed) }()
	if err := <-done; !errors.Is(err, ErrClosing) {
		t.Errorf("waiting as the host closed: %v", err)
	}
	free()
	<-closed
	if err := h.AdmitNow(ctx, "ann", "bot_a"); !errors.Is(err, ErrClosing) {
		t.Errorf("after the close: %v", err)
	}
}

func (r *remoteLog) times(bot string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, a := range r.asked {
		if a[1] == bot {
			n++
		}
	}
	return n
}

// A server whose admissions go to workers queues a stale admission again
// while it runs, not only when it starts: an admission whose task ran
// out of retries (no worker could confine programs) is taken up once
// one can, without a restart. A bot touched lately is left alone, and
// Close ends the loop.
func TestAServerWithWorkersKeepsResuming(t *testing.T) {
	server, st, remote := serverWithWorkers(t)
	ctx := context.Background()
	old := time.Now().Add(-time.Hour)
	for _, id := range []string{"bot_archived", "bot_fresh"} {
		b := &store.Bot{ID: id, Game: "morris", Name: id, Owner: "ann", Language: "executable", Version: 1,
			Status: store.BotBuilding, Source: store.ContentHash([]byte(id)), CreatedAt: old, UpdatedAt: old}
		if id == "bot_fresh" {
			b.UpdatedAt = time.Now().Add(time.Hour) // a worker is on it, for the whole test
		}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	server.ResumeEvery(10*time.Millisecond, 10*time.Minute)
	waitAsked := func(n int) {
		t.Helper()
		waitfor.Check(t, 10*time.Second, fmt.Sprintf("the stale admission queued %d times", n),
			func() bool { return remote.times("bot_archived") >= n })
	}
	waitAsked(1)
	// Claimed, it is fresh: the next passes leave it until it is stale again.
	morePasses(t, server, 5)
	if n := remote.times("bot_archived"); n != 1 {
		t.Errorf("a claimed admission was queued %d times within its staleness", n)
	}
	b, _ := st.Bots.Get(ctx, "bot_archived")
	b.UpdatedAt = old // ten minutes on, its task archived
	if err := st.Bots.Update(ctx, b); err != nil {
		t.Fatal(err)
	}
	waitAsked(2)
	server.Close()
	if n := remote.times("bot_fresh"); n != 0 {
		t.Errorf("an admission touched lately was queued again %d times", n)
	}
	n := remote.times("bot_archived")
	b, _ = st.Bots.Get(ctx, "bot_archived")
	b.UpdatedAt = old
	if err := st.Bots.Update(ctx, b); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // five of the loop's periods, in which a loop that outlived Close would queue it
	if got := remote.times("bot_archived"); got != n {
		t.Errorf("queued again after Close: %d times, then %d", n, got)
	}
}

// A server that admits bots itself takes up in its loop only the bots
// waiting after its failure: its queue is the only place its other
// admissions wait, and a second Resume would queue a building bot twice.
func TestAServerWithoutWorkersDoesNotKeepResuming(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	old := time.Now().Add(-time.Hour)
	b := &store.Bot{ID: "bot_waiting", Game: "morris", Name: "waiting", Owner: "ann", Language: "executable", Version: 1,
		Status: store.BotBuilding, Source: store.ContentHash([]byte("waiting")), CreatedAt: old, UpdatedAt: old}
	if err := h.store.Bots.Create(ctx, b); err != nil {
		t.Fatal(err)
	}
	h.ResumeEvery(10*time.Millisecond, 10*time.Minute)
	morePasses(t, h, 5)
	if got, _ := h.store.Bots.Get(ctx, b.ID); got.Status != store.BotBuilding || got.Rev != b.Rev {
		t.Errorf("taken up by a loop it should not run: %s, revision %d (was %d)", got.Status, got.Rev, b.Rev)
	}
}

// A bot left waiting after the server's failure is tried again by the
// loop of a server that admits bots itself.
func TestAWaitingBotIsTriedAgain(t *testing.T) {
	h := fakeHost(t, testConfig)
	ctx := context.Background()
	old := time.Now().Add(-time.Hour)
	b := &store.Bot{ID: "bot_waits", Game: "morris", Name: "waits", Owner: "ann", Language: "executable", Version: 1, Tries: 1,
		Status: store.BotWaiting, Source: store.ContentHash([]byte("never stored")), CreatedAt: old, UpdatedAt: old}
	if err := h.store.Bots.Create(ctx, b); err != nil {
		t.Fatal(err)
	}
	h.ResumeEvery(10*time.Millisecond, time.Minute)
	var got *store.Bot
	if !waitfor.Until(10*time.Second, func() bool {
		var err error
		if got, err = h.store.Bots.Get(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		return got.Tries == 2 && got.Status == store.BotWaiting
	}) {
		t.Fatalf("a waiting bot after 10 s: %s, %d tries", got.Status, got.Tries)
	}
}

// morePasses waits until h's resume loop has been over the store n more
// times.
func morePasses(t *testing.T, h *Host, n int64) {
	t.Helper()
	from := h.passes.Load()
	waitfor.Check(t, 10*time.Second, fmt.Sprintf("%d passes of the resume loop", n), func() bool { return h.passes.Load() >= from+n })
}

// awayBots is a bot store that has gone away (Redis failing over): every
// read fails as unavailable.
type awayBots struct{ store.Bots }

func (awayBots) Get(context.Context, string) (*store.Bot, error) {
	return nil, &store.UnavailableError{Store: "Redis", Err: errors.New("failing over")}
}

// A worker whose store goes away mid-admission cannot even record its
// failure: it hands the task back (an error, which the queue retries
// later) rather than ending it, which left the bot validating until a
// server's Resume twenty minutes on.
func TestAnAdmissionTheStoreCannotRecordIsTriedAgain(t *testing.T) {
	server, st, _ := serverWithWorkers(t)
	t.Cleanup(server.Close)
	ctx := context.Background()
	b, err := server.Submit(ctx, Upload{Game: "morris", Name: "away", Owner: "ann", Language: "executable", File: testBot(t, "morrisbot")})
	if err != nil {
		t.Fatal(err)
	}
	server.Wait()
	away := *st
	away.Bots = awayBots{st.Bots}
	worker := New(&away, testConfig)
	t.Cleanup(worker.Close)
	if err := worker.AdmitNow(ctx, "ann", b.ID); !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("an admission whose store is away: %v, want the store's unavailability back to the queue", err)
	}
}
