package arena

import (
	"context"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"gameai/arena/series"
	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
)

// With GAMEAI_TEST_BOT set, the test binary is a greedy bot: the referee
// runs it as an external program.
func TestMain(m *testing.M) {
	if os.Getenv("GAMEAI_TEST_BOT") == "1" {
		if err := codecup.RunBot(context.Background(), os.Stdin, os.Stdout, os.Stderr, codecup.BotConfig{Engine: "greedy"}); err != nil {
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

// playLess plays the fixture's layout between four programs by colour,
// each with budget for the game, as every caller does: from a spec.
func playLess(t *testing.T, budget time.Duration, progs ...codecup.Program) *LessRecord {
	t.Helper()
	var seats []Entrant
	for _, p := range progs {
		seats = append(seats, Entrant{Local: &Local{Less: p}})
	}
	o, err := Runner{}.Play(context.Background(), Spec{Game: competition.Less, Seats: seats, Layout: less.FixtureLayout,
		Clock: Clock{GameMS: budget.Milliseconds()}})
	if err != nil {
		t.Fatal(err)
	}
	return o.Less
}

func TestAGameBetweenFourBots(t *testing.T) {
	greedy := codecup.Internal{Config: codecup.BotConfig{Engine: "greedy"}}
	mcts := codecup.Internal{Config: codecup.BotConfig{Engine: "mcts", Budget: 2 * time.Second}}
	ext := codecup.Exec{Label: "external greedy", Argv: []string{os.Args[0], "-test.run=XXX"}}
	t.Setenv("GAMEAI_TEST_BOT", "1")
	rec := playLess(t, 10*time.Second, greedy, mcts, ext, greedy)
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
func (f fake) Start(context.Context) (codecup.Conn, error) {
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
	// The fake bot's thinking takes the referee's time: its clock is the
	// wall's.
	if c.f.delay > timeout {
		time.Sleep(timeout)
		return "", codecup.ErrTimeout
	}
	time.Sleep(c.f.delay) // as above
	return c.f.answer, nil
}
func (c *fakeConn) Close() {}

func TestForfeits(t *testing.T) {
	greedy := codecup.Internal{Config: codecup.BotConfig{Engine: "greedy"}}
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
			rec := playLess(t, 200*time.Millisecond, c.prog, greedy, greedy, greedy)
			if rec.Forfeit == nil || rec.Forfeit.Seat != less.Yellow || !strings.Contains(rec.Forfeit.Reason, c.why) {
				t.Fatalf("forfeit %+v, want Yellow: %q", rec.Forfeit, c.why)
			}
			if rec.Teams[0] <= rec.Teams[1] {
				t.Errorf("the offending team scored %d, the other %d: it must lose", rec.Teams[0], rec.Teams[1])
			}
		})
	}
}

// A match's sums from each side's point of view: the margin's sign, the
// tally, and the detours and unspent points of the team each side played.
func TestAddGameCountsForBothSides(t *testing.T) {
	var a, b TeamResult
	AddGame(&a, &b, Pairing{Seating: 1}, &LessRecord{Teams: [2]int{80, 83}, Detours: [2]int{20, 25}, Wasted: [2]int{3, 4}})
	AddGame(&a, &b, Pairing{Seating: 0}, &LessRecord{Teams: [2]int{75, 75}, Detours: [2]int{10, 11}, Wasted: [2]int{1, 2}})
	AddGame(&a, &b, Pairing{Seating: 0}, &LessRecord{Teams: [2]int{70, 76}, Detours: [2]int{5, 6}, Wasted: [2]int{0, 1}})
	wantA := TeamResult{Tally: series.Tally{Wins: 1, Draws: 1, Losses: 1}, Margins: []int{-3, 0, 6}, Detours: 25 + 10 + 5, Wasted: 4 + 1 + 0}
	wantB := TeamResult{Tally: series.Tally{Wins: 1, Draws: 1, Losses: 1}, Margins: []int{3, 0, -6}, Detours: 20 + 11 + 6, Wasted: 3 + 2 + 1}
	if !reflect.DeepEqual(a, wantA) || !reflect.DeepEqual(b, wantB) {
		t.Errorf("side A %+v, want %+v; side B %+v, want %+v", a, wantA, b, wantB)
	}
}
