package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"gameai/arena"
	"gameai/competition"
	"gameai/hosting"
	"gameai/internal/confinetest"
	"gameai/internal/gobuild"
	"gameai/internal/redistest"
	"gameai/jobs/kinds"
)

// Issue 46's acceptance: an 8-bot Less competition (5 under the race
// detector) of bots that play the same game every time (ours bounded by
// iterations or depth, two uploaded programs, one of which crashes
// mid-game) gives the same standings in process (two games at a time) and
// on two `gameai worker` processes of which one is SIGKILLed while it
// plays a game; the crashing bot is last, every game of its an irregular
// loss.
func TestCompetitionAgreesInProcessAndOnWorkersOneKilled(t *testing.T) {
	srv, rdb := killTestRedis(t)
	ctx := context.Background()
	st := redistest.Store(t, srv.URL(), "gameai:")
	host := hosting.New(st, hosting.Config{})
	defer host.Close()
	if err := host.Unavailable(); err != nil {
		confinetest.Check(t, err)
	}
	upload := func(id, pkg string) arena.Entrant {
		prog := gobuild.Static(t, pkg)
		hash, err := st.Artefacts.Put(ctx, prog)
		if err != nil {
			t.Fatal(err)
		}
		u := arena.Uploaded{ID: id, Name: id, Owner: "ann", Version: 1, Language: "executable", Program: hash}
		return arena.Entrant{ID: id, Uploaded: &u}
	}
	entrants := []arena.Entrant{
		{ID: "gameai:greedy"}, {ID: "gameai:uct:iterations=100"}, {ID: "gameai:uct:iterations=200,teammate=max"},
		{ID: "gameai:mcts:iterations=100"}, {ID: "gameai:expectimax:depth=1"}, {ID: "gameai:uct:iterations=50,scale=3"},
		upload("bot_greedy", "../hosting/testdata/lessbot"), upload("bot_crash", "../arena/testdata/lesscrash"),
	}
	if raceOn {
		// Five bots (20 games, a bye a round) take the same paths as eight
		// (56 games): the 8-bot field played twice was 321 s of the CLI's
		// 442 s under the race detector.
		entrants = append(entrants[:2:2], entrants[4], entrants[6], entrants[7])
	}
	p := kinds.CompetitionParams{Name: "acceptance", Entrants: entrants, Clock: arena.Clock{GameMS: 60000}, Parallel: 2,
		Plan: competition.Plan{Game: competition.Less, Format: competition.RoundRobin, Rounds: 1, Seed: 46}}
	for _, e := range entrants {
		p.Plan.Field = append(p.Plan.Field, e.ID)
	}
	if err := p.Plan.Check(); err != nil {
		t.Fatal(err)
	}
	schedule := p.Plan.Schedule()
	// faults says every fault of the games played, for a failure's message.
	var faults []string
	standings := func(d kinds.Deps, job string) ([]competition.Row, []competition.Result) {
		t.Helper()
		var res []competition.Result
		faults = nil
		cctx, cancel := context.WithTimeout(ctx, 8*time.Minute)
		defer cancel()
		err := kinds.PlayCompetition(cctx, d, job, p, schedule, func(g kinds.CompetitionGame) {
			res = append(res, g.Outcome.Result)
			if f := g.Outcome.Fault; f != nil {
				faults = append(faults, fmt.Sprintf("game %d: %+v", g.N, *f))
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return competition.Standings(p.Plan, schedule, res, nil), res
	}
	want, wantRes := standings(kinds.Deps{Players: kinds.Here{Arena: &arena.Runner{Uploads: host}}}, "")

	last := want[len(want)-1]
	if p.Plan.Field[last.Bot] != "bot_crash" || last.Irregular != last.Games || last.Games == 0 {
		t.Fatalf("in process: %+v; bot_crash last with every game irregular; the faults:\n%s", want, strings.Join(faults, "\n"))
	}

	startWorker(t, srv.URL(), "two")
	victim := startWorker(t, srv.URL(), "two")
	insp := asynq.NewInspectorFromRedisClient(rdb)
	killed := killWhileBusy(t, srv, insp, "two", victim)
	two := newDispatcher(t, srv, "two")
	got, gotRes := standings(kinds.Deps{Players: kinds.OnWorkers{Dispatcher: two}}, "competition-two")
	if len(gotRes) != len(wantRes) {
		t.Errorf("%d games on the workers, %d in process", len(gotRes), len(wantRes))
	}
	for _, a := range wantRes {
		for _, b := range gotRes {
			if a.N == b.N && !reflect.DeepEqual(a, b) {
				t.Errorf("game %d %v: %+v on the workers, %+v in process", a.N, schedule[a.N-1].Seats, b, a)
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("on two workers, one killed:\n%+v\nin process:\n%+v", got, want)
	}
	if _, ok := <-killed; !ok {
		t.Fatal("the two workers were never busy at once: nothing was killed")
	}
}

// gameai competition less runs local programs beside our engines: here
// the gameai binary's own stdin bot (this test binary, run as gameai),
// two games at a time, and writes every record.
func TestCompetitionCommandRunsLocalPrograms(t *testing.T) {
	if !raceOn {
		t.Setenv(processEnv, "1") // the programs it starts are this binary as gameai
	}
	out := filepath.Join(t.TempDir(), "records.txt")
	var stdout, stderr strings.Builder
	err := Main(context.Background(), []string{"competition", "less", "--clock", "5s", "--seed", "2", "--out", out, "--parallel", "2",
		"--bot", "gameai:greedy", "--bot", "gameai:uct:iterations=50", "--bot", "gameai:expectimax:depth=1",
		"--bot", gameaiPath(t) + " bot less --engine greedy"}, &stdout, &stderr)
	if err != 0 {
		t.Fatalf("exit %d: %s", err, stderr.String())
	}
	// Four bots: the whist design's three tables, every two bots partners
	// at one of them.
	table := stdout.String()
	if !strings.Contains(table, "rank") || !strings.Contains(table, " bot less --engine greedy") || !strings.Contains(table, "12 of 12 games") ||
		!strings.Contains(table, "schedule: whist design; a bot at 3 tables, two bots partners at 1 of them and opponents at 2") {
		t.Fatalf("standings:\n%s", table)
	}
	// The partners table: four rows, every two bots partners in 4 games.
	_, partners, _ := strings.Cut(table, "partners (row's points in its games beside column / games):\n")
	partners, _, _ = strings.Cut(partners, "schedule:")
	if rows := strings.Split(strings.TrimSpace(partners), "\n"); len(rows) != 5 || strings.Count(partners, "/4") != 12 {
		t.Errorf("partners table:\n%s", partners)
	}
	if n := strings.Count(stderr.String(), "\ngame ") + 1; n != 12 {
		t.Errorf("%d game lines:\n%s", n, stderr.String())
	}
	rec, rerr := os.ReadFile(out)
	if rerr != nil || strings.Count(string(rec), "[Layout ") != 12 {
		t.Errorf("records: %v\n%s", rerr, rec)
	}
	// Checked before anything is played.
	for args, want := range map[string]string{
		"competition less --bot gameai:greedy --bot gameai:uct --bot gameai:mcts":               "bot",
		"competition morris --bot gameai:random --bot gameai:chess":                             "gameai:chess",
		"competition morris --bot gameai:random --bot gameai:random":                            "twice",
		"competition morris --bot gameai:random --bot gameai:mcts:iterations=5 --format ladder": "format",
		"competition morris --bot gameai:random --bot gameai:mcts:iterations=5 --clock 1h":      "--clock",
		"competition morris --bot gameai:random --bot gameai:mcts:iterations=5 --parallel 0":    "--parallel",
	} {
		var o, e strings.Builder
		if code := Main(context.Background(), strings.Fields(args), &o, &e); code == 0 || !strings.Contains(e.String(), want) {
			t.Errorf("%s: exit %d, %q; want an error about %s", args, code, e.String(), want)
		}
	}
}
