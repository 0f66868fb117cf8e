package api_test

import (
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"gameai/api"
	"gameai/hosting"
	"gameai/store"
	"gameai/store/memory"
)

// burstEnv is registrationEnv with room for a burst: every request of it
// gets a turn (a burst from one network would otherwise wait on its share
// of the turnstile, and be answered 503 before it is counted).
func burstEnv(t *testing.T, st *store.Store, mode string) *env {
	if st == nil {
		st = memory.New(store.Config{})
	}
	return newHostingEnv(t, st, func(c *api.Config) {
		c.APIKey, c.Registration = hostKey, mode
		c.MaxRequests, c.AdmitWait = 128, time.Minute
	}, hosting.Off(st, errors.New("no sandbox in this test")))
}

// statuses sends n requests at once and counts their answers by status.
func statuses(n int, send func(i int) int) map[int]int {
	var mu sync.Mutex
	out := map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code := send(i)
			mu.Lock()
			out[code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// Thirty registrations sent at once from one network make exactly its
// five accounts for the hour; the rest are told to wait (429). Counted
// after the work, as it was, a burst made twelve.
func TestABurstOfRegistrationsMakesTheBoundExactly(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			e := burstEnv(t, open(t), api.RegistrationOpen)
			got := statuses(30, func(i int) int {
				return e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "burst" + strconv.Itoa(i), Password: "correct horse battery"}).status
			})
			if got[201] != 5 || got[429] != 25 {
				t.Errorf("30 registrations at once: %v, want 5 made and 25 refused", got)
			}
		})
	}
}

// Forty wrong passwords sent at once under one name are checked ten
// times, the bound; the rest are refused before any hash (429). Read
// before the work and counted after it, as they were, 16 got through.
func TestABurstOfGuessesIsCheckedTheBoundExactly(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			e := burstEnv(t, open(t), api.RegistrationClosed)
			pw := "correct horse battery"
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
			got := statuses(40, func(i int) int {
				return e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: "guess " + strconv.Itoa(i)}).status
			})
			if got[401] != 10 || got[429] != 30 {
				t.Errorf("40 guesses at once: %v, want 10 checked and 30 refused", got)
			}
			// A right password signs in once the window is over, and a
			// success gives its count back: the name's failures stay ten.
			n, _, err := e.store.Accounts.Hits(t.Context(), "signin-name:ann")
			if err != nil || n != 10 {
				t.Errorf("the name's failures after the burst: %d (%v), want 10", n, err)
			}
		})
	}
}

// Where registration is by invitation, a stranger without a good code
// learns nothing of which names exist: a taken name and a free one get
// the same refusal of the code, and neither costs a hash nor counts
// toward the network's accounts. With a good code, a taken name is
// refused (409) and the code is not spent.
func TestABadInvitationSaysNothingOfNames(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			e := burstEnv(t, st, api.RegistrationInvite)
			pw := "correct horse battery"
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
			var answers []api.Problem
			for _, n := range []string{"ann", "nobody-here"} {
				for range 5 {
					r := e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: n, Password: pw, Invitation: "inv_made-up"})
					answers = append(answers, r.problem(t, 403))
				}
			}
			for _, p := range answers[1:] {
				if p.Type != answers[0].Type || p.Detail != answers[0].Detail {
					t.Errorf("a bad code answers apart by name: %+v and %+v", answers[0], p)
				}
			}
			for _, key := range []string{"register-net:127.0.0.0/24", "password-work:127.0.0.0/24"} {
				if n, _, err := st.Accounts.Hits(t.Context(), key); err != nil || n != 0 {
					t.Errorf("%s after bad codes: %d (%v), want 0", key, n, err)
				}
			}
			var code api.InvitationResponse
			e.do(t, "POST", "/v1/invitations", nil, "X-API-Key", hostKey).ok(t, 201).json(t, &code)
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw, Invitation: code.Code}).problem(t, 409)
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "bob", Password: pw, Invitation: code.Code}).ok(t, 201)
		})
	}
}

// A password change costs hashes: an account changes its password at
// most ten times an hour, whatever token or cookie asks.
func TestPasswordChangesAreBounded(t *testing.T) {
	e := burstEnv(t, nil, api.RegistrationClosed)
	token := e.owner(t, "bob", hostKey)
	// The first sets it with the token alone; the next nine need it.
	e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Password: "a long one number 0"}, "X-API-Key", token).ok(t, 204)
	cur := "a long one number 0"
	for i := 1; i < 10; i++ {
		next := "a long one number " + strconv.Itoa(i)
		e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Current: cur, Password: next}, "X-API-Key", token).ok(t, 204)
		cur = next
	}
	r := e.do(t, "PUT", "/v1/owners/me/password", api.PasswordRequest{Current: cur, Password: "one more long one"}, "X-API-Key", token)
	r.hasField(t, r.problem(t, 429), "password")
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
}
