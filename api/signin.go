package api

import (
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/accounts"
	"gameai/store"
)

// Signing in: a name and a password give a browser a cookie, HttpOnly
// (no script reads it), SameSite=Strict (no other site's page sends it)
// and Secure behind TLS; the server keeps only its hash, as it does a
// token's. Writes made with it from another origin are refused as every
// write is (sameOrigin). Failed sign-ins are counted per name and per
// network: past a few, that name, or that network, waits.

const (
	// loginCookie is the cookie's name over plain HTTP; over TLS it is
	// hostLoginCookie, whose __Host- prefix has the browser refuse one set
	// without Secure, for another path, or by a sibling domain.
	loginCookie     = "gameai_login"
	hostLoginCookie = "__Host-" + loginCookie
)

// SignInRequest is a name and its password.
type SignInRequest struct {
	Name     string `json:"name" validate:"required,max=64" example:"ann"`
	Password string `json:"password" validate:"required,max=1024" example:"a long passphrase"`
}

// SignedInResponse names who the cookie now signs in.
type SignedInResponse struct {
	Owner   string    `json:"owner" example:"ann"`
	Expires time.Time `json:"expires"`
}

// signedIn is the caller a request's sign-in cookie names (nobody: none,
// ended, expired, or its account left).
func (s *Server) signedIn(c *echo.Context) (caller, error) {
	value := loginValue(c)
	if value == "" {
		return caller{}, nil
	}
	hash := store.TokenHash(value)
	ctx := c.Request().Context()
	l, err := s.store.Accounts.Login(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return caller{}, nil
	}
	if err != nil {
		return caller{}, err
	}
	o, err := s.store.Owners.Get(ctx, l.Owner)
	if errors.Is(err, store.ErrNotFound) {
		return caller{}, nil
	}
	if err != nil {
		return caller{}, err
	}
	switch {
	case !o.Left.IsZero():
		return caller{}, nil
	case o.Disabled:
		return caller{disabled: o.Name, disabledWhy: o.DisabledWhy}, nil
	}
	return caller{owner: o.Name, login: hash, quotaFree: o.QuotaFree}, nil
}

// loginValue is the sign-in cookie a request came with ("": none), the
// __Host- one first.
func loginValue(c *echo.Context) string {
	for _, name := range []string{hostLoginCookie, loginCookie} {
		if ck, err := c.Request().Cookie(name); err == nil && ck.Value != "" && len(ck.Value) <= 128 {
			return ck.Value
		}
	}
	return ""
}

// signIn checks a name and password and gives the browser its cookie.
//
//	@Summary		Sign in
//	@Description	With an account's name and password: 200 and an HttpOnly, SameSite=Strict cookie (Secure behind TLS) that acts as the account for 30 days, or until it signs out. A wrong name and a wrong password get the same answer in the same time. After 10 failures under one name, or 30 from one network (a /24 or a /64), within 15 minutes, sign-in there waits out the 15 minutes: 429 with Retry-After.
//	@Tags			accounts
//	@Accept			json
//	@Produce		json
//	@Param			request	body		SignInRequest	true	"name and password"
//	@Success		200		{object}	SignedInResponse
//	@Failure		401		{object}	Problem	"the name or the password is wrong"
//	@Failure		403		{object}	Problem	"the host has disabled the account"
//	@Failure		429		{object}	Problem	"too many failures under this name or from this network"
//	@Router			/v1/accounts/login [post]
func (s *Server) signIn(c *echo.Context) error {
	var req SignInRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	value, l, err := s.accounts.SignIn(c.Request().Context(), loginOrigin(c), req.Name, req.Password)
	if err != nil {
		return problemFor(err, "account")
	}
	s.setLoginCookie(c, value, int(accounts.LoginLife.Seconds()))
	return c.JSON(http.StatusOK, SignedInResponse{Owner: l.Owner, Expires: l.Expires})
}

// startLogin keeps a new sign-in for owner and sets its cookie.
func (s *Server) startLogin(c *echo.Context, owner string) (*store.Login, error) {
	value, l, err := s.accounts.StartLogin(c.Request().Context(), owner, loginOrigin(c))
	if err != nil {
		return nil, problemFor(err, "account")
	}
	s.setLoginCookie(c, value, int(accounts.LoginLife.Seconds()))
	return l, nil
}

// setLoginCookie sets (or with an empty value and a negative age, clears)
// the sign-in cookie: HttpOnly, SameSite=Strict, Secure over TLS.
func (s *Server) setLoginCookie(c *echo.Context, value string, maxAge int) {
	secure := s.overTLS(c)
	name := loginCookie
	if secure {
		name = hostLoginCookie
	}
	c.SetCookie(&http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: secure})
}

// signOut ends the sign-in the cookie holds, on the server.
//
//	@Summary		Sign out
//	@Description	Ends this browser's sign-in on every server of the store and clears its cookie. Without one, does nothing.
//	@Tags			accounts
//	@Success		204
//	@Router			/v1/accounts/logout [post]
func (s *Server) signOut(c *echo.Context) error {
	if value := loginValue(c); value != "" {
		if err := s.store.Accounts.EndLogin(c.Request().Context(), store.TokenHash(value)); err != nil {
			return problemFor(err, "account")
		}
	}
	s.setLoginCookie(c, "", -1)
	return c.NoContent(http.StatusNoContent)
}

// overTLS reports whether the browser reached the server over TLS: this
// connection, or a trusted proxy's that says it took https
// (X-Forwarded-Proto), as a proxy terminating TLS does. Its cookie is then
// Secure.
func (s *Server) overTLS(c *echo.Context) bool {
	r := c.Request()
	if r.TLS != nil {
		return true
	}
	if r.Header.Get("X-Forwarded-Proto") != "https" {
		return false
	}
	ip := net.ParseIP(echo.ExtractIPDirect()(r))
	for _, p := range s.cfg.TrustedProxies {
		if ip != nil && p.Contains(ip) {
			return true
		}
	}
	return false
}
