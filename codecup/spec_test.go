package codecup

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/ai/lessai"
)

// TestSpecSetsTheTreeSearch: a match between two settings of our MCTS
// needs no build: the spec overrides lessai.DefaultConfig(), and only for mcts and
// uct.
func TestSpecSetsTheTreeSearch(t *testing.T) {
	cfg, err := ParseSpec("mcts:c=0.1,rave_k=50,fpu=0.8,max_depth=16,seed=3", BotConfig{Budget: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	want := lessai.DefaultConfig()
	want.C, want.RaveK, want.FPU, want.MaxDepth = 0.1, 50, 0.8, 16
	if cfg.MCTS == nil || *cfg.MCTS != want || cfg.Seed != 3 || cfg.Budget != time.Second || cfg.Engine != "mcts" {
		t.Errorf("settings %+v (%+v), want %+v", cfg, cfg.MCTS, want)
	}
	must := func(spec string) BotConfig {
		t.Helper()
		cfg, err := ParseSpec(spec, BotConfig{})
		if err != nil {
			t.Fatalf("%q: %v", spec, err)
		}
		return cfg
	}
	if must("mcts").MCTS != nil {
		t.Error("a spec without settings replaced the configuration")
	}
	if !must("uct:reuse=true").ReuseTree {
		t.Error("reuse=true did not reach the bot")
	}
	if !must("mcts:teammate=max").TeamPlay {
		t.Error("teammate=max did not reach the bot")
	}
	if must("mcts:teammate=chance").TeamPlay {
		t.Error("teammate=chance made the bot plan its teammate's turns")
	}
	if !must("uct:settle=true").MCTS.StopSettled {
		t.Error("settle=true did not reach the search")
	}
	if b := must("uct:bias=0.1"); b.MCTS == nil || b.MCTS.Bias != 0.1 {
		t.Errorf("bias=0.1 gave %+v", b.MCTS)
	}
	if b := must("uct:bias=0.3,bias_beside=searcher"); b.MCTS == nil || b.MCTS.Bias != 0.3 || !b.BiasBesideSearcher {
		t.Errorf("bias=0.3,bias_beside=searcher gave %+v (%+v)", b, b.MCTS)
	}
	if !must("uct").BiasBesideSearcher || must("uct:bias_beside=any").BiasBesideSearcher {
		t.Error("uct's default keeps its bias beside every teammate, or bias_beside=any did not reach the bot")
	}
	if b := must("mcts:horizon=8,scale=3"); b.HorizonTurns != 8 || b.Scale != 3 || b.MCTS != nil {
		t.Errorf("horizon=8,scale=3 gave %+v", b)
	}
	// Left out, the teammate model, the scale, expand_after and the bias
	// are the engine's table's defaults, as the service's engines take them.
	uct := lessai.DefaultConfig()
	uct.ExpandAfter, uct.Bias = lessai.UCTExpandAfter, lessai.UCTBias
	if b := must("uct"); !b.TeamPlay || !b.LearnTeammate || !b.LearnOpponents || b.Scale != lessai.UCTScale || b.MCTS == nil || *b.MCTS != uct {
		t.Errorf("uct's defaults gave %+v", b)
	}
	// A search that comes out as the package's is left to the bot (nil).
	if b := must("uct:expand_after=1,bias=0"); b.MCTS != nil || b.HorizonTurns != lessai.HorizonTurns {
		t.Errorf("uct:expand_after=1,bias=0 gave %+v (%+v)", b, b.MCTS)
	}
	if b := must("mcts:c=" + strconv.FormatFloat(lessai.DefaultConfig().C, 'g', -1, 64)); b.MCTS != nil {
		t.Errorf("mcts with its own c gave %+v", b.MCTS)
	}
	if b := must("mcts"); b.TeamPlay || b.Learns() || b.Scale != lessai.Scale || b.MCTS != nil {
		t.Errorf("mcts's defaults gave %+v", b)
	}
	if b := must("uct:teammate=chance"); b.TeamPlay || b.LearnTeammate || !b.LearnOpponents {
		t.Errorf("uct:teammate=chance gave %+v", b)
	}
	if b := must("uct:teammate=max,opponents=min"); !b.TeamPlay || b.Learns() {
		t.Errorf("uct:teammate=max,opponents=min (version 2's) gave %+v", b)
	}
	if b := must("uct:opponents=chance"); !b.ChanceOpponents || b.LearnOpponents || !b.LearnTeammate {
		t.Errorf("uct:opponents=chance gave %+v", b)
	}
	if b := must("uct:expand_after=8"); b.MCTS == nil || b.MCTS.ExpandAfter != 8 {
		t.Errorf("uct:expand_after=8 gave %+v", b)
	}
	if got := must("greedy:budget=5s").Budget; got != 5*time.Second {
		t.Errorf("budget=5s gave %v", got)
	}
	for bad, reason := range map[string]string{
		"": "our engines", "alphago": "our engines", "greedy:c=0.1": "mcts and uct", "mcts:c=0": "(0, 1000000]",
		"mcts:c=x": "(0, 1000000]", "uct:max_depth=1.5": "1..1000", "mcts:max_depth=0": "1..1000",
		"expectimax:fpu=1": "mcts and uct", "greedy:reuse=true": "mcts and uct", "mcts:reuse=yes": "true or false",
		"greedy:teammate=max": "mcts and uct", "mcts:teammate=self": "one of chance, max", "uct:rave_k=50": "mcts engine (RAVE)", "greedy:settle=true": "mcts and uct",
		"mcts:settle=maybe": "true or false", "mcts:budget=-1s": "duration", "mcts:seed=-1": "non-negative integer",
		"mcts:depth=3": "setting of the expectimax engine", "mcts:dpeth=3": "want budget", "greedy:horizon=8": "mcts and uct", "uct:horizon=0": "1..80",
		"uct:horizon=81": "1..80", "uct:horizon=x": "1..80", "expectimax:scale=3": "mcts and uct",
		"uct:opponents=max": "one of min, model, chance", "uct:expand_after=0": "1..1000000", "mcts:expand_after=1e9": "1..1000000", "uct:scale=0": "(0, 1000]", "uct:scale=-2": "(0, 1000]", "uct:scale=NaN": "(0, 1000]",
		"uct:bias=-0.1": "[0, 1000]", "mcts:bias=Inf": "[0, 1000]", "uct:bias_beside=greedy": "one of any, searcher",
	} {
		_, err := ParseSpec(bad, BotConfig{})
		if err == nil || !strings.Contains(err.Error(), reason) {
			t.Errorf("%q: error %v, want one saying %q", bad, err, reason)
		}
	}
}

// Every spec either parses or is refused with an error; none panics.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"mcts", "uct:teammate=max,c=0.2", "greedy:budget=3s,seed=1", "mcts:max_depth=16,rave_k=50"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		cfg, err := ParseSpec(spec, BotConfig{})
		if err == nil && !ValidEngine(cfg.Engine) {
			t.Errorf("%q parsed to engine %q", spec, cfg.Engine)
		}
	})
}

// TestSpecBoundsBySearchNotClock: iterations and depth make a bot that
// plays the same game every time, and belong to the engines they bound.
func TestSpecBoundsBySearchNotClock(t *testing.T) {
	cfg, err := ParseSpec("uct:iterations=500,teammate=max", BotConfig{})
	if err != nil || cfg.Iterations != 500 || !cfg.TeamPlay {
		t.Fatalf("%+v %v", cfg, err)
	}
	if cfg, err = ParseSpec("expectimax:depth=2", BotConfig{}); err != nil || cfg.Depth != 2 {
		t.Fatalf("%+v %v", cfg, err)
	}
	for _, bad := range []string{"greedy:iterations=5", "uct:depth=2", "uct:iterations=0", "expectimax:depth=x", "mcts:iterations=-1"} {
		if _, err := ParseSpec(bad, BotConfig{}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The help's tree settings and defaults are the engines' table's.
func TestSpecHelpIsTheEnginesTable(t *testing.T) {
	for _, kind := range []string{lessai.KindUCT, lessai.KindMCTS} {
		for _, o := range lessai.TreeOptions(kind) {
			if !strings.Contains(SpecHelp, o.Name+"="+o.Default+" (") {
				t.Errorf("%s's %s=%s is not in SpecHelp", kind, o.Name, o.Default)
			}
		}
	}
}
