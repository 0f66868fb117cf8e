package tasks

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"gameai/internal/redistest"
)

// admitter is an Admitter that records the bots it admitted, or says it
// cannot confine.
type admitter struct {
	why      error
	langs    map[string]string
	mu       sync.Mutex
	admitted []string
}

func (a *admitter) Unavailable() error { return a.why }

// Toolchains is none where the admitter cannot confine, as a Host's.
func (a *admitter) Toolchains() map[string]string {
	if a.why != nil {
		return nil
	}
	return a.langs
}

func (a *admitter) AdmitNow(_ context.Context, owner, bot string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.admitted = append(a.admitted, owner+"/"+bot)
	return nil
}

func (a *admitter) got() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.admitted...)
}

// An admission is one task however often it is asked for; a worker that
// cannot confine programs leaves it to one that can, which admits it
// once; one archived (no worker took it in time) is queued again.
func TestAdmissionsAreTasksForWorkersThatConfine(t *testing.T) {
	srv := redistest.Start(t)
	_, d := clients(t, srv)
	ctx := context.Background()
	for range 2 {
		if err := d.Admit(ctx, "ann", "bot_1"); err != nil {
			t.Fatal(err)
		}
	}
	if info, err := d.insp.GetQueueInfo(d.queue); err != nil || info.Size != 1 {
		t.Fatalf("asked twice: %+v %v; want one task", info, err)
	}

	unable := &admitter{why: errors.New("no sandbox here")}
	stopUnable := startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: unable})
	deadline := time.Now().Add(10 * time.Second)
	for {
		info, err := d.insp.GetTaskInfo(d.queue, admissionID("bot_1"))
		if err == nil && info.Retried > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the unable worker never handed it back: %+v %v", info, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopUnable()
	able := &admitter{}
	startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: able})
	for time.Now().Before(deadline.Add(10*time.Second)) && len(able.got()) == 0 {
		time.Sleep(20 * time.Millisecond)
	}
	if got := able.got(); len(got) != 1 || got[0] != "ann/bot_1" || len(unable.got()) != 0 {
		t.Fatalf("admitted %v by the able worker, %v by the unable one; want ann/bot_1 once", got, unable.got())
	}

	// Archived, then asked for again: queued afresh.
	if _, err := d.client.Enqueue(asynq.NewTask(TypeBotAdmission, []byte(`{"owner":"bob","bot":"bot_2"}`)),
		asynq.TaskID(admissionID("bot_2")), asynq.Queue(d.queue), asynq.ProcessIn(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := d.insp.ArchiveTask(d.queue, admissionID("bot_2")); err != nil {
		t.Fatal(err)
	}
	if err := d.Admit(ctx, "bob", "bot_2"); err != nil {
		t.Fatal(err)
	}
	for time.Now().Before(deadline.Add(20*time.Second)) && len(able.got()) < 2 {
		time.Sleep(20 * time.Millisecond)
	}
	if got := able.got(); len(got) != 2 || got[1] != "bob/bot_2" {
		t.Errorf("after the archived task was asked for again: %v", got)
	}
}
