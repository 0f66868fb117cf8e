package api_test

import (
	"errors"
	"strings"
	"testing"

	"gameai/api"
	"gameai/hosting"
	"gameai/store"
)

// An owner's tokens, tried as an attacker would, on both stores: no key,
// a made-up key and the server's key get nothing of them; ann makes a
// token (shown once, listed by name and first characters, never the
// token), which opens her routes at once; bob cannot revoke or see
// hers; a revoked token, the first one included, is refused at once,
// on another server of the same store too; past 20 tokens 409.
func TestTokensAreAnOwnersOwn(t *testing.T) {
	const key = "adm1n-key"
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key }, hosting.Off(st, errors.New("no sandbox in this test")))
			ann, bob := e.owner(t, "ann", key), e.owner(t, "bob", key)
			for _, c := range []struct{ who, key string }{{"no key", ""}, {"a made-up key", "gat_madeup"}} {
				for _, r := range []reply{e.do(t, "GET", "/v1/owners/me/tokens", nil, "X-API-Key", c.key),
					e.do(t, "POST", "/v1/owners/me/tokens", map1("name", "x"), "X-API-Key", c.key),
					e.do(t, "DELETE", "/v1/owners/me/tokens/"+store.FirstToken, nil, "X-API-Key", c.key)} {
					r.hasField(t, r.problem(t, 401), "X-API-Key")
				}
			}
			r := e.do(t, "GET", "/v1/owners/me/tokens", nil, "X-API-Key", key)
			r.hasField(t, r.problem(t, 403), "X-API-Key")

			var made api.TokenResponse
			e.do(t, "POST", "/v1/owners/me/tokens", map1("name", "laptop"), "X-API-Key", ann).ok(t, 201).json(t, &made)
			if !strings.HasPrefix(made.Token, "gat_") || made.Prefix != made.Token[:8] || made.Name != "laptop" || !strings.HasPrefix(made.ID, "tok_") {
				t.Fatalf("made: %+v", made)
			}
			var who api.WhoAmIResponse
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", made.Token).ok(t, 200).json(t, &who)
			if who.Owner != "ann" {
				t.Errorf("the new token opens %+v", who)
			}
			var list api.TokensResponse
			lr := e.do(t, "GET", "/v1/owners/me/tokens", nil, "X-API-Key", made.Token).ok(t, 200)
			lr.json(t, &list)
			if strings.Contains(string(lr.body), made.Token) || strings.Contains(string(lr.body), ann) {
				t.Errorf("a list shows a token: %s", lr.body)
			}
			if len(list.Tokens) != 2 || list.Tokens[0].ID != store.FirstToken || list.Tokens[0].Prefix != ann[:8] ||
				list.Tokens[1].ID != made.ID || !list.Tokens[1].Current || list.Tokens[0].Current || list.Tokens[1].LastUsed == nil {
				t.Errorf("ann's tokens: %+v", list.Tokens)
			}
			var bobs api.TokensResponse
			e.do(t, "GET", "/v1/owners/me/tokens", nil, "X-API-Key", bob).ok(t, 200).json(t, &bobs)
			if len(bobs.Tokens) != 1 || bobs.Tokens[0].Prefix != bob[:8] {
				t.Errorf("bob's tokens: %+v", bobs.Tokens)
			}
			r = e.do(t, "DELETE", "/v1/owners/me/tokens/"+made.ID, nil, "X-API-Key", bob)
			r.hasField(t, r.problem(t, 404), "id")
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", made.Token).ok(t, 200)

			// Another server on the same store refuses a revoked token at once.
			other := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key }, hosting.Off(st, errors.New("no sandbox in this test")))
			e.do(t, "DELETE", "/v1/owners/me/tokens/"+made.ID, nil, "X-API-Key", ann).ok(t, 204)
			for _, srv := range []*env{e, other} {
				r := srv.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", made.Token)
				r.hasField(t, r.problem(t, 401), "X-API-Key")
			}
			e.do(t, "DELETE", "/v1/owners/me/tokens/"+store.FirstToken, nil, "X-API-Key", ann).ok(t, 204)
			r = other.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann)
			r.hasField(t, r.problem(t, 401), "X-API-Key")

			for _, bad := range []string{"", "   ", strings.Repeat("n", 65), "two\nlines"} {
				r := e.do(t, "POST", "/v1/owners/me/tokens", map1("name", bad), "X-API-Key", bob)
				r.hasField(t, r.problem(t, 400), "name")
			}
			for i := 1; i < store.MaxTokens; i++ {
				e.do(t, "POST", "/v1/owners/me/tokens", map1("name", "t"), "X-API-Key", bob).ok(t, 201)
			}
			r = e.do(t, "POST", "/v1/owners/me/tokens", map1("name", "one more"), "X-API-Key", bob)
			r.hasField(t, r.problem(t, 409), "name")
		})
	}
}

// An owner leaves, tried as an attacker would: no key, a made-up key and
// the server's key cannot delete anyone; bob's token deletes bob only.
// Ann's bots and their files go, every token of hers is refused at once,
// her name cannot be taken again, bob's bot stays. Her bot's page stays,
// saying she left, with its games; it is listed only when deleted
// versions are asked for, and plays in no session.
func TestAnOwnerLeaves(t *testing.T) {
	const key = "adm1n-key"
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = key }, hosting.Off(st, errors.New("no sandbox in this test")))
			ann, bob := e.owner(t, "ann", key), e.owner(t, "bob", key)
			var second api.TokenResponse
			e.do(t, "POST", "/v1/owners/me/tokens", map1("name", "ci"), "X-API-Key", ann).ok(t, 201).json(t, &second)
			readyBot(t, st, "bot_ann", "less", "ann", []byte("ann's program"))
			readyBot(t, st, "bot_bob", "less", "bob", []byte("bob's program"))
			for _, k := range []string{"", "gat_madeup"} {
				r := e.do(t, "DELETE", "/v1/owners/me", nil, "X-API-Key", k)
				r.hasField(t, r.problem(t, 401), "X-API-Key")
			}
			r := e.do(t, "DELETE", "/v1/owners/me", nil, "X-API-Key", key)
			r.hasField(t, r.problem(t, 403), "X-API-Key")
			e.do(t, "GET", "/v1/bots/bot_ann", nil).ok(t, 200)

			e.do(t, "DELETE", "/v1/owners/me", nil, "X-API-Key", second.Token).ok(t, 204)
			for _, tok := range []string{ann, second.Token} {
				r := e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", tok)
				r.hasField(t, r.problem(t, 401), "X-API-Key")
			}
			var gone api.BotResponse
			e.do(t, "GET", "/v1/bots/bot_ann", nil).ok(t, 200).json(t, &gone)
			if gone.Status != "deleted" || gone.Reason != "its author left the server" || gone.Owner != "ann" || gone.Name != "bot_ann" {
				t.Errorf("her bot's page after she left: %s %q by %s", gone.Status, gone.Reason, gone.Owner)
			}
			e.do(t, "GET", "/v1/bots/bot_ann/games", nil).ok(t, 200)
			var list api.BotListResponse
			e.do(t, "GET", "/v1/bots?owner=ann", nil).ok(t, 200).json(t, &list)
			if len(list.Bots) != 0 {
				t.Errorf("her deleted bot is listed among the bots: %+v", list.Bots)
			}
			e.do(t, "GET", "/v1/bots?owner=ann&status=deleted", nil).ok(t, 200).json(t, &list)
			if len(list.Bots) != 1 || list.Bots[0].ID != "bot_ann" {
				t.Errorf("her deleted versions: %+v", list.Bots)
			}
			r = e.do(t, "POST", "/v1/games/less/sessions", map[string]any{"engines": []any{nil, map1("bot", "bot_ann")}})
			r.hasField(t, r.problem(t, 422), "engines[1].bot")
			r = e.do(t, "DELETE", "/v1/bots/bot_ann", nil, "X-API-Key", key)
			r.problem(t, 404)
			if _, err := st.Artefacts.Get(t.Context(), store.ContentHash([]byte("ann's program"))); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("ann's file after she left: %v", err)
			}
			e.do(t, "GET", "/v1/bots/bot_bob", nil).ok(t, 200)
			e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", bob).ok(t, 200)
			r = e.do(t, "POST", "/v1/owners", map1("name", "ann"), "X-API-Key", key)
			r.hasField(t, r.problem(t, 409), "name")
		})
	}
}
