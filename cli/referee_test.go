package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/ai/lessai"
	"gameai/codecup"
	"gameai/games/less"
)

func TestRefereeLess(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "games.txt")
	text, code := run(t, "", "referee", "less", "--bot", "gameai:greedy", "--bot", "gameai:mcts:budget=1s", "--bot", "gameai:greedy",
		"--bot", "gameai:expectimax:budget=1s", "--games", "2", "--budget", "5s", "--quiet", "--out", out)
	if code != 0 || !strings.Contains(text, "side A (gameai:greedy + gameai:greedy)") || !strings.Contains(text, "2 games, 0 forfeits") {
		t.Fatalf("referee: %d %q", code, text)
	}
	b, err := os.ReadFile(out)
	if err != nil || strings.Count(string(b), "[Layout") != 2 {
		t.Fatalf("records: %v\n%s", err, b)
	}
	layouts := filepath.Join(dir, "layouts.txt")
	if err := os.WriteFile(layouts, []byte(less.FixtureLayout+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text, code = run(t, "", "referee", "less", "--bot", "gameai:greedy", "--bot", "gameai:greedy", "--bot", "gameai:greedy",
		"--bot", "gameai:greedy", "--games", "2", "--walls", layouts, "--quiet")
	// The same bots on both sides of one layout played both ways: even.
	if code != 0 || !strings.Contains(text, "margin +0.00") {
		t.Errorf("mirror match: %d %q", code, text)
	}
	// ... where each side's points went alike.
	if where := regexp.MustCompile(`detours [0-9.]+, unspent [0-9.]+`).FindAllString(text, -1); len(where) != 2 || where[0] != where[1] {
		t.Errorf("mirror match, where the points went: %q in %q", where, text)
	}
	for _, bad := range [][]string{
		{"--bot", "gameai:greedy"},
		{"--bot", "gameai:chess", "--bot", "a", "--bot", "b", "--bot", "c"},
		{"--bot", "gameai:mcts:budget=forever", "--bot", "a", "--bot", "b", "--bot", "c"},
		// Four bots that would play but for a seed with trailing junk.
		{"--bot", "gameai:greedy:seed=5abc", "--bot", "gameai:greedy", "--bot", "gameai:greedy", "--bot", "gameai:greedy",
			"--games", "2", "--quiet", "--out", filepath.Join(dir, "bad.txt")},
	} {
		if _, code := run(t, "", append([]string{"referee", "less"}, bad...)...); code == 0 {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestBotLess(t *testing.T) {
	in := less.FixtureLayout + "\nYellow\nQuit\n"
	text, code := run(t, in, "bot", "less", "--engine", "greedy")
	if code != 0 {
		t.Fatalf("bot less: %d %q", code, text)
	}
	a, err := less.ParseAction(strings.Fields(text)[0])
	if err != nil || a.N == 0 {
		t.Errorf("first action %q: %v", text, err)
	}
	if _, code := run(t, in, "bot", "less", "--engine", "alphago"); code == 0 {
		t.Error("an unknown engine was accepted")
	}
	// The engine takes the referee's settings, so the measured best
	// configuration plays as the stdin bot too.
	text, code = run(t, in, "bot", "less", "--engine", "uct:teammate=max,c=0.3", "--budget", "1s")
	if code != 0 {
		t.Fatalf("bot less uct:teammate=max: %d %q", code, text)
	}
	if a, err := less.ParseAction(strings.Fields(text)[0]); err != nil || a.N == 0 {
		t.Errorf("first action of uct:teammate=max %q: %v", text, err)
	}
	if text, code := run(t, in, "bot", "less", "--engine", "mcts:teammate=self"); code == 0 || !strings.Contains(text, "one of chance, max") {
		t.Errorf("a bad setting: %d %q", code, text)
	}
}

// A --bot of ours reaches the bot with the referee's clock unless it sets
// its own (the spec language itself: codecup's TestSpecSetsTheTreeSearch).
func TestBotSpecReachesTheBot(t *testing.T) {
	p, err := parseProgram("gameai:uct:teammate=max,c=0.2", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	cfg := p.Local.Less.(codecup.Internal).Config
	if cfg.Engine != lessai.KindUCT || !cfg.TeamPlay || cfg.MCTS == nil || cfg.MCTS.C != 0.2 || cfg.Budget != time.Second {
		t.Errorf("config %+v", cfg)
	}
	if p, _ := parseProgram("gameai:greedy:budget=3s", time.Second); p.Local.Less.(codecup.Internal).Config.Budget != 3*time.Second {
		t.Error("budget=3s did not replace the referee's clock")
	}
	if _, err := parseProgram("gameai:mcts:teammate=self", time.Second); err == nil || !strings.Contains(err.Error(), `--bot "gameai:mcts:teammate=self"`) {
		t.Errorf("error %v does not name the --bot", err)
	}
	if p, _ := parseProgram("./less-2017 --fast", time.Second); len(p.Local.Less.(codecup.Exec).Argv) != 2 {
		t.Error("a command line was not run as one")
	}
}

// cancelOn cancels a context once a line it is written holds a text.
type cancelOn struct {
	text   string
	cancel context.CancelFunc
	buf    strings.Builder
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.buf.Write(p)
	if strings.Contains(c.buf.String(), c.text) {
		c.cancel()
	}
	return len(p), nil
}

// A match stopped part way (Ctrl-C) still sums up and writes the games
// that finished, and says it stopped.
func TestRefereeStoppedKeepsFinishedGames(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.txt")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var stdout strings.Builder
	err := refereeLess(ctx, []string{"--bot", "gameai:greedy", "--bot", "gameai:greedy", "--bot", "gameai:greedy",
		"--bot", "gameai:greedy", "--games", "40", "--out", out}, &stdout, &cancelOn{text: "game 2:", cancel: cancel})
	if err == nil || !strings.Contains(err.Error(), "of 40 games") {
		t.Fatalf("error %v, want it to say the match stopped", err)
	}
	m := regexp.MustCompile(`(\d+) games, 0 forfeits`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("no summary: %q", stdout.String())
	}
	played, _ := strconv.Atoi(m[1])
	b, rerr := os.ReadFile(out)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if played < 2 || played >= 40 || strings.Count(string(b), "[Layout") != played || !strings.Contains(string(b), `[Game "2"]`) {
		t.Errorf("%d games summed up, records:\n%s", played, b)
	}
}
