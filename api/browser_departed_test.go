package api_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/arena"
	"gameai/hosting"
	"gameai/internal/browsertest"
	"gameai/store"
	"gameai/store/memory"
)

// A bot whose author left keeps its page, at both widths: it says so and
// when, offers nothing to do, and keeps its games; a version that left
// the ladder says why on the ladder's page.
func TestBrowserADepartedAuthorsBotKeepsItsPage(t *testing.T) {
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, nil, hosting.Off(st, errors.New("no sandbox in this test")))
	ann := e.owner(t, "ann", "")
	readyBot(t, st, "bot_ann", "morris", "ann", []byte("ann's program"))
	ctx := context.Background()
	b, err := st.Bots.Get(ctx, "bot_ann")
	if err != nil {
		t.Fatal(err)
	}
	b.Validation = []store.ValidationGame{{Seat: "white", Opponents: "gameai:alphabeta:strategy=ga-2019-best,depth=2", Result: "black won", Outcome: "lost", ThinkMS: 40}}
	if err := st.Bots.Update(ctx, b); err != nil {
		t.Fatal(err)
	}
	e.do(t, "DELETE", "/v1/owners/me", nil, "X-API-Key", ann).ok(t, 204)

	// A ladder of our engines, one of which the host then takes off.
	bots := []string{"gameai:morris:random", "gameai:morris:alphabeta:depth=1", "gameai:morris:alphabeta:strategy=petcu-e32,depth=1"}
	e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{MoveMS: 10}, Bots: bots}).ok(t, 201)
	t.Cleanup(func() { e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "paused"}) })
	var l api.LadderResponse
	waitLong(t, func() bool { // every engine has played
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
		return len(l.Rows) == 3 && !slices.ContainsFunc(l.Rows, func(r api.LadderRow) bool { return r.Games == 0 })
	})
	e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "running", GamesPerMinute: 120, Clock: &arena.Clock{MoveMS: 10}, Bots: bots[1:]}).ok(t, 200)
	waitUpTo(t, 3*time.Second, func() bool { // the random engine has left
		e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &l)
		return len(l.Retired) == 1
	})
	if r := l.Retired[0]; r.Bot != bots[0] || r.Left != "withdrawn from the ladder" || r.LeftAt == nil {
		t.Errorf("the version that left: %s, %q at %v", r.Bot, r.Left, r.LeftAt)
	}

	bctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, bctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, bctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/bots/bot_ann"))
		poll[bool](t, bctx, w.name+": the departed author's bot", `(document.getElementById('bot-status') || {dataset: {}}).dataset.status === 'deleted'`, 10*time.Second)
		if s := eval[string](t, bctx, `document.getElementById('bot-status').textContent`); !strings.Contains(s, "its author left the server") || !strings.Contains(s, "its games stay") {
			t.Errorf("%s: its page says %q", w.name, s)
		}
		if eval[bool](t, bctx, `document.getElementById('bot-delete').offsetParent !== null || document.getElementById('bot-play') !== null`) {
			t.Errorf("%s: a deleted bot's page offers to delete or play it", w.name)
		}
		if s := eval[string](t, bctx, `(document.querySelector('#bot-games [data-game="0"]') || {}).textContent || ''`); !strings.Contains(s, "our alpha-beta (ga-2019-best, depth 2)") {
			t.Errorf("%s: its validation game reads %q", w.name, s)
		}
		w.fits(t, bctx)
		browsertest.Screenshot(t, bctx, "departed-"+w.name)

		do(t, bctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/ladders/morris"))
		poll[bool](t, bctx, w.name+": the versions that left", `document.querySelector('#ladder-retired-table td.left') !== null`, 10*time.Second)
		if s := eval[string](t, bctx, `document.querySelector('#ladder-retired-table td.left').textContent`); s != "withdrawn from the ladder" {
			t.Errorf("%s: why it left reads %q", w.name, s)
		}
		if bad := eval[string](t, bctx, keyColumnsShown("#ladder-retired-table", "Bot", "Why it left")); bad != "" {
			t.Errorf("%s: %s", w.name, bad)
		}
	}
}
