package accounts

import (
	"context"
	"time"
)

// A Limit is a kind of bound on what costs the server a password hash:
// its counters' names start with Kind; past Max in Window an attempt is
// refused. Slug and Title name it to clients, What says it (%d the max).
type Limit struct {
	Kind              string
	Max               int64
	Window            time.Duration
	Slug, Title, What string
}

// The bounds. A network is a /24 or a /64.
var (
	// NewAccounts bound the accounts one network makes in an hour.
	NewAccounts = Limit{"register-net", 5, time.Hour, "too-many-accounts", "Too many new accounts",
		"a network makes at most %d accounts an hour"}
	// NameFailures and NetworkFailures bound failed sign-ins under one
	// name (from anywhere) and from one network (under any names): past
	// them, sign-in there waits out the quarter of an hour.
	NameFailures = Limit{"signin-name", 10, 15 * time.Minute, "sign-in-slowed", "Too many failed sign-ins",
		"after %d wrong passwords under one name, its sign-in waits out the quarter of an hour"}
	NetworkFailures = Limit{"signin-net", 30, 15 * time.Minute, "sign-in-slowed", "Too many failed sign-ins",
		"after %d failed sign-ins from one network, its sign-ins wait out the quarter of an hour"}
	// PasswordSets bound an account's password changes.
	PasswordSets = Limit{"password-set", 10, time.Hour, "too-many-attempts", "Too many attempts",
		"an account changes its password at most %d times an hour"}
	// PasswordWork bounds the passwords a network has the server hash or
	// check (sign-ins, sign-ups, changes).
	PasswordWork = Limit{"password-work", 100, 15 * time.Minute, "too-many-attempts", "Too many attempts",
		"a network has the server check or make at most %d passwords in a quarter of an hour"}
)

// A bound is a limit on one subject (a name, a network).
type bound struct {
	Limit
	key string
}

// of is the limit's bound on one subject.
func (l Limit) of(subject string) bound { return bound{l, counterKey(l.Kind, subject)} }

// counterKey bounds what a client's text makes of a counter's name.
func counterKey(kind, v string) string {
	if len(v) > 64 {
		v = v[:64]
	}
	return kind + ":" + v
}

// attempt counts one attempt under every bound before the work it
// guards: past any, the counts are given back and a *TooManyError names
// field and reason. Counting first (INCR, then compare) keeps a burst to
// the bound exactly; reading the count and adding to it after the work
// let a burst through many times over. refund gives the counts back, for
// an attempt that turned out not to count.
func (s *Service) attempt(ctx context.Context, bounds []bound, field, reason string) (refund func(), err error) {
	var hit []string
	refund = func() {
		for _, k := range hit {
			if err := s.store.Accounts.Unhit(context.WithoutCancel(ctx), k); err != nil {
				s.log.Warn("giving back a count", "key", k, "err", err)
			}
		}
		hit = nil
	}
	for _, b := range bounds {
		n, left, err := s.store.Accounts.Hit(ctx, b.key, b.Window)
		if err != nil {
			refund()
			return nil, err
		}
		hit = append(hit, b.key)
		if n > b.Max {
			refund()
			return nil, &TooManyError{Limit: b.Limit, RetryAfter: left, Field: field, Reason: reason}
		}
	}
	return refund, nil
}
