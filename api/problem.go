package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"gameai/ai"
	"gameai/games"
	"gameai/hosting"
	"gameai/internal/password"
	"gameai/jobs"
	"gameai/search"
	"gameai/store"
)

// Problem is an RFC 9457 problem detail. Errors names each bad field and
// why; the move fields are set for an illegal move.
type Problem struct {
	Type      string       `json:"type" example:"urn:gameai:problem:invalid-request"`
	Title     string       `json:"title" example:"Invalid request"`
	Status    int          `json:"status" example:"400"`
	Detail    string       `json:"detail,omitempty"`
	Instance  string       `json:"instance,omitempty"`
	RequestID string       `json:"request_id,omitempty"`
	Errors    []FieldError `json:"errors,omitempty"`
	// Move is the illegal move; LegalMoves lists legal ones (capped) and
	// LegalMovesTotal counts them all.
	Move            string   `json:"move,omitempty"`
	LegalMoves      []string `json:"legal_moves,omitempty"`
	LegalMovesTotal int      `json:"legal_moves_total,omitempty"`
	// FaultKind is how an uploaded bot failed to move (time, crash,
	// protocol, output, memory, cpu, illegal), as the referee names it.
	FaultKind string `json:"fault_kind,omitempty" example:"time"`

	retryAfter int
	// cause is the error behind a 500, for the log only.
	cause error
}

// FieldError names one bad part of a request.
type FieldError struct {
	Field  string `json:"field" example:"limits.time_ms"`
	Reason string `json:"reason" example:"must be at most 30000"`
	// Offset is the byte offset in the field's text where parsing failed.
	Offset *int `json:"offset,omitempty"`
}

func (p *Problem) Error() string { return fmt.Sprintf("%d %s: %s", p.Status, p.Title, p.Detail) }

// StatusCode lets echo's middleware (logging, metrics) see the status.
func (p *Problem) StatusCode() int { return p.Status }

// problemType is the type URI of a problem slug.
func problemType(slug string) string { return "urn:gameai:problem:" + slug }

func problem(status int, slug, title, detail string, fields ...FieldError) *Problem {
	return &Problem{Type: problemType(slug), Title: title, Status: status, Detail: detail, Errors: fields}
}

// retryLater is a problem that says when to come back (Retry-After, in
// seconds): a server or a client at its bounds, not a bad request.
func retryLater(status int, slug, title, detail string, seconds int, fields ...FieldError) *Problem {
	p := problem(status, slug, title, detail, fields...)
	p.retryAfter = seconds
	return p
}

func badField(field, reason string) *Problem {
	return problem(http.StatusBadRequest, "invalid-request", "Invalid request", field+": "+reason,
		FieldError{Field: field, Reason: reason})
}

func notFound(field, detail string) *Problem {
	return problem(http.StatusNotFound, "not-found", "Not found", detail, FieldError{Field: field, Reason: detail})
}

// illegalMove builds the 422 answer, listing at most max legal moves.
func illegalMove(field string, e *games.IllegalMoveError, st games.State, max int) *Problem {
	p := problem(http.StatusUnprocessableEntity, "illegal-move", "Illegal move", e.Error(),
		FieldError{Field: field, Reason: e.Reason})
	p.Move = e.Move
	legal := st.LegalMoves()
	p.LegalMovesTotal = len(legal)
	for i, m := range legal {
		if i == max {
			break
		}
		p.LegalMoves = append(p.LegalMoves, m.String())
	}
	return p
}

// problemFor maps any error to its problem and never returns nil, so no
// handler can hand the error handler a nil *Problem: an error it does not
// know becomes a 500 that keeps its cause for the log.
func problemFor(err error, field string) *Problem {
	if p, ok := knownProblem(err, field); ok {
		return p
	}
	return &Problem{Type: problemType("internal"), Title: "Internal server error",
		Status: http.StatusInternalServerError, cause: err}
}

// knownProblem maps a domain error to its problem; field names the request
// field the error is about (for parse and option errors). ok is false for
// an error it does not know.
func knownProblem(err error, field string) (p *Problem, ok bool) {
	var (
		pe   *games.ParseError
		oe   *games.OptionError
		ve   *games.UnknownVariantError
		ue   *ai.UnknownEngineError
		eo   *ai.OptionError
		ime  *games.IllegalMoveError
		busy *search.BusyError
		oc   *search.OverCapError
	)
	if p, ok := accountProblem(err); ok {
		return p, true
	}
	if p, ok := seatProblem(err); ok {
		return p, true
	}
	if p, ok := sessionProblem(err); ok {
		return p, true
	}
	switch {
	case err == nil:
		return nil, false
	case errors.As(err, &p):
		return p, p != nil
	case errors.As(err, &pe):
		fe := FieldError{Field: field, Reason: pe.Error()}
		if pe.Offset >= 0 {
			off := pe.Offset
			fe.Offset = &off
		}
		return problem(http.StatusBadRequest, "invalid-position", "Invalid position", pe.Error(), fe), true
	case errors.As(err, &oe):
		return badField("options."+oe.Name, oe.Reason), true
	case errors.As(err, &ve):
		return badField("variant", ve.Error()), true
	case errors.As(err, &ue):
		return notFound("engine", ue.Error()), true
	case errors.As(err, &eo):
		return badField("engine_options."+eo.Name, eo.Reason), true
	case errors.As(err, &ime):
		return problem(http.StatusUnprocessableEntity, "illegal-move", "Illegal move", ime.Error(),
			FieldError{Field: field, Reason: ime.Reason}), true
	case errors.Is(err, search.ErrGameOver):
		return problem(http.StatusUnprocessableEntity, "game-over", "Game over", err.Error(),
			FieldError{Field: "position", Reason: "game is over"}), true
	case errors.Is(err, search.ErrTimeout):
		return problem(http.StatusServiceUnavailable, "timeout", "Search timed out", err.Error()), true
	case errors.As(err, &busy):
		return busyProblem(busy), true
	case errors.As(err, &oc):
		return badField("limits."+oc.Field, oc.Error()), true
	case errors.Is(err, store.ErrUnavailable):
		// Never the store's address (UnavailableError.Store): that is the
		// operator's to read, in the log, not every client's.
		return storeUnavailable("the store"), true
	case errors.Is(err, store.ErrNotFound):
		return notFound(field, "no such "+field), true
	case errors.Is(err, store.ErrConflict):
		return problem(http.StatusConflict, "conflict", "Conflict", "the record changed concurrently; retry"), true
	case errors.Is(err, store.ErrFull), errors.Is(err, jobs.ErrTooMany):
		return retryLater(http.StatusServiceUnavailable, "full", "Service full", err.Error(), 30), true
	case errors.Is(err, password.ErrBusy):
		return retryLater(http.StatusServiceUnavailable, "busy", "Server busy",
			"the server is checking as many passwords as it may at once: retry shortly", 2), true
	case errors.Is(err, context.DeadlineExceeded):
		return problem(http.StatusServiceUnavailable, "timeout", "Timed out", "the request ran out of time"), true
	}
	return nil, false
}

// storeUnavailableRetry is the Retry-After of a 503 for a store that does not
// answer: long enough for a Redis restart, short enough for a person waiting.
const storeUnavailableRetry = 5

// storeUnavailableSlug names the problem that /metrics counts as a request
// the store's outage failed.
const storeUnavailableSlug = "store-unavailable"

// storeUnavailable is the 503 of a route that needs the store while it does
// not answer; the detail names the store but not its error, which is logged.
func storeUnavailable(name string) *Problem {
	return retryLater(http.StatusServiceUnavailable, storeUnavailableSlug, "Store unavailable",
		name+" does not answer; this request needs it. Searches that need no store are still served; retry shortly", storeUnavailableRetry)
}

// validationProblem turns validator errors into one 400 naming every field.
func validationProblem(err error) *Problem {
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return badField("body", err.Error())
	}
	p := problem(http.StatusBadRequest, "invalid-request", "Invalid request", "the request has invalid fields")
	for _, fe := range verrs {
		p.Errors = append(p.Errors, FieldError{Field: fieldPath(fe.Namespace()), Reason: reason(fe)})
	}
	return p
}

// errorHandler writes every error as application/problem+json.
func (s *Server) errorHandler(c *echo.Context, err error) {
	if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
		return
	}
	p, ok := knownProblem(err, "")
	var sc echo.HTTPStatusCoder
	switch {
	case ok:
	case errors.As(err, &sc) && sc.StatusCode() >= 400 && sc.StatusCode() < 500:
		code := sc.StatusCode()
		detail := http.StatusText(code)
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Message != "" {
			detail = he.Message
		}
		p = problem(code, slugFor(code), http.StatusText(code), detail)
	default:
		p = problemFor(err, "")
	}
	if p.Status == http.StatusRequestEntityTooLarge && !errors.As(err, new(*Problem)) {
		// One wording, whether echo's limit or the decoder found it; a
		// problem of ours (an owner's quota of bytes) says its own.
		limit, field := s.cfg.MaxBodyBytes, "body"
		if c.Path() == uploadRoute {
			limit, field = hosting.MaxUpload, "file"
		}
		p = problem(p.Status, "body-too-large", "Body too large", fmt.Sprintf("the %s exceeds %d bytes", field, limit))
		p.Errors = []FieldError{{Field: field, Reason: p.Detail}}
	}
	if p.Type == problemType(storeUnavailableSlug) {
		s.metrics.storeDown.WithLabelValues("request").Inc()
	}
	if p.Status >= 500 {
		cause := err
		if p.cause != nil {
			cause = p.cause
		}
		level := slog.LevelWarn // a 503 is the server keeping to its bounds
		if p.Status == http.StatusInternalServerError {
			level = slog.LevelError
		}
		s.log.Log(c.Request().Context(), level, "request failed", "path", c.Request().URL.Path, "status", p.Status, "err", cause)
	}
	out := *p
	out.Instance = c.Request().URL.Path
	out.RequestID = c.Response().Header().Get(echo.HeaderXRequestID)
	if out.retryAfter > 0 {
		c.Response().Header().Set("Retry-After", strconv.Itoa(out.retryAfter))
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(out.Status)
		return
	}
	c.Response().Header().Set(echo.HeaderContentType, "application/problem+json")
	if err := c.JSON(out.Status, &out); err != nil {
		s.log.Error("writing problem", "err", err)
	}
}

func slugFor(status int) string {
	switch status {
	case http.StatusNotFound:
		return "not-found"
	case http.StatusMethodNotAllowed:
		return "method-not-allowed"
	case http.StatusRequestEntityTooLarge:
		return "body-too-large"
	case http.StatusUnauthorized:
		return "unauthorized"
	case http.StatusUnsupportedMediaType:
		return "unsupported-media-type"
	case http.StatusServiceUnavailable:
		return "unavailable"
	}
	if status >= 500 {
		return "internal"
	}
	return "invalid-request"
}
