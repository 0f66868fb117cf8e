package api

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"gameai/accounts"
	"gameai/arena"
	"gameai/hosting"
	"gameai/store"
)

// uploadRoute is the one route whose body is a multipart form.
const uploadRoute = "/v1/bots"

// caller is who sent a request to the bot routes: an owner (by token),
// the host (the server's API key), or anyone.
type caller struct {
	owner string
	admin bool
	// disabled names the owner of a token the host has disabled: it acts
	// as nobody, and ownerOnly refuses it, saying the host's reason
	// (disabledWhy) when it gave one.
	disabled, disabledWhy string
	// login is the hash of the sign-in cookie the caller came with ("":
	// it came with a token, or as nobody).
	login string
	// quotaFree: the host lifted the owner's quotas.
	quotaFree bool
}

// owns reports whether the caller may read a bot's private parts.
func (c caller) owns(b *store.Bot) bool { return c.owner != "" && c.owner == b.Owner }

// whoAsks reads the token of a request, or without one its sign-in
// cookie. A token that is neither the server's key nor an owner's is
// nobody's: the public routes answer it as anyone, ownerOnly refuses it.
func (s *Server) whoAsks(c *echo.Context) (caller, error) {
	token := requestKey(c)
	if token == "" {
		return s.signedIn(c)
	}
	if s.cfg.APIKey != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.cfg.APIKey)) == 1 {
		return caller{admin: true}, nil
	}
	hash := store.TokenHash(token)
	o, err := s.store.Owners.ByToken(c.Request().Context(), hash)
	if errors.Is(err, store.ErrNotFound) {
		return caller{}, nil
	}
	if err != nil {
		return caller{}, err
	}
	if o.Disabled {
		return caller{disabled: o.Name, disabledWhy: o.DisabledWhy}, nil
	}
	if now := time.Now().UTC(); s.tokenUses.due(hash, now) {
		if err := s.store.Owners.TokenUsed(c.Request().Context(), hash, now); err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("a token's last use", "owner", o.Name, "err", err)
		}
	}
	return caller{owner: o.Name, quotaFree: o.QuotaFree}, nil
}

func unauthorized(why string) *Problem {
	return problem(http.StatusUnauthorized, "unauthorized", "Unauthorized",
		"this route needs an owner's token (or the server's API key) in X-API-Key or Authorization: Bearer",
		FieldError{Field: "X-API-Key", Reason: why})
}

// ownerOnly guards the routes that act for an owner: the request must
// carry an owner's token or the server's key.
func (s *Server) ownerOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		who, err := s.whoAsks(c)
		if err != nil {
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="gameai"`)
			return err
		}
		if who.disabled != "" {
			return problem(http.StatusForbidden, "account-disabled", "Account disabled",
				"the host of this server has disabled the account "+who.disabled+becauseOf(who.disabledWhy)+": its tokens open nothing until the host enables it",
				FieldError{Field: "X-API-Key", Reason: "a disabled account's token"})
		}
		if who.owner == "" && !who.admin {
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="gameai"`)
			why := "missing: send your owner token"
			if requestKey(c) != "" {
				why = "no owner has this token"
			}
			return unauthorized(why)
		}
		c.Set("caller", who)
		return next(c)
	}
}

// createOwner creates an owner and shows its token, once.
//
//	@Summary		Create an owner (who uploads bots)
//	@Description	Needs the server's API key where it has one. The token in the answer is shown only now: the server keeps a hash of it. An owner sends it as X-API-Key or Authorization: Bearer.
//	@Tags			bots
//	@Accept			json
//	@Produce		json
//	@Param			request	body		OwnerRequest	true	"the owner's name"
//	@Success		201		{object}	OwnerResponse
//	@Failure		400		{object}	Problem
//	@Failure		401		{object}	Problem
//	@Failure		409		{object}	Problem	"the name is taken"
//	@Router			/v1/owners [post]
func (s *Server) createOwner(c *echo.Context) error {
	var req OwnerRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if !accounts.ValidName(req.Name) {
		return badField("name", accounts.NameRule)
	}
	token, first := newToken(req.Name, "made with the account")
	first.ID = store.FirstToken
	o := &store.Owner{Name: req.Name, TokenHash: first.Hash, CreatedAt: first.CreatedAt}
	if err := s.store.Owners.Create(c.Request().Context(), o); err != nil {
		if errors.Is(err, store.ErrExists) {
			return problem(http.StatusConflict, "owner-exists", "Owner exists", "an owner of this name exists",
				FieldError{Field: "name", Reason: "taken"})
		}
		return err
	}
	// Its record, for the list (name, first characters); without it the
	// token still opens, listed with what the owner's record says.
	if err := s.store.Owners.AddToken(c.Request().Context(), first); err != nil {
		s.log.Warn("the first token's record", "owner", o.Name, "err", err)
	}
	return c.JSON(http.StatusCreated, OwnerResponse{Name: o.Name, Token: token, CreatedAt: o.CreatedAt})
}

// languages says what this deployment builds.
//
//	@Summary		Languages a bot may be uploaded in
//	@Description	What this deployment's machines can build, with each toolchain's version: this server's own, or, when its admissions go to workers on a shared Redis, what the workers' machines build (as they said within the last day; this server's own until any worker has spoken). confined is false (with the reason) on a server that cannot run programs in its sandbox, which then refuses uploads. 503 when the workers' Redis does not answer.
//	@Tags			bots
//	@Produce		json
//	@Success		200	{object}	LanguagesResponse
//	@Failure		503	{object}	Problem	"the workers' Redis does not answer"
//	@Router			/v1/languages [get]
func (s *Server) languages(c *echo.Context) error {
	out := LanguagesResponse{Confined: s.hosting.Unavailable() == nil, MaxUploadBytes: hosting.MaxUpload,
		Games: hosting.Games, Languages: []LanguageResponse{}, Protocols: protocolLinks(), Starters: "/v1/starters"}
	if err := s.hosting.Unavailable(); err != nil {
		out.Reason = err.Error()
	}
	langs, err := s.hosting.Offered(c.Request().Context())
	if err != nil {
		s.log.Warn("the workers' languages", "err", err)
		return storeUnavailable("the workers' Redis")
	}
	for _, l := range langs {
		out.Languages = append(out.Languages, LanguageResponse{Name: l.Name, Title: l.Title, File: l.File,
			Toolchain: l.Toolchain, Available: l.Available, Reason: l.Reason})
	}
	return c.JSON(http.StatusOK, out)
}

// uploadBot takes a bot.
//
//	@Summary		Upload a bot (a new version when the name exists)
//	@Description	Multipart form: game (less or morris), name, language (GET /v1/languages) and file (one source file, or one static Linux x86-64 executable; at most 8 MiB). Needs an owner's token. The bot is built and validated in the background: follow its status with GET /v1/bots/{id}.
//	@Tags			bots
//	@Accept			mpfd
//	@Produce		json
//	@Param			game		formData	string	true	"less or morris"
//	@Param			name		formData	string	true	"the bot's name (1-40 of A-Z a-z 0-9 _ . -)"
//	@Param			language	formData	string	true	"c, cpp, go, python, java, rust, javascript or executable"
//	@Param			file		formData	file	true	"the source file or the executable"
//	@Success		202			{object}	BotResponse
//	@Failure		400			{object}	Problem
//	@Failure		401			{object}	Problem
//	@Failure		413			{object}	Problem	"the file is over the cap, or the owner's files would pass their quota (64 MiB by default)"
//	@Failure		422			{object}	Problem	"no machine of this deployment builds the language, or the file cannot be a program of it (an executable not static x86-64 ELF, a source not UTF-8 text)"
//	@Failure		429			{object}	Problem	"the owner has three bots on their way already, or keeps its quota of versions (50 by default)"
//	@Failure		503			{object}	Problem	"this machine cannot confine programs, or the workers' Redis does not answer"
//	@Router			/v1/bots [post]
func (s *Server) uploadBot(c *echo.Context) error {
	who := c.Get("caller").(caller)
	if who.owner == "" {
		return problem(http.StatusForbidden, "forbidden", "Forbidden", "a bot belongs to an owner: upload with an owner's token",
			FieldError{Field: "X-API-Key", Reason: "the server's key is not an owner"})
	}
	if err := s.hosting.Unavailable(); err != nil {
		return retryLater(http.StatusServiceUnavailable, "cannot-confine", "Uploads are off",
			"this server does not run uploaded programs: "+err.Error(), 3600)
	}
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, hosting.MaxUpload+64<<10)
	if err := req.ParseMultipartForm(1 << 20); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return problem(http.StatusRequestEntityTooLarge, "too-large", "Request too large",
				fmt.Sprintf("a bot's file is at most %d bytes", hosting.MaxUpload), FieldError{Field: "file", Reason: "over the cap"})
		}
		return badField("file", "not a multipart form: "+err.Error())
	}
	defer func() { _ = req.MultipartForm.RemoveAll() }()
	game, name, lang := req.FormValue("game"), req.FormValue("name"), req.FormValue("language")
	if _, ok := hosting.Games[game]; !ok {
		return badField("game", "want less or morris")
	}
	if !hosting.NamePattern.MatchString(name) {
		return badField("name", "1 to 40 of A-Z, a-z, 0-9, _, . and -, starting with a letter or digit")
	}
	langs, err := s.hosting.Offered(req.Context())
	if err != nil {
		s.log.Warn("the workers' languages", "err", err)
		return storeUnavailable("the workers' Redis")
	}
	i := slices.IndexFunc(langs, func(l hosting.Language) bool { return l.Name == lang })
	if i < 0 {
		var names []string
		for _, l := range langs {
			names = append(names, l.Name)
		}
		return badField("language", "want one of "+strings.Join(names, ", ")+" (GET /v1/languages)")
	}
	l := langs[i]
	if !l.Available {
		return problem(http.StatusUnprocessableEntity, "language-unavailable", "Language not available",
			"this deployment does not build "+l.Title+": "+l.Reason, FieldError{Field: "language", Reason: l.Reason})
	}
	f, fh, err := req.FormFile("file")
	if err != nil {
		return badField("file", "missing: attach the source file or the executable")
	}
	defer func() { _ = f.Close() }() // a part of a form read: nothing to flush
	if fh.Size > hosting.MaxUpload {
		return problem(http.StatusRequestEntityTooLarge, "too-large", "Request too large",
			fmt.Sprintf("a bot's file is at most %d bytes", hosting.MaxUpload), FieldError{Field: "file", Reason: "over the cap"})
	}
	if fh.Size == 0 {
		return badField("file", "empty")
	}
	data, err := io.ReadAll(io.LimitReader(f, hosting.MaxUpload+1))
	if err != nil {
		return err
	}
	b, err := s.hosting.Submit(req.Context(), hosting.Upload{Game: game, Name: name, Language: lang, Owner: who.owner, File: data,
		QuotaFree: who.quotaFree})
	if errors.Is(err, hosting.ErrPending) {
		return retryLater(http.StatusTooManyRequests, "too-many-pending", "Too many bots on their way",
			fmt.Sprintf("an owner may have %d bots building or validating at once", hosting.MaxPendingPerOwner), 30)
	}
	var ue *hosting.UploadError
	if errors.As(err, &ue) {
		return problem(http.StatusUnprocessableEntity, "not-a-program", "Not a program", ue.Why, FieldError{Field: ue.Field, Reason: ue.Why})
	}
	var qe *hosting.QuotaError
	if errors.As(err, &qe) {
		if qe.Limit == "versions" {
			return problem(http.StatusTooManyRequests, "quota-versions", "Too many bot versions", qe.Error(),
				FieldError{Field: "name", Reason: fmt.Sprintf("limit: %d versions an owner", qe.Max)})
		}
		return problem(http.StatusRequestEntityTooLarge, "quota-bytes", "Too many bytes kept", qe.Error(),
			FieldError{Field: "file", Reason: fmt.Sprintf("limit: %d bytes an owner", qe.Max)})
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Location", "/v1/bots/"+b.ID)
	return c.JSON(http.StatusAccepted, botResponse(b, nil, who))
}

// listBots pages through the bots.
//
//	@Summary		List bots: our engines and the uploads, newest first
//	@Tags			bots
//	@Produce		json
//	@Param			game	query		string	false	"less or morris"
//	@Param			owner	query		string	false	"an owner's name (gameai: our engines)"
//	@Param			status	query		string	false	"building, validating, waiting (after a failure of the server's), ready, rejected or deleted (listed only when asked for)"
//	@Param			limit	query		int		false	"bots a page (1-100, default 50)"
//	@Param			cursor	query		string	false	"next_cursor of the previous page"
//	@Success		200		{object}	BotListResponse
//	@Failure		400		{object}	Problem
//	@Router			/v1/bots [get]
func (s *Server) listBots(c *echo.Context) error {
	who, err := s.whoAsks(c)
	if err != nil {
		return err
	}
	f := store.BotFilter{Game: c.QueryParam("game"), Owner: c.QueryParam("owner"), Status: store.BotStatus(c.QueryParam("status"))}
	f.Kept = f.Status == "" // deleted versions only when asked for
	if _, ok := hosting.Games[f.Game]; f.Game != "" && !ok {
		return badField("game", "want less or morris")
	}
	switch f.Status {
	case "", store.BotBuilding, store.BotValidating, store.BotWaiting, store.BotReady, store.BotRejected, store.BotDeleted:
	default:
		return badField("status", "want building, validating, waiting, ready, rejected or deleted")
	}
	from, limit, err := offsetPage(c)
	if err != nil {
		return err
	}
	// Our engines come first, then the uploads a page at a time from the
	// store: a cursor past our engines is a place among the uploads.
	var ours []*store.Bot
	for _, b := range hosting.Builtins() {
		if f.Match(b) {
			ours = append(ours, b)
		}
	}
	page, next := store.PageOf(ours, from, limit)
	if f.Owner != hosting.BuiltinOwner && len(page) < limit {
		up, upNext, err := s.store.Bots.Page(c.Request().Context(), f, max(from-len(ours), 0), limit-len(page))
		if err != nil {
			return err
		}
		page, next = append(page, up...), -1
		if upNext >= 0 {
			next = len(ours) + upNext
		}
	} else if f.Owner != hosting.BuiltinOwner && next < 0 {
		next = len(ours) // the uploads' first page
	}
	out := BotListResponse{Bots: []BotResponse{}}
	for _, b := range page {
		out.Bots = append(out.Bots, botResponse(b, nil, who))
	}
	if next >= 0 {
		out.NextCursor = strconv.Itoa(next)
	}
	return c.JSON(http.StatusOK, out)
}

// getBot shows a bot; its owner also sees the build output and stderr.
//
//	@Summary		A bot: status, reason, validation games
//	@Description	The owner's token also shows the compiler's output and the bot's stderr in each validation game; nobody else sees them.
//	@Tags			bots
//	@Produce		json
//	@Param			id	path		string	true	"bot id (gameai:GAME:SPEC for our engines, e.g. gameai:less:mcts)"
//	@Success		200	{object}	BotResponse
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Router			/v1/bots/{id} [get]
func (s *Server) getBot(c *echo.Context) error {
	who, err := s.whoAsks(c)
	if err != nil {
		return err
	}
	b, err := s.botOrEngine(c)
	if err != nil {
		return err
	}
	d := &store.BotDetails{}
	if !hosting.IsBuiltin(b) {
		if d, err = s.store.Bots.Details(c.Request().Context(), b.ID); err != nil {
			return err
		}
	}
	r := botResponse(b, d, who)
	for i, v := range r.Validation {
		if len(v.Seats) > 0 {
			r.Validation[i].Positions = s.positions(b.Game, arena.Outcome{Board: v.Board, Moves: v.Moves})
		}
	}
	return c.JSON(http.StatusOK, r)
}

// botSource sends an uploaded file back to its owner.
//
//	@Summary	A bot's uploaded file (its owner only)
//	@Tags		bots
//	@Produce	octet-stream
//	@Param		id	path		string	true	"bot id"
//	@Success	200	{file}		binary
//	@Failure	401	{object}	Problem
//	@Failure	403	{object}	Problem	"another owner's bot"
//	@Failure	404	{object}	Problem
//	@Failure	410	{object}	Problem	"a rejected version: its files are not kept"
//	@Router		/v1/bots/{id}/source [get]
func (s *Server) botSource(c *echo.Context) error {
	who := c.Get("caller").(caller)
	b, err := s.bot(c)
	if err != nil {
		return err
	}
	if !who.owns(b) {
		return notYours()
	}
	if b.FilesDropped {
		return problem(http.StatusGone, "files-dropped", "Not kept", "a "+string(b.Status)+" version keeps its record and reason, not its files",
			FieldError{Field: "id", Reason: string(b.Status) + ": its files are dropped"})
	}
	data, err := s.store.Artefacts.Get(c.Request().Context(), b.Source)
	if err != nil {
		return problemFor(err, "bot")
	}
	l, _ := s.hosting.Language(b.Language)
	file := "bot"
	if l != nil {
		file = l.File
	}
	c.Response().Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": file}))
	return c.Blob(http.StatusOK, "application/octet-stream", data)
}

// deleteBot removes a bot version.
//
//	@Summary		Delete a bot version (its owner, or the server's key)
//	@Description	The version plays no more; its files go unless another version keeps the same bytes, and so do its build log, stderr and transcripts. Its record stays, status deleted and why, with its games: every link to it says what it was. A deleted version's number is not given again. Deleting it again: 404.
//	@Tags			bots
//	@Param			id	path	string	true	"bot id"
//	@Success		204
//	@Failure		401	{object}	Problem
//	@Failure		403	{object}	Problem	"another owner's bot"
//	@Failure		404	{object}	Problem
//	@Router			/v1/bots/{id} [delete]
func (s *Server) deleteBot(c *echo.Context) error {
	who := c.Get("caller").(caller)
	b, err := s.bot(c)
	if err != nil {
		return err
	}
	if hosting.IsBuiltin(b) {
		return problem(http.StatusForbidden, "forbidden", "Forbidden", "our own engines cannot be deleted", FieldError{Field: "id", Reason: "a built-in bot"})
	}
	if !who.owns(b) && !who.admin {
		return notYours()
	}
	why := "deleted by its author"
	if !who.owns(b) {
		why = "deleted by the host"
	}
	if err := s.hosting.Delete(c.Request().Context(), b, why); err != nil {
		return problemFor(err, "bot")
	}
	return c.NoContent(http.StatusNoContent)
}

// whoAmI names the token's owner, so a page can show "my bots".
//
//	@Summary	Whose token this is
//	@Tags		bots
//	@Produce	json
//	@Success	200	{object}	WhoAmIResponse
//	@Failure	401	{object}	Problem
//	@Security	ApiKey
//	@Router		/v1/owners/me [get]
func (s *Server) whoAmI(c *echo.Context) error {
	who := c.Get("caller").(caller)
	out := WhoAmIResponse{Owner: who.owner, Admin: who.admin, SignedIn: who.login != ""}
	if who.owner != "" {
		o, err := s.store.Owners.Get(c.Request().Context(), who.owner)
		if err != nil {
			return problemFor(err, "owner")
		}
		out.Password = o.PasswordHash != ""
	}
	return c.JSON(http.StatusOK, out)
}

func notYours() *Problem {
	return problem(http.StatusForbidden, "forbidden", "Forbidden", "this bot belongs to another owner",
		FieldError{Field: "X-API-Key", Reason: "not the bot's owner"})
}

// uploadedID is what an uploaded bot's id may be.
var uploadedID = regexp.MustCompile(`^bot_[A-Za-z0-9_-]{1,60}$`)

// bot finds the bot of the :id parameter, built-in or uploaded.
func (s *Server) bot(c *echo.Context) (*store.Bot, error) {
	// Echo matches the path as sent, so a link that encodes the id's
	// colons (gameai%3Aless%3Amcts) arrives encoded.
	id, err := url.PathUnescape(c.Param("id"))
	if err != nil {
		return nil, notFound("bot", "no such bot")
	}
	if b, ok := hosting.Builtin(id); ok {
		return b, nil
	}
	// An uploaded bot's id is bot_ and letters, digits, _ or -: what an
	// encoded path decodes to beyond that (a colon, a slash, a newline)
	// never reaches the store's keys.
	if !uploadedID.MatchString(id) {
		return nil, notFound("bot", "no such bot")
	}
	b, err := s.store.Bots.Get(c.Request().Context(), id)
	if err != nil {
		return nil, problemFor(err, "bot")
	}
	return b, nil
}

// botResponse shows a bot to who asks; d, when given (a single bot, not
// a list), adds the games' records, and for the owner the build output
// and the stderr.
func botResponse(b *store.Bot, d *store.BotDetails, who caller) BotResponse {
	mine := who.owns(b)
	r := BotResponse{ID: b.ID, Name: b.Name, Game: b.Game, Owner: b.Owner, Language: b.Language, Version: b.Version,
		Status: string(b.Status), Reason: b.Reason, Rejection: string(b.Rejection), Size: b.Size, Builtin: hosting.IsBuiltin(b),
		Validation: []ValidationGameResponse{}}
	if !r.Builtin {
		r.CreatedAt, r.UpdatedAt = &b.CreatedAt, &b.UpdatedAt
	}
	if mine && d != nil {
		r.BuildLog = &d.BuildLog
	}
	for i, g := range b.Validation {
		v := ValidationGameResponse{Seat: g.Seat, Opponents: g.Opponents, Result: g.Result, Fault: g.Fault, FaultKind: g.FaultKind, Turn: g.Turn, ThinkMS: g.ThinkMS, Used: g.Used}
		if d != nil && i < len(d.Games) {
			dg := d.Games[i]
			v.Record, v.Board, v.Seats, v.Moves, v.TimesMS, v.Clocks = dg.Record, dg.Board, dg.Seats, dg.Moves, dg.TimesMS, dg.ThinkMS
			if mine {
				stderr, talk := d.Games[i].Stderr, d.Games[i].Transcript
				v.Stderr, v.Transcript = &stderr, &talk
			}
		}
		r.Validation = append(r.Validation, v)
	}
	return r
}
