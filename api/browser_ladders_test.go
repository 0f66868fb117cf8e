package api_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/arena"
	"gameai/internal/browsertest"
	"gameai/internal/gobuild"
)

// TestBrowserLadder: the ladder's page ranks its bots live with their
// intervals (the host's controls hidden from a visitor with no key); a
// bot's name leads to its page with its rating, its history's chart and
// its games, and a game to its replay; both pages fit a phone.
func TestBrowserLadder(t *testing.T) {
	e := newEnv(t, nil, nil)
	bots := []string{"gameai:morris:alphabeta:strategy=ga-2019-best,depth=2", "gameai:morris:alphabeta:strategy=petcu-e32,depth=1", "gameai:morris:random"}
	e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{MoveMS: 10}, Bots: bots}).ok(t, 201)
	ctx := browsertest.New(t, 2*time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/ladders/morris"))
	// Two games each: a bot's chart is drawn from its rating after each
	// game, and a line needs two points (with one, opened on a slow
	// machine, the bot's page drew none and the wait below timed out).
	poll[bool](t, ctx, "three ranked bots with two games each", `[...document.querySelectorAll('#ladder-table tbody tr')].filter(tr => Number(tr.children[3].textContent) >= 2).length === 3`, time.Minute)
	if hidden := eval[bool](t, ctx, `getComputedStyle(document.getElementById('ladder-host')).display === 'none' && getComputedStyle(document.getElementById('ladder-host-reveal')).display !== 'none'`); !hidden {
		t.Error("the host's controls face a visitor with no key")
	}
	if s := eval[string](t, ctx, `document.querySelector('#ladder-table .interval').textContent`); len(s) < 5 {
		t.Errorf("interval %q", s)
	}
	browsertest.Screenshot(t, ctx, "ladder")

	do(t, ctx, chromedp.Click(chromedp.CSS(`#ladder-table a[data-bot="gameai:morris:random"]`)))
	poll[bool](t, ctx, "the bot's page with its rating", `(document.querySelector('#bot-rating strong') || {}).textContent?.startsWith('Rating') === true`, 10*time.Second)
	poll[bool](t, ctx, "its games", `document.querySelectorAll('#bot-games-table tbody tr[data-source="ladder"]').length > 0`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#bot-ladder svg.chart polyline.series').length`); n != 2 {
		poll[bool](t, ctx, "the chart", `document.querySelectorAll('#bot-ladder svg.chart polyline.series').length === 2`, 10*time.Second)
	}
	if name := eval[string](t, ctx, `document.getElementById('bot-name').textContent`); name == "" {
		t.Error("the bot's page does not name it")
	}
	if eval[bool](t, ctx, `/\bnull\b/.test(document.querySelector('main').textContent)`) {
		t.Error(`the bot's page says "null"`)
	}
	browsertest.Screenshot(t, ctx, "ladder-bot")
	do(t, ctx, chromedp.Click(chromedp.CSS(`#bot-games-table a.replay`)))
	poll[bool](t, ctx, "the ladder game's replay", `/^#\/ladders\/morris\/games\/\d+$/.test(location.hash) && document.querySelector('#replay-svg') !== null`, 10*time.Second)

	// The ladder of a game with none yet: said so in a visitor's words,
	// the host's controls behind "I host this server".
	do(t, ctx, chromedp.Navigate(e.url+"/#/ladders/less"))
	// A new hash is drawn after the poll may first look: the replay's page
	// may still be up, without the ladder's elements.
	poll[bool](t, ctx, "no Less ladder yet", `(document.getElementById('ladder-status') || {}).textContent === 'No ladder for less yet: the host of this server starts one.' && `+
		`(document.getElementById('ladder-host') || {hidden: false}).hidden === true && document.getElementById('ladder-host-reveal').hidden === false`, 10*time.Second)

	// An upload with no owner token is refused in words, once.
	file := filepath.Join(t.TempDir(), "bot")
	if err := os.WriteFile(file, []byte("print(1)"), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#upload-submit")),
		chromedp.SetValue(chromedp.CSS(`#upload-form input[name="name"]`), "nobody"),
		chromedp.SetUploadFiles(chromedp.CSS("#upload-file"), []string{file}),
		chromedp.Click(chromedp.CSS("#upload-submit")))
	words := poll[string](t, ctx, "the refusal", `(document.querySelector('#upload-problem .problem') || {}).textContent || ''`, 10*time.Second)
	if !strings.Contains(words, "owner token") || strings.Contains(words, "X-API-Key") {
		t.Errorf("the refusal says %q", words)
	}

	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	// Each page's own table (the page before's may still be on screen
	// for a moment after the address changes).
	for page, table := range map[string]string{"ladders/morris": "#ladder-table", "bots/gameai:morris:random": "#bot-games-table"} {
		do(t, ctx, chromedp.Navigate(e.url+"/#/"+page))
		poll[bool](t, ctx, "the page "+page, `document.querySelector('`+table+` tbody tr') !== null`, 10*time.Second)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("#/%s is %d px wide on a 390 px screen", page, w)
		}
		if page == "ladders/morris" {
			if shown := eval[bool](t, ctx, `getComputedStyle(document.querySelector('#ladder-table td.opt')).display !== 'none'`); shown {
				t.Error("the ladder's optional columns show on a phone")
			}
		}
	}
}

// TestBrowserMyBotsAndVersions: a token holder lists their own bots with
// one click; a bot's page lists its versions, each linked, and its
// competitions.
func TestBrowserMyBotsAndVersions(t *testing.T) {
	e, _ := sandboxed(t)
	ann := e.owner(t, "ann", "")
	e.owner(t, "bob", "")
	prog := gobuild.Static(t, "../hosting/testdata/lessbot")
	readyBot(t, e.store, "bot_a1", "less", "ann", prog)
	readyBot(t, e.store, "bot_b1", "less", "bob", prog)
	// A second version of ann's bot.
	b, err := e.store.Bots.Get(context.Background(), "bot_a1")
	if err != nil {
		t.Fatal(err)
	}
	b2 := *b
	b2.ID, b2.Version, b2.Rev = "bot_a2", 2, 0
	b2.CreatedAt = b.CreatedAt.Add(time.Second)
	if err := e.store.Bots.Create(context.Background(), &b2); err != nil {
		t.Fatal(err)
	}
	var c api.CompetitionResponse
	e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "less", Bots: []string{"gameai:greedy", "gameai:greedy:seed=2", "gameai:greedy:seed=3", "bot_a2"},
		Clock: &arenaClock{GameMS: 10000}}).ok(t, 202).json(t, &c)
	waitLong(t, func() bool {
		e.do(t, "GET", "/v1/competitions/"+c.ID, nil).ok(t, 200).json(t, &c)
		return c.Played > 0
	})

	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-mine")))
	eval[bool](t, ctx, `(localStorage.setItem('gameai.ownerToken', `+strconv.Quote(ann)+`), true)`)
	do(t, ctx, chromedp.Click(chromedp.CSS("#bots-mine")))
	poll[bool](t, ctx, "ann's bots only", `document.getElementById('bots-owner').value === 'ann' && [...document.querySelectorAll('#bots-table tbody tr[data-bot]')].map(tr => tr.dataset.bot).sort().join() === 'bot_a1,bot_a2'`, 10*time.Second)

	do(t, ctx, chromedp.Navigate(e.url+"/#/bots/bot_a2"))
	poll[bool](t, ctx, "its versions", `document.querySelectorAll('#bot-versions-table tbody tr').length === 2 && document.querySelector('#bot-versions-table a[data-bot="bot_a1"]') !== null`, 10*time.Second)
	poll[bool](t, ctx, "its competition", `document.querySelector('#bot-competitions a[href="#/competitions/`+c.ID+`"]') !== null`, 20*time.Second)
}
