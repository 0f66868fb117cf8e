package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
)

// TestBrowserAPasswordChangeIsSaid: on a desktop and on a phone, a changed
// password is said in words (and what it did to the other sign-ins), not
// only the fields emptied; the new password is the one that signs in.
func TestBrowserAPasswordChangeIsSaid(t *testing.T) {
	e, _ := annsServer(t)
	pw := annPassword
	ctx := browsertest.New(t, time.Minute)
	signInOnPage(t, ctx, e, "ann", pw)
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
