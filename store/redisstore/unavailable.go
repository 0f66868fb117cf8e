package redisstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"

	"github.com/redis/go-redis/v9"

	"gameai/store"
)

// unavailableHook marks every failure to get an answer from Redis (refused or
// dropped connections, timeouts, an exhausted pool, a server still loading)
// as store.ErrUnavailable, in one place, so no caller has to recognise
// go-redis's transport errors and none mistakes them for bad data.
type unavailableHook struct{ name string }

func (h unavailableHook) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := next(ctx, network, addr)
		return conn, h.wrap(err)
	}
}

func (h unavailableHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return h.wrap(next(ctx, cmd))
	}
}

func (h unavailableHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		err := next(ctx, cmds)
		for _, cmd := range cmds {
			if e := cmd.Err(); e != nil {
				cmd.SetErr(h.wrap(e))
			}
		}
		return h.wrap(err)
	}
}

// notServing are the replies of a server that is up but cannot serve yet
// (loading its data, a replica without its master) or at all (out of memory).
var notServing = []string{"LOADING", "MASTERDOWN", "READONLY", "CLUSTERDOWN", "TRYAGAIN", "BUSY", "OOM"}

func (h unavailableHook) wrap(err error) error {
	if err == nil || errors.Is(err, store.ErrUnavailable) {
		return err
	}
	var reply redis.Error
	if errors.As(err, &reply) {
		msg := reply.Error()
		for _, p := range notServing {
			if strings.HasPrefix(msg, p) {
				return &store.UnavailableError{Store: h.name, Err: err}
			}
		}
		// A reply (redis.Nil, NOSCRIPT, a script's error) passes unchanged:
		// go-redis and the callers act on it.
		return err
	}
	return &store.UnavailableError{Store: h.name, Err: err}
}

// slogLogger sends go-redis's own messages (a failed dial, a pool event) to
// slog at debug level: while Redis is away there is one a dial, and the 503s
// and /readyz already say so.
type slogLogger struct{ log *slog.Logger }

func (l slogLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.DebugContext(ctx, "redis client", "msg", fmt.Sprintf(format, v...))
}

// SetLogger routes go-redis's process-wide log to log.
func SetLogger(log *slog.Logger) { redis.SetLogger(slogLogger{log}) }
