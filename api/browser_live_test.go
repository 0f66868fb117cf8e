package api_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/arena"
	"gameai/internal/browsertest"
)

// TestBrowserWatchesAGameLive: a visitor opens a competition while a game
// is being played, follows "Playing now" to it, and the board follows its
// moves as they come; stopped, the page says the game ended unfinished.
func TestBrowserWatchesAGameLive(t *testing.T) {
	e := newEnv(t, nil, nil)
	// The browser starts before the game does, and moves take 400 ms: a
	// game of some 30 plies (one ended so, at 250 ms, before a loaded CI
	// machine's browser had followed it) is still being played when stopped.
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/"))
	var c api.CompetitionResponse
	e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "morris", Name: "live cup", Seed: 4,
		Bots:  liveBots,
		Clock: &arena.Clock{MoveMS: 400}}).ok(t, 202).json(t, &c)
	t.Cleanup(func() { e.do(t, "DELETE", "/v1/jobs/"+c.ID, nil) })
	do(t, ctx, chromedp.Navigate(e.url+"/#/competitions/"+c.ID))
	poll[bool](t, ctx, "game 1 playing now", `document.querySelector('#competition-playing li[data-n="1"] a.watch') !== null`, 20*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#competition-playing li[data-n="1"] a[data-bot]').length`); n != 2 {
		t.Errorf("%d bot links beside the game playing now", n)
	}
	// The list is drawn again as the competition is read again: the link
	// is found and followed in one step.
	eval[bool](t, ctx, `(document.querySelector('#competition-playing a.watch').click(), true)`)
	poll[bool](t, ctx, "the live game", `document.querySelector('#replay-live') !== null && document.querySelector('#replay-svg') !== null`, 10*time.Second)
	first := eval[int](t, ctx, `Number(document.getElementById('replay-ply').dataset.ply)`)
	// At the last move, the board follows the game's new ones.
	poll[bool](t, ctx, "the board to follow new moves",
		`Number(document.getElementById('replay-ply').dataset.ply) > `+itoa(first+1)+
			` && Number(document.getElementById('replay-ply').dataset.ply) === document.querySelectorAll('#replay-moves li').length`, 20*time.Second)
	browsertest.Screenshot(t, ctx, "live-game")
	// Stepped back, the reader stays where they are while moves come.
	do(t, ctx, chromedp.Click(chromedp.CSS("#replay-first")))
	moves := eval[int](t, ctx, `document.querySelectorAll('#replay-moves li').length`)
	poll[bool](t, ctx, "more moves", `document.querySelectorAll('#replay-moves li').length > `+itoa(moves), 20*time.Second)
	if ply := eval[string](t, ctx, `document.getElementById('replay-ply').dataset.ply`); ply != "0" {
		t.Errorf("a reader at the start was moved to ply %s", ply)
	}
	e.do(t, "DELETE", "/v1/jobs/"+c.ID, nil).ok(t, 202)
	poll[bool](t, ctx, "the game said stopped", `document.querySelector('#replay-stopped') !== null && document.querySelector('#replay-live') === null`, 20*time.Second)
}

// TestBrowserFollowsABotToItsLiveGame: a bot's page lists its ladder games
// being played, and one opens on the live board.
func TestBrowserFollowsABotToItsLiveGame(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := liveLadderBots
	var l api.LadderResponse
	e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 60, Clock: &arena.Clock{MoveMS: 250},
		Bots: bots, Parallel: 1}).ok(t, 201).json(t, &l)
	t.Cleanup(func() { e.do(t, "DELETE", "/v1/jobs/"+l.ID, nil) })
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots/"+bots[0]))
	poll[bool](t, ctx, "its game playing now", `document.querySelector('#bot-playing a.watch') !== null`, 20*time.Second)
	eval[bool](t, ctx, `(document.querySelector('#bot-playing a.watch').click(), true)`)
	poll[bool](t, ctx, "the live game", `document.querySelector('#replay-live') !== null && document.querySelector('#replay-svg') !== null`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#replay-clocks a[data-bot]').length`); n != 2 {
		t.Errorf("%d bot links beside the live board", n)
	}
}
