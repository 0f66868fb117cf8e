package api_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/arena"
	"gameai/competition"
	"gameai/hosting"
	"gameai/jobs/kinds"
	"gameai/store"
	"gameai/store/memory"
)

// liveBots play a game long enough to be watched and stopped on a starved
// machine: MCTS thinks for its whole clock on every move (a game of about
// 160 plies at 250 ms), where alpha-beta plays a won ending out at once (31
// plies, over before a browser test under -race could stop it).
var liveBots = []string{"gameai:mcts:strategy=ga-2019-best", "gameai:mcts:strategy=petcu-e32"}

// liveLadderBots are liveBots as a ladder names them (with their game).
var liveLadderBots = []string{"gameai:morris:mcts:strategy=ga-2019-best", "gameai:morris:mcts:strategy=petcu-e32"}

// A game of a competition is watched while it is played: the competition
// lists it as playing, and its answer grows move by move, "live", with
// the positions to show and no result; stopped, it is live no more.
func TestACompetitionGameIsWatchedWhileItIsPlayed(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := liveBots
	var c api.CompetitionResponse
	e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "morris", Bots: bots, Seed: 4,
		Clock: &arena.Clock{MoveMS: 100}}).ok(t, 202).json(t, &c)
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/competitions/"+c.ID, nil).ok(t, 200).json(t, &c)
		return len(c.Playing) > 0 || store.JobStatus(c.Status).Final()
	})
	if len(c.Playing) != 1 || c.Playing[0].N != 1 || c.Playing[0].Round != 1 || !slices.Equal(c.Playing[0].Seats, bots) {
		t.Fatalf("playing %+v (status %s): want game 1 alone, with its bots", c.Playing, c.Status)
	}
	var g api.CompetitionGameResponse
	seen := 0
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/1", nil).ok(t, 200).json(t, &g)
		if !g.Live {
			t.Fatalf("game 1 not live: %+v", g)
		}
		if len(g.Moves) < seen {
			t.Fatalf("game 1 went back from %d moves to %d", seen, len(g.Moves))
		}
		seen = len(g.Moves)
		return len(g.Moves) > 6 // past the 4 plies of the opening, thought moves
	})
	if len(g.Positions) != len(g.Moves)+1 || len(g.TimesMS) != len(g.Moves) || g.Score != nil || g.Board == "" ||
		!slices.Equal(g.Seats, bots) || len(g.ThinkMS) != 2 || g.Reason != "" {
		t.Fatalf("game 1 in play: %+v", g)
	}
	// A game in play is as public as a played one, and no more: a made-up
	// key is a visitor, and nobody reads a seat's stderr before the end
	// (uploaded bots have no network to watch their own game from).
	for _, key := range []string{"", "gat_madeup", "not-a-key"} {
		var w api.CompetitionGameResponse
		r := e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/1", nil, "X-API-Key", key).ok(t, 200)
		r.json(t, &w)
		if !w.Live || w.Stderr != nil || strings.Contains(string(r.body), "stderr") {
			t.Errorf("game 1 in play asked with key %q: %s", key, r.body)
		}
	}
	e.do(t, "DELETE", "/v1/jobs/"+c.ID, nil).ok(t, 202)
	waitLong(t, func() bool {
		c = api.CompetitionResponse{ID: c.ID}
		e.do(t, "GET", "/v1/competitions/"+c.ID, nil).ok(t, 200).json(t, &c)
		return store.JobStatus(c.Status).Final()
	})
	r := e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/1", nil)
	if fe := r.hasField(t, r.problem(t, 404), "n"); fe.Reason != "game 1 is not played yet" {
		t.Errorf("game 1 of a stopped competition: %q", fe.Reason)
	}
	if len(c.Playing) != 0 {
		t.Errorf("a stopped competition still plays %v", c.Playing)
	}
}

// A ladder's games are watched the same way: the ladder lists them with
// their bots, and each answers "live" as far as it has gone.
func TestALadderGameIsWatchedWhileItIsPlayed(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := liveLadderBots
	req := api.LadderRequest{State: "running", GamesPerMinute: 60, Clock: &arena.Clock{MoveMS: 100}, Bots: bots, Parallel: 1}
	var l api.LadderResponse
	e.do(t, "PUT", "/v1/ladders/morris", req).ok(t, 201).json(t, &l)
	t.Cleanup(func() { e.do(t, "DELETE", "/v1/jobs/"+l.ID, nil) })
	waitLong(t, func() bool {
		l = api.LadderResponse{}
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
		return len(l.Playing) > 0
	})
	p := l.Playing[0]
	if len(p.Seats) != 2 || !slices.Contains(bots, p.Seats[0]) || len(p.Labels) != 2 || p.StartedAt.IsZero() {
		t.Fatalf("playing %+v", p)
	}
	var g api.CompetitionGameResponse
	waitLong(t, func() bool {
		g = api.CompetitionGameResponse{}
		e.do(t, "GET", fmt.Sprintf("/v1/ladders/morris/games/%d", p.N), nil).ok(t, 200).json(t, &g)
		return !g.Live || len(g.Moves) > 6
	})
	if !g.Live || g.N != p.N || !slices.Equal(g.Seats, p.Seats) || len(g.Positions) != len(g.Moves)+1 || g.Score != nil {
		t.Fatalf("ladder game %d in play: %+v", p.N, g)
	}
}

// A ladder's game drawn but not yet started (its bots starting, or a
// worker not yet free: no first look written) is not listed as playing,
// so no link on the page answers 404; once its first look is written it
// is listed and answers live. Written into the store as the ladder writes
// it, so that the moment between the two is held still.
func TestALadderGameIsListedOnceItCanBeWatched(t *testing.T) {
	st := memory.New(store.Config{})
	e := newEnv(t, st, nil)
	holdLadder(t, st, liveLadderBots, nil, nil)
	var l api.LadderResponse
	e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
	if len(l.Playing) != 1 || l.Playing[0].N != 2 || l.InPlay != 2 {
		t.Fatalf("playing %+v, in play %d: want game 2 alone listed of the 2 in play", l.Playing, l.InPlay)
	}
	var g api.CompetitionGameResponse
	e.do(t, "GET", "/v1/ladders/morris/games/2", nil).ok(t, 200).json(t, &g)
	if !g.Live || g.N != 2 || !slices.Equal(g.Seats, liveLadderBots) || len(g.Positions) != 1 {
		t.Errorf("game 2 at its start: %+v", g)
	}
	r := e.do(t, "GET", "/v1/ladders/morris/games/1", nil)
	r.hasField(t, r.problem(t, 404), "n")
}

// The same held moment asked as an attacker would: no key, a made-up key,
// a malformed one and another owner's real key each read the listing and
// the game in play as a visitor does, none reads a seat's stderr (not even
// one the live record were to carry), and the game not yet started is a
// 404 to each of them, not a way to see what it will be.
func TestALadderGameInPlayIsPublicAndNoMore(t *testing.T) {
	const admin = "adm1n-key"
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = admin }, hosting.Off(st, errors.New("no sandbox in this test")))
	e.owner(t, "ann", admin)
	bob := e.owner(t, "bob", admin)
	seats := []string{"ann-bot-v1", liveLadderBots[1]}
	holdLadder(t, st, seats, map[string]string{"ann-bot-v1": "ann"}, []string{"ann's secret", ""})
	var want api.LadderResponse
	e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &want)
	for _, key := range []string{"", "gat_madeup", "not-a-key", bob} {
		var l api.LadderResponse
		e.do(t, "GET", "/v1/ladders/morris", nil, "X-API-Key", key).ok(t, 200).json(t, &l)
		if len(l.Playing) != 1 || l.Playing[0].N != 2 || !slices.Equal(l.Playing[0].Seats, seats) || l.InPlay != want.InPlay {
			t.Errorf("ladder asked with key %q: playing %+v", key, l.Playing)
		}
		r := e.do(t, "GET", "/v1/ladders/morris/games/2", nil, "X-API-Key", key).ok(t, 200)
		var g api.CompetitionGameResponse
		r.json(t, &g)
		if !g.Live || g.Stderr != nil || strings.Contains(string(r.body), "secret") {
			t.Errorf("game 2 in play asked with key %q: %s", key, r.body)
		}
		r = e.do(t, "GET", "/v1/ladders/morris/games/1", nil, "X-API-Key", key)
		r.hasField(t, r.problem(t, 404), "n")
	}
}

// holdLadder writes a running Morris ladder into st as its job writes it
// with two games drawn (1 and 2) and only game 2's first look written
// (with stderr, when given), and no job running it: the moment between
// the draw and the first look held still.
func holdLadder(t *testing.T, st *store.Store, seats []string, owners map[string]string, stderr []string) {
	t.Helper()
	params, _ := json.Marshal(kinds.LadderParams{Game: "morris", State: kinds.LadderRunning, GamesPerMinute: 1,
		Bots: seats, Parallel: 2})
	at := time.Now().UTC()
	state, _ := json.Marshal(kinds.LadderState{Next: 3, InPlay: 2, Owners: owners, Playing: []kinds.LadderGame{
		{N: 1, At: at, Seats: seats}, {N: 2, At: at, Seats: seats}}})
	j := &store.Job{ID: "ladder-held", Kind: kinds.Ladder, Status: store.JobRunning, Params: params, Checkpoint: state,
		CreatedAt: at, UpdatedAt: at}
	if err := st.Jobs.Create(t.Context(), j); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(arena.Outcome{Result: competition.Result{N: 2}, ThinkMS: make([]int64, 2), Stderr: stderr})
	if err := st.Live.Put(t.Context(), kinds.LiveKey(j.ID, 2), b); err != nil {
		t.Fatal(err)
	}
}

// A game seen at its start, before its first move (arena's first look),
// answers as any live game: no moves, the start position, public to a
// visitor and to a made-up key alike, and no seat's stderr.
func TestAGameAtItsStartIsWatched(t *testing.T) {
	st := memory.New(store.Config{})
	e := newEnv(t, st, nil)
	var c api.CompetitionResponse
	e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "morris", Bots: liveBots, Seed: 4,
		Clock: &arena.Clock{MoveMS: 100}}).ok(t, 202).json(t, &c)
	t.Cleanup(func() { e.do(t, "DELETE", "/v1/jobs/"+c.ID, nil) })
	var g1 api.CompetitionGameResponse
	waitLong(t, func() bool {
		g1 = api.CompetitionGameResponse{}
		r := e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/1", nil)
		if r.status != 200 {
			return false
		}
		r.json(t, &g1)
		return g1.Live
	})
	// Game 2 is played after game 1, on the same opening: written here as
	// its player writes it when it starts.
	b, _ := json.Marshal(arena.Outcome{Result: competition.Result{N: 2}, Board: g1.Board, ThinkMS: make([]int64, 2)})
	if err := st.Live.Put(t.Context(), kinds.LiveKey(c.ID, 2), b); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"", "gat_madeup", "not-a-key"} {
		var g api.CompetitionGameResponse
		r := e.do(t, "GET", "/v1/competitions/"+c.ID+"/games/2", nil, "X-API-Key", key).ok(t, 200)
		r.json(t, &g)
		if !g.Live || len(g.Moves) != 0 || len(g.Positions) != 1 || g.Score != nil || g.Stderr != nil || strings.Contains(string(r.body), "stderr") {
			t.Errorf("game 2 at its start asked with key %q: %s", key, r.body)
		}
	}
}
