//go:build ttbench

// Command ttbench measures the shared transposition table (BENCHMARKS.md,
// "A shared transposition table"): Morris alpha-beta from 20 midgame
// positions, cold and warm from Redis, where another process (this program
// with -fill) left its searches' shallow entries. Run it through
// scripts/ttbench.sh, which starts the Redis and both processes.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/games/morris"
	"gameai/internal/xrand"
	"gameai/store"
	"gameai/store/redisstore"
)

// timedTable is the store's table as a SharedTable, timing each call.
type timedTable struct {
	t             store.Transpositions
	name          string
	loads, stores []time.Duration
}

func (t *timedTable) Load(ctx context.Context, hashes []uint64) map[uint64][]byte {
	start := time.Now()
	m, err := t.t.Load(ctx, t.name, hashes)
	t.loads = append(t.loads, time.Since(start))
	if err != nil {
		log.Fatal(err)
	}
	return m
}

func (t *timedTable) Store(ctx context.Context, entries map[uint64][]byte) {
	start := time.Now()
	if err := t.t.Store(ctx, t.name, entries); err != nil {
		log.Fatal(err)
	}
	t.stores = append(t.stores, time.Since(start))
}

// positions are n midgame positions: random openings of 20 to 27 plies
// (the placement is 18), from a fixed seed.
func positions(n int) []*morris.Position {
	r := xrand.New(2026)
	var out []*morris.Position
	for len(out) < n {
		plies := 20 + r.Intn(8)
		p := morris.NewPosition(morris.StandardRules)
		moves := morrisai.RandomOpening(morris.StandardRules, plies, r)
		for _, m := range moves {
			p.Make(m)
		}
		if len(moves) == plies && !p.Outcome().Over {
			out = append(out, p)
		}
	}
	return out
}

func quantile(ds []time.Duration, q float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func main() {
	url := flag.String("redis-url", "", "Redis URL")
	fill := flag.Bool("fill", false, "search each position for -time and write the shared entries")
	budget := flag.Duration("time", 200*time.Millisecond, "time budget of a search")
	depth := flag.Int("depth", 7, "the fixed depth to time")
	plies := flag.Int("plies", morrisai.SharedPlies, "plies of the root whose entries are written")
	minDepth := flag.Int("min-depth", morrisai.SharedMinDepth, "the least depth of an entry written")
	flag.Parse()
	ctx := context.Background()
	st, err := redisstore.New(ctx, *url, "ttbench:", store.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	coef, _ := morris.Preset(morris.DefaultStrategy)
	table := &timedTable{t: st.Transpositions, name: fmt.Sprintf("bench:%d:%d", *plies, *minDepth)}
	ps := positions(20)
	s := morrisai.NewSearcher()
	if *fill {
		n := 0
		for _, p := range ps {
			pos := morrisai.Pos{P: p, C: &coef.Coefficients}
			s.Search(ctx, pos, minimax.Limits{Time: *budget})
			n += morrisai.StoreShared(ctx, table, s, pos, *plies, *minDepth)
		}
		fmt.Printf("fill: %d entries from %d searches of %v (plies %d, depth >= %d); store p50 %v p99 %v\n", n, len(ps), *budget,
			*plies, *minDepth, quantile(table.stores, 0.5), quantile(table.stores, 0.99))
		return
	}
	var coldDepth, warmDepth, seeded int
	var coldTo, warmTo time.Duration
	for _, p := range ps {
		pos := morrisai.Pos{P: p, C: &coef.Coefficients}
		seed := morrisai.LoadShared(ctx, table, pos)
		seeded += len(seed)
		coldDepth += s.Search(ctx, pos, minimax.Limits{Time: *budget}).Depth
		warmDepth += s.SearchFrom(ctx, pos, minimax.Limits{Time: *budget}, seed).Depth
		start := time.Now()
		s.Search(ctx, pos, minimax.Limits{Depth: *depth})
		coldTo += time.Since(start)
		start = time.Now()
		s.SearchFrom(ctx, pos, minimax.Limits{Depth: *depth}, seed)
		warmTo += time.Since(start)
	}
	n := float64(len(ps))
	fmt.Printf("%d positions, %v a search: mean depth cold %.2f, warm %.2f; to depth %d: cold %v, warm %v a position (%.0f%% of cold); %.1f entries loaded a position; load p50 %v p99 %v\n",
		len(ps), *budget, float64(coldDepth)/n, float64(warmDepth)/n, *depth, (coldTo / time.Duration(len(ps))).Round(time.Microsecond),
		(warmTo / time.Duration(len(ps))).Round(time.Microsecond), 100*float64(warmTo)/float64(coldTo), float64(seeded)/n,
		quantile(table.loads, 0.5), quantile(table.loads, 0.99))
	os.Exit(0)
}
