package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"gameai/ai/lessai"
	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/ai/nested"
	"gameai/games/less"
	"gameai/games/morpion"
	"gameai/games/morris"
)

// workload is one speed measurement of gameai bench: the same work as the
// package benchmark of the same name (BENCHMARKS.md), so that a user with
// the binary alone can compare this machine with the recorded one.
type workload struct {
	name, unit string
	// target is the rate the issues ask for (0: none).
	target float64
	// prepare builds the work; each call of the returned function does
	// one round and returns what it counted in unit.
	prepare func() func() int64
}

var workloads = []workload{
	{"morpion-playouts-5T", "playouts/s", 300_000, morpionPlayouts(morpion.T5)},
	{"morpion-playouts-5D", "playouts/s", 0, morpionPlayouts(morpion.D5)},
	{"nrpa-5T", "playouts/s", 150_000, nrpaPlayouts(morpion.T5)},
	{"nrpa-5D", "playouts/s", 0, nrpaPlayouts(morpion.D5)},
	{"morris-start", "nodes/s", 5e6, morrisNodes("", 9)},
	{"morris-midgame", "nodes/s", 5e6, morrisNodes(morris.EndOfPlacing, 12)},
	{"less-mcts", "iterations/s", 100_000, lessIterations},
}

func morpionPlayouts(v morpion.Variant) func() func() int64 {
	return func() func() int64 {
		start, b, r := morpion.NewBoard(v), morpion.NewBoard(v), morpion.NewRand(1)
		return func() int64 {
			for range 1000 {
				b.Reset(start)
				b.RandomPlayout(r)
			}
			return 1000
		}
	}
}

// nrpaPlayouts is NRPA at level 2 (N = 100) from the start: playouts with
// the policy, each followed by its adaptation.
func nrpaPlayouts(v morpion.Variant) func() func() int64 {
	return func() func() int64 {
		n := nested.NewNRPA(morpion.NewProblem(morpion.NewBoard(v)), nested.NRPAConfig{Iterations: 100}, 1)
		return func() int64 {
			before := n.Playouts
			n.Run(2, nil)
			return n.Playouts - before
		}
	}
}

// morrisNodes is alpha-beta with ga-2019-best to a fixed depth.
func morrisNodes(text string, depth int) func() func() int64 {
	return func() func() int64 {
		p := morris.NewPosition(morris.StandardRules)
		if text != "" {
			var err error
			if p, err = morris.ParsePosition(morris.StandardRules, text); err != nil {
				panic(err) // a constant of this file
			}
		}
		st, _ := morris.Preset("ga-2019-best")
		coef := st.Coefficients
		s := morrisai.NewSearcher()
		return func() int64 {
			return s.Search(context.Background(), morrisai.NewPos(p, &coef), minimax.Limits{Depth: depth}).Nodes
		}
	}
}

// lessIterations is the shipped MCTS from the start on the fixture layout,
// 50,000 iterations a search.
func lessIterations() func() int64 {
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		panic(err) // a constant of the game package
	}
	root := lessai.NewNode(*less.NewPosition(w), less.DistancesFor(w))
	newNode := func() *lessai.Node { return &lessai.Node{} }
	return func() int64 {
		return mcts.Search(context.Background(), root, newNode, lessai.DefaultConfig(), mcts.Limits{Iterations: 50_000}, nil).Iterations
	}
}

// benchResult is one workload's measurement.
type benchResult struct {
	Name   string  `json:"name"`
	Rate   float64 `json:"rate"`
	Unit   string  `json:"unit"`
	Target float64 `json:"target,omitempty"`
	Rounds int     `json:"rounds"`
}

func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	names := make([]string, len(workloads))
	for i, w := range workloads {
		names[i] = w.name
	}
	f := newFlags("bench", "Measures the engines' speed on this machine, one core, the work of the package benchmarks\n"+
		"in BENCHMARKS.md: Morpion random and NRPA playouts, Morris alpha-beta nodes, Less MCTS iterations.\n"+
		"Each workload runs for --time after one warm-up round; the rate is what it counted over the time it took.", stderr)
	only := f.String("only", "GAMEAI_BENCH_ONLY", "", "comma-separated workloads to run (default: all): "+strings.Join(names, ", "))
	budget := f.Duration("time", "GAMEAI_BENCH_TIME", 3*time.Second, "time per workload")
	asJSON := f.Bool("json", "GAMEAI_BENCH_JSON", false, "print JSON instead of a table")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *budget <= 0 || *budget > time.Hour {
		return fmt.Errorf("--time %v: want more than 0 and at most 1h", *budget)
	}
	chosen := workloads
	if *only != "" {
		chosen = nil
		for n := range strings.SplitSeq(*only, ",") {
			n = strings.TrimSpace(n)
			i := slices.Index(names, n)
			if i < 0 {
				return fmt.Errorf("--only: unknown workload %q (have %s)", n, strings.Join(names, ", "))
			}
			chosen = append(chosen, workloads[i])
		}
	}
	var results []benchResult
	for _, w := range chosen {
		if ctx.Err() != nil {
			break
		}
		if !*asJSON {
			fmt.Fprintf(stderr, "%s ...\n", w.name)
		}
		results = append(results, measure(ctx, w, *budget))
	}
	machine := machineInfo()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Machine map[string]string `json:"machine"`
			Results []benchResult     `json:"results"`
		}{machine, results})
	}
	fmt.Fprintf(stdout, "gameai %s, %s, %s cores, %s\n\n", machine["gameai"], machine["go"], machine["cores"], machine["cpu"])
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\trate\tunit\ttarget\trounds\t")
	for _, r := range results {
		target := "-"
		if r.Target > 0 {
			target = siCount(r.Target)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t\n", r.Name, siCount(r.Rate), r.Unit, target, r.Rounds)
	}
	return tw.Flush()
}

// measure runs a workload: one warm-up round (caches, tables, the first
// allocation of a search's buffers), then rounds until the budget is spent
// or the context ends.
func measure(ctx context.Context, w workload, budget time.Duration) benchResult {
	round := w.prepare()
	round()
	var count int64
	rounds := 0
	start := time.Now()
	for rounds == 0 || (time.Since(start) < budget && ctx.Err() == nil) {
		count += round()
		rounds++
	}
	return benchResult{Name: w.name, Rate: float64(count) / time.Since(start).Seconds(), Unit: w.unit, Target: w.target, Rounds: rounds}
}

// machineInfo names what the rates depend on: the build, Go, the cores and
// the CPU model (from /proc/cpuinfo where there is one).
func machineInfo() map[string]string {
	cpu := runtime.GOARCH
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return map[string]string{"gameai": BuildVersion(), "go": runtime.Version(), "cores": fmt.Sprint(runtime.NumCPU()), "cpu": cpu}
}
