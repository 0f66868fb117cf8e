package workers

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"

	"gameai/arena"
	"gameai/internal/redistest"
	"gameai/internal/waitfor"
)

// A set of languages has one queue whatever its order or repeats; a
// worker serves its queue and one queue for every set of its languages.
func TestBuildsQueues(t *testing.T) {
	if got := buildsQueue("q", []string{"python", "c", "python"}); got != "q:builds:c,python" {
		t.Errorf("c and python: %s", got)
	}
	if got := buildsQueue("q", nil); got != "q" {
		t.Errorf("no language: %s, want the queue itself", got)
	}
	got := slices.Sorted(maps.Keys(buildsQueues("q", 3, []string{"python", "go", "c"})))
	want := []string{"q", "q:builds:c", "q:builds:c,go", "q:builds:c,go,python", "q:builds:c,python", "q:builds:go",
		"q:builds:go,python", "q:builds:python"}
	if !slices.Equal(got, want) {
		t.Errorf("served for c, go, python: %v, want %v", got, want)
	}
	if qs := buildsQueues("q", 3, []string{"c"}); qs["q"] != 3 || qs["q:builds:c"] != 3 || len(qs) != 2 {
		t.Errorf("priorities: %v", qs)
	}
	// Every language a machine may have: its queue, each one's, each
	// pair's and all of them, where every set would be 2^8.
	all := []string{"c", "cpp", "executable", "go", "java", "javascript", "python", "rust"}
	served := buildsQueues("q", 1, all)
	if len(served) != 1+8+28+1 || served["q:builds:java,python"] != 1 || served["q:builds:"+strings.Join(all, ",")] != 1 {
		t.Errorf("eight languages: %d queues", len(served))
	}
}

// A game of one or two languages goes to their queue; one of more, to the
// class of the smallest machine that runs them all, which a worker of that
// machine serves.
func TestAGameGoesWhereAMachineServesIt(t *testing.T) {
	small := Builder{Machine: "small", Toolchains: map[string]string{"c": "", "python": "", "go": ""}}
	big := Builder{Machine: "big", Toolchains: map[string]string{"c": "", "python": "", "go": "", "java": "", "rust": ""}}
	for _, c := range []struct {
		langs, want []string
		taken       bool // a machine runs them all
	}{
		{[]string{"python"}, []string{"python"}, true},
		{[]string{"python", "java"}, []string{"java", "python"}, true},
		{[]string{"go", "c", "python"}, []string{"c", "go", "python"}, true},
		{[]string{"go", "c", "java"}, []string{"c", "go", "java", "python", "rust"}, true},
		{[]string{"go", "c", "javascript"}, []string{"c", "go", "javascript"}, false},
	} {
		got := routeLangs([]Builder{big, small}, c.langs)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: routed to %v, want %v", c.langs, got, c.want)
		}
		var takers []string
		for _, b := range []Builder{big, small} {
			if _, ok := buildsQueues("q", 1, slices.Collect(maps.Keys(b.Toolchains)))[buildsQueue("q", got)]; ok {
				takers = append(takers, b.Machine)
			}
		}
		if c.taken != (len(takers) > 0) {
			t.Errorf("%v: the machines serving %v: %v", c.langs, got, takers)
		}
	}
}

// uploadedGame is a competition game between uploaded bots in langs.
func uploadedGame(n int, langs ...string) arena.Spec {
	s := arena.Spec{Game: "morris", N: n, Board: 1, Seed: 5, Clock: arena.Clock{MoveMS: 150}}
	for i, l := range langs {
		s.Seats = append(s.Seats, arena.Entrant{ID: "bot_" + l, Uploaded: &arena.Uploaded{ID: "bot_" + l, Name: "b",
			Owner: "ann", Version: i + 1, Language: l, Program: "p"}})
	}
	return s
}

// A competition's games go to the builds queue of their bots' languages,
// where only a machine that runs them all takes them, and the metrics show
// them waiting there; a cancelled job deletes them from it. A game no
// machine the workers spoke for runs is refused at once, naming what it
// needs and what the machines run.
func TestCompetitionGamesWaitForAMachineThatRunsTheirBots(t *testing.T) {
	srv := redistest.Start(t)
	rdb, d := clients(t, srv)
	d.Sweep = 50 * time.Millisecond
	opt, err := ParseRedisURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	// A worker whose machine runs c and executables, but not python.
	cOnly := &admitter{langs: map[string]string{"c": "gcc 14", "executable": "none"}}
	startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, Admit: cOnly, Arena: &arena.Runner{}})
	waitfor.Check(t, 5*time.Second, "the worker saying what its machine runs", func() bool {
		bs, _ := d.Builders(context.Background())
		return len(bs) == 1
	})

	err = d.CompetitionGames("job-py").Play(context.Background(), []arena.Spec{uploadedGame(1, "c"), uploadedGame(2, "c", "python")},
		func(int, arena.Outcome) error { return nil }, nil)
	// Exactly this: no machine's host name (a ladder shows it to anyone).
	if err == nil || err.Error() != "game 2 needs a machine that runs c and python; the workers' machines run: c, executable" {
		t.Fatalf("a game no machine runs: %v", err)
	}
	insp := asynq.NewInspectorFromRedisClient(rdb)
	if qs, _ := insp.Queues(); len(qs) != 0 {
		t.Errorf("the refused job enqueued on %v", qs)
	}

	// A machine that runs python has spoken (it is away now): the game waits
	// for it on its builds queue, never taken by the worker that cannot.
	word, _ := json.Marshal(Builder{Machine: "pyhost", Toolchains: map[string]string{"c": "gcc 14", "python": "Python 3.13"}, Seen: time.Now()})
	rdb.HSet(context.Background(), buildersKey(DefaultQueue), "pyhost", word)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		errc <- d.CompetitionGames("job-wait").Play(ctx, []arena.Spec{uploadedGame(2, "python", "c")},
			func(int, arena.Outcome) error { return nil }, nil)
	}()
	queue := DefaultQueue + ":builds:c,python"
	waitfor.Check(t, 10*time.Second, "the game on "+queue, pending(insp, queue, 1))
	if served := servedQueues(t, insp, 1); served[queue] {
		t.Fatalf("the worker that cannot play it serves %s (%v)", queue, served)
	}
	if q, err := insp.GetQueueInfo(queue); err != nil || q.Pending != 1 || q.Retry != 0 {
		t.Fatalf("beside a worker that cannot play it: %+v %v; want it pending, never tried", q, err)
	}
	col := Collector(opt, "")
	t.Cleanup(func() { col.Close() })
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(col)
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	queued := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "gameai_tasks_queued" {
			continue
		}
		for _, m := range f.GetMetric() {
			queued[m.GetLabel()[0].GetValue()] = m.GetGauge().GetValue()
		}
	}
	if !maps.Equal(queued, map[string]float64{queue: 1}) {
		t.Errorf("the metrics' tasks queued: %v, want the game on %s", queued, queue)
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if q, err := insp.GetQueueInfo(queue); err != nil || q.Size != 0 {
		t.Errorf("%s after the cancel: %+v (%v), want empty", queue, q, err)
	}
}
