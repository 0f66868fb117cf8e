package workers

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/redis/go-redis/v9"
)

// transient reports whether err is Redis away, or busy for a while (a
// connection refused or cut, a timeout, a replica loading or being
// promoted), rather than an answer that will not change (a wrong password,
// a key of the wrong type, a script refused). A dispatcher waits out the
// first kind; the second fails the job saying why, where it used to poll
// for ever.
func transient(err error) bool {
	var ne net.Error
	switch {
	case err == nil:
		return false
	case errors.As(err, &ne), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, redis.ErrClosed), errors.Is(err, redis.ErrPoolTimeout):
		return true
	}
	var re redis.Error
	if errors.As(err, &re) {
		for _, busy := range []string{"LOADING", "READONLY", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN", "BUSY ", "NOREPLICAS"} {
			if strings.HasPrefix(re.Error(), busy) {
				return true
			}
		}
	}
	return false
}
