package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gameai/api"
	"gameai/arena"
	"gameai/competition"
	"gameai/internal/gobuild"
	"gameai/store"
	"gameai/store/memory"
)

// competition starts one and waits for it to end; it returns its
// standings as GET shows them.
func (e *env) competition(t *testing.T, req api.CompetitionRequest, headers ...string) api.CompetitionResponse {
	t.Helper()
	var c api.CompetitionResponse
	r := e.do(t, "POST", "/v1/competitions", req, headers...).ok(t, http.StatusAccepted)
	r.json(t, &c)
	if r.header.Get("Location") != "/v1/competitions/"+c.ID || c.Status != "queued" || c.Planned == 0 {
		t.Fatalf("created: %s (Location %q)", r.body, r.header.Get("Location"))
	}
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/competitions/"+c.ID, nil).ok(t, 200).json(t, &c)
		return store.JobStatus(c.Status).Final()
	})
	if c.Status != string(store.JobSucceeded) {
		t.Fatalf("competition %s: %s %s", c.ID, c.Status, c.Error)
	}
	return c
}

func TestMorrisRoundRobinOfOurEngines(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := []string{"gameai:alphabeta:strategy=ga-2019-best,depth=2", "gameai:alphabeta:strategy=petcu-e32,depth=1", "gameai:random"}
	c := e.competition(t, api.CompetitionRequest{Game: "morris", Bots: bots, Seed: 4, Clock: nil})
	if c.Played != 6 || c.Planned != 6 || len(c.Standings) != 3 || c.Format != "round-robin" || c.Clock.MoveMS != 1000 {
		t.Fatalf("%+v", c)
	}
	points := 0.0
	for k, r := range c.Standings {
		points += r.Points
		if r.Rank != k+1 || r.Games != 4 || r.Wins+r.Draws+r.Losses != 4 || r.Rating95 <= 0 {
			t.Errorf("row %+v", r)
		}
	}
	if points != 6 || c.Standings[2].Bot != "gameai:random" {
		t.Errorf("standings %+v: 6 points shared, random last", c.Standings)
	}
	if len(c.Crosstable) != 3 || c.Crosstable[0][0] != nil || c.Crosstable[0][1] == nil || *c.Crosstable[0][1]+*c.Crosstable[1][0] != 2 {
		t.Errorf("crosstable %v", c.Crosstable)
	}
	var page api.CompetitionGamesResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games?limit=4", nil).ok(t, 200).json(t, &page)
	if len(page.Games) != 4 || page.NextCursor != "4" || page.Games[0].N != 1 || page.Games[0].Moves != nil {
		t.Fatalf("games page %+v", page)
	}
	// The pair's two games share an opening, colours swapped.
	a, b := page.Games[0], page.Games[1]
	if a.Board != b.Board || a.Seats[0] != b.Seats[1] || a.Board == "" {
		t.Errorf("games 1 and 2: %+v %+v", a, b)
	}
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games?bot=gameai:random", nil).ok(t, 200).json(t, &page)
	if len(page.Games) != 4 {
		t.Errorf("random's games: %d", len(page.Games))
	}
	var g api.CompetitionGameResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/3", nil).ok(t, 200).json(t, &g)
	if len(g.Positions) != len(g.Moves)+1 {
		t.Errorf("game 3: %d positions for %d moves", len(g.Positions), len(g.Moves))
	}
	if g.N != 3 || len(g.Moves) != g.Plies || len(g.TimesMS) != len(g.Moves) || !strings.HasPrefix(strings.Join(g.Moves, " "), g.Board) || g.Record == "" {
		t.Errorf("game 3: %+v", g)
	}
	r := e.do(t, "GET", "/v1/competitions/"+c.ID+"/records", nil).ok(t, 200)
	if !strings.Contains(string(r.body), "[Game \"6\"]") || !strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
		t.Errorf("records: %q", r.body)
	}
	// A game past the schedule is no game, not one "not played yet".
	r = e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/99", nil)
	if fe := r.hasField(t, r.problem(t, 404), "n"); fe.Reason != "no game 99: this competition has 6" {
		t.Errorf("game 99: %q", fe.Reason)
	}
	var list api.CompetitionListResponse
	e.do(t, "GET", "/v1/competitions", nil).ok(t, 200).json(t, &list)
	if len(list.Competitions) != 1 || list.Competitions[0].ID != c.ID || list.Competitions[0].Standings != nil ||
		list.Competitions[0].Played != 6 {
		t.Errorf("list %+v", list)
	}
	// The same seed and bots play the same games, two at a time too.
	again := e.competition(t, api.CompetitionRequest{Game: "morris", Bots: bots, Seed: 4, Parallel: 2})
	if c.Parallel != 1 || again.Parallel != 2 {
		t.Errorf("parallel %d and %d, want 1 and 2", c.Parallel, again.Parallel)
	}
	for k := range c.Standings {
		if c.Standings[k].Bot != again.Standings[k].Bot || c.Standings[k].Points != again.Standings[k].Points {
			t.Fatalf("again: %+v, first %+v", again.Standings, c.Standings)
		}
	}
}

func TestCompetitionRequestsAreCheckedFieldByField(t *testing.T) {
	e := newEnv(t, nil, nil)
	two := []string{"gameai:random", "gameai:alphabeta:strategy=ga-2019-best,depth=1"}
	for _, c := range []struct {
		req   any
		field string
	}{
		{api.CompetitionRequest{Game: "chess", Bots: two}, "game"},
		{api.CompetitionRequest{Game: "morris", Bots: two[:1]}, "bots"},
		{api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:uct", "gameai:mcts"}}, "bots"},
		{api.CompetitionRequest{Game: "morris", Bots: []string{"gameai:random", "gameai:random"}}, "bots"},
		{api.CompetitionRequest{Game: "morris", Bots: []string{"gameai:random", "gameai:exe:/bin/sh"}}, "bots[1]"},
		{api.CompetitionRequest{Game: "morris", Bots: []string{"gameai:random", "bot_nobody"}}, "bots[1]"},
		{api.CompetitionRequest{Game: "morris", Bots: two, Format: "knockout"}, "format"},
		{api.CompetitionRequest{Game: "morris", Bots: two, Rounds: 51}, "rounds"},
		{api.CompetitionRequest{Game: "morris", Bots: two, Parallel: 17}, "parallel"},
		{map[string]any{"game": "morris", "bots": two, "parallel": -1}, "parallel"},
		{api.CompetitionRequest{Game: "morris", Bots: two, Clock: &arenaClock{GameMS: 30000}}, "clock.game_ms"},
		{api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:uct", "gameai:mcts", "gameai:greedy:seed=2"}, Clock: &arenaClock{GameMS: 5}}, "clock.game_ms"},
		{map[string]any{"game": "morris", "bots": two, "owner": "me"}, "owner"},
		// A bot's label is drawn on the page (the standings, the partners
		// table): markup in an engine's options never makes it a label.
		{api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:uct", "gameai:mcts", "gameai:greedy:seed=<img src=x onerror=alert(1)>"}}, "bots[3]"},
		{api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:uct", "gameai:mcts", "gameai:uct:teammate=<b>max</b>"}}, "bots[3]"},
	} {
		r := e.do(t, "POST", "/v1/competitions", c.req)
		r.hasField(t, r.problem(t, 400), c.field)
	}
	// Too long for the server's job cap.
	e2 := newEnv(t, nil, func(c *api.Config) { c.MaxJobTime = time.Minute })
	r := e2.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "morris", Bots: two, Rounds: 10})
	r.hasField(t, r.problem(t, 400), "rounds")
	e.do(t, "GET", "/v1/competitions/nope", nil).problem(t, 404)
	e.do(t, "GET", "/v1/competitions/nope/games/1", nil).problem(t, 404)
}

// readyBot stores a program as a ready bot of owner, as if admitted.
func readyBot(t *testing.T, st *store.Store, id, game, owner string, prog []byte) {
	t.Helper()
	ctx := context.Background()
	hash, err := st.Artefacts.Put(ctx, prog)
	if err != nil {
		t.Fatal(err)
	}
	b := &store.Bot{ID: id, Game: game, Name: id, Owner: owner, Language: "executable", Version: 1, Status: store.BotReady,
		Source: hash, Program: hash, Size: int64(len(prog)), CreatedAt: time.Now(), UpdatedAt: time.Now()}
	if err := st.Bots.Create(ctx, b); err != nil {
		t.Fatal(err)
	}
}

func TestLessCompetitionWithAnUploadedBotThatCrashes(t *testing.T) {
	e, _ := sandboxed(t)
	ann := e.owner(t, "ann", "")
	bob := e.owner(t, "bob", "")
	readyBot(t, e.store, "bot_crash", "less", "ann", gobuild.Static(t, "../arena/testdata/lesscrash"))
	readyBot(t, e.store, "bot_rejected", "less", "bob", gobuild.Static(t, "../hosting/testdata/lessbot"))
	b, err := e.store.Bots.Get(context.Background(), "bot_rejected")
	if err != nil {
		t.Fatal(err)
	}
	b.Status = store.BotRejected
	if err := e.store.Bots.Update(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	ours := []string{"gameai:greedy", "gameai:greedy:seed=5", "gameai:greedy:seed=9"}
	r := e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "less", Bots: append(slices.Clone(ours), "bot_rejected")})
	r.hasField(t, r.problem(t, 422), "bots[3]")
	r = e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "morris", Bots: []string{"gameai:random", "bot_crash"}})
	r.hasField(t, r.problem(t, 422), "bots[1]")

	// Greedy bots answer at once: a clock of 10 s costs nothing, and on
	// a loaded machine the confined bot's first answer (its start in the
	// sandbox, at the bots' low CPU weight) took over the 3 s it once had.
	c := e.competition(t, api.CompetitionRequest{Game: "less", Bots: append(ours, "bot_crash"), Seed: 8,
		Clock: &arenaClock{GameMS: 10000 * raceSlowdown}})
	// Four bots: three tables, every two partners once (a whist design).
	if b := c.Balance; b == nil || *b != (competition.Balance{Design: "whist", Tables: [2]int{3, 3}, Partners: [2]int{1, 1}, Opponents: [2]int{2, 2}}) ||
		c.Planned != 12 {
		t.Errorf("balance %+v, %d games planned", b, c.Planned)
	}
	last := c.Standings[3]
	if last.Bot != "bot_crash" || last.Irregular != last.Games || last.Games == 0 || last.Points != 0 || last.Label != "ann/bot_crash v1" {
		t.Fatalf("standings %+v: the crashing bot last with every game irregular", c.Standings)
	}
	// The partners table: each bot's points split by its partner, four
	// games each; a row sums to the bot's points; nobody scores beside the
	// crashing bot (a team loses its partner's irregular game).
	index := func(id string) int {
		return slices.IndexFunc(c.Bots, func(b api.CompetitionBot) bool { return b.ID == id })
	}
	crash := index("bot_crash")
	for _, r := range c.Standings {
		i := index(r.Bot)
		sum := 0.0
		for j, cell := range c.Partners[i] {
			switch {
			case (i == j) != (cell == nil):
				t.Fatalf("partners row %d: cell %d %+v", i, j, cell)
			case cell != nil && cell.Games != 4, cell != nil && j == crash && cell.Points != 0:
				t.Errorf("bot %s beside %s: %+v", r.Bot, c.Bots[j].ID, *cell)
			case cell != nil:
				sum += cell.Points
			}
		}
		if sum != r.Points {
			t.Errorf("bot %s: partners sum to %g, standings %g", r.Bot, sum, r.Points)
		}
	}
	var page api.CompetitionGamesResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games?bot=bot_crash", nil).ok(t, 200).json(t, &page)
	if len(page.Games) != last.Games {
		t.Fatalf("%d games of bot_crash, standings say %d", len(page.Games), last.Games)
	}
	g0 := page.Games[0]
	seat := slices.Index(g0.Seats, "bot_crash")
	if g0.Fault == nil || g0.Fault.Seat != seat || g0.Fault.Turn < 17 || !strings.Contains(g0.Reason, "ann/bot_crash v1 (") || !strings.Contains(g0.Reason, "crashed") {
		t.Fatalf("game %+v", g0)
	}
	// Its stderr: to ann only, in its latest games only (the state
	// keeps it for each bot's latest 10 of its 12).
	var g api.CompetitionGameResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/"+itoa(g0.N), nil, "X-API-Key", ann).ok(t, 200).json(t, &g)
	if g.Stderr != nil || len(g.Moves) == 0 {
		t.Errorf("game %d, among bot_crash's first two: stderr %q", g0.N, g.Stderr)
	}
	gl := page.Games[len(page.Games)-1]
	seat = slices.Index(gl.Seats, "bot_crash")
	path := "/v1/competitions/" + c.ID + "/games/" + itoa(gl.N)
	e.do(t, "GET", path, nil, "X-API-Key", ann).ok(t, 200).json(t, &g)
	if len(g.Positions) != len(g.Moves)+1 || !strings.HasPrefix(g.Positions[0], g.Board) {
		t.Fatalf("%d positions for %d moves, from %q", len(g.Positions), len(g.Moves), g.Positions)
	}
	if len(g.Stderr) != 4 || !strings.Contains(g.Stderr[seat], "giving up after 5 actions") {
		t.Fatalf("ann's stderr in game %d: %q", gl.N, g.Stderr)
	}
	for _, tok := range []string{"", bob, "gat_not-a-token"} {
		g = api.CompetitionGameResponse{}
		e.do(t, "GET", path, nil, "X-API-Key", tok).ok(t, 200).json(t, &g)
		if g.Stderr != nil || len(g.Moves) == 0 {
			t.Fatalf("token %q: stderr %q", tok, g.Stderr)
		}
	}
}

type arenaClock = arena.Clock

func itoa(n int) string { return strconv.Itoa(n) }

// Issue 46's acceptance: a 4-bot Morris round robin in which one bot is
// an uploaded executable speaking Sanmill's protocol.
func TestMorrisRoundRobinWithAnUploadedEngine(t *testing.T) {
	e, _ := sandboxed(t)
	readyBot(t, e.store, "bot_uci", "morris", "ann", gobuild.Static(t, "../hosting/testdata/morrisbot"))
	bots := []string{"gameai:alphabeta:strategy=ga-2019-best,depth=2", "gameai:alphabeta:strategy=petcu-e32,depth=1",
		"gameai:random", "bot_uci"}
	c := e.competition(t, api.CompetitionRequest{Game: "morris", Bots: bots, Seed: 7, Clock: &arenaClock{MoveMS: 20}})
	if c.Played != 12 || len(c.Standings) != 4 {
		t.Fatalf("%+v", c)
	}
	var page api.CompetitionGamesResponse
	e.do(t, "GET", "/v1/competitions/"+c.ID+"/games?bot=bot_uci", nil).ok(t, 200).json(t, &page)
	if len(page.Games) != 6 || page.Games[0].Plies <= 4 {
		t.Fatalf("the uploaded engine's games: %+v", page.Games)
	}
	for _, r := range c.Standings {
		if r.Games != 6 || r.Irregular != 0 {
			t.Errorf("row %+v: six games, none irregular", r)
		}
	}
	for _, g := range page.Games {
		if g.Fault != nil {
			t.Errorf("game %d: %s (%+v)", g.N, g.Reason, *g.Fault)
		}
	}
}

func TestSwissCompetitionThroughTheAPI(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := []string{"gameai:alphabeta:strategy=ga-2019-best,depth=2", "gameai:alphabeta:strategy=petcu-e32,depth=1",
		"gameai:random", "gameai:alphabeta:strategy=ga-2019-best,depth=1", "gameai:mcts:iterations=50"}
	c := e.competition(t, api.CompetitionRequest{Game: "morris", Format: "swiss", Bots: bots, Seed: 3})
	// Five bots: four Swiss rounds (log2 5 rounded up, plus one), two
	// pairings a round, each both colours; one bye a round.
	if c.Rounds != 4 || c.Played != 16 || c.Planned != 16 {
		t.Fatalf("%+v", c)
	}
	byes := 0
	for _, r := range c.Standings {
		byes += r.Byes
		if r.Games+2*r.Byes != 8 {
			t.Errorf("row %+v: 4 rounds of 2 games or a bye", r)
		}
	}
	if byes != 4 {
		t.Errorf("%d byes, want one a round", byes)
	}
}

// A competition resumes after its server stops: the games played before
// are kept, the rest are played by the next server on the same store,
// and with bots bounded by depth or iterations the standings are those of
// a run that never stopped.
func TestCompetitionResumesAfterARestart(t *testing.T) {
	bots := []string{"gameai:alphabeta:strategy=ga-2019-best,depth=4", "gameai:alphabeta:strategy=petcu-e32,depth=3",
		"gameai:mcts:iterations=2000"}
	if raceSlowdown > 1 {
		// The same games' length at the detector's tenth of the speed
		// (its 12 games at these depths were 38 s there).
		bots = []string{"gameai:alphabeta:strategy=ga-2019-best,depth=2", "gameai:alphabeta:strategy=petcu-e32,depth=1",
			"gameai:mcts:iterations=200"}
	}
	req := api.CompetitionRequest{Game: "morris", Bots: bots, Seed: 11}
	whole := newEnv(t, nil, nil).competition(t, req)

	// The first server's store takes no write of the job once it holds
	// two games: the server stops there however fast the games go.
	st := memory.New(store.Config{})
	frozen := &jobsFrozenAt{Jobs: st.Jobs, games: 2, stop: make(chan struct{})}
	first := *st
	first.Jobs = frozen
	a := newEnv(t, &first, nil)
	var c api.CompetitionResponse
	a.do(t, "POST", "/v1/competitions", req).ok(t, http.StatusAccepted).json(t, &c)
	waitLong(t, func() bool {
		a.do(t, "GET", "/v1/competitions/"+c.ID, nil).ok(t, 200).json(t, &c)
		return c.Played >= 2
	})
	close(frozen.stop)
	if err := a.runner.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	var before api.CompetitionGamesResponse
	a.do(t, "GET", "/v1/competitions/"+c.ID+"/games", nil).ok(t, 200).json(t, &before)
	if c.Played != 2 || len(before.Games) != 2 {
		t.Fatalf("stopped with %d games played, %d listed; want 2", c.Played, len(before.Games))
	}
	b := newEnv(t, st, nil)
	if n, err := b.runner.Resume(context.Background()); err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	waitLong(t, func() bool {
		b.do(t, "GET", "/v1/competitions/"+c.ID, nil).ok(t, 200).json(t, &c)
		return store.JobStatus(c.Status).Final()
	})
	if c.Status != "succeeded" || c.Played != 6 {
		t.Fatalf("after the restart: %s, %d games", c.Status, c.Played)
	}
	var after api.CompetitionGamesResponse
	b.do(t, "GET", "/v1/competitions/"+c.ID+"/games", nil).ok(t, 200).json(t, &after)
	for k, g := range before.Games {
		if a := after.Games[g.N-1]; a.N != g.N || a.Reason != g.Reason || a.Plies != g.Plies {
			t.Errorf("game %d: %+v before the stop, %+v after", k+1, g, a)
		}
	}
	for k := range whole.Standings {
		w, r := whole.Standings[k], c.Standings[k]
		if w.Bot != r.Bot || w.Points != r.Points || w.Wins != r.Wins || w.Rating != r.Rating {
			t.Errorf("row %d: %+v resumed, %+v uninterrupted", k+1, r, w)
		}
	}
}

// jobsFrozenAt is a store's jobs that take no write once a job's
// checkpoint holds f.games played games: a later write waits until stop is
// closed (or its context ends) and then fails, as a dying server's would.
type jobsFrozenAt struct {
	store.Jobs
	games int
	stop  chan struct{}

	mu     sync.Mutex
	frozen bool
}

func (f *jobsFrozenAt) Update(ctx context.Context, j *store.Job) error {
	f.mu.Lock()
	frozen := f.frozen
	f.mu.Unlock()
	if frozen {
		select {
		case <-f.stop:
		case <-ctx.Done():
		}
		return errors.New("the server is stopping")
	}
	if err := f.Jobs.Update(ctx, j); err != nil {
		return err
	}
	var cp struct {
		Played []json.RawMessage `json:"played"`
	}
	if json.Unmarshal(j.Checkpoint, &cp) == nil && len(cp.Played) >= f.games {
		f.mu.Lock()
		f.frozen = true
		f.mu.Unlock()
	}
	return nil
}
