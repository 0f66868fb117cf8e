package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/hosting"
	"gameai/internal/password"
	"gameai/store"
)

// Joining: who may make an account is the host's setting (Registration):
// closed (only the host, with the server's key), invite (anyone holding a
// single-use code the host made) or open. The host may always make one.

// Registration modes.
const (
	RegistrationClosed = "closed"
	RegistrationInvite = "invite"
	RegistrationOpen   = "open"
)

// RegistrationModes are the values Config.Registration may take.
var RegistrationModes = []string{RegistrationClosed, RegistrationInvite, RegistrationOpen}

const (
	// registrationsPerNetwork bound the accounts one network (a /24 or a
	// /64) makes in registrationWindow.
	registrationsPerNetwork = 5
	registrationWindow      = time.Hour
	// passwordSetsPerAccount bound the password changes of an account in
	// passwordSetWindow; hashesPerNetwork the passwords a network has the
	// server hash or check (sign-ins, sign-ups, changes: 19 MiB and ~30 ms
	// of a core each) in hashWindow.
	passwordSetsPerAccount = 10
	passwordSetWindow      = time.Hour
	hashesPerNetwork       = 100
	hashWindow             = 15 * time.Minute
)

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
	return c.JSON(http.StatusOK, ServerResponse{Registration: s.registration(), Version: s.version, Store: s.durability.read(c.Request().Context(), s.store)})
}

func (s *Server) registration() string {
	if s.cfg.Registration == "" {
		return RegistrationClosed
	}
	return s.cfg.Registration
}

// registrationBounds are what a visitor's sign-up is counted under: its
// network's accounts and its network's password work.
func registrationBounds(c *echo.Context) []bound {
	return []bound{newAccounts.of(network(c.RealIP())), hashesOf(c)}
}

// hashesOf is the bound on the password work of the request's network.
func hashesOf(c *echo.Context) bound { return passwordWork.of(network(c.RealIP())) }

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
	ctx := c.Request().Context()
	invited := !who.admin && s.registration() == RegistrationInvite
	if !who.admin {
		switch s.registration() {
		case RegistrationClosed:
			return problem(http.StatusForbidden, "registration-closed", "Registration closed",
				"the host of this server makes its accounts: ask the host for one", FieldError{Field: "name", Reason: "registration is closed"})
		case RegistrationInvite:
			if req.Invitation == "" {
				return problem(http.StatusForbidden, "invitation-needed", "Invitation needed",
					"this server takes new accounts by invitation: ask the host for a code", FieldError{Field: "invitation", Reason: "missing"})
			}
		}
	}
	// The cheap checks first, then the invitation (so that a stranger
	// without a good code learns nothing of which names exist), then the
	// network's count, and the hash last.
	if !ownerName.MatchString(req.Name) || req.Name == hosting.BuiltinOwner {
		return badField("name", "2 to 32 of a-z, 0-9, _ and -, starting with a letter or digit (and not \"gameai\")")
	}
	if why := password.Check(req.Name, req.Password); why != "" {
		return badField("password", why)
	}
	now := time.Now().UTC()
	code := ""
	if invited {
		code = store.TokenHash(req.Invitation)
		if err := s.store.Accounts.Redeem(ctx, code, req.Name, now); err != nil {
			return invitationProblem(err)
		}
	}
	made := false
	defer func() {
		if code != "" && !made {
			// Not made: the code goes back to its holder.
			if err := s.store.Accounts.Unredeem(context.WithoutCancel(ctx), code); err != nil {
				s.log.Error("giving an invitation back", "err", err)
			}
		}
	}()
	if _, err := s.store.Owners.Get(ctx, req.Name); err == nil {
		return ownerExists()
	} else if !errors.Is(err, store.ErrNotFound) {
		return problemFor(err, "account")
	}
	if !who.admin {
		refund, err := s.attempt(ctx, registrationBounds(c), FieldError{Field: "name", Reason: "this network's accounts for the hour are made"})
		if err != nil {
			return err
		}
		defer func() {
			if !made {
				refund()
			}
		}()
	}
	hash, err := password.Hash(ctx, req.Password)
	if err != nil {
		return err
	}
	o := &store.Owner{Name: req.Name, CreatedAt: now, PasswordHash: hash}
	if !who.admin {
		o.SignedIn = now // a visitor's new account is signed in at once
	}
	if err := s.store.Owners.Create(ctx, o); err != nil {
		if errors.Is(err, store.ErrExists) {
			return ownerExists()
		}
		return problemFor(err, "account")
	}
	made = true
	out := AccountCreatedResponse{Name: req.Name, CreatedAt: now}
	if who.admin {
		_ = s.audit(c, "make account", req.Name, "") // logged if it fails; the account stands
	} else {
		if _, err := s.startLogin(c, req.Name); err != nil {
			return err
		}
		out.SignedIn = true
	}
	s.log.Info("an account was made", "owner", req.Name, "by_host", who.admin, "invited", code != "")
	return c.JSON(http.StatusCreated, out)
}

func ownerExists() *Problem {
	return problem(http.StatusConflict, "owner-exists", "Owner exists", "an owner of this name exists",
		FieldError{Field: "name", Reason: "taken"})
}

func invitationProblem(err error) *Problem {
	why := map[error]string{store.ErrNotFound: "unknown: check the code", store.ErrUsed: "used already: each code makes one account",
		store.ErrExpired: "expired: ask the host for another"}
	for e, reason := range why {
		if errors.Is(err, e) {
			return problem(http.StatusForbidden, "invitation-refused", "Invitation refused", "the invitation is "+reason,
				FieldError{Field: "invitation", Reason: reason})
		}
	}
	return problemFor(err, "invitation")
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
	if why := password.Check(who.owner, req.Password); why != "" {
		return badField("password", why)
	}
	ctx := c.Request().Context()
	o, err := s.store.Owners.Get(ctx, who.owner)
	if err != nil {
		return problemFor(err, "account")
	}
	// A change costs a hash or two: counted under the account and its
	// network before they are made, as every hash is.
	if _, err := s.attempt(ctx, []bound{passwordSets.of(o.Name), hashesOf(c)},
		FieldError{Field: "password", Reason: "too many changes"}); err != nil {
		return err
	}
	if o.PasswordHash != "" {
		// A stolen token or cookie guesses the password no faster here
		// than at sign-in: the same count under the name, given back when
		// the password is right.
		right, err := s.attempt(ctx, []bound{nameFailures.of(o.Name)},
			FieldError{Field: "current", Reason: "too many failures"})
		if err != nil {
			return err
		}
		ok, err := password.Verify(ctx, o.PasswordHash, req.Current)
		if err != nil && !errors.Is(err, password.ErrFormat) {
			return err
		}
		if !ok {
			return problem(http.StatusForbidden, "wrong-password", "Wrong password", "the current password is wrong",
				FieldError{Field: "current", Reason: "wrong"})
		}
		right()
	}
	hash, err := password.Hash(ctx, req.Password)
	if err != nil {
		return err
	}
	if err := s.store.Owners.Modify(ctx, who.owner, func(o *store.Owner) { o.PasswordHash = hash }); err != nil {
		return problemFor(err, "account")
	}
	// Whoever signed in with the old password is signed out: the one
	// who changed it stays.
	if _, err := s.endLoginsBut(ctx, who.owner, who.login); err != nil {
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

// A bound is how many times key may be counted in its window.
type bound struct {
	limit
	key string
}

// limit is a kind of bound: its counters' names start with kind; past max
// in window, an attempt is answered 429 with slug, title and what (a
// detail, %d the max).
type limit struct {
	kind              string
	max               int64
	window            time.Duration
	slug, title, what string
}

// The limits of what costs a password hash.
var (
	newAccounts = limit{"register-net", registrationsPerNetwork, registrationWindow, "too-many-accounts", "Too many new accounts",
		"a network makes at most %d accounts an hour"}
	nameFailures = limit{"signin-name", failsPerName, failWindow, "sign-in-slowed", "Too many failed sign-ins",
		"after %d wrong passwords under one name, its sign-in waits out the quarter of an hour"}
	networkFailures = limit{"signin-net", failsPerNetwork, failWindow, "sign-in-slowed", "Too many failed sign-ins",
		"after %d failed sign-ins from one network, its sign-ins wait out the quarter of an hour"}
	passwordSets = limit{"password-set", passwordSetsPerAccount, passwordSetWindow, "too-many-attempts", "Too many attempts",
		"an account changes its password at most %d times an hour"}
	passwordWork = limit{"password-work", hashesPerNetwork, hashWindow, "too-many-attempts", "Too many attempts",
		"a network has the server check or make at most %d passwords in a quarter of an hour"}
)

// of is the limit's bound on one subject (a name, a network).
func (l limit) of(subject string) bound { return bound{l, counterKey(l.kind, subject)} }

// attempt counts one attempt under every bound before the work it
// guards: past any, the counts are given back and the caller is answered
// 429 with Retry-After naming field. Counting first (INCR, then compare)
// keeps a burst to the bound exactly; reading the count and adding to it
// after the work let a burst through many times over. refund gives the
// counts back, for an attempt that turned out not to count.
func (s *Server) attempt(ctx context.Context, bounds []bound, field FieldError) (refund func(), err error) {
	var hit []string
	refund = func() {
		for _, k := range hit {
			if err := s.store.Accounts.Unhit(context.WithoutCancel(ctx), k); err != nil {
				s.log.Warn("giving back a count", "key", k, "err", err)
			}
		}
		hit = nil
	}
	for _, b := range bounds {
		n, left, err := s.store.Accounts.Hit(ctx, b.key, b.window)
		if err != nil {
			refund()
			return nil, problemFor(err, "account")
		}
		hit = append(hit, b.key)
		if n > b.max {
			refund()
			return nil, retryLater(http.StatusTooManyRequests, b.slug, b.title, fmt.Sprintf(b.what, b.max), int(left.Seconds())+1, field)
		}
	}
	return refund, nil
}
