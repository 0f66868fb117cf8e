package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// etag is a session's entity tag: its store version, which every write bumps,
// so a client can say which position its move was meant for (If-Match).
func etag(sess *store.Session) string { return `"` + strconv.FormatInt(sess.Rev, 10) + `"` }

// checkIfMatch answers 412 when the request's If-Match names none of the
// session's current tag (RFC 9110 §13.1.1: strong comparison, so a weak tag
// never matches; "*" matches any existing session).
func checkIfMatch(c *echo.Context, sess *store.Session) error {
	values := c.Request().Header.Values("If-Match")
	if len(values) == 0 {
		return nil
	}
	current := etag(sess)
	for _, v := range values {
		for tag := range strings.SplitSeq(v, ",") {
			tag = strings.TrimSpace(tag)
			if tag == "*" || tag == current {
				return nil
			}
		}
	}
	reason := fmt.Sprintf("the session is now %s (%d moves played); read it again", current, len(sess.Moves))
	return problem(http.StatusPreconditionFailed, "precondition-failed", "Precondition failed",
		"If-Match: "+reason, FieldError{Field: "If-Match", Reason: reason})
}

// checkPly answers 409 when a move names the ply it was meant for (the number
// of moves played before it) and the game has moved on, or not got there.
func checkPly(ply *int, sess *store.Session) error {
	if ply == nil || *ply == len(sess.Moves) {
		return nil
	}
	reason := fmt.Sprintf("the move was meant for ply %d, but %d moves have been played", *ply, len(sess.Moves))
	return problem(http.StatusConflict, "moved-on", "The game has moved on", reason,
		FieldError{Field: "ply", Reason: reason})
}

// guard applies both checks of a request that changes a session.
func guard(c *echo.Context, sess *store.Session, ply *int) error {
	if err := checkIfMatch(c, sess); err != nil {
		return err
	}
	return checkPly(ply, sess)
}
