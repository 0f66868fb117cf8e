package hosting

import (
	"context"
	"testing"
	"time"

	"gameai/games/morris"
	"gameai/starters"
)

// BenchmarkLanguages is each language's cost in a game, with its Morris
// starter built in the sandbox as an upload is: ms/start from starting the
// confined program to its readyok (the runtime's start: a JVM, V8, Python),
// µs/move from position and go to its bestmove over a game's first 18
// moves (the referee's round trip through a program that thaws, reads,
// answers and is frozen again; the starter thinks for microseconds).
func BenchmarkLanguages(b *testing.B) {
	h := newHost(b)
	ctx := context.Background()
	for _, lang := range starters.Languages {
		s, _ := starters.Get("morris", lang)
		l, ok := h.Language(lang)
		if !ok || !l.Available {
			b.Logf("%s: not built here", lang)
			continue
		}
		prog, log, err := h.build(ctx, l, s.Source)
		if err != nil {
			b.Fatalf("%s: %v\n%s", lang, err, log)
		}
		hash, err := h.store.Artefacts.Put(ctx, prog)
		if err != nil {
			b.Fatal(err)
		}
		r, err := h.runnable(ctx, "bench-"+lang, l, hash, h.cfg.gameLimits(morrisCPU))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(lang, func(b *testing.B) {
			var start, think time.Duration
			moves := 0
			for range b.N {
				t0 := time.Now()
				c, _, err := morrisClient(ctx, h.sb, r)
				if err != nil {
					b.Fatal(err)
				}
				start += time.Since(t0)
				c.MoveTime = time.Second
				p := morris.NewPosition(morris.StandardRules)
				var history []morris.Move
				for range 18 {
					t1 := time.Now()
					m, err := c.Move(ctx, p, history)
					if err != nil {
						b.Fatal(err)
					}
					think += time.Since(t1)
					moves++
					p.Make(m)
					history = append(history, m)
				}
				c.Close()
			}
			b.ReportMetric(float64(start.Microseconds())/1000/float64(b.N), "ms/start")
			b.ReportMetric(float64(think.Microseconds())/float64(moves), "µs/move")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkGoBuild: a Go starter's build in the sandbox, from the seed's
// compiled standard library (goseed.go) and from an empty cache as
// before it (wall time: the host's other cores idle).
func BenchmarkGoBuild(b *testing.B) {
	h := newHost(b)
	l, ok := h.Language("go")
	if !ok || !l.Available {
		b.Skip("no Go here")
	}
	s, _ := starters.Get("less", "go")
	empty := *l
	empty.Name = "go-from-an-empty-cache" // not seeded: seededGo seeds "go"
	for _, c := range []struct {
		name string
		l    *Language
	}{{"seeded", l}, {"empty", &empty}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, log, err := h.build(context.Background(), c.l, s.Source); err != nil {
					b.Fatalf("%v\n%s", err, log)
				}
			}
		})
	}
}
