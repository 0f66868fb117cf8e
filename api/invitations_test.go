package api_test

import (
	"strings"
	"testing"

	"gameai/api"
)

// The host's invitations, on both stores: each made with a note is listed
// (never its code), newest first, open, then used by whom; an open one
// withdrawn is refused to its holder, a used one cannot be withdrawn (its
// account stands), an unknown id is 404; nobody but the host lists or
// withdraws them (no key, a made-up key, an owner's token).
func TestTheHostListsAndWithdrawsInvitations(t *testing.T) {
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			e := registrationEnv(t, open(t), api.RegistrationInvite)
			var first, second api.InvitationResponse
			e.do(t, "POST", "/v1/invitations", api.InvitationRequest{Note: "for ann"}, "X-API-Key", hostKey).ok(t, 201).json(t, &first)
			e.do(t, "POST", "/v1/invitations", api.InvitationRequest{Days: 2, Note: "for bob"}, "X-API-Key", hostKey).ok(t, 201).json(t, &second)
			r := e.do(t, "POST", "/v1/invitations", api.InvitationRequest{Note: strings.Repeat("x", 81)}, "X-API-Key", hostKey)
			r.hasField(t, r.problem(t, 400), "note")

			list := func() []api.InvitationInfo {
				t.Helper()
				var l api.InvitationsResponse
				r := e.do(t, "GET", "/v1/invitations", nil, "X-API-Key", hostKey).ok(t, 200)
				if strings.Contains(string(r.body), first.Code) || strings.Contains(string(r.body), second.Code) {
					t.Fatal("the list shows a code")
				}
				r.json(t, &l)
				return l.Invitations
			}
			if l := list(); len(l) != 2 || l[0].ID != second.ID || l[0].Note != "for bob" || l[0].State != "open" || l[1].ID != first.ID {
				t.Fatalf("the invitations: %+v", l)
			}
			e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: "correct horse battery", Invitation: first.Code}).ok(t, 201)
			if l := list(); l[1].State != "used" || l[1].UsedBy != "ann" {
				t.Errorf("after ann registered: %+v", l[1])
			}

			ann := e.owner(t, "cy", hostKey)
			for _, k := range []string{"", "gat_madeup", ann} {
				for _, r := range []reply{e.do(t, "GET", "/v1/invitations", nil, "X-API-Key", k), e.do(t, "DELETE", "/v1/invitations/"+second.ID, nil, "X-API-Key", k)} {
					if r.status != 401 && r.status != 403 {
						t.Errorf("key %.8q: %d, want 401 or 403", k, r.status)
					}
				}
			}
			e.do(t, "DELETE", "/v1/invitations/"+second.ID, nil, "X-API-Key", hostKey).ok(t, 204)
			r = e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "bob", Password: "correct horse battery", Invitation: second.Code})
			r.hasField(t, r.problem(t, 403), "invitation")
			r = e.do(t, "DELETE", "/v1/invitations/"+first.ID, nil, "X-API-Key", hostKey)
			r.hasField(t, r.problem(t, 409), "id")
			r = e.do(t, "DELETE", "/v1/invitations/"+second.ID, nil, "X-API-Key", hostKey)
			r.hasField(t, r.problem(t, 404), "id")
			if l := list(); len(l) != 1 || l[0].ID != first.ID {
				t.Errorf("after the withdrawal: %+v", l)
			}
			var audit api.AuditResponse
			e.do(t, "GET", "/v1/audit", nil, "X-API-Key", hostKey).ok(t, 200).json(t, &audit)
			if len(audit.Entries) == 0 || audit.Entries[0].Action != "withdraw invitation" || audit.Entries[0].Target != second.ID {
				t.Errorf("the log: %+v", audit.Entries)
			}
		})
	}
}

// A host's reason for disabling an account is told to it: in the refusal
// of its token and of its sign-in, and to its page (the visitor); the
// host's list keeps it; enabled, the reason goes.
func TestADisabledAccountIsToldWhy(t *testing.T) {
	e := registrationEnv(t, nil, api.RegistrationClosed)
	e.do(t, "POST", "/v1/accounts", api.RegisterRequest{Name: "ann", Password: "correct horse battery"}, "X-API-Key", hostKey).ok(t, 201)
	ann := e.owner(t, "bob", hostKey)
	const why = "uploads that attack the sandbox"
	r := e.do(t, "POST", "/v1/accounts/bob/disable", map[string]string{"reason": strings.Repeat("x", 201)}, "X-API-Key", hostKey)
	r.hasField(t, r.problem(t, 400), "reason")
	e.do(t, "POST", "/v1/accounts/bob/disable", map[string]string{"reason": why}, "X-API-Key", hostKey).ok(t, 204)
	e.do(t, "POST", "/v1/accounts/ann/disable", map[string]string{"reason": why}, "X-API-Key", hostKey).ok(t, 204)
	if p := e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann).problem(t, 403); !strings.Contains(p.Detail, why) {
		t.Errorf("the token's refusal: %q", p.Detail)
	}
	var v api.VisitorResponse
	e.do(t, "GET", "/v1/accounts/visitor", nil, "X-API-Key", ann).ok(t, 200).json(t, &v)
	if v.Disabled != "bob" || v.DisabledWhy != why {
		t.Errorf("the visitor: %+v", v)
	}
	if p := e.do(t, "POST", "/v1/accounts/login", api.SignInRequest{Name: "ann", Password: "correct horse battery"}).problem(t, 403); !strings.Contains(p.Detail, why) {
		t.Errorf("the sign-in's refusal: %q", p.Detail)
	}
	var l api.AccountsResponse
	e.do(t, "GET", "/v1/accounts", nil, "X-API-Key", hostKey).ok(t, 200).json(t, &l)
	if l.Accounts[0].DisabledWhy != why {
		t.Errorf("the host's list: %+v", l.Accounts[0])
	}
	e.do(t, "POST", "/v1/accounts/bob/enable", nil, "X-API-Key", hostKey).ok(t, 204)
	e.do(t, "POST", "/v1/accounts/bob/disable", nil, "X-API-Key", hostKey).ok(t, 204) // no reason: none told
	if p := e.do(t, "GET", "/v1/owners/me", nil, "X-API-Key", ann).problem(t, 403); strings.Contains(p.Detail, why) || strings.Contains(p.Detail, "reason") {
		t.Errorf("disabled again without a reason, the refusal says %q", p.Detail)
	}
}
