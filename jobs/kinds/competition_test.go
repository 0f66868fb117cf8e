package kinds

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"gameai/arena"
	"gameai/competition"
)

// A competition's state keeps the tail of each seat's stderr, and each
// bot's words (stderr and its conversation with the referee) in its latest
// CompetitionStderrGames games only: a bot that plays rarely keeps its own
// however many games the others play, and one that wrote nothing on stderr
// keeps its conversations.
func TestCompetitionStderrIsBounded(t *testing.T) {
	var st CompetitionState
	// "é" is two bytes: a cut must not split it.
	long := strings.Repeat("é", CompetitionStderrBytes) + "the end"
	seen := map[int]int{} // bot → games played
	for n := 1; n <= 60; n++ {
		seats := []int{0, 1, 2, 3}
		if n%5 == 0 {
			seats[3] = 4 // bot 4 plays every fifth game
		}
		stderr, talk := make([]string, 4), make([]string, 4)
		for i, b := range seats {
			stderr[i] = fmt.Sprintf("bot %d game %d ", b, n)
			talk[i] = fmt.Sprintf("0.000 > game %d\n0.010 < bot %d\n", n, b)
			seen[b]++
		}
		stderr[0] = long
		stderr[2] = "" // a bot that wrote nothing
		st.add(CompetitionGame{Game: competition.Game{N: n, Seats: seats},
			Outcome: arena.Outcome{Result: competition.Result{N: n}, Stderr: stderr, Transcripts: talk}})
	}
	kept, talked := map[int][]int{}, map[int][]int{} // bot → the games whose stderr, whose transcript it keeps
	for _, g := range st.Played {
		for seat, b := range g.Seats {
			if g.Outcome.Transcripts != nil && g.Outcome.Transcripts[seat] != "" {
				if want := fmt.Sprintf("< bot %d\n", b); !strings.Contains(g.Outcome.Transcripts[seat], want) {
					t.Errorf("game %d seat %d keeps the transcript %q", g.N, seat, g.Outcome.Transcripts[seat])
				}
				talked[b] = append(talked[b], g.N)
			}
			if g.Outcome.Stderr == nil || g.Outcome.Stderr[seat] == "" {
				continue
			}
			e := g.Outcome.Stderr[seat]
			if len(e) > CompetitionStderrBytes+len("…") || !utf8.ValidString(e) {
				t.Errorf("game %d seat %d keeps %d bytes (valid UTF-8: %v)", g.N, seat, len(e), utf8.ValidString(e))
			}
			if seat == 0 && !strings.HasSuffix(e, "the end") {
				t.Errorf("game %d: the tail of the stderr was not kept", g.N)
			}
			kept[b] = append(kept[b], g.N)
		}
	}
	for b, n := range seen {
		want := min(n, CompetitionStderrGames)
		if len(talked[b]) != want {
			t.Errorf("bot %d keeps transcripts in games %v, want its latest %d of %d", b, talked[b], want, n)
		}
		if b == 2 {
			want = 0
		} else if !slices.Equal(kept[b], talked[b]) {
			t.Errorf("bot %d keeps stderr in games %v, its transcripts in %v: want the same games", b, kept[b], talked[b])
		}
		if len(kept[b]) != want {
			t.Errorf("bot %d keeps stderr in games %v, want its latest %d of %d", b, kept[b], want, n)
		}
	}
	if got := talked[2]; len(got) == 0 || got[len(got)-1] != 60 {
		t.Errorf("bot 2, which wrote nothing on stderr, keeps its transcripts in games %v, want its latest up to 60", got)
	}
	// Bot 4's latest games are the last multiples of five; bot 3's the
	// last games not a multiple of five.
	if got := kept[4]; len(got) > 0 && got[0] != 15 {
		t.Errorf("bot 4 keeps games %v, want 15 to 60", got)
	}
	if got := kept[3]; len(got) > 0 && got[len(got)-1] != 59 {
		t.Errorf("bot 3 keeps games %v, want up to 59", got)
	}
	if o := st.Played[0].Outcome; o.Stderr != nil || o.Transcripts != nil {
		t.Errorf("game 1 keeps %q and %q, want no stderr nor transcript at all", o.Stderr, o.Transcripts)
	}
}

// Games played two at a time are the games played one at a time (our
// engines bounded by iterations or depth play the same game every time),
// each heard of once.
func TestCompetitionGamesAtOnceAreTheSameGames(t *testing.T) {
	p := CompetitionParams{Clock: arena.Clock{GameMS: 60000},
		Plan: competition.Plan{Game: competition.Less, Format: competition.RoundRobin, Rounds: 1, Seed: 3,
			Field: []string{"gameai:greedy", "gameai:uct:iterations=20,teammate=max,opponents=min", "gameai:greedy:seed=2", "gameai:greedy:seed=3"}}}
	for _, id := range p.Plan.Field {
		p.Entrants = append(p.Entrants, arena.Entrant{ID: id})
	}
	schedule := p.Plan.Schedule()[:4] // a table's games
	play := func(parallel int) map[int]competition.Result {
		t.Helper()
		p.Parallel = parallel
		got := map[int]competition.Result{}
		err := PlayCompetition(context.Background(), Deps{Players: Here{Arena: &arena.Runner{}}}, "", p, schedule, func(g CompetitionGame) {
			if _, twice := got[g.N]; twice {
				t.Errorf("game %d heard of twice", g.N)
			}
			got[g.N] = g.Outcome.Result
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	one, two := play(1), play(2)
	if len(one) != len(schedule) || !reflect.DeepEqual(one, two) {
		t.Errorf("one at a time %v\ntwo at a time %v", one, two)
	}
	// Stopped, it says so, and hears only of the games it finished.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p.Parallel = 2
	err := PlayCompetition(ctx, Deps{Players: Here{Arena: &arena.Runner{}}}, "", p, schedule, func(CompetitionGame) {})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("stopped: %v", err)
	}
}
