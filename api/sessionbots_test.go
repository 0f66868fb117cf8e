package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
	"gameai/internal/gobuild"
)

// An author plays their own uploaded bot in a session: a Morris bot
// answers each move of a person; a Less bot holds its seat beside our
// engines, its program following the game move after move (moves after
// its last may be taken back, its own may not). A bot that cannot follow
// the session (not ready, a custom start, other rules) is refused naming
// the field.
func TestSessionsWithAnUploadedBot(t *testing.T) {
	e, _ := sandboxed(t)
	readyBot(t, e.store, "bot_m", "morris", "ann", gobuild.Static(t, "../hosting/testdata/morrisbot"))
	readyBot(t, e.store, "bot_l", "less", "ann", gobuild.Static(t, "../hosting/testdata/lessbot"))

	var s api.SessionResponse
	bot := func(id string) *api.SessionEngineRequest { return &api.SessionEngineRequest{Bot: id} }
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, bot("bot_m")}}).ok(t, 201).json(t, &s)
	for range 2 {
		m := s.LegalMoves[0]
		var next api.SessionResponse
		e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: m}).ok(t, 200).json(t, &next)
		if len(next.Replies) != 1 || next.Replies[0].Engine != "bot:bot_m" || len(next.Moves) != len(s.Moves)+2 {
			t.Fatalf("after %s: %+v", m, next)
		}
		s = next
	}
	if len(s.Engines) != 2 || s.Engines[1] == nil || s.Engines[1].Bot != "bot_m" {
		t.Errorf("engines shown %+v", s.Engines)
	}

	// Less: our greedy engine plays the person's seats by engine-move
	// requests; the bot answers as Black.
	e.do(t, "POST", "/v1/games/less/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, bot("bot_l")}}).ok(t, 201).json(t, &s)
	ours := func() api.SessionResponse {
		t.Helper()
		var r api.EngineMoveResponse
		e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{Engine: "greedy"}).ok(t, 200).json(t, &r)
		return r.Session
	}
	for round := range 2 {
		s = ours() // Yellow, then Black's bot replies
		if len(s.Moves) != 4*round+2 || len(s.Replies) != 1 || s.Replies[0].Engine != "bot:bot_l" {
			t.Fatalf("round %d: %d moves, replies %+v", round+1, len(s.Moves), s.Replies)
		}
		s = ours() // White
		s = ours() // Red
	}
	// Taking back the moves after the bot's last is fine; its own is not
	// (its program cannot be told what it played).
	e.do(t, "POST", "/v1/sessions/"+s.ID+"/undo", api.UndoRequest{Plies: 2}).ok(t, 200)
	r := e.do(t, "POST", "/v1/sessions/"+s.ID+"/undo", api.UndoRequest{Plies: 1})
	r.hasField(t, r.problem(t, 409), "plies")
	s = ours() // White again
	s = ours() // Red
	s = ours() // Yellow, and the bot answers on
	if len(s.Moves) != 10 || len(s.Replies) != 1 {
		t.Fatalf("after taking back: %d moves, replies %+v", len(s.Moves), s.Replies)
	}
	// A Morris bot's seat freed (a minute without its person's move), the
	// game goes on: the next move starts the bot again, told the moves so
	// far. A Less game cannot (the new program could not be told its own
	// moves): it is refused saying so.
	e.srv.FreeSessionBots()
	s = ours() // White
	s = ours() // Red
	r = e.do(t, "POST", "/v1/sessions/"+s.ID+"/engine-move", api.EngineMoveRequest{Engine: "greedy"})
	if p := r.problem(t, http.StatusBadGateway); !strings.Contains(p.Detail, "start a new session") {
		t.Errorf("a Less game after its bot's seat was freed: %s", p.Detail)
	}
	var m api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, bot("bot_m")}}).ok(t, 201).json(t, &m)
	e.do(t, "POST", "/v1/sessions/"+m.ID+"/moves", api.MoveRequest{Move: m.LegalMoves[0]}).ok(t, 200).json(t, &m)
	e.srv.FreeSessionBots()
	e.do(t, "POST", "/v1/sessions/"+m.ID+"/moves", api.MoveRequest{Move: m.LegalMoves[0]}).ok(t, 200).json(t, &m)
	if len(m.Moves) != 4 || len(m.Replies) != 1 || m.Replies[0].Engine != "bot:bot_m" {
		t.Fatalf("a Morris game after its bot's seat was freed: %d moves, replies %+v", len(m.Moves), m.Replies)
	}

	for _, c := range []struct {
		game   string
		req    api.CreateSessionRequest
		status int
		field  string
	}{
		{"morris", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, bot("bot_nobody")}}, 404, "engines[1].bot"},
		{"morris", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, bot("bot_l")}}, 422, "engines[1].bot"},
		{"morris", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, {Bot: "bot_m", Engine: "mcts"}}}, 400, "engines[1].bot"},
		{"morris", api.CreateSessionRequest{Variant: "lasker", Engines: []*api.SessionEngineRequest{nil, bot("bot_m")}}, 400, "variant"},
	} {
		r := e.do(t, "POST", "/v1/games/"+c.game+"/sessions", c.req)
		r.hasField(t, r.problem(t, c.status), c.field)
	}
}

// TestBrowserPlayYourOwnBot: from a ready bot's page its author starts a
// game against it and plays a move; the bot's answer comes back on the
// board.
func TestBrowserPlayYourOwnBot(t *testing.T) {
	e, _ := sandboxed(t)
	readyBot(t, e.store, "bot_m", "morris", "ann", gobuild.Static(t, "../hosting/testdata/morrisbot"))
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots/bot_m"))
	poll[bool](t, ctx, "the play button", `document.getElementById('bot-play') !== null`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS("#bot-play")))
	poll[bool](t, ctx, "the game", `location.hash.startsWith('#/morris/') && !!document.querySelector('#morris-board') && `+
		`(document.getElementById('morris-status') || {}).textContent?.includes('to move (you)') === true`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#morris-move-input"), "d6\r"))
	poll[bool](t, ctx, "the bot's answer", `/^1\. d6 \S+$/.test(document.getElementById('morris-record').textContent)`, 20*time.Second)
	if info := eval[string](t, ctx, `document.getElementById('morris-search').textContent`); strings.Contains(info, "undefined") ||
		!strings.Contains(info, "ann/bot_m v1 answered") || strings.Contains(info, "nodes") {
		t.Errorf("the page says %q of the bot's move", info)
	}
	// Whom you play, named and linked, at desktop and phone width; the
	// new game's form folded (its seats are another game's).
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Reload())
		poll[bool](t, ctx, w.name+": the seats", `(document.getElementById('morris-seats') || {}).textContent === 'White: you · Black: ann/bot_m v1'`, 10*time.Second)
		if href := eval[string](t, ctx, `document.querySelector('#morris-seats a').getAttribute('href')`); href != "#/bots/bot_m" {
			t.Errorf("%s: the bot links to %q", w.name, href)
		}
		if eval[bool](t, ctx, `document.getElementById('morris-new-panel').open`) {
			t.Errorf("%s: the new game's form is open beside a game against a bot", w.name)
		}
		w.fits(t, ctx)
		browsertest.Screenshot(t, ctx, "play-bot-"+w.name)
	}

	// Less: you and our uct against the bot in two seats.
	readyBot(t, e.store, "bot_l", "less", "ann", gobuild.Static(t, "../hosting/testdata/lessbot"))
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots/bot_l"))
	poll[bool](t, ctx, "the play button", `document.getElementById('bot-play') !== null`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS("#bot-play")))
	poll[bool](t, ctx, "the Less seats", `(document.getElementById('less-seats') || {}).textContent === 'Yellow: you · Black: ann/bot_l v1 · White: our uct · Red: ann/bot_l v1'`, 10*time.Second)
}

// A bot that fails in a session fails as the referee would name it: one
// that never answers is out of time (its kind in the problem, 502), one
// that answers a move the rules forbid played an illegal move; the
// person's move stands and the bot is started again for the next try.
func TestASessionBotsFailureHasAKind(t *testing.T) {
	e, _ := sandboxedWith(t, func(c *api.Config) {
		c.MaxSearchTime, c.DefaultSearchTime, c.RequestTimeout = 2*time.Second, time.Second, 20*time.Second
	})
	readyBot(t, e.store, "bot_hang", "morris", "ann", gobuild.Static(t, "../hosting/testdata/morrishang"))
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, {Bot: "bot_hang"}}}).ok(t, 201).json(t, &s)
	r := e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "d6"})
	p := r.problem(t, 502)
	if p.FaultKind != "time" || !strings.Contains(p.Detail, "ann/bot_hang v1") {
		t.Errorf("a bot that never answers: %+v", p)
	}
	var got api.SessionResponse
	e.do(t, "GET", "/v1/sessions/"+s.ID, nil).ok(t, 200).json(t, &got)
	if len(got.Moves) != 1 || got.Moves[0] != "d6" {
		t.Errorf("the person's move: %v", got.Moves)
	}

	// Less speaks through the referee's own conversation (arena.LessSeat):
	// its failure is named the same way.
	readyBot(t, e.store, "bot_lhang", "less", "ann", gobuild.Static(t, "../arena/testdata/lesshang"))
	e.do(t, "POST", "/v1/games/less/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, {Bot: "bot_lhang"}}}).ok(t, 201).json(t, &s)
	p = e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: s.LegalMoves[0]}).problem(t, 502)
	if p.FaultKind != "time" || !strings.Contains(p.Detail, "ann/bot_lhang v1") || !strings.Contains(p.Detail, "turn 2") {
		t.Errorf("a Less bot that never answers: %+v", p)
	}
}

// A bot that holds a game over where the rules go on (bestmove none) makes
// a false claim, said so.
func TestASessionBotsFalseClaim(t *testing.T) {
	e, _ := sandboxed(t)
	readyBot(t, e.store, "bot_none", "morris", "ann", gobuild.Static(t, "../hosting/testdata/morrisnone"))
	var s api.SessionResponse
	e.do(t, "POST", "/v1/games/morris/sessions", api.CreateSessionRequest{Engines: []*api.SessionEngineRequest{nil, {Bot: "bot_none"}}}).ok(t, 201).json(t, &s)
	p := e.do(t, "POST", "/v1/sessions/"+s.ID+"/moves", api.MoveRequest{Move: "d6"}).problem(t, 502)
	if p.FaultKind != "false-claim" {
		t.Errorf("bestmove none at move 1: %+v", p)
	}
}
