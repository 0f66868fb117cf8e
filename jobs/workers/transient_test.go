package workers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// A Redis away or failing over is waited out; an answer that will not
// change is not, however it is wrapped.
func TestTransientErrorsAreRedisAway(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no", IsTimeout: true}}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{refused, true},
		{fmt.Errorf("asynq: %w", fmt.Errorf("rdb: %w", syscall.ECONNREFUSED)), true},
		{fmt.Errorf("asynq: %w", io.EOF), true},
		{context.DeadlineExceeded, true},
		{redis.ErrClosed, true},
		{fmt.Errorf("asynq: %w", proto("LOADING Redis is loading the dataset in memory")), true},
		{proto("READONLY You can't write against a read only replica."), true},
		{proto("MASTERDOWN Link with MASTER is down"), true},
		{fmt.Errorf("asynq: %w", proto("NOAUTH Authentication required.")), false},
		{proto("WRONGTYPE Operation against a key holding the wrong kind of value"), false},
		{errors.New("asynq: unexpected value returned from Lua script"), false},
		{asynq.ErrQueueNotFound, false},
		{nil, false},
	} {
		if got := transient(c.err); got != c.want {
			t.Errorf("%v: transient %v, want %v", c.err, got, c.want)
		}
	}
}

// proto is an error as Redis answers it.
type proto string

func (p proto) Error() string { return string(p) }
func (proto) RedisError()     {}
