package api_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/internal/browsertest"
)

// TestBrowserEveryPageNamesWhoIsSignedIn: on a desktop and on a phone, the
// header of every page says "Sign in" to a visitor who is not, the name of
// who signs in from the moment they do (on My account, without a reload),
// on every page after, the upload form says so before it is filled, and
// "Sign in" again once they sign out.
func TestBrowserEveryPageNamesWhoIsSignedIn(t *testing.T) {
	e, _ := annsServer(t)
	pw := annPassword
	ctx := browsertest.New(t, time.Minute)
	header := `(a => a && a.dataset.signedIn !== undefined ? a.textContent : '')(document.getElementById('nav-visitor'))`
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		for _, page := range []string{"/#/less", "/#/bots", "/#/account"} {
			do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+page))
			if got := poll[string](t, ctx, w.name+page+": the header", header, 10*time.Second); got != "Sign in" {
				t.Errorf("%s %s: the header says %q to a visitor not signed in", w.name, page, got)
			}
		}
		signInOnPage(t, ctx, e, "ann", pw)
		poll[bool](t, ctx, w.name+": ann in the header once signed in", header+` === 'ann'`, 10*time.Second)
		for _, page := range []string{"/#/morris", "/#/protocol/less"} {
			do(t, ctx, chromedp.Navigate(e.url+page))
			poll[bool](t, ctx, w.name+page+": ann in the header", header+` === 'ann'`, 10*time.Second)
		}
		do(t, ctx, chromedp.Navigate(e.url+"/#/bots"))
		poll[bool](t, ctx, w.name+": the upload form knows who uploads", `(document.getElementById('bots-token-hint') || {textContent: ''}).textContent.startsWith('Signed in as ann')`, 10*time.Second)
		w.fits(t, ctx)
		browsertest.Screenshot(t, ctx, "signed-in-"+w.name)
		do(t, ctx, chromedp.Navigate(e.url+"/#/account"), chromedp.WaitVisible(chromedp.CSS("#account-signout")), chromedp.Click(chromedp.CSS("#account-signout")))
		poll[bool](t, ctx, w.name+": Sign in again once signed out", header+` === 'Sign in'`, 10*time.Second)
	}
}
