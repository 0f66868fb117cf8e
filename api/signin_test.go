package api_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/api"
	"gameai/hosting"
	"gameai/store"
	"gameai/store/memory"
)

const hostKey = "h0st-key"

// loginCookie is the sign-in cookie an answer sets ("" if none), checked
// for the attributes that keep it from scripts and other sites.
func loginCookie(t *testing.T, r reply) string {
	t.Helper()
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if (c.Name != "gameai_login" && c.Name != "__Host-gameai_login") || c.Value == "" {
			continue
		}
		if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.MaxAge <= 0 || c.Domain != "" ||
			(c.Name == "__Host-gameai_login") != c.Secure {
			t.Errorf("the sign-in cookie: %+v", c)
		}
		return c.Name + "=" + c.Value
	}
	return ""
}

func registrationEnv(t *testing.T, st *store.Store, mode string) *env {
	if st == nil {
		st = memory.New(store.Config{})
	}
	return newHostingEnv(t, st, func(c *api.Config) { c.APIKey, c.Registration = hostKey, mode },
		hosting.Off(st, errors.New("no sandbox in this test")))
}

// Registration, as each of the host's three settings has it, on both
// stores: closed lets the host alone make an account; invite takes a
// code once, never late, never a made-up one; open takes anyone; one
// network makes five an hour. A password that is short, common or holds
// the name is refused, naming the field.
func TestWhoMayRegister(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			pw := "correct horse battery"

			closed := registrationEnv(t, st, api.RegistrationClosed)
			var info api.ServerResponse
			closed.do(t, "GET", "/v1/server", nil).ok(t, 200).json(t, &info)
			// The store says what an acknowledged write survives (the
			// test's memory loses everything, and says so).
			if d := info.Store; info.Registration != "closed" || d == nil || d.Kind != name || d.Warning == "" && name == "memory" {
				t.Errorf("server info: %+v, its store's durability %+v", info, d)
			}
			r := closed.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw})
			if p := r.problem(t, 403); !strings.Contains(p.Type, "registration-closed") {
				t.Errorf("closed: %+v", p)
			}
			var made api.AccountCreatedResponse
			r = closed.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
			r.json(t, &made)
			if made.Name != "ann" || made.SignedIn || loginCookie(t, r) != "" {
				t.Errorf("made by the host: %+v, cookie %q", made, loginCookie(t, r))
			}
			closed.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).problem(t, 409)

			for _, c := range []struct{ name, pw, field string }{
				{"bo", "short", "password"}, {"bo", "1q2w3e4r5t", "password"}, {"bo", "bo-bo-bo-bo-bo-x", "password"},
				{"B@d", pw, "name"}, {"gameai", pw, "name"},
			} {
				r := closed.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: c.name, Password: c.pw}, "X-API-Key", hostKey)
				r.hasField(t, r.problem(t, 400), c.field)
			}

			inv := registrationEnv(t, st, api.RegistrationInvite)
			r = inv.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "bob", Password: pw})
			r.hasField(t, r.problem(t, 403), "invitation")
			for _, k := range []string{"", "wrong"} {
				inv.do(t, "POST", "/v1/invitations", map[string]int{"days": 1}, "X-API-Key", k).problem(t, 401)
			}
			var code api.InvitationResponse
			inv.do(t, "POST", "/v1/invitations", map[string]int{"days": 1}, "X-API-Key", hostKey).ok(t, 201).json(t, &code)
			if !strings.HasPrefix(code.Code, "inv_") || time.Until(code.Expires) < 23*time.Hour {
				t.Errorf("an invitation: %+v", code)
			}
			r = inv.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "bob", Password: pw, Invitation: code.Code + "x"})
			r.hasField(t, r.problem(t, 403), "invitation")
			r = inv.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "bob", Password: pw, Invitation: code.Code}).ok(t, 201)
			r.json(t, &made)
			bob := loginCookie(t, r)
			if !made.SignedIn || bob == "" {
				t.Errorf("registered with a code: %+v, cookie %q", made, bob)
			}
			var me api.WhoAmIResponse
			inv.do(t, "GET", "/v1/owners/me", nil, "Cookie", bob).ok(t, 200).json(t, &me)
			if me.Owner != "bob" || !me.SignedIn || !me.Password {
				t.Errorf("bob signed in: %+v", me)
			}
			r = inv.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "cy", Password: pw, Invitation: code.Code})
			if f := r.hasField(t, r.problem(t, 403), "invitation"); !strings.Contains(f.Reason, "used") {
				t.Errorf("a code used twice: %+v", f)
			}
			late := "inv_late-code"
			past := time.Now().Add(-time.Minute)
			if err := st.Accounts.Invite(context.Background(), &store.Invitation{Hash: store.TokenHash(late), CreatedAt: past.Add(-time.Hour), Expires: past}); err != nil {
				t.Fatal(err)
			}
			r = inv.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "cy", Password: pw, Invitation: late})
			if f := r.hasField(t, r.problem(t, 403), "invitation"); !strings.Contains(f.Reason, "expired") {
				t.Errorf("a code past its time: %+v", f)
			}
			// A code is not spent on a name that is taken.
			inv.do(t, "POST", "/v1/invitations", nil, "X-API-Key", hostKey).ok(t, 201).json(t, &code)
			inv.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw, Invitation: code.Code}).problem(t, 409)

			// This network made bob; four more make its five for the hour.
			op := registrationEnv(t, st, api.RegistrationOpen)
			for i := range 4 {
				op.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "open" + strconv.Itoa(i), Password: pw}).ok(t, 201)
			}
			r = op.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "open4", Password: pw})
			r.problem(t, 429)
			if r.header.Get("Retry-After") == "" {
				t.Error("a network past its accounts for the hour is not told when to come back")
			}
			op.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "by-host", Password: pw}, "X-API-Key", hostKey).ok(t, 201)

			var audit api.AuditResponse
			op.do(t, "GET", "/v1/audit", nil, "X-API-Key", hostKey).ok(t, 200).json(t, &audit)
			acts := map[string]int{}
			for _, a := range audit.Entries {
				acts[a.Action]++
			}
			if acts["make account"] != 2 || acts["invite"] != 2 {
				t.Errorf("the audit log: %+v", audit.Entries)
			}
		})
	}
}

// Guessing passwords, as an attacker would: a wrong password and a name
// nobody has get the same answer; ten failures under a name (real or
// not) make it wait, and so do thirty from one network under any names,
// with Retry-After; the account's tokens still work meanwhile.
func TestGuessingPasswordsIsSlowedAndSaysNothing(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			e := registrationEnv(t, st, api.RegistrationClosed)
			pw := "correct horse battery"
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
			token := e.owner(t, "tok", hostKey) // an account with no password
			wrong := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: "not her password"})
			nobody := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "nobody", Password: "not her password"})
			noPassword := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "tok", Password: token})
			pw1, pw2, pw3 := wrong.problem(t, 401), nobody.problem(t, 401), noPassword.problem(t, 401)
			same := func(a, b api.Problem) bool {
				return a.Type == b.Type && a.Title == b.Title && a.Detail == b.Detail && len(a.Errors) == 1 && len(b.Errors) == 1 && a.Errors[0] == b.Errors[0]
			}
			if !same(pw1, pw2) || !same(pw1, pw3) {
				t.Errorf("a wrong password and an unknown name answer apart:\n%s\n%s\n%s", wrong.body, nobody.body, noPassword.body)
			}
			if loginCookie(t, wrong) != "" {
				t.Error("a failed sign-in set a cookie")
			}
			for range 9 {
				e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: "guess"}).problem(t, 401)
				e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "nobody", Password: "guess"}).problem(t, 401)
			}
			for _, n := range []string{"ann", "nobody"} {
				r := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: n, Password: pw})
				r.problem(t, 429)
				if s, _ := strconv.Atoi(r.header.Get("Retry-After")); s < 60 || s > 15*60+1 {
					t.Errorf("%s: Retry-After %q", n, r.header.Get("Retry-After"))
				}
			}
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", token).ok(t, 200)
			// The network: 10 + 10 + 1 failures so far; nine more under
			// fresh names reach its 30, and then even a new name waits.
			for i := range 9 {
				e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "n" + strconv.Itoa(i), Password: "guess"}).problem(t, 401)
			}
			e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "fresh", Password: "guess"}).problem(t, 429)
		})
	}
}

// A sign-in cookie acts as its account on owner routes (a token made with
// it, the token list), and nothing else: signed out it is refused on
// every server of the store; the account disabled, it gets 403 and so
// does its password; the account gone, 401. The server's key sets no
// password. An account made with a token alone sets its first password
// and signs in; a wrong current password is refused and counted.
func TestASignInActsAsItsAccountUntilItEnds(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			e := registrationEnv(t, st, api.RegistrationClosed)
			other := registrationEnv(t, st, api.RegistrationClosed)
			pw := "correct horse battery"
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
			r := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: pw}).ok(t, 200)
			ann := loginCookie(t, r)
			var signed api.SignedInResponse
			r.json(t, &signed)
			if ann == "" || signed.Owner != "ann" || time.Until(signed.Expires) < 29*24*time.Hour {
				t.Fatalf("signed in: %+v, cookie %q", signed, ann)
			}
			var tok api.TokenResponse
			other.do(t, "POST", "/v1/owners/me/tokens", map1("name", "ci"), "Cookie", ann).ok(t, 201).json(t, &tok)
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", tok.Token).ok(t, 200)
			e.do(t, "POST", "/v1/accounts/logout", nil, "Cookie", ann).ok(t, 204)
			for _, srv := range []*env{e, other} {
				srv.do(t, "GET", "/v1/owners/me/tokens", nil, "Cookie", ann).problem(t, 401)
			}
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", tok.Token).ok(t, 200) // its tokens live on

			ann = loginCookie(t, e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: pw}).ok(t, 200))
			e.do(t, "POST", "/v1/accounts/ann/disable", nil, "X-API-Key", hostKey).ok(t, 204)
			other.do(t, "GET", "/v1/owners/me", nil, "Cookie", ann).problem(t, 403)
			r = e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: pw})
			r.hasField(t, r.problem(t, 403), "name")
			e.do(t, "POST", "/v1/accounts/ann/enable", nil, "X-API-Key", hostKey).ok(t, 204)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", ann).ok(t, 200)
			e.do(t, "DELETE", "/v1/owners/me", nil, "Cookie", ann).ok(t, 204)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", ann).problem(t, 401)
			e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: pw}).problem(t, 401)

			token := e.owner(t, "bob", hostKey)
			e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Password: pw}, "X-API-Key", hostKey).problem(t, 403)
			r = e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Password: "bob's 12345"}, "X-API-Key", token)
			r.hasField(t, r.problem(t, 400), "password")
			e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Password: pw}, "X-API-Key", token).ok(t, 204)
			bob := loginCookie(t, e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "bob", Password: pw}).ok(t, 200))
			r = e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Current: "a guess at it", Password: "another long one"}, "Cookie", bob)
			r.hasField(t, r.problem(t, 403), "current")
			e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Current: pw, Password: "another long one"}, "Cookie", bob).ok(t, 204)
			e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "bob", Password: "another long one"}).ok(t, 200)
			e.do(t, "POST", "/v1/accounts/logout", nil).ok(t, 204) // without a cookie: nothing to end

			var list api.AccountsResponse
			e.do(t, "PUT", "/v1/accounts/bob/quota", map[string]bool{"free": true}, "X-API-Key", hostKey).ok(t, 204)
			e.do(t, "PUT", "/v1/accounts/nobody/quota", map[string]bool{"free": true}, "X-API-Key", hostKey).problem(t, 404)
			e.do(t, "PUT", "/v1/accounts/bob/quota", map[string]bool{"free": true}, "X-API-Key", token).problem(t, 401)
			e.do(t, "GET", "/v1/accounts", nil, "X-API-Key", hostKey).ok(t, 200).json(t, &list)
			for _, a := range list.Accounts {
				if a.Name == "bob" && (!a.QuotaFree || !a.Password || a.LastSeen == nil) {
					t.Errorf("bob as the host sees him: %+v", a)
				}
			}
		})
	}
}

// An account's sessions are counted against the account wherever it asks
// from, and against the network it asks from, as a visitor's are: an
// account at its share is refused from a new network, and its network,
// full with the account's sessions, refuses a visitor of it (each cheap
// account made on one network added another share to it) while a
// visitor of another network starts one.
func TestSessionsAreCountedPerAccount(t *testing.T) {
	st := memory.New(store.Config{MaxSessionsPerClient: 3})
	e := registrationEnv(t, st, api.RegistrationClosed)
	ann := e.owner(t, "ann", hostKey)
	for range 3 {
		e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}, "X-API-Key", ann).ok(t, 201)
	}
	r := e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}, "X-API-Key", ann)
	if p := r.problem(t, 429); !strings.Contains(p.Detail, "you hold 3 live sessions") {
		t.Errorf("an account past its share: %s", p.Detail)
	}
	req, _ := http.NewRequest("POST", e.url+"/v1/games/tictactoe/sessions", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", ann)
	resp, err := from("127.0.1.9").Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 {
		t.Errorf("the account from another network: %d", resp.StatusCode)
	}
	e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}).problem(t, 429)
	req, _ = http.NewRequest("POST", e.url+"/v1/games/tictactoe/sessions", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	if resp, err = from("127.0.2.9").Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Errorf("a visitor of another network: %d", resp.StatusCode)
	}
}

// Behind a reverse proxy the host names (--trusted-proxies), each client
// is the address X-Forwarded-For gives, so one network's share of
// sessions leaves another's; without the setting X-Forwarded-For is
// ignored, and a client that sends one to pass as many gains nothing.
func TestClientsBehindATrustedProxy(t *testing.T) {
	_, loopback, _ := net.ParseCIDR("127.0.0.1/32")
	for _, c := range []struct {
		name    string
		proxies []*net.IPNet
		second  int // the answer to another network's first session
	}{{"behind a trusted proxy", []*net.IPNet{loopback}, 201}, {"no proxy trusted", nil, 429}} {
		t.Run(c.name, func(t *testing.T) {
			st := memory.New(store.Config{MaxSessionsPerClient: 2})
			e := newHostingEnv(t, st, func(cfg *api.Config) { cfg.TrustedProxies = c.proxies }, nil)
			for range 2 {
				e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}, "X-Forwarded-For", "198.51.100.7").ok(t, 201)
			}
			e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}, "X-Forwarded-For", "198.51.100.8").problem(t, 429)
			if r := e.do(t, "POST", "/v1/games/tictactoe/sessions", api.CreateSessionRequest{}, "X-Forwarded-For", "203.0.113.9"); r.status != c.second {
				t.Errorf("another network's first session: %d, want %d", r.status, c.second)
			}
		})
	}
}

// The sign-in cookie is Secure where the browser came over TLS: behind a
// trusted proxy that says so (X-Forwarded-Proto: https), not when anyone
// else says it.
func TestTheCookieIsSecureBehindATLSProxy(t *testing.T) {
	_, loopback, _ := net.ParseCIDR("127.0.0.1/32")
	for _, trusted := range []bool{true, false} {
		st := memory.New(store.Config{})
		e := newHostingEnv(t, st, func(cfg *api.Config) {
			cfg.APIKey = hostKey
			if trusted {
				cfg.TrustedProxies = []*net.IPNet{loopback}
			}
		}, nil)
		e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: "correct horse battery"}, "X-API-Key", hostKey).ok(t, 201)
		r := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: "correct horse battery"}, "X-Forwarded-Proto", "https").ok(t, 200)
		secure := strings.Contains(r.header.Get("Set-Cookie"), "; Secure")
		prefixed := strings.HasPrefix(r.header.Get("Set-Cookie"), "__Host-gameai_login=")
		if secure != trusted || prefixed != trusted {
			t.Errorf("trusted proxy %v: the cookie %q", trusted, r.header.Get("Set-Cookie"))
		}
		// The prefixed cookie signs in as the plain one does, and signs out.
		ck := loginCookie(t, r)
		e.do(t, "GET", "/v1/owners/me", nil, "Cookie", ck).ok(t, 200)
		out := e.do(t, "POST", "/v1/accounts/logout", nil, "Cookie", ck, "X-Forwarded-Proto", "https").ok(t, 204)
		if !strings.Contains(out.header.Get("Set-Cookie"), "Max-Age=0") {
			t.Errorf("signing out does not clear the cookie: %q", out.header.Get("Set-Cookie"))
		}
		e.do(t, "GET", "/v1/owners/me", nil, "Cookie", ck).problem(t, 401)
	}
}

// An account's sign-ins, as its owner sees and ends them: each listed with
// where from and which is this one; one ended by id signs its browser out;
// another account's id is not found; a password change ends all but the
// one that made it; "end my other sign-ins" leaves only this one.
func TestSignInsAreListedAndEnded(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			e := registrationEnv(t, open(t), api.RegistrationClosed)
			pw := "correct horse battery"
			for _, n := range []string{"ann", "bob"} {
				e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: n, Password: pw}, "X-API-Key", hostKey).ok(t, 201)
			}
			signIn := func(n, agent string) string {
				return loginCookie(t, e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: n, Password: pw}, "User-Agent", agent).ok(t, 200))
			}
			laptop, phone := signIn("ann", "Laptop/1.0"), signIn("ann", "Phone/2.0")
			bob := signIn("bob", "Bob/1.0")
			var list api.LoginsResponse
			e.do(t, "GET", "/v1/owners/me/logins", nil, "Cookie", laptop).ok(t, 200).json(t, &list)
			if len(list.Logins) != 2 || list.Logins[0].Agent != "Phone/2.0" || list.Logins[0].Current || !list.Logins[1].Current ||
				list.Logins[1].Client != "127.0.0.0/24" || len(list.Logins[0].ID) != 16 {
				t.Fatalf("ann's sign-ins from her laptop: %+v", list.Logins)
			}
			phoneID := list.Logins[0].ID
			e.do(t, "DELETE", "/v1/owners/me/logins/"+phoneID, nil, "Cookie", bob).problem(t, 404)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", phone).ok(t, 200)
			e.do(t, "DELETE", "/v1/owners/me/logins/"+phoneID, nil, "Cookie", laptop).ok(t, 204)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", phone).problem(t, 401)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", laptop).ok(t, 200)

			phone = signIn("ann", "Phone/2.0")
			e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Current: pw, Password: "another long one"}, "Cookie", laptop).ok(t, 204)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", phone).problem(t, 401)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", laptop).ok(t, 200)
			e.do(t, "GET", "/v1/owners/me", nil, "Cookie", bob).ok(t, 200)

			pw = "another long one"
			phone, tablet := signIn("ann", "Phone/2.0"), signIn("ann", "Tablet/3.0")
			var ended api.EndedLoginsResponse
			e.do(t, "DELETE", "/v1/owners/me/logins", nil, "Cookie", laptop).ok(t, 200).json(t, &ended)
			if ended.Ended != 2 {
				t.Errorf("ending the others: %d ended, want 2", ended.Ended)
			}
			for _, ck := range []string{phone, tablet} {
				e.do(t, "GET", "/v1/owners/me", nil, "Cookie", ck).problem(t, 401)
			}
			e.do(t, "GET", "/v1/owners/me/logins", nil, "Cookie", laptop).ok(t, 200).json(t, &list)
			if len(list.Logins) != 1 || !list.Logins[0].Current {
				t.Errorf("after ending the others: %+v", list.Logins)
			}
		})
	}
}
