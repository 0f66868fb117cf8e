package api

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/internal/password"
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
	// loginLife is how long a sign-in lasts.
	loginLife = 30 * 24 * time.Hour
	// failWindow is how long failed sign-ins are remembered; past
	// failsPerName under one name (from anywhere) or failsPerNetwork from
	// one network (under any names), sign-in waits out the window.
	failWindow      = 15 * time.Minute
	failsPerName    = 10
	failsPerNetwork = 30
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

// counterKey bounds what a client's text makes of a counter's name.
func counterKey(kind, v string) string {
	if len(v) > 64 {
		v = v[:64]
	}
	return kind + ":" + v
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
	ctx := c.Request().Context()
	// Every attempt is counted before its hash, under the name, the
	// network and the network's password work; a right password gives
	// the failures' counts back.
	byName, byNet := nameFailures.of(req.Name), networkFailures.of(network(c.RealIP()))
	_, err := s.attempt(ctx, []bound{byName, byNet, hashesOf(c)},
		FieldError{Field: "password", Reason: "too many failures"})
	if err != nil {
		return err
	}
	o, err := s.store.Owners.Get(ctx, req.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return problemFor(err, "account")
	}
	ok := false
	if err == nil && o.Left.IsZero() && o.PasswordHash != "" {
		ok, err = password.Verify(ctx, o.PasswordHash, req.Password)
		if errors.Is(err, password.ErrFormat) {
			s.log.Error("an account's stored password hash", "owner", o.Name, "err", err)
		}
	} else {
		err = password.VerifyNobody(ctx, req.Password)
	}
	if err != nil && !errors.Is(err, password.ErrFormat) {
		return err
	}
	if !ok {
		return problem(http.StatusUnauthorized, "sign-in-failed", "Sign-in failed", "the name or the password is wrong",
			FieldError{Field: "password", Reason: "wrong name or password"})
	}
	for _, k := range []string{byName.key, byNet.key} {
		if err := s.store.Accounts.Unhit(ctx, k); err != nil {
			s.log.Warn("giving back a sign-in's count", "key", k, "err", err)
		}
	}
	if o.Disabled {
		return problem(http.StatusForbidden, "account-disabled", "Account disabled",
			"the host of this server has disabled the account "+o.Name+becauseOf(o.DisabledWhy), FieldError{Field: "name", Reason: "disabled"})
	}
	l, err := s.startLogin(c, o.Name)
	if err != nil {
		return err
	}
	if err := s.store.Owners.Modify(ctx, o.Name, func(o *store.Owner) { o.SignedIn = l.CreatedAt }); err != nil {
		s.log.Warn("an account's last sign-in", "owner", o.Name, "err", err)
	}
	s.log.Info("signed in", "owner", o.Name)
	return c.JSON(http.StatusOK, SignedInResponse{Owner: o.Name, Expires: l.Expires})
}

// startLogin keeps a new sign-in for owner and sets its cookie.
func (s *Server) startLogin(c *echo.Context, owner string) (*store.Login, error) {
	var raw [32]byte
	_, _ = rand.Read(raw[:])
	value := base64.RawURLEncoding.EncodeToString(raw[:])
	now := time.Now().UTC()
	l := &store.Login{Hash: store.TokenHash(value), Owner: owner, CreatedAt: now, Expires: now.Add(loginLife)}
	loginOrigin(c, l)
	if err := s.store.Accounts.AddLogin(c.Request().Context(), l); err != nil {
		return nil, problemFor(err, "account")
	}
	s.setLoginCookie(c, value, int(loginLife.Seconds()))
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
