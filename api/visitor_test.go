package api_test

import (
	"errors"
	"testing"

	"gameai/api"
	"gameai/hosting"
	"gameai/store"
	"gameai/store/memory"
)

// TestTheVisitorIsNamedWhoeverItIs: nobody, an owner's token, the sign-in
// cookie, the server's key, an unknown token and a disabled account's
// cookie each get 200 and who they are.
func TestTheVisitorIsNamedWhoeverItIs(t *testing.T) {
	st := memory.New(store.Config{})
	e := newHostingEnv(t, st, func(c *api.Config) { c.APIKey = hostKey }, hosting.Off(st, errors.New("no sandbox in this test")))
	pw := "correct horse battery"
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: pw}, "X-API-Key", hostKey).ok(t, 201)
	cookie := loginCookie(t, e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: pw}).ok(t, 200))
	bob := e.owner(t, "bob", hostKey)
	for _, c := range []struct {
		who     string
		headers []string
		want    api.VisitorResponse
	}{
		{"nobody", nil, api.VisitorResponse{}},
		{"a wrong token", []string{"X-API-Key", "gat_guess"}, api.VisitorResponse{}},
		{"bob's token", []string{"X-API-Key", bob}, api.VisitorResponse{SignedIn: true, Owner: "bob", Via: "token"}},
		{"ann's cookie", []string{"Cookie", cookie}, api.VisitorResponse{SignedIn: true, Owner: "ann", Via: "cookie"}},
		{"the server's key", []string{"X-API-Key", hostKey}, api.VisitorResponse{SignedIn: true, Admin: true, Via: "token"}},
	} {
		var got api.VisitorResponse
		e.do(t, "GET", "/v1/accounts/visitor", nil, c.headers...).ok(t, 200).json(t, &got)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.who, got, c.want)
		}
	}
	e.do(t, "POST", "/v1/accounts/ann/disable", nil, "X-API-Key", hostKey).ok(t, 204)
	var got api.VisitorResponse
	e.do(t, "GET", "/v1/accounts/visitor", nil, "Cookie", cookie).ok(t, 200).json(t, &got)
	if got != (api.VisitorResponse{Disabled: "ann"}) {
		t.Errorf("ann disabled: %+v", got)
	}
}
