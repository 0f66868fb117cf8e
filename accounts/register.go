package accounts

import (
	"context"
	"errors"
	"time"

	"gameai/internal/password"
	"gameai/store"
)

// Asker is who asks for an account: the host (the server's key), or a
// visitor from a network.
type Asker struct {
	Host    bool
	Network string
}

// NewAccount is a name, its password and, where registration is by
// invitation, the host's code.
type NewAccount struct {
	Name, Password, Invitation string
}

// Register makes an account with a password. A visitor's account is
// signed in at once (Owner.SignedIn; its sign-in is StartLogin's). The
// cheap checks go first, then the invitation (so that a stranger without
// a good code learns nothing of which names exist), then the network's
// count, and the hash last; a code or a count spent on an account not
// made is given back.
func (s *Service) Register(ctx context.Context, by Asker, n NewAccount) (*store.Owner, error) {
	invited := !by.Host && s.registration == Invite
	switch {
	case by.Host:
	case s.registration == Closed:
		return nil, ErrRegistrationClosed
	case invited && n.Invitation == "":
		return nil, ErrInvitationNeeded
	}
	if !ValidName(n.Name) {
		return nil, &InvalidError{"name", NameRule}
	}
	if why := password.Check(n.Name, n.Password); why != "" {
		return nil, &InvalidError{"password", why}
	}
	now := time.Now().UTC()
	code := ""
	if invited {
		code = store.TokenHash(n.Invitation)
		if err := s.store.Accounts.Redeem(ctx, code, n.Name, now); err != nil {
			return nil, invitationError(err)
		}
	}
	made := false
	defer func() {
		if code != "" && !made {
			// Not made: the code goes back to its holder.
			if err := s.store.Accounts.Unredeem(context.WithoutCancel(ctx), code); err != nil {
				s.log.Error("giving an invitation back", "err", err)
			}
		}
	}()
	if _, err := s.store.Owners.Get(ctx, n.Name); err == nil {
		return nil, ErrNameTaken
	} else if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if !by.Host {
		refund, err := s.attempt(ctx, []bound{NewAccounts.of(by.Network), PasswordWork.of(by.Network)},
			"name", "this network's accounts for the hour are made")
		if err != nil {
			return nil, err
		}
		defer func() {
			if !made {
				refund()
			}
		}()
	}
	hash, err := password.Hash(ctx, n.Password)
	if err != nil {
		return nil, err
	}
	o := &store.Owner{Name: n.Name, CreatedAt: now, PasswordHash: hash}
	if !by.Host {
		o.SignedIn = now
	}
	if err := s.store.Owners.Create(ctx, o); err != nil {
		if errors.Is(err, store.ErrExists) {
			return nil, ErrNameTaken
		}
		return nil, err
	}
	made = true
	s.log.Info("an account was made", "owner", n.Name, "by_host", by.Host, "invited", code != "")
	return o, nil
}

// invitationError says why an invitation cannot be used.
func invitationError(err error) error {
	for _, c := range []struct {
		err    error
		reason string
	}{
		{store.ErrNotFound, "unknown: check the code"},
		{store.ErrUsed, "used already: each code makes one account"},
		{store.ErrExpired, "expired: ask the host for another"},
	} {
		if errors.Is(err, c.err) {
			return &InvitationError{Err: err, Reason: c.reason}
		}
	}
	return err
}
