package api_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gameai/api"
	"gameai/hosting"
	"gameai/store"
	"gameai/store/memory"
)

// The host's moderation, tried as an attacker would, on both stores: no
// key, a made-up key and an owner's token get none of the host's routes.
// The host lists the accounts (bots held, last seen), disables ann: her
// tokens are refused at once (403) on every server of the store, read
// routes treat her as anyone, her bot enters no competition; the audit
// log says who did what to whom; enabled, she acts again.
func TestTheHostDisablesAnAccount(t *testing.T) {
	const key = "adm1n-key"
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			cfg := func(c *api.Config) { c.APIKey = key }
			e := newHostingEnv(t, st, cfg, hosting.Off(st, errors.New("no sandbox in this test")))
			ann, bob := e.owner(t, "ann", key), e.owner(t, "bob", key)
			readyBot(t, st, "bot_ann", "morris", "ann", []byte("ann's program"))
			for _, k := range []string{"", "gat_madeup", ann} {
				for _, r := range []reply{e.do(t, "GET", "/v1/accounts", nil, "X-API-Key", k),
					e.do(t, "POST", "/v1/accounts/bob/disable", nil, "X-API-Key", k),
					e.do(t, "POST", "/v1/accounts/bob/enable", nil, "X-API-Key", k),
					e.do(t, "GET", "/v1/audit", nil, "X-API-Key", k)} {
					r.hasField(t, r.problem(t, 401), "X-API-Key")
				}
			}
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", bob).ok(t, 200)

			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann).ok(t, 200) // seen
			var list api.AccountsResponse
			e.do(t, "GET", "/v1/accounts", nil, "X-API-Key", key).ok(t, 200).json(t, &list)
			if len(list.Accounts) != 2 || list.Accounts[0].Name != "ann" || list.Accounts[0].Bots != 1 || list.Accounts[0].LastSeen == nil ||
				list.Accounts[1].Name != "bob" || list.Accounts[1].Bots != 0 || list.Accounts[0].Disabled {
				t.Fatalf("the accounts: %+v", list.Accounts)
			}

			// The host withdraws ann's bot from the ladder: logged too.
			yes, no := true, false
			e.do(t, "PUT", "/v1/ladders/morris", api.LadderRequest{State: "paused", Bots: []string{"gameai:morris:random", "gameai:morris:mcts"}}, "X-API-Key", key).ok(t, 201)
			e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", ann).ok(t, 200)
			e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &no}, "X-API-Key", key).ok(t, 200)
			e.do(t, "PUT", "/v1/bots/bot_ann/ladder", api.LadderEntryRequest{Entered: &yes}, "X-API-Key", ann).ok(t, 200)

			// Disabled, her bot leaves the ladder at once.
			e.do(t, "POST", "/v1/accounts/ann/disable", nil, "X-API-Key", key).ok(t, 204)
			var ladder api.LadderResponse
			e.do(t, "GET", "/v1/ladders/morris", nil).ok(t, 200).json(t, &ladder)
			if slices.Contains(ladder.Entered, "bot_ann") {
				t.Errorf("a disabled account's bot is still entered: %v", ladder.Entered)
			}
			other := newHostingEnv(t, st, cfg, hosting.Off(st, errors.New("no sandbox in this test")))
			for _, srv := range []*env{e, other} {
				r := srv.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann)
				if p := r.problem(t, 403); !strings.Contains(p.Detail, "disabled") {
					t.Errorf("a disabled account's token: %s", p.Detail)
				}
			}
			r := e.do(t, "POST", "/v1/owners/me/tokens", map1("name", "escape"), "X-API-Key", ann)
			r.hasField(t, r.problem(t, 403), "X-API-Key")
			e.do(t, "GET", "/v1/bots/bot_ann", nil, "X-API-Key", ann).ok(t, 200)
			r = e.do(t, "POST", "/v1/competitions", api.CompetitionRequest{Game: "morris", Bots: []string{"bot_ann", "gameai:morris:random"}}, "X-API-Key", key)
			if p := r.problem(t, 422); !strings.Contains(p.Detail, "disabled") {
				t.Errorf("a disabled account's bot entered: %s", p.Detail)
			}
			r = e.do(t, "POST", "/v1/accounts/nobody/disable", nil, "X-API-Key", key)
			r.hasField(t, r.problem(t, 404), "name")

			e.do(t, "POST", "/v1/accounts/ann/enable", nil, "X-API-Key", key).ok(t, 204)
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann).ok(t, 200)
			var log api.AuditResponse
			e.do(t, "GET", "/v1/audit", nil, "X-API-Key", key).ok(t, 200).json(t, &log)
			if len(log.Entries) != 3 || log.Entries[0].Action != "enable" || log.Entries[1].Action != "disable" ||
				log.Entries[1].Target != "ann" || log.Entries[1].Client == "" || log.Entries[1].At.IsZero() ||
				log.Entries[2].Action != "ladder-withdraw" || log.Entries[2].Target != "bot_ann" || log.Entries[2].Detail != "ann/bot_ann" {
				t.Errorf("the audit log: %+v", log.Entries)
			}
		})
	}
}

// The host's "last seen" counts what an author does, not only sign-ins
// and tokens: a visitor's registration (signed in at once) and an upload.
// An account the host made and nobody has used is never seen.
func TestLastSeenCountsRegistrationsAndUploads(t *testing.T) {
	st := memory.New(store.Config{})
	e := registrationEnv(t, st, api.RegistrationOpen)
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: "correct horse battery"}).ok(t, 201)
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "bob", Password: "correct horse battery"}, "X-API-Key", hostKey).ok(t, 201)
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "cy", Password: "correct horse battery"}, "X-API-Key", hostKey).ok(t, 201)
	readyBot(t, st, "bot_bob", "less", "bob", []byte("bob's program"))
	var list api.AccountsResponse
	e.do(t, "GET", "/v1/accounts", nil, "X-API-Key", hostKey).ok(t, 200).json(t, &list)
	seen := map[string]bool{}
	for _, a := range list.Accounts {
		seen[a.Name] = a.LastSeen != nil
	}
	if !seen["ann"] || !seen["bob"] || seen["cy"] {
		t.Errorf("seen: %v, want ann (registered) and bob (uploaded), not cy", seen)
	}
}
