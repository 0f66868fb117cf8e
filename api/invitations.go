package api

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// invitationLife is an invitation's life unless the host says otherwise
// (store.MaxInvitationLife the longest: 90 days, as InvitationRequest's
// validation says).
const invitationLife = 7 * 24 * time.Hour

// InvitationRequest says how long an invitation lasts and whom it is for.
type InvitationRequest struct {
	// Days until it expires: 1 to 90 (default 7).
	Days int `json:"days,omitempty" validate:"omitempty,min=1,max=90" example:"7"`
	// Note is the host's word on whom it is for, shown in the list.
	Note string `json:"note,omitempty" validate:"max=80" example:"for Jane, CodeCup 2017"`
}

// InvitationResponse is a new invitation's code, shown this once; a
// newcomer's page for it is /#/account?invitation=CODE, which fills the
// form.
type InvitationResponse struct {
	Code    string    `json:"code" example:"inv_q3Zr8n2Lw0kPqX1yTe5uAg"`
	ID      string    `json:"id" example:"3f9a1c0b7d2e"`
	Expires time.Time `json:"expires"`
}

// InvitationInfo is a kept invitation as the host lists it: never its
// code (only its hash is kept), its id, note and state.
type InvitationInfo struct {
	ID        string    `json:"id" example:"3f9a1c0b7d2e"`
	Note      string    `json:"note,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	Expires   time.Time `json:"expires"`
	// State is open (it can be used), used (UsedBy's account was made
	// with it) or expired.
	State  string `json:"state" enums:"open,used,expired"`
	UsedBy string `json:"used_by,omitempty"`
}

// InvitationsResponse lists the kept invitations, newest first.
type InvitationsResponse struct {
	Invitations []InvitationInfo `json:"invitations"`
}

// invitationID names an invitation by the start of its hash: enough to
// tell the kept ones apart, never the code.
func invitationID(hash string) string { return hash[:min(12, len(hash))] }

// invite makes a single-use invitation code.
//
//	@Summary		Make an invitation (host)
//	@Description	A code that makes one account (POST /v1/accounts with invitation) until it expires, shown only now: the server keeps its hash. The page's link for it, /#/account?invitation=CODE, fills the newcomer's form. At most 1000 are kept (used and expired ones until they go): 429 past it. Logged in GET /v1/audit. Needs the server's key where it has one.
//	@Tags			host
//	@Accept			json
//	@Produce		json
//	@Param			request	body		InvitationRequest	false	"how many days it lasts, and whom it is for"
//	@Success		201		{object}	InvitationResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		429		{object}	Problem	"1000 invitations kept: withdraw some"
//	@Router			/v1/invitations [post]
func (s *Server) invite(c *echo.Context) error {
	var req InvitationRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	life := invitationLife
	if req.Days > 0 {
		life = time.Duration(req.Days) * 24 * time.Hour
	}
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	code := "inv_" + base64.RawURLEncoding.EncodeToString(raw[:])
	now := time.Now().UTC()
	inv := &store.Invitation{Hash: store.TokenHash(code), CreatedAt: now, Expires: now.Add(life).Truncate(time.Second),
		Note: strings.TrimSpace(req.Note)}
	if err := s.store.Accounts.Invite(c.Request().Context(), inv); err != nil {
		if errors.Is(err, store.ErrFull) {
			return problem(http.StatusTooManyRequests, "invitations-full", "Too many invitations",
				"1000 invitations are kept: withdraw open ones you no longer need, or wait for used and expired ones to go")
		}
		return problemFor(err, "invitation")
	}
	_ = s.audit(c, "invite", invitationID(inv.Hash), "expires "+inv.Expires.Format(time.RFC3339)+noteDetail(inv.Note)) // logged if it fails
	return c.JSON(http.StatusCreated, InvitationResponse{Code: code, ID: invitationID(inv.Hash), Expires: inv.Expires})
}

func noteDetail(note string) string {
	if note == "" {
		return ""
	}
	return "; " + note
}

// listInvitations lists the kept invitations.
//
//	@Summary		The invitations (host)
//	@Description	Every invitation kept, newest first: open, used (by whom) or expired (kept a week to say so), with the host's note; never a code. Needs the server's key where it has one.
//	@Tags			host
//	@Produce		json
//	@Success		200	{object}	InvitationsResponse
//	@Failure		401	{object}	Problem
//	@Failure		503	{object}	Problem
//	@Router			/v1/invitations [get]
func (s *Server) listInvitations(c *echo.Context) error {
	invs, err := s.store.Accounts.Invitations(c.Request().Context())
	if err != nil {
		return problemFor(err, "invitation")
	}
	now := time.Now()
	out := InvitationsResponse{Invitations: make([]InvitationInfo, 0, len(invs))}
	for _, inv := range invs {
		i := InvitationInfo{ID: invitationID(inv.Hash), Note: inv.Note, CreatedAt: inv.CreatedAt, Expires: inv.Expires, UsedBy: inv.UsedBy, State: "open"}
		switch {
		case inv.UsedBy != "":
			i.State = "used"
		case !now.Before(inv.Expires):
			i.State = "expired"
		}
		out.Invitations = append(out.Invitations, i)
	}
	return c.JSON(http.StatusOK, out)
}

// withdrawInvitation ends an open invitation.
//
//	@Summary		Withdraw an invitation (host)
//	@Description	An open invitation, by its id, ends at once: whoever holds its code is told it is unknown. A used one cannot be (its account stands: disable that). Logged in GET /v1/audit.
//	@Tags			host
//	@Param			id	path	string	true	"the invitation's id (GET /v1/invitations)"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Failure		409	{object}	Problem	"used already"
//	@Router			/v1/invitations/{id} [delete]
func (s *Server) withdrawInvitation(c *echo.Context) error {
	ctx := c.Request().Context()
	id := c.Param("id")
	invs, err := s.store.Accounts.Invitations(ctx)
	if err != nil {
		return problemFor(err, "invitation")
	}
	hash := ""
	for _, inv := range invs {
		if invitationID(inv.Hash) == id {
			hash = inv.Hash
		}
	}
	if hash == "" {
		return notFound("id", "no invitation kept has this id")
	}
	switch err := s.store.Accounts.Withdraw(ctx, hash); {
	case errors.Is(err, store.ErrNotFound):
		return notFound("id", "no invitation kept has this id")
	case errors.Is(err, store.ErrUsed):
		return problem(http.StatusConflict, "invitation-used", "Invitation used",
			"this invitation has made its account already: disable the account instead", FieldError{Field: "id", Reason: "used"})
	case err != nil:
		return problemFor(err, "invitation")
	}
	_ = s.audit(c, "withdraw invitation", id, "") // logged if it fails
	return c.NoContent(http.StatusNoContent)
}
