package api

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// VisitorResponse says who a page's visitor is, for the page's header:
// signed in (by the sign-in cookie, or the owner token the page holds) and
// as whom, or nobody. A visitor who is nobody is an answer, not an error.
type VisitorResponse struct {
	SignedIn bool   `json:"signed_in"`
	Owner    string `json:"owner,omitempty" example:"ann"`
	// Via is how: "cookie" (signed in on this browser) or "token".
	Via   string `json:"via,omitempty" example:"cookie"`
	Admin bool   `json:"admin,omitempty"`
	// Disabled names the account of a cookie or token the host disabled:
	// its holder acts as nobody until the host enables it.
	Disabled string `json:"disabled,omitempty"`
	// DisabledWhy is the host's reason for it, when it gave one.
	DisabledWhy string `json:"disabled_why,omitempty" example:"uploads that attack the sandbox"`
}

// visitor says who asks, 200 whoever it is.
//
//	@Summary		Who this visitor is
//	@Description	The page's header asks it on every page: signed in by the sign-in cookie or by an owner token (X-API-Key), as whom, or nobody (signed_in false: an answer, not a 401, so a visit logs no error). A disabled account is named in disabled, with the host's reason in disabled_why. Unlike GET /v1/owners/me it never refuses.
//	@Tags			accounts
//	@Produce		json
//	@Success		200	{object}	VisitorResponse
//	@Failure		503	{object}	Problem	"the store does not answer"
//	@Router			/v1/accounts/visitor [get]
func (s *Server) visitor(c *echo.Context) error {
	who, err := s.whoAsks(c)
	if err != nil {
		return problemFor(err, "X-API-Key")
	}
	out := VisitorResponse{Owner: who.owner, Admin: who.admin, Disabled: who.disabled, DisabledWhy: who.disabledWhy, SignedIn: who.owner != "" || who.admin}
	switch {
	case who.login != "":
		out.Via = "cookie"
	case out.SignedIn:
		out.Via = "token"
	}
	return c.JSON(http.StatusOK, out)
}
