package codecup

import (
	"context"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"gameai/ai/series"
	"gameai/games/less"
)

// With GAMEAI_TEST_BOT set, the test binary is a greedy bot: the referee
// runs it as an external program.
func TestMain(m *testing.M) {
	if os.Getenv("GAMEAI_TEST_BOT") == "1" {
		if err := RunBot(context.Background(), os.Stdin, os.Stdout, os.Stderr, BotConfig{Engine: "greedy"}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fixture(t *testing.T) *less.Walls {
	t.Helper()
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestAGameBetweenFourBots(t *testing.T) {
	greedy := Internal{Config: BotConfig{Engine: "greedy"}}
	mcts := Internal{Config: BotConfig{Engine: "mcts", Budget: 2 * time.Second}}
	ext := Exec{Label: "external greedy", Argv: []string{os.Args[0], "-test.run=XXX"}}
	t.Setenv("GAMEAI_TEST_BOT", "1")
	rec, err := Referee{Budget: 10 * time.Second}.Play(context.Background(), [4]Program{greedy, mcts, ext, greedy}, fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Forfeit != nil {
		t.Fatalf("forfeit: %+v\n%s", rec.Forfeit, rec)
	}
	// Replaying the record reaches the same scores.
	w := fixture(t)
	p := less.NewPosition(w)
	var spent [2]int
	for i, text := range rec.Actions {
		a, err := less.ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if p.NilDue(i % 4) {
			if a.N != 0 {
				t.Fatalf("turn %d: %s where the turn passes", i+1, text)
			}
			continue
		}
		q := *p
		for _, m := range a.Moves() {
			spent[less.Team(i%4)] += q.Cost(m)
			q.Play(m)
		}
		if err := p.Apply(a); err != nil {
			t.Fatalf("turn %d %s: %v", i+1, text, err)
		}
	}
	// A team's total is its solo distances from the start, its detours
	// and its unspent points.
	d := less.DistancesFor(w)
	for team := range 2 {
		start, used := 0, 0
		for _, pl := range []int{team, team + 2} {
			start += d.Solo(pl, less.Starts[pl])
			used += p.Used(pl)
		}
		if rec.Wasted[team] != used-spent[team] || rec.Teams[team] != start+rec.Detours[team]+rec.Wasted[team] {
			t.Errorf("team %d: total %d, from the start %d, detours %d, wasted %d (spent %d of %d)", team, rec.Teams[team],
				start, rec.Detours[team], rec.Wasted[team], spent[team], used)
		}
	}
	where := fmt.Sprintf("[Detours \"%d %d\"]\n[Wasted \"%d %d\"]", rec.Detours[0], rec.Detours[1], rec.Wasted[0], rec.Wasted[1])
	if !strings.Contains(rec.String(), where) {
		t.Errorf("record without %s:\n%s", where, rec)
	}
	if !p.Over() || p.Scores(less.DistancesFor(w)) != rec.Scores {
		t.Errorf("replay: over %v, scores %v, record %v", p.Over(), p.Scores(less.DistancesFor(w)), rec.Scores)
	}
	if rec.Seats[2] != "external greedy" || !strings.Contains(rec.String(), "[Teams") {
		t.Errorf("record:\n%s", rec)
	}
	// Each player's clock is in the record, in seconds: a thinking program
	// used some of it.
	clocks := fmt.Sprintf("[Clocks \"%s %s %s %s\"]", clockText(rec.ClocksMS[0]), clockText(rec.ClocksMS[1]),
		clockText(rec.ClocksMS[2]), clockText(rec.ClocksMS[3]))
	if !strings.Contains(rec.String(), clocks) || rec.ClocksMS == [4]int64{} {
		t.Errorf("record without its clocks %v:\n%s", rec.ClocksMS, rec)
	}
}

// fake is a misbehaving program: it answers its first turn with what
// answer says, after a delay, or ends at once.
type fake struct {
	answer string
	delay  time.Duration
	crash  bool
}

func (f fake) Name() string { return "fake" }
func (f fake) Start(context.Context) (Conn, error) {
	return &fakeConn{f: f}, nil
}

type fakeConn struct {
	f    fake
	seen int
}

func (c *fakeConn) Send(string) error {
	c.seen++
	return nil
}
func (c *fakeConn) Receive(ctx context.Context, timeout time.Duration) (string, error) {
	if c.f.crash {
		return "", io.EOF
	}
	if c.f.delay > timeout {
		time.Sleep(timeout)
		return "", ErrTimeout
	}
	time.Sleep(c.f.delay)
	return c.f.answer, nil
}
func (c *fakeConn) Close() {}

func TestForfeits(t *testing.T) {
	greedy := Internal{Config: BotConfig{Engine: "greedy"}}
	for _, c := range []struct {
		name string
		prog fake
		why  string
	}{
		{"illegal", fake{answer: "h2h4"}, "illegal action at turn 1"},
		{"garbage", fake{answer: "hello"}, "illegal action at turn 1"},
		{"crash", fake{crash: true}, "crashed at turn 1"},
		{"slow", fake{answer: "h2h3", delay: 300 * time.Millisecond}, "timed out"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, err := Referee{Budget: 200 * time.Millisecond}.Play(context.Background(), [4]Program{c.prog, greedy, greedy, greedy}, fixture(t))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Forfeit == nil || rec.Forfeit.Player != less.Yellow || !strings.Contains(rec.Forfeit.Reason, c.why) {
				t.Fatalf("forfeit %+v, want Yellow: %q", rec.Forfeit, c.why)
			}
			if rec.Teams[0] <= rec.Teams[1] {
				t.Errorf("the offending team scored %d, the other %d: it must lose", rec.Teams[0], rec.Teams[1])
			}
		})
	}
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

// A match's sums from each side's point of view: the margin's sign, the
// tally, and the detours and unspent points of the team each side played.
func TestAddGameCountsForBothSides(t *testing.T) {
	var a, b TeamResult
	AddGame(&a, &b, Pairing{AYW: false}, &GameRecord{Teams: [2]int{80, 83}, Detours: [2]int{20, 25}, Wasted: [2]int{3, 4}})
	AddGame(&a, &b, Pairing{AYW: true}, &GameRecord{Teams: [2]int{75, 75}, Detours: [2]int{10, 11}, Wasted: [2]int{1, 2}})
	AddGame(&a, &b, Pairing{AYW: true}, &GameRecord{Teams: [2]int{70, 76}, Detours: [2]int{5, 6}, Wasted: [2]int{0, 1}})
	wantA := TeamResult{Tally: series.Tally{Wins: 1, Draws: 1, Losses: 1}, Margins: []int{-3, 0, 6}, Detours: 25 + 10 + 5, Wasted: 4 + 1 + 0}
	wantB := TeamResult{Tally: series.Tally{Wins: 1, Draws: 1, Losses: 1}, Margins: []int{3, 0, -6}, Detours: 20 + 11 + 6, Wasted: 3 + 2 + 1}
	if !reflect.DeepEqual(a, wantA) || !reflect.DeepEqual(b, wantB) {
		t.Errorf("side A %+v, want %+v; side B %+v, want %+v", a, wantA, b, wantB)
	}
}
