package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gameai/internal/browsertest"
	"gameai/store"
)

// failed lists the page's requests that were answered 400 or more, as the
// browser's console would show them.
const failed = `performance.getEntriesByType('resource').filter(r => r.responseStatus >= 400).map(r => r.responseStatus + ' ' + r.name)`

// TestBrowserAVisitMakesNoNoise: My account, visited by nobody, asks
// nothing that answers an error; a disabled author's says the host disabled
// the account, not "not signed in"; a ready bot's page whose game has no
// ladder asks for the ladder once, not every 5 s; and a refused "Play
// against it" says so beside its button, wiping nothing.
func TestBrowserAVisitMakesNoNoise(t *testing.T) {
	e, st := annsServer(t)
	pw := annPassword
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/account"))
		poll[bool](t, ctx, w.name+": My account for nobody", `(document.getElementById('account-who') || {dataset: {}}).dataset.state === 'out'`, 10*time.Second)
		if bad := eval[[]string](t, ctx, failed); len(bad) > 0 {
			t.Errorf("%s: My account, visited by nobody, met %v", w.name, bad)
		}
	}

	signInOnPage(t, ctx, e, "ann", pw)
	poll[bool](t, ctx, "ann signed in", `!!document.getElementById('account-signout') && !document.getElementById('account-signout').hidden`, 10*time.Second)
	e.do(t, "POST", "/v1/accounts/ann/disable", nil, "X-API-Key", hostKey).ok(t, 204)
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/account"))
	said := poll[string](t, ctx, "ann's account disabled", `(w => w && w.dataset.state === 'disabled' ? w.textContent : '')(document.getElementById('account-who'))`, 10*time.Second)
	t.Logf("a disabled author reads: %q", said)

	ctxb := context.Background()
	hash, _ := st.Artefacts.Put(ctxb, []byte("a bot"))
	if err := st.Bots.Create(ctxb, &store.Bot{ID: "bot_quiet1", Game: "morris", Name: "quiet", Owner: "bob", Language: "executable", Version: 1,
		Status: store.BotReady, Source: hash, Program: hash, CreatedAt: time.Now(), UpdatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	// Every timer of the page's 5 s between looks at a ladder is counted
	// (chromedp's own polls set others): the page's clock, read by the
	// test, not a wait on the wall's.
	_, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (page.AddScriptToEvaluateOnNewDocumentResult, error) {
		return cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.slowTimers = []; const setT = window.setTimeout;
				window.setTimeout = (f, d, ...a) => { if (d === 5000) window.slowTimers.push(d); return setT(f, d, ...a); };`})
	})
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/bots/bot_quiet1"))
	poll[bool](t, ctx, "its ladder found missing", `(document.getElementById('bot-playing') || {dataset: {}}).dataset.ladder === 'none'`, 10*time.Second)
	if n := eval[int](t, ctx, `performance.getEntriesByType('resource').filter(r => r.name.includes('/v1/ladders/')).length`); n != 1 {
		t.Errorf("a bot's page with no ladder asked for it %d times", n)
	}
	if timers := eval[[]int](t, ctx, `window.slowTimers`); len(timers) > 0 {
		t.Errorf("a bot's page with no ladder set timers to ask again: %v ms", timers)
	}

	// "Play against it" refused (this server confines nothing): its words
	// beside the button; the rating and the button stay.
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/bots/bot_quiet1"))
		poll[bool](t, ctx, w.name+": the play button", `!!document.getElementById('bot-play')`, 10*time.Second)
		do(t, ctx, chromedp.Click(chromedp.CSS("#bot-play")))
		poll[bool](t, ctx, w.name+": the refusal said", `!!document.querySelector('#bot-play-problem .problem')`, 10*time.Second)
		if !eval[bool](t, ctx, `!!document.getElementById('bot-rating') && !!document.getElementById('bot-play')`) {
			t.Errorf("%s: the refusal of a game wiped the ladder's block", w.name)
		}
	}
}
