package workers

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/internal/waitfor"
)

// A worker says what its machine builds when it starts; its word stands
// after it stops (a restart does not take the languages off the listing);
// a machine that cannot confine programs says it builds nothing; a word a
// day old, or unreadable, is forgotten and removed.
func TestWorkersSayWhatTheirMachineBuilds(t *testing.T) {
	srv := redistest.Start(t)
	rdb, d := clients(t, srv)
	ctx := context.Background()
	if bs, err := d.Builders(ctx); err != nil || len(bs) != 0 {
		t.Fatalf("before any worker: %+v %v", bs, err)
	}
	langs := map[string]string{"c": "gcc 14", "executable": "none: the upload runs as it is"}
	stop := startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: &admitter{langs: langs}})
	var bs []Builder
	waitfor.Until(5*time.Second, func() bool {
		var err error
		if bs, err = d.Builders(ctx); err != nil {
			t.Fatal(err)
		}
		return len(bs) > 0
	})
	if len(bs) != 1 || bs[0].Machine != machineName() || !maps.Equal(bs[0].Toolchains, langs) || time.Since(bs[0].Seen) > time.Minute {
		t.Fatalf("a worker started: %+v", bs)
	}
	stop()
	if bs, err := d.Toolchains(ctx); err != nil || len(bs) != 1 || !maps.Equal(bs[0], langs) {
		t.Errorf("after the worker stopped: %+v %v, want its word to stand", bs, err)
	}

	// A machine without a sandbox, announcing on its own.
	actx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		announceBuilder(actx, rdb, "nosandbox", []string{DefaultQueue}, &admitter{why: errors.New("no sandbox"), langs: langs}, time.Hour)
	}()
	waitfor.Until(5*time.Second, func() bool { bs, _ = d.Builders(ctx); return len(bs) >= 2 })
	cancel()
	<-done
	i := slices.IndexFunc(bs, func(b Builder) bool { return b.Machine == "nosandbox" })
	if len(bs) != 2 || i < 0 || len(bs[i].Toolchains) != 0 || bs[0].Machine > bs[1].Machine {
		t.Errorf("with a machine that cannot confine: %+v (want them by name)", bs)
	}

	old, _ := json.Marshal(Builder{Machine: "gone", Toolchains: langs, Seen: time.Now().Add(-builderMemory - time.Minute)})
	rdb.HSet(ctx, buildersKey(DefaultQueue), "gone", old, "garbled", "{")
	if bs, err := d.Builders(ctx); err != nil || len(bs) != 2 {
		t.Errorf("with a day-old word and a garbled one: %+v %v", bs, err)
	}
	for _, f := range []string{"gone", "garbled"} {
		if n, _ := rdb.HExists(ctx, buildersKey(DefaultQueue), f).Result(); n {
			t.Errorf("%s is still in Redis", f)
		}
	}
	if bs, err := d.Builders(ctx); err != nil || len(bs) != 2 {
		t.Errorf("read again: %+v %v", bs, err)
	}
}
