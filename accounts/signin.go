package accounts

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"gameai/internal/password"
	"gameai/store"
)

// LoginLife is how long a sign-in lasts.
const LoginLife = 30 * 24 * time.Hour

// Origin is what a sign-in keeps of where it came from: the network and
// the browser's User-Agent (cut to a length the API sets).
type Origin struct{ Network, Agent string }

// SignIn checks a name and its password from a network and starts a
// sign-in: its secret value (the cookie's, shown once; the store keeps
// its hash) and the login. Every attempt is counted before its hash,
// under the name, the network and the network's password work; a right
// password gives the failures' counts back. A wrong name and a wrong
// password are the same ErrSignInFailed, after the same work.
func (s *Service) SignIn(ctx context.Context, from Origin, name, pass string) (string, *store.Login, error) {
	byName, byNet := NameFailures.of(name), NetworkFailures.of(from.Network)
	if _, err := s.attempt(ctx, []bound{byName, byNet, PasswordWork.of(from.Network)}, "password", "too many failures"); err != nil {
		return "", nil, err
	}
	o, err := s.store.Owners.Get(ctx, name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return "", nil, err
	}
	ok := false
	if err == nil && o.Left.IsZero() && o.PasswordHash != "" {
		ok, err = password.Verify(ctx, o.PasswordHash, pass)
		if errors.Is(err, password.ErrFormat) {
			s.log.Error("an account's stored password hash", "owner", o.Name, "err", err)
		}
	} else {
		err = password.VerifyNobody(ctx, pass)
	}
	if err != nil && !errors.Is(err, password.ErrFormat) {
		return "", nil, err
	}
	if !ok {
		return "", nil, ErrSignInFailed
	}
	for _, k := range []string{byName.key, byNet.key} {
		if err := s.store.Accounts.Unhit(ctx, k); err != nil {
			s.log.Warn("giving back a sign-in's count", "key", k, "err", err)
		}
	}
	if o.Disabled {
		return "", nil, &DisabledError{Name: o.Name, Why: o.DisabledWhy}
	}
	value, l, err := s.StartLogin(ctx, o.Name, from)
	if err != nil {
		return "", nil, err
	}
	if err := s.store.Owners.Modify(ctx, o.Name, func(o *store.Owner) { o.SignedIn = l.CreatedAt }); err != nil {
		s.log.Warn("an account's last sign-in", "owner", o.Name, "err", err)
	}
	s.log.Info("signed in", "owner", o.Name)
	return value, l, nil
}

// StartLogin keeps a new sign-in for owner: its secret value, shown once,
// and the login the store keeps by the value's hash.
func (s *Service) StartLogin(ctx context.Context, owner string, from Origin) (string, *store.Login, error) {
	var raw [32]byte
	_, _ = rand.Read(raw[:])
	value := base64.RawURLEncoding.EncodeToString(raw[:])
	now := time.Now().UTC()
	l := &store.Login{Hash: store.TokenHash(value), Owner: owner, CreatedAt: now, Expires: now.Add(LoginLife),
		Client: from.Network, Agent: from.Agent}
	if err := s.store.Accounts.AddLogin(ctx, l); err != nil {
		return "", nil, err
	}
	return value, l, nil
}

// EndLoginsBut ends owner's sign-ins but keep's (a login's hash; "": all
// of them) and counts those it ended.
func (s *Service) EndLoginsBut(ctx context.Context, owner, keep string) (int, error) {
	ls, err := s.store.Accounts.Logins(ctx, owner)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, l := range ls {
		if l.Hash == keep {
			continue
		}
		if err := s.store.Accounts.EndLogin(ctx, l.Hash); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
