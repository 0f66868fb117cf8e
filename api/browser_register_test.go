package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/internal/browsertest"
)

// A newcomer in a real browser, on a server that takes newcomers by
// invitation: the host makes one on its page, noting whom it is for, and
// sends its link; the link opens the newcomer's form with the code filled
// in; the newcomer registers with it (and is signed in), the host's list
// says by whom it was used; the newcomer makes a
// token and uses it in this browser, uploads a bot with it, sees it
// admitted, enters it on the ladder, and signs out (the cookie then opens
// nothing); the host disables the account, saying why, and the bot leaves
// the ladder; signing in again is refused with the host's reason.
func TestBrowserANewcomerJoinsByInvitation(t *testing.T) {
	e, _ := sandboxedWith(t, func(c *api.Config) { c.APIKey, c.Registration = hostKey, api.RegistrationInvite })
	e.do(t, "PUT", "/v1/ladders/less", api.LadderRequest{State: "paused", Bots: []string{"gameai:less:greedy", "gameai:less:expectimax"}},
		"X-API-Key", hostKey).ok(t, 201)
	exe := filepath.Join(t.TempDir(), "greedy")
	if err := os.WriteFile(exe, lessBotExecutable(t), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := browsertest.New(t, 2*time.Minute)
	link := hostInvites(t, ctx, e, "for the newcomer")
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS("#register-invitation")))
	code := strings.TrimPrefix(link[strings.Index(link, "#"):], "#/account?invitation=")
	if got := eval[string](t, ctx, `document.getElementById('register-invitation').value`); got != code || !strings.HasPrefix(code, "inv_") {
		t.Errorf("the link's form holds %q, want its code %q", got, code)
	}
	browsertest.Screenshot(t, ctx, "register")
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#register-name"), "newcomer"),
		chromedp.SendKeys(chromedp.CSS("#register-password"), "a first bot, at last"),
		chromedp.Click(chromedp.CSS("#account-register")))
	poll[bool](t, ctx, "signed in", `document.getElementById('account-who').textContent.includes('Signed in as newcomer')`, 10*time.Second)
	var invs api.InvitationsResponse
	e.do(t, "GET", "/v1/invitations", nil, "X-API-Key", hostKey).ok(t, 200).json(t, &invs)
	if len(invs.Invitations) != 1 || invs.Invitations[0].UsedBy != "newcomer" || invs.Invitations[0].Note != "for the newcomer" {
		t.Errorf("the invitations after it was used: %+v", invs.Invitations)
	}
	if eval[bool](t, ctx, `document.cookie.includes('gameai_login')`) {
		t.Error("the page's script reads the sign-in cookie")
	}
	browsertest.Screenshot(t, ctx, "signed-in")
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-token-name"), "uploads"), chromedp.Click(chromedp.CSS("#account-make-token")))
	token := poll[string](t, ctx, "the new token", `(document.getElementById('account-token-value') || {}).textContent || ''`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS("#account-use-token")))
	poll[bool](t, ctx, "the token in this browser", `localStorage.getItem('gameai.ownerToken') === `+fmt.Sprintf("%q", token), 10*time.Second)

	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#upload-submit")))
	poll[bool](t, ctx, "the languages", `document.querySelector('#upload-language option[value="executable"]') !== null`, 10*time.Second)
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`#upload-form input[name="name"]`), "greedy"),
		chromedp.SetValue(chromedp.CSS("#upload-language"), "executable"),
		chromedp.SetUploadFiles(chromedp.CSS("#upload-file"), []string{exe}),
		chromedp.Click(chromedp.CSS("#upload-submit")))
	poll[bool](t, ctx, "the bot's page", `location.hash.startsWith('#/bots/bot_')`, 10*time.Second)
	id := strings.TrimPrefix(eval[string](t, ctx, `location.hash`), "#/bots/")
	poll[bool](t, ctx, "the bot ready", `(document.getElementById('bot-status') || {dataset: {}}).dataset.status === 'ready'`, time.Minute)
	poll[bool](t, ctx, "its ladder entry", `document.getElementById('bot-ladder-enter') !== null`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS("#bot-ladder-enter")))
	poll[bool](t, ctx, "entered", `(document.getElementById('bot-ladder-entry') || {dataset: {}}).dataset.state === 'entered'`, 10*time.Second)
	var ladder api.LadderResponse
	e.do(t, "GET", "/v1/ladders/less", nil).ok(t, 200).json(t, &ladder)
	if !slices.Contains(ladder.Entered, id) {
		t.Fatalf("the ladder's entrants: %v, not %s", ladder.Entered, id)
	}

	do(t, ctx, chromedp.Navigate(e.url+"/#/account"), chromedp.WaitVisible(chromedp.CSS("#account-signout")))
	do(t, ctx, chromedp.Click(chromedp.CSS("#account-signout")))
	poll[bool](t, ctx, "signed out", `document.getElementById('account-who').textContent.includes('not signed in') && document.getElementById('signin-name') !== null`, 10*time.Second)
	eval[bool](t, ctx, `(window.meStatus = 0, fetch('/v1/owners/me').then(r => window.meStatus = r.status), true)`)
	if st := poll[int](t, ctx, "the browser's own request", `window.meStatus`, 10*time.Second); st != 401 {
		t.Errorf("signed out, the browser's request is answered %d", st)
	}
	e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", token).ok(t, 200)

	e.do(t, "POST", "/v1/accounts/newcomer/disable", map[string]string{"reason": "a bot that attacks others"}, "X-API-Key", hostKey).ok(t, 204)
	e.do(t, "GET", "/v1/ladders/less", nil).ok(t, 200).json(t, &ladder)
	if slices.Contains(ladder.Entered, id) {
		t.Errorf("a disabled account's bot is still on the ladder: %v", ladder.Entered)
	}
	// Signing in again is refused with the reason.
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#signin-name"), "newcomer"),
		chromedp.SendKeys(chromedp.CSS("#signin-password"), "a first bot, at last"),
		chromedp.Click(chromedp.CSS("#account-signin")))
	poll[bool](t, ctx, "the refusal, with the host's reason", `document.getElementById('account-signin-panel').textContent.includes('disabled') && `+
		`document.getElementById('account-signin-panel').textContent.includes('a bot that attacks others')`, 10*time.Second)
}

// hostInvites makes an invitation on the host's page, for whom note says,
// and returns its link; the browser holds the server's key meanwhile, and
// not after. The page lists it, open, with the note.
func hostInvites(t *testing.T, ctx context.Context, e *env, note string) string {
	t.Helper()
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-host")))
	eval[bool](t, ctx, `(localStorage.setItem('gameai.apiKey', `+strconv.Quote(hostKey)+`), true)`)
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/host"))
	poll[bool](t, ctx, "the invitations' form", `(document.getElementById('host-invite') || {}).offsetParent != null`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#host-invite-note"), note), chromedp.Click(chromedp.CSS("#host-invite")))
	link := poll[string](t, ctx, "the invitation's link", `(document.getElementById('host-invitation-link') || {}).href || ''`, 10*time.Second)
	poll[bool](t, ctx, "the invitation listed", `[...document.querySelectorAll('#host-invitations-table tr[data-state="open"]')].some(tr => tr.textContent.includes(`+strconv.Quote(note)+`))`, 10*time.Second)
	browsertest.Screenshot(t, ctx, "host-invitation")
	eval[bool](t, ctx, `(localStorage.removeItem('gameai.apiKey'), true)`)
	return link
}

// A page of another site, in a real browser signed in here, cannot use the
// sign-in: its cross-origin writes with credentials (a token made, the
// account deleted, a sign-out) change nothing.
func TestBrowserAnotherSiteCannotUseASignIn(t *testing.T) {
	e := registrationEnv(t, nil, api.RegistrationOpen)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/account"), chromedp.WaitVisible(chromedp.CSS("#register-name")))
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#register-name"), "ann"),
		chromedp.SendKeys(chromedp.CSS("#register-password"), "correct horse battery"),
		chromedp.Click(chromedp.CSS("#account-register")))
	poll[bool](t, ctx, "signed in", `document.getElementById('account-who').textContent.includes('Signed in as ann')`, 10*time.Second)

	html := fmt.Sprintf(`<!doctype html><html><body><script>
window.done = (async () => {
  const shots = [['POST', '/v1/owners/me/tokens', '{"name":"stolen"}'], ['PUT', '/v1/owners/me/password', '{"password":"mallory was here"}'],
    ['POST', '/v1/accounts/logout', ''], ['DELETE', '/v1/owners/me', '']];
  for (const [method, path, body] of shots) {
    for (const mode of ['no-cors', 'cors']) {
      try { await fetch(%[1]q + path, { method, mode, credentials: 'include', body: body || undefined,
        headers: mode === 'cors' ? { 'Content-Type': 'application/json' } : {} }); } catch (e) {}
    }
  }
  return true;
})();
</script></body></html>`, e.url)
	attacker := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(html))
	}))
	t.Cleanup(attacker.Close)
	do(t, ctx, chromedp.Navigate(strings.Replace(attacker.URL, "127.0.0.1", "localhost", 1)))
	poll[bool](t, ctx, "the attack to run", `window.done && (window.done.then(v => window.finished = v), window.finished === true)`, 30*time.Second)

	do(t, ctx, chromedp.Navigate(e.url+"/#/account"))
	poll[bool](t, ctx, "still signed in, one token-less account", `(document.getElementById('account-who') || {textContent: ''}).textContent.includes('Signed in as ann') && `+
		`document.querySelectorAll('#account-tokens tbody tr').length === 0`, 10*time.Second)
	e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: "correct horse battery"}).ok(t, 200)
}

// Errors stand for the latest action, at both widths: a failed sign-in's
// problem goes once the newcomer tries to register instead, which says its
// own; neither replaces the forms.
func TestBrowserAnEarlierFormsErrorGoes(t *testing.T) {
	e := registrationEnv(t, nil, api.RegistrationOpen)
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: "correct horse battery"}, "X-API-Key", hostKey).ok(t, 201)
	ctx := browsertest.New(t, time.Minute)
	for _, w := range viewports {
		do(t, ctx, chromedp.EmulateViewport(w.width, w.height, w.opts...))
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/account"), chromedp.WaitVisible(chromedp.CSS("#register-name")))
		do(t, ctx, chromedp.SendKeys(chromedp.CSS("#signin-name"), "ann"), chromedp.SendKeys(chromedp.CSS("#signin-password"), "not her password"),
			chromedp.Click(chromedp.CSS("#account-signin")))
		poll[bool](t, ctx, w.name+": the sign-in refused", `document.querySelector('#account-signin-panel .problem') !== null`, 10*time.Second)
		do(t, ctx, chromedp.SendKeys(chromedp.CSS("#register-name"), "ann"), chromedp.SendKeys(chromedp.CSS("#register-password"), "another long password"),
			chromedp.Click(chromedp.CSS("#account-register")))
		poll[bool](t, ctx, w.name+": the registration refused", `document.querySelector('#account-register-panel .problem') !== null`, 10*time.Second)
		if n := eval[int](t, ctx, `document.querySelectorAll('.problem').length`); n != 1 {
			t.Errorf("%s: %d problems shown, want the registration's alone", w.name, n)
		}
		if eval[bool](t, ctx, `document.getElementById('signin-name') === null || document.getElementById('register-name') === null`) {
			t.Errorf("%s: a problem took a form's place", w.name)
		}
		w.fits(t, ctx)
	}
}
