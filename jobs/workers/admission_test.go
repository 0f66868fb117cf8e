package workers

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"gameai/internal/redistest"
	"gameai/internal/waitfor"
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

// An admission is one task however often it is asked for, on the builds
// queue of its language: a worker that cannot confine programs, or whose
// machine does not build the language, never takes it; one that builds it
// admits it once; one archived (no worker took it in time) is queued
// again.
func TestAdmissionsAreTasksForWorkersThatBuildTheirLanguage(t *testing.T) {
	srv := redistest.Start(t)
	_, d := clients(t, srv)
	ctx := context.Background()
	cQueue := buildsQueue(d.queue, []string{"c"})
	for range 2 {
		if err := d.Admit(ctx, "ann", "bot_1", "c"); err != nil {
			t.Fatal(err)
		}
	}
	if info, err := d.insp.GetQueueInfo(cQueue); err != nil || info.Size != 1 {
		t.Fatalf("asked twice: %+v %v; want one task on %s", info, err, cQueue)
	}

	unable := &admitter{why: errors.New("no sandbox here"), langs: map[string]string{"c": "gcc 14"}}
	other := &admitter{langs: map[string]string{"python": "Python 3.13"}}
	stopUnable := startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: unable})
	stopOther := startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: other})
	// Neither serves the queue it waits on, so neither can take it.
	if served := servedQueues(t, d.insp, 2); served[cQueue] {
		t.Fatalf("a worker that cannot build c serves %s (%v)", cQueue, served)
	}
	if info, err := d.insp.GetTaskInfo(cQueue, admissionID("bot_1")); err != nil || info.State != asynq.TaskStatePending ||
		info.Retried != 0 {
		t.Fatalf("beside workers that cannot build it: %+v %v; want it pending, never tried", info, err)
	}
	stopUnable()
	stopOther()
	able := &admitter{langs: map[string]string{"c": "gcc 14", "go": "go1.26"}}
	startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: able})
	waitfor.Until(10*time.Second, func() bool { return len(able.got()) > 0 })
	if got := able.got(); len(got) != 1 || got[0] != "ann/bot_1" || len(unable.got())+len(other.got()) != 0 {
		t.Fatalf("admitted %v by the able worker, %v and %v by the others; want ann/bot_1 once", got, unable.got(), other.got())
	}

	// Archived, then asked for again: queued afresh.
	if _, err := d.client.Enqueue(asynq.NewTask(TypeBotAdmission, []byte(`{"owner":"bob","bot":"bot_2"}`)),
		asynq.TaskID(admissionID("bot_2")), asynq.Queue(cQueue), asynq.ProcessIn(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := d.insp.ArchiveTask(cQueue, admissionID("bot_2")); err != nil {
		t.Fatal(err)
	}
	if err := d.Admit(ctx, "bob", "bot_2", "c"); err != nil {
		t.Fatal(err)
	}
	waitfor.Until(10*time.Second, func() bool { return len(able.got()) >= 2 })
	if got := able.got(); len(got) != 2 || got[1] != "bob/bot_2" {
		t.Errorf("after the archived task was asked for again: %v", got)
	}
}
