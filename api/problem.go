package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"gameai/ai"
	"gameai/games"
	"gameai/jobs"
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

	retryAfter int
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

func problem(status int, slug, title, detail string, fields ...FieldError) *Problem {
	return &Problem{Type: "urn:gameai:problem:" + slug, Title: title, Status: status, Detail: detail, Errors: fields}
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

// problemFor maps a domain error to its problem; field names the request
// field the error is about (for parse and option errors).
func problemFor(err error, field string) *Problem {
	var (
		p   *Problem
		pe  *games.ParseError
		oe  *games.OptionError
		ve  *games.UnknownVariantError
		ue  *ai.UnknownEngineError
		eo  *ai.OptionError
		ime *games.IllegalMoveError
	)
	switch {
	case errors.As(err, &p):
		return p
	case errors.As(err, &pe):
		fe := FieldError{Field: field, Reason: pe.Error()}
		if pe.Offset >= 0 {
			off := pe.Offset
			fe.Offset = &off
		}
		return problem(http.StatusBadRequest, "invalid-position", "Invalid position", pe.Error(), fe)
	case errors.As(err, &oe):
		return badField("options."+oe.Name, oe.Reason)
	case errors.As(err, &ve):
		return badField("variant", ve.Error())
	case errors.As(err, &ue):
		return notFound("engine", ue.Error())
	case errors.As(err, &eo):
		return badField("engine_options."+eo.Name, eo.Reason)
	case errors.As(err, &ime):
		return problem(http.StatusUnprocessableEntity, "illegal-move", "Illegal move", ime.Error(),
			FieldError{Field: field, Reason: ime.Reason})
	case errors.Is(err, store.ErrNotFound):
		return notFound(field, "no such "+field)
	case errors.Is(err, store.ErrConflict):
		return problem(http.StatusConflict, "conflict", "Conflict", "the record changed concurrently; retry")
	case errors.Is(err, store.ErrFull), errors.Is(err, jobs.ErrTooMany):
		p := problem(http.StatusServiceUnavailable, "full", "Service full", err.Error())
		p.retryAfter = 30
		return p
	case errors.Is(err, context.DeadlineExceeded):
		return problem(http.StatusServiceUnavailable, "timeout", "Timed out", "the request ran out of time")
	}
	return nil
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
	p := problemFor(err, "")
	if p == nil {
		var (
			he *echo.HTTPError
			sc echo.HTTPStatusCoder
		)
		switch {
		case errors.As(err, &sc) && sc.StatusCode() >= 400 && sc.StatusCode() < 500:
			code := sc.StatusCode()
			detail := http.StatusText(code)
			if errors.As(err, &he) && he.Message != "" {
				detail = he.Message
			}
			p = problem(code, slugFor(code), http.StatusText(code), detail)
			if code == http.StatusRequestEntityTooLarge {
				p.Detail = fmt.Sprintf("the body exceeds %d bytes", s.cfg.MaxBodyBytes)
				p.Errors = []FieldError{{Field: "body", Reason: p.Detail}}
			}
		default:
			s.log.Error("internal error", "path", c.Request().URL.Path, "err", err)
			p = problem(http.StatusInternalServerError, "internal", "Internal server error", "")
		}
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
