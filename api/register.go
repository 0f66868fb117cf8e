package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/accounts"
	"gameai/store"
)

// Joining: who may make an account is the host's setting (Registration),
// the accounts service's mode: closed (only the host, with the server's
// key), invite (anyone holding a single-use code the host made) or open.

// Registration modes (package accounts'), the values of Config.Registration.
const (
	RegistrationClosed = accounts.Closed
	RegistrationInvite = accounts.Invite
	RegistrationOpen   = accounts.Open
)

// RegistrationModes are the values Config.Registration may take.
var RegistrationModes = accounts.Modes

// RegisterRequest makes an account.
type RegisterRequest struct {
	Name     string `json:"name" validate:"required,max=64" example:"ann"`
	Password string `json:"password" validate:"required,max=1024" example:"a long passphrase"`
	// Invitation is the host's code, needed where registration is by
	// invitation.
	Invitation string `json:"invitation,omitempty" validate:"max=128" example:"inv_q3Zr..."`
}

// AccountCreatedResponse is a new account; SignedIn says this browser
// holds its sign-in cookie (not when the host made it).
type AccountCreatedResponse struct {
	Name      string    `json:"name" example:"ann"`
	CreatedAt time.Time `json:"created_at"`
	SignedIn  bool      `json:"signed_in"`
}

// ServerResponse is what a visitor needs to know of this server's hosting.
type ServerResponse struct {
	// Registration: closed (the host makes accounts), invite (with a code
	// from the host) or open.
	Registration string `json:"registration" enums:"closed,invite,open" example:"invite"`
	// Version of the server.
	Version string `json:"version" example:"1.4.0"`
	// Store says what an acknowledged write survives (read from Redis at
	// most every 30 s), with a warning when it can be lost; absent while
	// the store does not answer.
	Store *store.Durability `json:"store,omitempty"`
}

// QuotaRequest lifts an account's quotas or sets them again.
type QuotaRequest struct {
	Free bool `json:"free"`
}

// PasswordRequest sets the caller's password.
type PasswordRequest struct {
	// Current is the password it has now, if it has one.
	Current  string `json:"current,omitempty" validate:"max=1024"`
	Password string `json:"password" validate:"required,max=1024"`
}

// serverInfo says how this server takes newcomers.
//
//	@Summary	This server's hosting: how accounts are made
//	@Tags		accounts
//	@Produce	json
//	@Success	200	{object}	ServerResponse
//	@Router		/v1/server [get]
func (s *Server) serverInfo(c *echo.Context) error {
	return c.JSON(http.StatusOK, ServerResponse{Registration: s.accounts.Registration(), Version: s.version, Store: s.durability.read(c.Request().Context(), s.store)})
}

// register makes an account with a password.
//
//	@Summary		Make an account
//	@Description	Name (2 to 32 of a-z, 0-9, _ and -) and password (10 to 256 characters, not among the most common, not holding the name). Where registration (GET /v1/server) is invite, with the host's code, used once; where it is closed, only with the server's key. Made by a visitor, the account is signed in at once (the cookie of POST /v1/accounts/login). One network (a /24 or a /64) makes at most 5 accounts an hour.
//	@Tags			accounts
//	@Accept			json
//	@Produce		json
//	@Param			request	body		RegisterRequest	true	"name, password and, where needed, the invitation"
//	@Success		201		{object}	AccountCreatedResponse
//	@Failure		400		{object}	Problem
//	@Failure		403		{object}	Problem	"registration is closed, or the invitation is unknown, used or expired"
//	@Failure		409		{object}	Problem	"the name is taken"
//	@Failure		429		{object}	Problem	"this network made its accounts for the hour"
//	@Router			/v1/accounts [post]
func (s *Server) register(c *echo.Context) error {
	var req RegisterRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	who, err := s.whoAsks(c)
	if err != nil {
		return err
	}
	o, err := s.accounts.Register(c.Request().Context(), accounts.Asker{Host: who.admin, Network: network(c.RealIP())},
		accounts.NewAccount{Name: req.Name, Password: req.Password, Invitation: req.Invitation})
	if err != nil {
		return problemFor(err, "account")
	}
	out := AccountCreatedResponse{Name: o.Name, CreatedAt: o.CreatedAt}
	if who.admin {
		_ = s.audit(c, "make account", o.Name, "") // logged if it fails; the account stands
	} else {
		if _, err := s.startLogin(c, o.Name); err != nil {
			return err
		}
		out.SignedIn = true
	}
	return c.JSON(http.StatusCreated, out)
}

func ownerExists() *Problem {
	return problem(http.StatusConflict, "owner-exists", "Owner exists", "an owner of this name exists",
		FieldError{Field: "name", Reason: "taken"})
}

// setQuota lifts an account's quotas, or sets them again.
//
//	@Summary		Free an account of its quotas (host)
//	@Description	free true: its uploads are bounded no more by the versions and bytes an owner may keep (the store's own caps, and three bots on their way at once, still hold); false: bounded again. Logged in GET /v1/audit.
//	@Tags			host
//	@Accept			json
//	@Param			name	path	string			true	"the account"
//	@Param			request	body	QuotaRequest	true	"free or not"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Router			/v1/accounts/{name}/quota [put]
func (s *Server) setQuota(c *echo.Context) error {
	var req QuotaRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	name := c.Param("name")
	if err := s.store.Owners.Modify(c.Request().Context(), name, func(o *store.Owner) { o.QuotaFree = req.Free }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound("name", "no account has this name")
		}
		return problemFor(err, "account")
	}
	_ = s.audit(c, map[bool]string{true: "free of quota", false: "quota again"}[req.Free], name, "") // logged if it fails
	return c.NoContent(http.StatusNoContent)
}

// setPassword sets the caller's password.
//
//	@Summary		Set my password
//	@Description	By token or signed in. With the current password where the account has one; an account the host made with a token alone sets its first this way, and may then sign in on the page. The rules of registration hold. Every other sign-in of the account ends (the one that asks stays; asked with a token, all end). At most 10 changes an hour.
//	@Tags			accounts
//	@Accept			json
//	@Param			request	body	PasswordRequest	true	"the current password (if any) and the new one"
//	@Success		204
//	@Failure		400	{object}	Problem
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the current password is wrong, or the server's key (no account)"
//	@Router			/v1/owners/me/password [put]
func (s *Server) setPassword(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	var req PasswordRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := s.accounts.SetPassword(c.Request().Context(), network(c.RealIP()), who.owner, who.login, req.Current, req.Password); err != nil {
		return problemFor(err, "account")
	}
	return c.NoContent(http.StatusNoContent)
}

// audit writes one act of the host's to its log. A failure is logged and
// returned: the act stands, and a caller whose host must know (disabling an
// account) says it.
func (s *Server) audit(c *echo.Context, action, target, detail string) error {
	e := store.AuditEntry{At: time.Now().UTC(), Action: action, Target: target, Detail: detail, Client: c.RealIP()}
	err := s.store.Audit.Add(c.Request().Context(), e)
	if err != nil {
		s.log.Error("the audit log", "action", action, "target", target, "err", err)
	}
	return err
}
