package api

import (
	"errors"
	"net/http"

	"gameai/accounts"
	"gameai/search"
	"gameai/seats"
	"gameai/sessions"
)

// The services' refusals (package accounts, seats, sessions, search) as
// problems: what each means to a client, in one place beside the rest of
// knownProblem.

// accountProblem is the problem of the accounts' refusals.
func accountProblem(err error) (*Problem, bool) {
	var (
		invalid  *accounts.InvalidError
		inv      *accounts.InvitationError
		disabled *accounts.DisabledError
		many     *accounts.TooManyError
	)
	switch {
	case errors.As(err, &invalid):
		return badField(invalid.Field, invalid.Why), true
	case errors.Is(err, accounts.ErrRegistrationClosed):
		return problem(http.StatusForbidden, "registration-closed", "Registration closed", err.Error(),
			FieldError{Field: "name", Reason: "registration is closed"}), true
	case errors.Is(err, accounts.ErrInvitationNeeded):
		return problem(http.StatusForbidden, "invitation-needed", "Invitation needed", err.Error(),
			FieldError{Field: "invitation", Reason: "missing"}), true
	case errors.As(err, &inv):
		return problem(http.StatusForbidden, "invitation-refused", "Invitation refused", inv.Error(),
			FieldError{Field: "invitation", Reason: inv.Reason}), true
	case errors.Is(err, accounts.ErrNameTaken):
		return ownerExists(), true
	case errors.Is(err, accounts.ErrSignInFailed):
		return problem(http.StatusUnauthorized, "sign-in-failed", "Sign-in failed", err.Error(),
			FieldError{Field: "password", Reason: "wrong name or password"}), true
	case errors.As(err, &disabled):
		return problem(http.StatusForbidden, "account-disabled", "Account disabled", disabled.Error()+becauseOf(disabled.Why),
			FieldError{Field: "name", Reason: "disabled"}), true
	case errors.Is(err, accounts.ErrWrongPassword):
		return problem(http.StatusForbidden, "wrong-password", "Wrong password", err.Error(),
			FieldError{Field: "current", Reason: "wrong"}), true
	case errors.As(err, &many):
		return retryLater(http.StatusTooManyRequests, many.Limit.Slug, many.Limit.Title, many.Error(), int(many.RetryAfter.Seconds())+1,
			FieldError{Field: many.Field, Reason: many.Reason}), true
	}
	return nil, false
}

// seatProblem is the problem of a session's uploaded bot that cannot move.
func seatProblem(err error) (*Problem, bool) {
	var (
		full      *seats.FullError
		withdrawn *seats.WithdrawnError
		failed    *seats.FailedError
	)
	switch {
	case errors.As(err, &full):
		return retryLater(http.StatusTooManyRequests, "session-bots-full", "Too many bots playing", full.Error(), int(full.RetryAfter.Seconds())), true
	case errors.As(err, &withdrawn):
		return problem(http.StatusConflict, "bot-withdrawn", "Bot withdrawn", withdrawn.Error()), true
	case errors.As(err, &failed):
		p := problem(http.StatusBadGateway, "bot-failed", "The bot failed", failed.Detail)
		p.FaultKind = string(failed.Kind)
		return p, true
	}
	return nil, false
}

// sessionProblem is the problem of a session's refusals.
func sessionProblem(err error) (*Problem, bool) {
	var (
		full    *sessions.FullError
		removed *sessions.GameRemovedError
		invalid *sessions.InvalidError
		botMove *sessions.BotMoveError
	)
	switch {
	case errors.As(err, &full):
		return problem(http.StatusUnprocessableEntity, "session-full", "Session full", full.Error()), true
	case errors.As(err, &removed):
		return problem(http.StatusGone, "game-removed", "Game removed", removed.Error()), true
	case errors.As(err, &invalid):
		return badField(invalid.Field, invalid.Why), true
	case errors.As(err, &botMove):
		return problem(http.StatusConflict, "bot-keeps-its-moves", "An uploaded bot's move stays", botMove.Error(),
			FieldError{Field: "plies", Reason: "takes back an uploaded bot's move"}), true
	case errors.Is(err, sessions.ErrChanged), errors.Is(err, sessions.ErrChangedDuringReply):
		return problem(http.StatusConflict, "conflict", "Conflict", err.Error()), true
	}
	return nil, false
}

// busyProblem is a search refused for load: 429, to be retried in a second.
func busyProblem(e *search.BusyError) *Problem {
	if e.Budget == 0 {
		return retryLater(http.StatusTooManyRequests, "too-many-searches", "Too many searches", e.Error(), 1)
	}
	return retryLater(http.StatusTooManyRequests, "too-busy-for-the-budget", "Too busy for this budget", e.Error(), 1,
		FieldError{Field: "limits.time_ms", Reason: "cannot be met while the server is this busy"})
}
