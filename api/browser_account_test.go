package api_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/api"
	"gameai/hosting"
	"gameai/internal/browsertest"
	"gameai/store"
	"gameai/store/memory"
)

// My account in a real browser: an owner with its token opens the page
// from Bots, sees its one token (marked as this browser's), makes another
// (shown once), uses it in this browser, revokes the first; the first is
// refused from then on, the new one opens the owner's routes; then it
// leaves, typing its name, and its last token is refused.
func TestBrowserMyAccountTokens(t *testing.T) {
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, nil, hosting.Off(st, errors.New("no sandbox in this test")))
	ann := e.owner(t, "ann", "")
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-account")))
	eval[bool](t, ctx, `(localStorage.setItem('gameai.ownerToken', `+strconv.Quote(ann)+`), window.confirm = () => true, true)`)
	do(t, ctx, chromedp.Click(chromedp.CSS("#bots-account")))
	poll[bool](t, ctx, "ann's one token", `(() => { const w = document.getElementById('account-who'), b = document.querySelector('#account-tokens tbody');`+
		` return !!w && !!b && w.textContent.includes('ann') && b.querySelectorAll('tr').length === 1 && b.textContent.includes('this browser') &&`+
		` b.textContent.includes(`+strconv.Quote(ann[:8])+`) })()`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-token-name"), "ci"), chromedp.Click(chromedp.CSS("#account-make-token")))
	made := poll[string](t, ctx, "the new token, shown once", `(document.getElementById('account-token-value') || {}).textContent || ''`, 10*time.Second)
	if len(made) < 30 || made[:4] != "gat_" {
		t.Fatalf("the page shows %q as the new token", made)
	}
	poll[bool](t, ctx, "two tokens", `document.querySelectorAll('#account-tokens tbody tr').length === 2`, 10*time.Second)
	browsertest.Screenshot(t, ctx, "account")
	// On a phone, each token's Revoke is in sight.
	do(t, ctx, chromedp.EmulateViewport(viewports[1].width, viewports[1].height, viewports[1].opts...))
	if bad := eval[string](t, ctx, keyColumnsShown("#account-tokens", "Name", "")); bad != "" {
		t.Errorf("the tokens at 390 px: %s", bad)
	}
	do(t, ctx, chromedp.EmulateViewport(viewports[0].width, viewports[0].height, viewports[0].opts...))
	do(t, ctx, chromedp.Click(chromedp.CSS("#account-use-token")))
	poll[bool](t, ctx, "the new one as this browser's", `[...document.querySelectorAll('#account-tokens tbody tr')].some(tr => tr.textContent.startsWith('ci (this browser)'))`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#account-tokens tr[data-id="`+store.FirstToken+`"] button.revoke`)))
	poll[bool](t, ctx, "one token left", `document.querySelectorAll('#account-tokens tbody tr').length === 1`, 10*time.Second)
	r := e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann)
	r.hasField(t, r.problem(t, 401), "X-API-Key")
	e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", made).ok(t, 200)

	// Leaving asks for the name, then deletes the account.
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-leave-name"), "bob"), chromedp.Click(chromedp.CSS("#account-leave")))
	poll[bool](t, ctx, "the name asked", `document.getElementById('account-left').textContent.includes('Type your name, ann')`, 10*time.Second)
	e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", made).ok(t, 200)
	eval[bool](t, ctx, `(document.getElementById('account-leave-name').value = '', true)`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-leave-name"), "ann"), chromedp.Click(chromedp.CSS("#account-leave")))
	poll[bool](t, ctx, "the account deleted", `document.getElementById('account-left').textContent.includes('The account ann is deleted') && !localStorage.getItem('gameai.ownerToken')`, 10*time.Second)
	r = e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", made)
	r.hasField(t, r.problem(t, 401), "X-API-Key")
}

// I host this server in a real browser: the host, with the server's key,
// sees the accounts, disables ann saying why (her token refused at once,
// her My account telling her the reason), sees it in the log, and enables
// her again; the page fits a phone.
func TestBrowserTheHostDisablesAnAccount(t *testing.T) {
	const key = "adm1n-key"
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key }, hosting.Off(st, errors.New("no sandbox in this test")))
	ann := e.owner(t, "ann", key)
	e.owner(t, "bob", key)
	ctx := browsertest.New(t, time.Minute)
	do(t, ctx, chromedp.Navigate(e.url+"/#/bots"), chromedp.WaitVisible(chromedp.CSS("#bots-host")))
	eval[bool](t, ctx, `(localStorage.setItem('gameai.apiKey', `+strconv.Quote(key)+`), true)`)
	do(t, ctx, chromedp.Click(chromedp.CSS("#bots-host")))
	poll[bool](t, ctx, "the accounts", `document.querySelectorAll('#host-accounts tbody tr').length === 2`, 10*time.Second)
	const why = "a bot that floods the ladder"
	eval[bool](t, ctx, `(window.prompt = () => `+strconv.Quote(why)+`, true)`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#host-accounts tr[data-account="ann"] button.disable`)))
	poll[bool](t, ctx, "ann disabled, and logged", `!!document.querySelector('#host-accounts tr[data-account="ann"] button.enable') && `+
		`document.querySelector('#host-audit tbody').textContent.includes('disable')`, 10*time.Second)
	if s := eval[string](t, ctx, `document.querySelector('#host-accounts tr[data-account="ann"] td.state').textContent`); s != "disabled: "+why {
		t.Errorf("ann's state reads %q", s)
	}
	browsertest.Screenshot(t, ctx, "host")
	phone := viewports[1]
	do(t, ctx, chromedp.EmulateViewport(phone.width, phone.height, phone.opts...))
	if bad := eval[string](t, ctx, keyColumnsShown("#host-accounts", "Name", "State", "")); bad != "" {
		t.Errorf("the accounts at 390 px: %s", bad)
	}
	phone.fits(t, ctx)
	do(t, ctx, chromedp.EmulateViewport(viewports[0].width, viewports[0].height, viewports[0].opts...))
	r := e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann)
	r.hasField(t, r.problem(t, 403), "X-API-Key")
	// Ann, on her My account, is told why.
	eval[bool](t, ctx, `(localStorage.setItem('gameai.ownerToken', `+strconv.Quote(ann)+`), localStorage.removeItem('gameai.apiKey'), true)`)
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/account"))
	poll[bool](t, ctx, "ann told why", `(document.getElementById('account-who') || {dataset: {}}).dataset.state === 'disabled' && `+
		`document.getElementById('account-who').textContent.includes(`+strconv.Quote(why)+`)`, 10*time.Second)
	eval[bool](t, ctx, `(localStorage.removeItem('gameai.ownerToken'), localStorage.setItem('gameai.apiKey', `+strconv.Quote(key)+`), true)`)
	do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+"/#/host"))
	poll[bool](t, ctx, "the accounts again", `!!document.querySelector('#host-accounts tr[data-account="ann"] button.enable')`, 10*time.Second)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#host-accounts tr[data-account="ann"] button.enable`)))
	poll[bool](t, ctx, "ann enabled", `!!document.querySelector('#host-accounts tr[data-account="ann"] button.disable')`, 10*time.Second)
	e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann).ok(t, 200)
	if eval[bool](t, ctx, `document.getElementById('host-invite').offsetParent !== null`) {
		t.Error("invitations are offered where registration is closed")
	}

	// Bob freed of his quotas, and an account made by hand.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#host-accounts tr[data-account="bob"] button.quota`)))
	poll[bool](t, ctx, "bob free of quota", `document.querySelector('#host-accounts tr[data-account="bob"] button.quota').textContent === 'Bound it again'`, 10*time.Second)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#host-new-name"), "cy"), chromedp.SendKeys(chromedp.CSS("#host-new-password"), "given by the host"),
		chromedp.Click(chromedp.CSS("#host-make")))
	poll[bool](t, ctx, "cy listed", `!!document.querySelector('#host-accounts tr[data-account="cy"]')`, 10*time.Second)
	e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "cy", Password: "given by the host"}).ok(t, 200)
	var log api.AuditResponse
	e.do(t, "GET", "/v1/audit", nil, "X-API-Key", key).ok(t, 200).json(t, &log)
	if len(log.Entries) != 4 || log.Entries[0].Action != "make account" || log.Entries[1].Action != "free of quota" || log.Entries[1].Target != "bob" {
		t.Errorf("the audit log: %+v", log.Entries)
	}
}

// My sign-ins in a real browser: ann signs in on the page while another
// browser of hers is signed in; the page lists both, this one marked, and
// ends the other, which is refused from then on.
func TestBrowserMySignIns(t *testing.T) {
	e, _ := annsServer(t)
	pw := annPassword
	phone := loginCookie(t, e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: pw}, "User-Agent", "Phone/2.0").ok(t, 200))
	ctx := browsertest.New(t, time.Minute)
	signInOnPage(t, ctx, e, "ann", pw)
	poll[bool](t, ctx, "two sign-ins, this one marked", `(() => { const rows = [...document.querySelectorAll('#account-logins tbody tr')];`+
		` return rows.length === 2 && rows.some(r => r.textContent.includes('(this browser)')) && rows.some(r => r.textContent.startsWith('Phone/2.0')) })()`, 10*time.Second)
	e.do(t, "GET", "/v1/owners/me", nil, "Cookie", phone).ok(t, 200)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#account-logins tbody tr button.end-login`)))
	poll[bool](t, ctx, "the other ended, and said", `document.querySelectorAll('#account-logins tbody tr').length === 1 && `+
		`document.getElementById('account-logins-said').textContent.includes('is ended')`, 10*time.Second)
	e.do(t, "GET", "/v1/owners/me", nil, "Cookie", phone).problem(t, 401)
}

// annPassword is ann's password in the account tests.
const annPassword = "correct horse battery"

// annsServer is a server with the host's key, no sandbox, and ann's
// account made by the host (password annPassword).
func annsServer(t *testing.T) (*env, *store.Store) {
	t.Helper()
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = hostKey }, hosting.Off(st, errors.New("no sandbox in this test")))
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: annPassword}, "X-API-Key", hostKey).ok(t, 201)
	return e, st
}

// signInOnPage signs name in on My account, as a person does.
func signInOnPage(t *testing.T, ctx context.Context, e *env, name, pw string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(e.url+"/#/account"), chromedp.WaitVisible(chromedp.CSS("#signin-name")),
		chromedp.SendKeys(chromedp.CSS("#signin-name"), name), chromedp.SendKeys(chromedp.CSS("#signin-password"), pw),
		chromedp.Click(chromedp.CSS("#account-signin")))
}
