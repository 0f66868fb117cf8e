package api_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/hosting"
	"gameai/internal/browsertest"
	"gameai/store"
	"gameai/store/memory"
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
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = hostKey }, hosting.Off(st, errors.New("no sandbox in this test")))
	pw := "correct horse battery"
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/account"))
		poll[bool](t, ctx, w.name+": My account for nobody", `(document.getElementById('account-who') || {dataset: {}}).dataset.state === 'out'`, 10*time.Second)
		if bad := eval[[]string](t, ctx, failed); len(bad) > 0 {
			t.Errorf("%s: My account, visited by nobody, met %v", w.name, bad)
		}
	}

	do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#signin-name")),
		chromedp.SendKeys(chromedp.CSS("#signin-name"), "ann"), chromedp.SendKeys(chromedp.CSS("#signin-password"), pw),
		chromedp.Click(chromedp.CSS("#account-signin")))
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
	ladders := `performance.getEntriesByType('resource').filter(r => r.name.includes('/v1/ladders/')).length`
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/bots/bot_quiet1"))
	poll[bool](t, ctx, "the bot's page", `(document.getElementById('bot-name') || {}).textContent === 'quiet'`, 10*time.Second)
	first := poll[int](t, ctx, "its ladder asked for", `(n => n >= 1 ? n : 0)(`+ladders+`)`, 10*time.Second)
	time.Sleep(6 * time.Second) // longer than the page's 5 s between looks at a ladder being played: none may come
	if n := eval[int](t, ctx, ladders); n != first {
		t.Errorf("a bot's page with no ladder asked for it %d times in 6 s (%d at first)", n-first, first)
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
