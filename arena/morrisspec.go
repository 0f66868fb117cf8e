package arena

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/internal/xrand"
	"gameai/morrisuci"
)

// MorrisSpecHelp says what ParseMorrisSpec reads.
const MorrisSpecHelp = "A player is ENGINE[:key=value,...]:\n" +
	"  alphabeta:strategy=NAME|coefficients=19 ints,depth=N,nodes=N,time=DUR\n" +
	"  mcts:strategy=NAME,iterations=N,time=DUR\n" +
	"  random\n" +
	"  exe:PROGRAM,movetime=DUR,depth=N,opt.NAME=VALUE   (any engine speaking Sanmill's protocol)\n"

// MorrisSpec is a Morris player of a match or a competition:
// ENGINE[:key=value,...] (MorrisSpecHelp).
type MorrisSpec struct {
	Text   string
	Engine string // alphabeta, mcts, random, exe
	params map[string]string
	argv   []string // exe
}

// ParseMorrisSpec reads a player (MorrisSpecHelp).
func ParseMorrisSpec(s string) (MorrisSpec, error) {
	engine, rest, _ := strings.Cut(s, ":")
	ps := MorrisSpec{Text: s, Engine: engine, params: map[string]string{}}
	// Commas separate the parameters and the 19 coefficients alike: the
	// bare integers after coefficients= belong to it.
	parts := SplitSpecs(rest)
	switch engine {
	case "exe":
		// The program is the first non-blank part: "exe:", "exe: " and
		// "exe:," name none.
		if len(parts) == 0 {
			return ps, fmt.Errorf("%q: exe needs a program, e.g. exe:/usr/local/bin/sanmill", s)
		}
		ps.argv = strings.Fields(parts[0])
		parts = parts[1:]
	case "alphabeta", "mcts", "random":
	default:
		return ps, fmt.Errorf("%q: engine %q: want alphabeta, mcts, random or exe", s, engine)
	}
	known := map[string][]string{
		"alphabeta": {"strategy", "coefficients", "depth", "nodes", "time"},
		"mcts":      {"strategy", "coefficients", "iterations", "time"},
		"random":    {},
		"exe":       {"movetime", "depth"},
	}[engine]
	for _, kv := range parts {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return ps, fmt.Errorf("%q: %q is not key=value", s, kv)
		}
		if !slices.Contains(known, k) && !(engine == "exe" && strings.HasPrefix(k, "opt.")) {
			return ps, fmt.Errorf("%q: %s takes %s", s, engine, strings.Join(append(known, map[bool]string{true: "opt.NAME (engine options)"}[engine == "exe"]), ", "))
		}
		ps.params[k] = v
	}
	return ps, nil
}

// MorrisLimits are the limits a spec that names none of its own gets.
type MorrisLimits struct {
	Depth      int
	Nodes      int64
	Iterations int64
	Time       time.Duration
}

// Build makes a fresh player for one game (players keep per-game state).
func (ps MorrisSpec) Build(ctx context.Context, lim MorrisLimits, seed uint64) (morrisai.Player, func(), error) {
	num := func(k string, def int64) (int64, error) {
		v, ok := ps.params[k]
		if !ok {
			return def, nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q: %s=%q is not a count", ps.Text, k, v)
		}
		return n, nil
	}
	dur := func(k string, def time.Duration) (time.Duration, error) {
		v, ok := ps.params[k]
		if !ok {
			return def, nil
		}
		d, err := time.ParseDuration(v)
		if err != nil {
			secs, ferr := strconv.ParseFloat(v, 64)
			if ferr != nil || secs < 0 {
				return 0, fmt.Errorf("%q: %s=%q is not a duration (100ms, 1s) or seconds", ps.Text, k, v)
			}
			d = time.Duration(secs * float64(time.Second))
		}
		return d, nil
	}
	switch ps.Engine {
	case "random":
		return morrisai.RandomPlayer{R: xrand.New(seed)}, func() {}, nil
	case "exe":
		mt, err := dur("movetime", max(lim.Time, 100*time.Millisecond))
		if err != nil {
			return nil, nil, err
		}
		d, err := num("depth", int64(lim.Depth))
		if err != nil {
			return nil, nil, err
		}
		opts := map[string]string{}
		for k, v := range ps.params {
			if name, ok := strings.CutPrefix(k, "opt."); ok {
				opts[name] = v
			}
		}
		c, err := morrisuci.Start(ctx, ps.Text, ps.argv, opts)
		if err != nil {
			return nil, nil, err
		}
		c.MoveTime, c.Depth = mt, int(d)
		return c, c.Close, nil
	}
	opts := map[string]string{}
	for _, k := range []string{"strategy", "coefficients"} {
		if v, ok := ps.params[k]; ok {
			opts[k] = v
		}
	}
	coef, name, err := morrisai.StrategyOption(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%q: %w", ps.Text, err)
	}
	sp := &morrisai.SearchPlayer{Engine: ps.Engine, Strategy: name, Coef: coef, Seed: seed}
	d, err := num("depth", int64(lim.Depth))
	if err != nil {
		return nil, nil, err
	}
	n, err := num("nodes", lim.Nodes)
	if err != nil {
		return nil, nil, err
	}
	it, err := num("iterations", lim.Iterations)
	if err != nil {
		return nil, nil, err
	}
	tm, err := dur("time", lim.Time)
	if err != nil {
		return nil, nil, err
	}
	sp.Limits, sp.Iterations = minimax.Limits{Depth: int(d), Nodes: n, Time: tm}, it
	if ps.Engine == "alphabeta" && d == 0 && n == 0 && tm == 0 {
		return nil, nil, fmt.Errorf("%q: give it a depth, nodes or time (here or with --depth, --nodes, --time)", ps.Text)
	}
	if ps.Engine == "mcts" && it == 0 && tm == 0 {
		return nil, nil, fmt.Errorf("%q: give it iterations or time (here or with --iterations, --time)", ps.Text)
	}
	return sp, func() {}, nil
}

// SplitSpecs splits on commas, except inside NAME=c0,c1,... lists (the
// 19 coefficients of a strategy).
func SplitSpecs(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if n := len(out); n > 0 && strings.Contains(out[n-1], "=") && isInt(f) {
			out[n-1] += "," + f
			continue
		}
		out = append(out, f)
	}
	return out
}

func isInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}
