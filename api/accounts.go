package api

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// The host's moderation: every account with its bots and last use, one
// disabled (its tokens refused at once, its bots off the ladders and
// playing nothing) or enabled
// again, and the log of these acts. Admin routes: the server's key where
// it has one.

// AccountResponse is an account as its host sees it.
type AccountResponse struct {
	Name      string     `json:"name" example:"ann"`
	CreatedAt time.Time  `json:"created_at"`
	Bots      int        `json:"bots"`
	LastSeen  *time.Time `json:"last_seen,omitempty"`
	Disabled  bool       `json:"disabled,omitempty"`
	// DisabledWhy is the host's reason, told to the account.
	DisabledWhy string     `json:"disabled_why,omitempty"`
	Left        *time.Time `json:"left,omitempty"`
	// Password: it signs in with one (it registered, or set one).
	Password bool `json:"password,omitempty"`
	// QuotaFree: the host lifted its quotas.
	QuotaFree bool `json:"quota_free,omitempty"`
}

// AccountsResponse lists the accounts by name.
type AccountsResponse struct {
	Accounts []AccountResponse `json:"accounts"`
}

// AuditResponse is the host's log, newest first.
type AuditResponse struct {
	Entries []store.AuditEntry `json:"entries"`
}

// listAccounts lists every account.
//
//	@Summary		Every account (host)
//	@Description	Name, made, bot versions held (deleted ones not counted), last seen (its last sign-in, upload or use of any of its tokens), whether it has a password, is free of quota, was disabled by the host or left. Needs the server's key where it has one.
//	@Tags			host
//	@Produce		json
//	@Success		200	{object}	AccountsResponse
//	@Failure		401	{object}	Problem
//	@Router			/v1/accounts [get]
func (s *Server) listAccounts(c *echo.Context) error {
	ctx := c.Request().Context()
	owners, err := s.store.Owners.List(ctx)
	if err != nil {
		return problemFor(err, "account")
	}
	bots, err := s.store.Bots.List(ctx, store.BotFilter{Kept: true})
	if err != nil {
		return problemFor(err, "bot")
	}
	held, uploaded := map[string]int{}, map[string]time.Time{}
	for _, b := range bots {
		held[b.Owner]++
		if b.CreatedAt.After(uploaded[b.Owner]) {
			uploaded[b.Owner] = b.CreatedAt
		}
	}
	out := AccountsResponse{Accounts: make([]AccountResponse, 0, len(owners))}
	for _, o := range owners {
		a := AccountResponse{Name: o.Name, CreatedAt: o.CreatedAt, Bots: held[o.Name], Disabled: o.Disabled, DisabledWhy: o.DisabledWhy,
			Password: o.PasswordHash != "", QuotaFree: o.QuotaFree}
		if !o.Left.IsZero() {
			a.Left = &o.Left
		}
		// Seen: its last sign-in, upload or use of a token.
		for _, t := range []time.Time{o.SignedIn, uploaded[o.Name]} {
			if !t.IsZero() && (a.LastSeen == nil || t.After(*a.LastSeen)) {
				a.LastSeen = &t
			}
		}
		tokens, err := s.store.Owners.Tokens(ctx, o.Name)
		if err != nil {
			return problemFor(err, "account")
		}
		for _, t := range tokens {
			if !t.LastUsed.IsZero() && (a.LastSeen == nil || t.LastUsed.After(*a.LastSeen)) {
				a.LastSeen = &t.LastUsed
			}
		}
		out.Accounts = append(out.Accounts, a)
	}
	return c.JSON(http.StatusOK, out)
}

// disableAccount stops an account.
//
//	@Summary		Disable an account (host)
//	@Description	Its tokens are refused at once (403), on every server of the store; its bots leave the ladder and enter no competition or session until it is enabled. The reason, if given, is told to the account (its 403s, its page) and kept in GET /v1/accounts. Logged in GET /v1/audit.
//	@Tags			host
//	@Accept			json
//	@Param			name	path	string			true	"the account"
//	@Param			request	body	DisableRequest	false	"why, told to the account"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Router			/v1/accounts/{name}/disable [post]
func (s *Server) disableAccount(c *echo.Context) error {
	var req DisableRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	return s.setDisabled(c, true, strings.TrimSpace(req.Reason))
}

// DisableRequest says why the host disables an account.
type DisableRequest struct {
	// Reason is told to the account's owner, in its refusals and on its
	// page.
	Reason string `json:"reason,omitempty" validate:"max=200" example:"uploads that attack the sandbox"`
}

// becauseOf is a host's reason in a sentence (" (because: why)"), or "".
func becauseOf(why string) string {
	if why == "" {
		return ""
	}
	return " (the host's reason: " + why + ")"
}

// enableAccount lets a disabled account act again.
//
//	@Summary		Enable an account (host)
//	@Description	Its tokens open its routes again; its bots may enter the ladder again (each must be entered anew). Logged in GET /v1/audit.
//	@Tags			host
//	@Param			name	path	string	true	"the account"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Router			/v1/accounts/{name}/enable [post]
func (s *Server) enableAccount(c *echo.Context) error { return s.setDisabled(c, false, "") }

func (s *Server) setDisabled(c *echo.Context, disabled bool, why string) error {
	ctx := c.Request().Context()
	name := c.Param("name")
	if err := s.store.Owners.SetDisabled(ctx, name, disabled, why); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound("name", "no account has this name")
		}
		return problemFor(err, "account")
	}
	if disabled {
		// Its bots leave the ladders now, not only at the next draw: the
		// standings stop showing them as entered, and enabled again each
		// is entered anew by its owner.
		if err := s.ladders.WithdrawOwner(ctx, name); err != nil {
			return problemFor(err, "ladder")
		}
		// Its bots' seats in sessions end now on this server (others end
		// theirs at the bot's next move).
		s.seats.RetireOwner(name)
	}
	action := map[bool]string{true: "disable", false: "enable"}[disabled]
	if err := s.audit(c, action, name, why); err != nil {
		// Done, but not logged: said, so the host can write it down.
		return problemFor(err, "audit")
	}
	return c.NoContent(http.StatusNoContent)
}

// auditLog reads the host's log.
//
//	@Summary		The host's log of moderation (host)
//	@Description	Who (the address the server's key came from), what and on whom, newest first: at most 200.
//	@Tags			host
//	@Produce		json
//	@Success		200	{object}	AuditResponse
//	@Failure		401	{object}	Problem
//	@Router			/v1/audit [get]
func (s *Server) auditLog(c *echo.Context) error {
	es, err := s.store.Audit.Latest(c.Request().Context(), 200)
	if err != nil {
		return problemFor(err, "audit")
	}
	if es == nil {
		es = []store.AuditEntry{}
	}
	return c.JSON(http.StatusOK, AuditResponse{Entries: es})
}
