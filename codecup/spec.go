package codecup

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gameai/ai"
	"gameai/ai/lessai"
	"gameai/games"
)

// SpecHelp says what ParseSpec reads, for flags' and API fields' help. The
// tree searches' settings and their defaults are the engines' own table
// (lessai.TreeOptions), so the help says what the engines run.
var SpecHelp = func() string {
	var b strings.Builder
	b.WriteString("ENGINE[:key=value,...]: uct (MCTS, the default), mcts (MCTS-RAVE), expectimax or greedy;\n" +
		"budget=DUR and seed=N for any; iterations=N (mcts, uct) and depth=N (expectimax) bound a turn's search\n" +
		"instead of the clock, so the bot plays the same game every time; reuse=true (mcts, uct) keeps the tree\n" +
		"from turn to turn; the tree searches take these, shown with their defaults:")
	for _, kind := range []string{lessai.KindUCT, lessai.KindMCTS} {
		var parts []string
		for _, o := range lessai.TreeOptions(kind) {
			parts = append(parts, fmt.Sprintf("%s=%s (%s)", o.Name, o.Default, o.Description))
		}
		fmt.Fprintf(&b, "\n%s: %s", kind, strings.Join(parts, ", "))
	}
	return b.String()
}()

// ParseSpec reads one of our bots, ENGINE[:key=value,...] (SpecHelp), onto
// base: the referee's, the service's and the stdin bot's settings are one
// language, so a setting measured in a match is one a user can ask for.
// The mcts and uct settings go on lessai.DefaultConfig(), a copy.
func ParseSpec(spec string, base BotConfig) (BotConfig, error) {
	engine, params, _ := strings.Cut(spec, ":")
	if !ValidEngine(engine) {
		return BotConfig{}, fmt.Errorf("engine %q: our engines are %v", engine, Engines)
	}
	cfg := base
	cfg.Engine = engine
	given := map[string]bool{}
	for _, kv := range strings.Split(params, ",") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		given[k] = true
		switch k {
		case "budget":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return BotConfig{}, fmt.Errorf("budget %q is not a duration", v)
			}
			cfg.Budget = d
		case "seed":
			seed, err := ai.ParseSeed(v)
			if err != nil {
				return BotConfig{}, err
			}
			cfg.Seed = seed
		case "iterations":
			if engine != lessai.KindMCTS && engine != lessai.KindUCT {
				return BotConfig{}, fmt.Errorf("iterations is a setting of the mcts and uct engines, not of %s", engine)
			}
			n, err := ai.ParseInt(k, v, 1, 100_000_000)
			if err != nil {
				return BotConfig{}, err
			}
			cfg.Iterations = int64(n)
		case "depth":
			if engine != lessai.KindExpectimax {
				return BotConfig{}, fmt.Errorf("depth is a setting of the expectimax engine, not of %s", engine)
			}
			n, err := ai.ParseInt(k, v, 1, 64)
			if err != nil {
				return BotConfig{}, err
			}
			cfg.Depth = n
		case "reuse":
			if engine != lessai.KindMCTS && engine != lessai.KindUCT {
				return BotConfig{}, fmt.Errorf("%s is a setting of the mcts and uct engines, not of %s", k, engine)
			}
			b, err := ai.ParseBool(k, v)
			if err != nil {
				return BotConfig{}, err
			}
			cfg.ReuseTree = b
		default:
			if !slices.ContainsFunc(lessai.TreeOptions(lessai.KindMCTS), func(o games.OptionSpec) bool { return o.Name == k }) {
				return BotConfig{}, fmt.Errorf("%q: want budget=DUR, seed=N, for mcts and uct %s, reuse or iterations, for expectimax depth",
					kv, treeKeys())
			}
			if engine != lessai.KindMCTS && engine != lessai.KindUCT {
				return BotConfig{}, fmt.Errorf("%s is a setting of the mcts and uct engines, not of %s", k, engine)
			}
			if err := setTreeSearch(&cfg, k, v); err != nil {
				return BotConfig{}, err
			}
		}
	}
	// A setting left out is the engine's table's default, as the service's
	// engines take it (uct's teammate, opponents, scale and expand_after
	// differ from mcts's); a search that comes out as lessai.DefaultConfig() stays
	// nil, the bot's own.
	if engine == lessai.KindMCTS || engine == lessai.KindUCT {
		for _, o := range lessai.TreeOptions(engine) {
			if !given[o.Name] {
				if err := setTreeSearch(&cfg, o.Name, o.Default); err != nil {
					return BotConfig{}, err
				}
			}
		}
		if cfg.MCTS != nil && *cfg.MCTS == lessai.DefaultConfig() {
			cfg.MCTS = nil
		}
	}
	return cfg, nil
}

// treeKeys names the tree searches' settings, from their table.
func treeKeys() string {
	var names []string
	for _, o := range lessai.TreeOptions(lessai.KindMCTS) {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

// setTreeSearch applies one setting of the mcts and uct bots to cfg,
// checked against the engines' table (lessai.TreeOptions), the service's
// engine options' too.
func setTreeSearch(cfg *BotConfig, k, v string) error {
	table := lessai.TreeOptions(cfg.Engine)
	i := slices.IndexFunc(table, func(s games.OptionSpec) bool { return s.Name == k })
	if i < 0 {
		return fmt.Errorf("%s is a setting of the mcts engine (RAVE), not of %s", k, cfg.Engine)
	}
	o, err := games.ResolveOptions(table[i:i+1], map[string]string{k: v})
	if oe := (*games.OptionError)(nil); errors.As(err, &oe) {
		return &ai.OptionError{Name: k, Reason: oe.Reason}
	}
	if err != nil {
		return err
	}
	cfg.Tree.Apply(o)
	return nil
}
