package codecup

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"gameai/games/less"
)

func fixture(t *testing.T) *less.Walls {
	t.Helper()
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestTheBotOnItsOwn(t *testing.T) {
	// Black: read Yellow's action, answer, read the other three, ...,
	// with junk among the lines.
	in := strings.Join([]string{less.FixtureLayout, "Black", "h2h3", "", "nonsense", "White's move", "b7c7", "Move", "Quit"}, "\n") + "\n"
	var out, log strings.Builder
	if err := RunBot(context.Background(), strings.NewReader(in), &out, &log, BotConfig{Engine: "greedy"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 {
		t.Fatalf("output %q", out.String())
	}
	a, err := less.ParseAction(lines[0])
	if err != nil || a.N == 0 {
		t.Fatalf("first action %q: %v", lines[0], err)
	}
	p := less.NewPosition(fixture(t))
	yellow, _ := less.ParseAction("h2h3")
	if err := p.Apply(yellow); err != nil {
		t.Fatal(err)
	}
	if err := p.Apply(a); err != nil {
		t.Errorf("the bot's action %s is illegal: %v", a, err)
	}
	if !strings.Contains(log.String(), "taken as a pass") {
		t.Errorf("junk was not reported: %s", log.String())
	}
	// The answer to Move is a route of moves home.
	route := lines[len(lines)-1]
	if strings.Count(route, ":") < 4 {
		t.Errorf("route %q", route)
	}
	for _, bad := range []string{"", "123\n", less.FixtureLayout + "\nPurple\n"} {
		if err := RunBot(context.Background(), strings.NewReader(bad), io.Discard, io.Discard, BotConfig{}); err == nil && bad != "" {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestTheBotKeepsItsTree: with ReuseTree, a search of a position the last
// search's tree holds starts from it (here the same position twice; a
// game reaches its next turn some moves down the tree); without, never.
func TestTheBotKeepsItsTree(t *testing.T) {
	for _, reuse := range []bool{true, false} {
		var log strings.Builder
		b := newBot(strings.NewReader(""), io.Discard, &log, BotConfig{Engine: "mcts", Budget: 3 * time.Second, ReuseTree: reuse})
		w := fixture(t)
		b.d, b.p, b.me = less.DistancesFor(w), *less.NewPosition(w), 0
		b.choose(t.Context())
		b.choose(t.Context())
		lines := strings.Split(strings.TrimSpace(log.String()), "\n")
		if len(lines) != 2 || !strings.Contains(lines[0], ", 0 visits reused") {
			t.Fatalf("reuse %v: log %q", reuse, log.String())
		}
		if kept := !strings.Contains(lines[1], ", 0 visits reused"); kept != reuse {
			t.Errorf("reuse %v: second search %q", reuse, lines[1])
		}
	}
}
