package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/accounts"
)

// An owner's sign-ins, as its owner sees and ends them: a cookie stolen,
// or a browser left signed in elsewhere, is ended from My account, and a
// password change ends every sign-in but the one that made it.

// loginIDLen is how much of a sign-in's hash names it to its owner: enough
// to tell an owner's twenty apart, and nothing a cookie could be made from.
const loginIDLen = 16

// agentLen bounds what a sign-in keeps of its browser's User-Agent.
const agentLen = 120

// LoginResponse is one of an owner's sign-ins.
type LoginResponse struct {
	ID        string    `json:"id" example:"3f9a1c0d2b7e4a55"`
	CreatedAt time.Time `json:"created_at"`
	Expires   time.Time `json:"expires"`
	// Client is the network it signed in from (a /24 or a /64).
	Client string `json:"client,omitempty" example:"192.0.2.0/24"`
	// Agent is the start of its browser's User-Agent.
	Agent string `json:"agent,omitempty" example:"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"`
	// Current: the sign-in this request came with.
	Current bool `json:"current"`
}

// LoginsResponse lists an owner's live sign-ins, newest first.
type LoginsResponse struct {
	Logins []LoginResponse `json:"logins"`
}

// EndedLoginsResponse says how many sign-ins were ended.
type EndedLoginsResponse struct {
	Ended int `json:"ended"`
}

// listLogins lists the caller's sign-ins.
//
//	@Summary		My sign-ins
//	@Description	Every live sign-in of the account (at most 20, newest first): when, from which network, which browser, and which one this request came with.
//	@Tags			accounts
//	@Produce		json
//	@Success		200	{object}	LoginsResponse
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the server's key, which is no owner"
//	@Router			/v1/owners/me/logins [get]
func (s *Server) listLogins(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	ls, err := s.store.Accounts.Logins(c.Request().Context(), who.owner)
	if err != nil {
		return problemFor(err, "account")
	}
	out := LoginsResponse{Logins: make([]LoginResponse, 0, len(ls))}
	for _, l := range ls {
		out.Logins = append(out.Logins, LoginResponse{ID: l.Hash[:min(loginIDLen, len(l.Hash))], CreatedAt: l.CreatedAt, Expires: l.Expires,
			Client: l.Client, Agent: l.Agent, Current: l.Hash == who.login})
	}
	return c.JSON(http.StatusOK, out)
}

// endLogin ends one of the caller's sign-ins.
//
//	@Summary		End a sign-in
//	@Description	Ends it on every server of the store at once; the browser that held it is signed out. Another account's sign-in is not found.
//	@Tags			accounts
//	@Param			id	path	string	true	"the sign-in's id (GET /v1/owners/me/logins)"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the server's key, which is no owner"
//	@Failure		404	{object}	Problem
//	@Router			/v1/owners/me/logins/{id} [delete]
func (s *Server) endLogin(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	ctx := c.Request().Context()
	ls, err := s.store.Accounts.Logins(ctx, who.owner)
	if err != nil {
		return problemFor(err, "account")
	}
	id := c.Param("id")
	for _, l := range ls {
		if len(id) == loginIDLen && strings.HasPrefix(l.Hash, id) {
			if err := s.store.Accounts.EndLogin(ctx, l.Hash); err != nil {
				return problemFor(err, "account")
			}
			return c.NoContent(http.StatusNoContent)
		}
	}
	return notFound("id", "no live sign-in of this account has this id")
}

// endOtherLogins ends every sign-in of the caller's but the one it came
// with.
//
//	@Summary		End my other sign-ins
//	@Description	Every sign-in of the account but the one this request came with (all of them, asked with a token) ends at once, on every server of the store.
//	@Tags			accounts
//	@Produce		json
//	@Success		200	{object}	EndedLoginsResponse
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the server's key, which is no owner"
//	@Router			/v1/owners/me/logins [delete]
func (s *Server) endOtherLogins(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	n, err := s.accounts.EndLoginsBut(c.Request().Context(), who.owner, who.login)
	if err != nil {
		return problemFor(err, "account")
	}
	return c.JSON(http.StatusOK, EndedLoginsResponse{Ended: n})
}

// loginOrigin is what a new sign-in keeps of where it came from.
func loginOrigin(c *echo.Context) accounts.Origin {
	ua := strings.ToValidUTF8(c.Request().UserAgent(), "")
	if len(ua) > agentLen {
		ua = strings.ToValidUTF8(ua[:agentLen], "")
	}
	return accounts.Origin{Network: network(c.RealIP()), Agent: ua}
}
