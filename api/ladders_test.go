package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/arena"
	"gameai/internal/gobuild"
	"gameai/store"
	"gameai/store/memory"
)

// A Morris ladder of three of our engines at a quick pace: games come in,
// the bots are ranked by rating with their intervals shrinking, each bot's
// history and games are there, a paused ladder plays no more, and a
// ladder stopped and started again goes on from its ratings.
func TestMorrisLadderOfOurEngines(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := []string{"gameai:morris:alphabeta:strategy=ga-2019-best,depth=2", "gameai:morris:alphabeta:strategy=petcu-e32,depth=1", "gameai:morris:random"}
	req := api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{MoveMS: 10}, Bots: bots, Parallel: 1}
	var l api.LadderResponse
	r := e.do(t, "PUT", "/v1/ladders/morris", req).ok(t, 201)
	r.json(t, &l)
	if r.header.Get("Location") != "/v1/ladders/morris" || l.State != "running" || len(l.Rows) != 0 && len(l.Rows) != 3 {
		t.Fatalf("started: %s", r.body)
	}
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
		return l.Played >= 12
	})
	if len(l.Rows) != 3 || len(l.Retired) != 0 {
		t.Fatalf("rows %+v retired %+v", l.Rows, l.Retired)
	}
	games := 0
	for k, row := range l.Rows {
		games += row.Games
		if row.Rank != k+1 || row.Sigma >= 25.0/3 || row.Rating != row.Mu-3*row.Sigma || row.Wins+row.Draws+row.Losses != row.Games ||
			k > 0 && row.Rating > l.Rows[k-1].Rating || row.LastGame == nil || row.Owner != "gameai" {
			t.Errorf("row %+v", row)
		}
	}
	if games < 2*l.Played {
		t.Errorf("%d games played, the rows count %d places", l.Played, games)
	}
	random := l.Rows[slices.IndexFunc(l.Rows, func(r api.LadderRow) bool { return r.Bot == "gameai:morris:random" })]
	var rt api.RatingsResponse
	e.do(t, "GET", "/v1/bots/gameai:morris:random/ratings", nil).ok(t, 200).json(t, &rt)
	if !rt.Rated || rt.Games < random.Games || len(rt.Points) != rt.Games || rt.Points[len(rt.Points)-1].Games != rt.Games {
		t.Errorf("ratings %+v (row %+v)", rt, random)
	}
	var bg api.BotGamesResponse
	e.do(t, "GET", "/v1/bots/gameai:morris:random/games?limit=5", nil).ok(t, 200).json(t, &bg)
	if len(bg.Games) != 5 || bg.NextCursor != "5" {
		t.Fatalf("games page %+v", bg)
	}
	g := bg.Games[0]
	if g.Source != "ladder" || g.Event != "morris" || len(g.Opponents) != 1 || g.Result == "" || g.At == nil {
		t.Errorf("game %+v", g)
	}
	var whole api.CompetitionGameResponse
	e.do(t, "GET", g.Replay, nil).ok(t, 200).json(t, &whole)
	if whole.N != g.N || len(whole.Seats) != 2 || whole.Seats[g.Seat] != "gameai:morris:random" || len(whole.Positions) != len(whole.Moves)+1 {
		t.Errorf("replay of %+v: %+v", g, whole)
	}

	req.State = "paused"
	e.do(t, "PUT", "/v1/ladders/morris", req).ok(t, 200).json(t, &l)
	if l.State != "paused" {
		t.Fatalf("paused: %+v", l)
	}
	// A game in play when the pause came still counts; then none starts.
	// The loop takes a look only once done with the one before, so after
	// two it has read the pause; a look an hour on is past any pace, and
	// a running ladder would start a game in it.
	e.look(t, time.Now())
	e.look(t, time.Now())
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
		return l.InPlay == 0
	})
	stopped := l.Played
	e.look(t, time.Now().Add(time.Hour))
	e.look(t, time.Now().Add(time.Hour))
	e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
	if l.Played != stopped || l.InPlay != 0 {
		t.Fatalf("paused at %d games, then %d (%d in play)", stopped, l.Played, l.InPlay)
	}
	e.do(t, "DELETE", "/v1/jobs/"+l.ID, nil).ok(t, 202)
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
		return l.Status == "cancelled"
	})
	req.State = "running"
	var again api.LadderResponse
	e.do(t, "PUT", "/v1/ladders/morris", req).ok(t, 201).json(t, &again)
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &again)
		return again.Played > stopped
	})
	if again.ID == l.ID {
		t.Errorf("the same job after a stop")
	}
	// Its games went on with it: the earlier ones still replay, the new
	// ones are numbered after them, and the list holds both.
	e.do(t, "GET", g.Replay, nil).ok(t, 200).json(t, &whole)
	if whole.N != g.N || len(whole.Moves) == 0 {
		t.Errorf("an earlier ladder's game after the start again: %+v", whole)
	}
	if len(again.Recent) < 2 || again.Recent[0].N <= stopped || again.Recent[len(again.Recent)-1].N > stopped {
		t.Errorf("recent games after the start again (%d stopped): %+v", stopped, again.Recent)
	}
}

// Every misuse of the ladder routes is a problem naming its field.
func TestLadderRequestsAreChecked(t *testing.T) {
	e := newEnv(t, nil, nil)
	for _, c := range []struct {
		path   string
		req    any
		status int
		field  string
	}{
		{"/v1/ladders/chess", api.LadderRequest{State: "running"}, 404, "game"},
		{"/v1/ladders/less", api.LadderRequest{State: "walking"}, 400, "state"},
		{"/v1/ladders/less", api.LadderRequest{State: "running", Clock: &arena.Clock{MoveMS: 100}}, 400, "clock.move_ms"},
		{"/v1/ladders/less", api.LadderRequest{State: "running", Bots: []string{"gameai:less:greedy", "bot_nobody"}}, 400, "bots[1]"},
		{"/v1/ladders/less", api.LadderRequest{State: "running", Bots: []string{"gameai:less:greedy", "gameai:less:greedy"}}, 400, "bots"},
		{"/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 1000}, 400, "games_per_minute"},
	} {
		r := e.do(t, "PUT", c.path, c.req)
		r.hasField(t, r.problem(t, c.status), c.field)
	}
	r := e.do(t, "GET", "/v1/ladders/less", nil)
	r.hasField(t, r.problem(t, 404), "game")
}

// An owner enters and withdraws their own ready bot; nobody else can, a
// bot that is not ready cannot be entered, and a game with no ladder
// says so.
func TestOwnersEnterTheirBots(t *testing.T) {
	e := newEnv(t, nil, nil)
	ann, bob := e.owner(t, "ann", ""), e.owner(t, "bob", "")
	readyBot(t, e.store, "bot_ann", "less", "ann", []byte("\x7fELF"))
	readyBot(t, e.store, "bot_annm", "morris", "ann", []byte("\x7fELF"))
	yes, no := true, false
	r := e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", ann)
	r.hasField(t, r.problem(t, 409), "id")
	e.do(t, "PUT", "/v1/ladders/less", api.LadderRequest{State: "paused", Bots: []string{"gameai:less:greedy"}}).ok(t, 201)
	e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", bob).problem(t, 403)
	e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &yes}).problem(t, 401)
	e.do(t, "PUT", "/v1/bots/gameai:less:greedy/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", ann).problem(t, 403)
	r = e.do(t, "PUT", "/v1/bots/bot_ann/ladder", struct{}{}, "X-API-Key", ann)
	r.hasField(t, r.problem(t, 400), "entered")
	var out api.LadderEntryResponse
	e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", ann).ok(t, 200).json(t, &out)
	if out != (api.LadderEntryResponse{Bot: "bot_ann", Game: "less", Entered: true}) {
		t.Errorf("entered: %+v", out)
	}
	var l api.LadderResponse
	e.do(t, "GET", "/v1/ladders/less", nil).ok(t, 200).json(t, &l)
	if !slices.Equal(l.Entered, []string{"bot_ann"}) || !slices.Equal(l.Bots, []string{"gameai:less:greedy"}) {
		t.Errorf("ladder %+v", l)
	}
	e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &no}, "X-API-Key", ann).ok(t, 200)
	e.do(t, "GET", "/v1/ladders/less", nil).ok(t, 200).json(t, &l)
	if len(l.Entered) != 0 {
		t.Errorf("withdrawn, still entered: %+v", l.Entered)
	}
	r = e.do(t, "PUT", "/v1/bots/bot_annm/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", ann)
	r.hasField(t, r.problem(t, 409), "id")
}

// Issue 59's acceptance: a host starts the Less ladder with one request,
// three owners' uploaded bots are entered, and within a few games they are
// ranked, with intervals that shrink as games come in; their games are
// each author's to follow.
func TestUploadedBotsClimbTheLadder(t *testing.T) {
	e, _ := sandboxed(t)
	prog := gobuild.Static(t, "../hosting/testdata/lessbot")
	yes := true
	e.do(t, "PUT", "/v1/ladders/less", api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{GameMS: 10000},
		Bots: []string{"gameai:less:greedy"}}).ok(t, 201)
	toks := map[string]string{}
	for _, name := range []string{"ann", "bob", "cat"} {
		tok := e.owner(t, name, "")
		toks[name] = tok
		readyBot(t, e.store, "bot_"+name, "less", name, prog)
		e.do(t, "PUT", "/v1/bots/bot_"+name+"/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", tok).ok(t, 200)
	}
	var l api.LadderResponse
	sigma := map[string]float64{}
	// Six games (four to read the deviations after, two to see them
	// shrink) take some 6 s alone and more in CI beside the cli
	// package's matches: the wait is a ceiling, not a speed target.
	games, limit := 6, 4*time.Minute
	waitUpTo(t, limit, func() bool {
		e.do(t, "GET", "/v1/ladders/less", nil).ok(t, 200).json(t, &l)
		if l.Played == 4 {
			for _, r := range l.Rows {
				sigma[r.Bot] = r.Sigma
			}
		}
		return l.Played >= games
	})
	if len(l.Rows) != 4 {
		t.Fatalf("rows %+v", l.Rows)
	}
	for _, r := range l.Rows {
		if r.Games == 0 || r.Sigma >= 25.0/3 || (sigma[r.Bot] > 0 && r.Sigma > sigma[r.Bot]) {
			t.Errorf("row %+v (sigma after 4 games %.2f)", r, sigma[r.Bot])
		}
		if r.Bot != "gameai:less:greedy" && (r.Owner != strings.TrimPrefix(r.Bot, "bot_") || r.Label != r.Owner+"/"+r.Bot+" v1") {
			t.Errorf("row %+v", r)
		}
	}
	var bg api.BotGamesResponse
	e.do(t, "GET", "/v1/bots/bot_ann/games", nil).ok(t, 200).json(t, &bg)
	if len(bg.Games) == 0 || bg.Games[0].Source != "ladder" || bg.Games[0].Partner == "" || len(bg.Games[0].Opponents) != 2 {
		t.Fatalf("ann's games %+v", bg.Games)
	}
	// The bots' stderr and conversations in a ladder game: each owner
	// sees their own seat's only; an owner with no bot in it, no key or a
	// made-up one, none.
	for _, tok := range []string{"", e.owner(t, "dan", ""), "gat_not-a-token"} {
		var g api.CompetitionGameResponse
		e.do(t, "GET", bg.Games[0].Replay, nil, "X-API-Key", tok).ok(t, 200).json(t, &g)
		if g.Stderr != nil || g.Transcripts != nil || len(g.Moves) == 0 {
			t.Errorf("token %q sees stderr %q, transcripts %q", tok, g.Stderr, g.Transcripts)
		}
	}
	// Each owner sees their own bot's stderr and conversation in the
	// game, and no other seat's.
	for _, who := range []string{"ann", "bob"} {
		var g api.CompetitionGameResponse
		e.do(t, "GET", bg.Games[0].Replay, nil, "X-API-Key", toks[who]).ok(t, 200).json(t, &g)
		mine := slices.Index(g.Seats, "bot_"+who)
		stderr := func(seat int) string {
			if seat < len(g.Stderr) {
				return g.Stderr[seat]
			}
			return ""
		}
		if len(g.Transcripts) != len(g.Seats) || mine < 0 || !strings.Contains(g.Transcripts[mine], "< ") ||
			stderr(mine) == "" {
			t.Fatalf("%s's own seat %d in the game: stderr %q, conversations %q", who, mine, g.Stderr, g.Transcripts)
		}
		for seat := range g.Seats {
			if seat != mine && (stderr(seat) != "" || g.Transcripts[seat] != "") {
				t.Errorf("%s sees the stderr or conversation of seat %d (%s)", who, seat, g.Seats[seat])
			}
		}
	}
}

// A ladder that runs for weeks is found however many jobs came after it:
// it was looked for among the newest 20,000 jobs, so a busy server lost
// it (404, and the next PUT started a second ladder beside it).
func TestALadderIsFoundBehindManyNewerJobs(t *testing.T) {
	st := memory.New(store.Config{})
	e := newEnv(t, st, nil)
	req := api.LadderRequest{State: "paused", Bots: []string{"gameai:morris:random", "gameai:morris:alphabeta:strategy=petcu-e32,depth=1"}}
	var l api.LadderResponse
	e.do(t, "PUT", "/v1/ladders/morris", req).ok(t, 201).json(t, &l)
	ctx := context.Background()
	later := time.Now().Add(time.Minute)
	for i := range 20_050 {
		j := &store.Job{ID: fmt.Sprintf("job_%05d", i), Kind: "less-match", Status: store.JobSucceeded, CreatedAt: later, UpdatedAt: later}
		if err := st.Jobs.Create(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	var got api.LadderResponse
	e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &got)
	if got.ID != l.ID {
		t.Fatalf("the ladder behind 20,050 newer jobs: %s, want %s", got.ID, l.ID)
	}
	e.do(t, "PUT", "/v1/ladders/morris", req).ok(t, 200).json(t, &got)
	if got.ID != l.ID {
		t.Errorf("PUT again started another ladder: %s beside %s", got.ID, l.ID)
	}
}
