package hosting

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gameai/internal/confinetest"
	"gameai/store"
	"gameai/store/memory"
)

// remoteLog is a Remote that records what it was asked to queue.
type remoteLog struct {
	mu    sync.Mutex
	asked [][2]string // owner, bot
}

func (r *remoteLog) Admit(_ context.Context, owner, bot string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked = append(r.asked, [2]string{owner, bot})
	return nil
}

// With workers, a server queues an upload's admission for them and
// admits nothing itself; a worker on the same store admits it with
// AdmitNow, and a second delivery of the task changes nothing. A server's
// Resume queues a stale admission again.
func TestAdmissionsGoToTheWorkers(t *testing.T) {
	st := memory.New(store.Config{})
	remote := &remoteLog{}
	cfg := testConfig
	cfg.Remote = remote
	server := New(st, cfg)
	if err := server.Unavailable(); err != nil {
		server.Close()
		confinetest.Check(t, err)
	}
	t.Cleanup(server.Close)
	worker := New(st, testConfig)
	t.Cleanup(worker.Close)
	ctx := context.Background()

	b, err := server.Submit(ctx, Upload{Game: "morris", Name: "remote", Owner: "ann", Language: "executable", File: testBot(t, "morrisbot")})
	if err != nil {
		t.Fatal(err)
	}
	server.Wait()
	if got, _ := st.Bots.Get(ctx, b.ID); got.Status != store.BotBuilding || len(remote.asked) != 1 || remote.asked[0] != [2]string{"ann", b.ID} {
		t.Fatalf("after the upload: %s, asked %v; want building, queued for the workers once", got.Status, remote.asked)
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
	if len(remote.asked) != 2 || remote.asked[1] != [2]string{"bob", "bot_stale"} {
		t.Errorf("resumed: asked %v, want bob's stale bot queued again", remote.asked)
	}
}

// A worker's AdmitNow waits for a slot among the host's admissions; one
// whose task ends while it waits gives its place back (the slot it would
// have taken goes to the next), and one waiting when the host closes is
// told so.
func TestAdmitNowWaitsForASlot(t *testing.T) {
	h := newHost(t)
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
	for range h.cfg.Admissions {
		h.queue.push("zed", "held")
		if _, ok := h.queue.next(); !ok {
			t.Fatal("no slot to hold")
		}
	}
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if err := h.AdmitNow(short, "ann", "bot_a"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("with every slot taken: %v, want the task's deadline", err)
	}
	done := make(chan error, 1)
	go func() { done <- h.AdmitNow(ctx, "bob", "bot_b") }()
	time.Sleep(100 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("admitted with every slot taken: %v", err)
	default:
	}
	// The slots come free: the abandoned bot_a gives its place up, bot_b
	// is admitted.
	for range h.cfg.Admissions {
		h.queue.done()
	}
	h.dispatch()
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
	h.Wait() // every place counted out
	if h.queue.busy != 0 {
		t.Errorf("%d slots still taken", h.queue.busy)
	}

	// Waiting when the host closes.
	for range h.cfg.Admissions {
		h.queue.push("zed", "held")
		h.queue.next()
	}
	go func() { done <- h.AdmitNow(ctx, "ann", "bot_a") }()
	time.Sleep(100 * time.Millisecond)
	h.stop()
	for range h.cfg.Admissions {
		h.queue.done()
	}
	closed := make(chan struct{})
	go func() { h.Close(); close(closed) }()
	if err := <-done; !errors.Is(err, ErrClosing) && !errors.Is(err, context.Canceled) {
		t.Errorf("waiting as the host closed: %v", err)
	}
	<-closed
}
