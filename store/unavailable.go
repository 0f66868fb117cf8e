package store

import (
	"errors"
	"fmt"
)

// ErrUnavailable is matched (errors.Is) by every error that says the backing
// service did not answer, as opposed to an answer the caller can act on: the
// API turns it into 503 with Retry-After, and jobs go on in memory.
var ErrUnavailable = errors.New("store: unavailable")

// UnavailableError names the service that did not answer and why.
type UnavailableError struct {
	// Store names the service for people, e.g. "Redis at 127.0.0.1:6379".
	Store string
	Err   error
}

func (e *UnavailableError) Error() string {
	return fmt.Sprintf("%s is unavailable: %v", e.Store, e.Err)
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrUnavailable) true.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }
