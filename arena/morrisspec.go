package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gameai/ai"
	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/games"
	"gameai/internal/xrand"
	"gameai/morrisuci"
)

// morrisSpecTables are the keys of a player spec by engine: the engine's
// own option table (the service's engine_options, morrisai) and its limits;
// exe's take opt.NAME=VALUE besides, passed to the program as
// "setoption name NAME value VALUE". A limit left out is the match's.
var morrisSpecTables = map[string][]games.OptionSpec{
	"alphabeta": append(slices.Clone(morrisai.AlphaBetaInfo(nil).Options),
		games.OptionSpec{Name: "depth", Kind: games.OptionInt, Min: 0, Max: 64, Description: "plies a move (0: none)"},
		games.OptionSpec{Name: "nodes", Kind: games.OptionInt, Min: 0, Max: ai.MaxSeed, Description: "nodes a move (0: none)"},
		specTime("time", "a move")),
	"mcts": append(slices.Clone(morrisai.MCTSInfo().Options),
		games.OptionSpec{Name: "iterations", Kind: games.OptionInt, Min: 0, Max: ai.MaxSeed, Description: "playouts a move (0: none)"},
		specTime("time", "a move")),
	"random": nil,
	"exe": {specTime("movetime", "a move, sent as go movetime (default: the match's time, at least 100ms)"),
		{Name: "depth", Kind: games.OptionInt, Min: 0, Max: 64, Description: "sent as go depth (0: none)"}},
}

func specTime(name, what string) games.OptionSpec {
	return games.OptionSpec{Name: name, Kind: games.OptionDuration, Min: 0, Max: int((24 * time.Hour).Milliseconds()),
		Description: "thinking time " + what + " (100ms, 1.5s or seconds)"}
}

// MorrisSpecHelp says what ParseMorrisSpec reads, from the tables.
var MorrisSpecHelp = func() string {
	var b strings.Builder
	b.WriteString("A player is ENGINE[:key=value,...]; a limit left out is the match's:\n")
	for _, engine := range []string{"alphabeta", "mcts", "random", "exe"} {
		keys := make([]string, 0, len(morrisSpecTables[engine]))
		for _, o := range morrisSpecTables[engine] {
			keys = append(keys, o.Name+"="+specValue(o))
		}
		switch engine {
		case "exe":
			keys = append([]string{"PROGRAM"}, append(keys, "opt.NAME=VALUE   (any engine speaking Sanmill's protocol)")...)
		case "alphabeta", "mcts":
			keys[0] += "|coefficients=19 ints"
			keys = slices.Delete(keys, 1, 2)
		}
		line := engine
		if len(keys) > 0 {
			line += ":" + strings.Join(keys, ",")
		}
		fmt.Fprintf(&b, "  %s\n", line)
	}
	return b.String()
}()

// specValue is a key's value in the help: NAME, N, X or DUR.
func specValue(o games.OptionSpec) string {
	switch o.Kind {
	case games.OptionInt:
		return "N"
	case games.OptionFloat:
		return "X"
	case games.OptionDuration:
		return "DUR"
	case games.OptionChoice:
		return strings.Join(o.Choices, "|")
	}
	return "NAME"
}

// MorrisSpec is a Morris player of a match or a competition:
// ENGINE[:key=value,...] (MorrisSpecHelp).
type MorrisSpec struct {
	Text   string
	Engine string // alphabeta, mcts, random, exe
	// params are the keys given, checked against the engine's table and
	// written as it writes them (opt.NAME ones as given).
	params map[string]string
	argv   []string // exe
}

// ParseMorrisSpec reads a player (MorrisSpecHelp): an unknown key or a bad
// value is an error naming it.
func ParseMorrisSpec(s string) (MorrisSpec, error) {
	engine, rest, _ := strings.Cut(s, ":")
	ps := MorrisSpec{Text: s, Engine: engine, params: map[string]string{}}
	table, ok := morrisSpecTables[engine]
	if !ok {
		return ps, fmt.Errorf("%q: engine %q: want alphabeta, mcts, random or exe", s, engine)
	}
	// Commas separate the parameters and the 19 coefficients alike: the
	// bare integers after coefficients= belong to it.
	parts := SplitSpecs(rest)
	if engine == "exe" {
		// The program is the first non-blank part: "exe:", "exe: " and
		// "exe:," name none.
		if len(parts) == 0 {
			return ps, fmt.Errorf("%q: exe needs a program, e.g. exe:/usr/local/bin/sanmill", s)
		}
		ps.argv = strings.Fields(parts[0])
		parts = parts[1:]
	}
	given := map[string]string{}
	for _, kv := range parts {
		k, v, ok := strings.Cut(kv, "=")
		switch {
		case !ok:
			return ps, fmt.Errorf("%q: %q is not key=value", s, kv)
		case engine == "exe" && strings.HasPrefix(k, "opt.") && len(k) > len("opt."):
			ps.params[k] = v
		default:
			given[k] = v
		}
	}
	resolved, err := ai.ResolveOptions(table, given)
	if err != nil {
		if oe := (*ai.OptionError)(nil); engine == "exe" && errors.As(err, &oe) && oe.Unknown {
			err = fmt.Errorf("%w, or opt.NAME for the program's own", err)
		}
		return ps, fmt.Errorf("%q: %w", s, err)
	}
	for k := range given {
		ps.params[k] = resolved[k]
	}
	if engine == "alphabeta" || engine == "mcts" {
		if _, _, err := morrisai.StrategyOption(ps.params); err != nil {
			return ps, fmt.Errorf("%q: %w", s, err)
		}
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
func (ps MorrisSpec) Build(ctx context.Context, lim MorrisLimits, seed uint64) (MorrisPlayer, func(), error) {
	// The values were checked by ParseMorrisSpec: they parse.
	o := games.Options(ps.params)
	num := func(k string, def int64) int64 {
		if _, ok := o[k]; ok {
			return int64(o.Int(k))
		}
		return def
	}
	dur := func(k string, def time.Duration) time.Duration {
		if _, ok := o[k]; ok {
			return o.Duration(k)
		}
		return def
	}
	switch ps.Engine {
	case "random":
		return morrisai.RandomPlayer{R: xrand.New(seed)}, func() {}, nil
	case "exe":
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
		c.MoveTime, c.Depth = dur("movetime", max(lim.Time, 100*time.Millisecond)), int(num("depth", int64(lim.Depth)))
		return c, c.Close, nil
	}
	coef, name, err := morrisai.StrategyOption(ps.params)
	if err != nil {
		return nil, nil, fmt.Errorf("%q: %w", ps.Text, err)
	}
	if _, ok := o["seed"]; ok {
		seed = uint64(o.Int("seed"))
	}
	sp := &morrisai.SearchPlayer{Engine: ps.Engine, Strategy: name, Coef: coef, Seed: seed}
	d, n, it, tm := num("depth", int64(lim.Depth)), num("nodes", lim.Nodes), num("iterations", lim.Iterations), dur("time", lim.Time)
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
