package api

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// newToken makes an owner's API token: "gat_" and 32 characters of 24
// random bytes. Its record keeps the hash and the first 8 characters.
func newToken(owner, name string) (token string, t *store.Token) {
	var raw [24]byte
	_, _ = rand.Read(raw[:])
	token = "gat_" + base64.RawURLEncoding.EncodeToString(raw[:])
	var id [8]byte
	_, _ = rand.Read(id[:])
	return token, &store.Token{ID: "tok_" + hex.EncodeToString(id[:]), Owner: owner, Name: name, Prefix: token[:8],
		Hash: store.TokenHash(token), CreatedAt: time.Now().UTC()}
}

// tokenUses writes a token's last use at most once a minute a token, so an
// owner's requests do not each write the store.
type tokenUses struct {
	mu   sync.Mutex
	last map[string]time.Time
}

// due reports whether hash's use at now is to be written.
func (u *tokenUses) due(hash string, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.last == nil || len(u.last) > 10_000 {
		u.last = map[string]time.Time{}
	}
	if now.Sub(u.last[hash]) < time.Minute {
		return false
	}
	u.last[hash] = now
	return true
}

// notAnOwner answers the server's key on a route of an owner's own: the
// key owns no token.
func notAnOwner() *Problem {
	return problem(http.StatusForbidden, "forbidden", "Forbidden", "the server's API key is no owner: an owner's tokens are managed with one of its tokens",
		FieldError{Field: "X-API-Key", Reason: "the server's key, not an owner's token"})
}

func tokenResponse(t *store.Token, current string) TokenResponse {
	r := TokenResponse{ID: t.ID, Name: t.Name, Prefix: t.Prefix, CreatedAt: t.CreatedAt, Current: t.Hash == current}
	if !t.LastUsed.IsZero() {
		r.LastUsed = &t.LastUsed
	}
	return r
}

// makeToken gives the caller's owner one more token, shown this once.
//
//	@Summary		Make an API token
//	@Description	With one of the owner's tokens. The token in the answer is shown only now: the server keeps its hash and first 8 characters. An owner holds at most 20.
//	@Tags			bots
//	@Accept			json
//	@Produce		json
//	@Param			request	body		TokenRequest	true	"a name to tell it by"
//	@Success		201		{object}	TokenResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		403		{object}	Problem	"the server's key, which is no owner"
//	@Failure		409		{object}	Problem	"the owner holds 20 tokens"
//	@Router			/v1/owners/me/tokens [post]
func (s *Server) makeToken(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	var req TokenRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > 64 || strings.ContainsAny(name, "\r\n\t") {
		return badField("name", "1 to 64 characters on one line")
	}
	token, t := newToken(who.owner, name)
	if err := s.store.Owners.AddToken(c.Request().Context(), t); err != nil {
		if errors.Is(err, store.ErrFull) {
			return problem(http.StatusConflict, "too-many-tokens", "Too many tokens",
				"an owner holds at most 20 tokens: revoke one you no longer use", FieldError{Field: "name", Reason: "20 tokens held"})
		}
		return problemFor(err, "owner")
	}
	r := tokenResponse(t, "")
	r.Token = token
	return c.JSON(http.StatusCreated, r)
}

// listTokens lists the caller's owner's tokens.
//
//	@Summary		An owner's API tokens
//	@Description	Name, first characters, when made and last used (within a minute), and which one this request carries; never a token itself.
//	@Tags			bots
//	@Produce		json
//	@Success		200	{object}	TokensResponse
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the server's key, which is no owner"
//	@Router			/v1/owners/me/tokens [get]
func (s *Server) listTokens(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	ts, err := s.store.Owners.Tokens(c.Request().Context(), who.owner)
	if err != nil {
		return problemFor(err, "owner")
	}
	out := TokensResponse{Tokens: make([]TokenResponse, 0, len(ts))}
	current := store.TokenHash(requestKey(c))
	for _, t := range ts {
		out.Tokens = append(out.Tokens, tokenResponse(t, current))
	}
	return c.JSON(http.StatusOK, out)
}

// revokeToken ends one of the caller's owner's tokens at once.
//
//	@Summary		Revoke an API token
//	@Description	Refused from then on by every server of the store (the one this request carries included). Another owner's token id is not found.
//	@Tags			bots
//	@Param			id	path	string	true	"the token's id"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the server's key, which is no owner"
//	@Failure		404	{object}	Problem	"no token of this owner has the id"
//	@Router			/v1/owners/me/tokens/{id} [delete]
func (s *Server) revokeToken(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	if err := s.store.Owners.RevokeToken(c.Request().Context(), who.owner, c.Param("id")); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound("id", "no token of yours has this id")
		}
		return problemFor(err, "owner")
	}
	return c.NoContent(http.StatusNoContent)
}

// leave deletes the caller's account.
//
//	@Summary		Delete my account
//	@Description	With one of the owner's tokens: its bots are deleted (they leave the ladder and enter nothing; their files go; their pages stay, saying the author left, with their games), then every token of it is refused. Its finished games stay in standings and records under its name, which nobody may take.
//	@Tags			bots
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"the server's key, which is no owner"
//	@Failure		503	{object}	Problem	"the store does not answer: the account stays, try again"
//	@Router			/v1/owners/me [delete]
func (s *Server) leave(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return notAnOwner()
	}
	ctx := c.Request().Context()
	bots, err := s.store.Bots.List(ctx, store.BotFilter{Owner: who.owner})
	if err != nil {
		return problemFor(err, "bot")
	}
	// The bots first: a failure leaves the account, and its tokens, to try
	// again with.
	for _, b := range bots {
		if err := s.hosting.Delete(ctx, b, "its author left the server"); err != nil && !errors.Is(err, store.ErrNotFound) {
			return problemFor(err, "bot")
		}
	}
	if err := s.store.Owners.Leave(ctx, who.owner, time.Now().UTC()); err != nil {
		return problemFor(err, "owner")
	}
	s.log.Info("an owner left", "owner", who.owner, "bots", len(bots))
	return c.NoContent(http.StatusNoContent)
}
