package api_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/hosting"
	"gameai/internal/browsertest"
	"gameai/store"
	"gameai/store/memory"
)

// TestBrowserAPasswordChangeIsSaid: on a desktop and on a phone, a changed
// password is said in words (and what it did to the other sign-ins), not
// only the fields emptied; the new password is the one that signs in.
func TestBrowserAPasswordChangeIsSaid(t *testing.T) {
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = hostKey }, hosting.Off(st, errors.New("no sandbox in this test")))
	pw := "correct horse battery"
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/account"), chromedp.WaitVisible(chromedp.CSS("#signin-name")),
		chromedp.SendKeys(chromedp.CSS("#signin-name"), "ann"), chromedp.SendKeys(chromedp.CSS("#signin-password"), pw),
		chromedp.Click(chromedp.CSS("#account-signin")))
	poll[bool](t, ctx, "ann signed in", `!!document.getElementById('password-current')`, 10*time.Second)
	for i, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		next := pw + " " + w.name
		do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#password-current")),
			chromedp.SendKeys(chromedp.CSS("#password-current"), pw), chromedp.SendKeys(chromedp.CSS("#password-new"), next),
			chromedp.Click(chromedp.CSS("#account-set-password")))
		got := poll[string](t, ctx, w.name+": the change said", `(document.querySelector('#account-said .said') || {}).textContent || ''`, 10*time.Second)
		if !strings.Contains(got, "Your password is changed") || !strings.Contains(got, "other browsers are ended") {
			t.Errorf("%s: %q", w.name, got)
		}
		e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: next}).ok(t, 200)
		pw = next
		if i == 0 {
			browsertest.Screenshot(t, ctx, "password-changed")
			do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/account"))
			poll[bool](t, ctx, "the page again, the word gone", `!!document.getElementById('password-current') && !document.querySelector('#account-said .said')`, 10*time.Second)
		}
	}
}
