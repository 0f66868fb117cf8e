package accounts

import (
	"context"
	"errors"

	"gameai/internal/password"
	"gameai/store"
)

// SetPassword sets owner's password, asked from a network by the sign-in
// keep (a login's hash; "" when asked with a token). The rules of
// registration hold; with the current password where the account has one
// (an account the host made with a token alone sets its first this way).
// A change costs a hash or two: counted under the account and its network
// before they are made, and a wrong current password under the name as at
// sign-in, so a stolen token or cookie guesses no faster here. Every
// other sign-in of the account ends: whoever signed in with the old
// password is signed out. Of two changes at once from the same current
// password, one is made and the other told the password is wrong.
func (s *Service) SetPassword(ctx context.Context, network, owner, keep, current, pass string) error {
	if why := password.Check(owner, pass); why != "" {
		return &InvalidError{"password", why}
	}
	o, err := s.store.Owners.Get(ctx, owner)
	if err != nil {
		return err
	}
	if _, err := s.attempt(ctx, []bound{PasswordSets.of(o.Name), PasswordWork.of(network)}, "password", "too many changes"); err != nil {
		return err
	}
	if o.PasswordHash != "" {
		right, err := s.attempt(ctx, []bound{NameFailures.of(o.Name)}, "current", "too many failures")
		if err != nil {
			return err
		}
		ok, err := password.Verify(ctx, o.PasswordHash, current)
		if err != nil && !errors.Is(err, password.ErrFormat) {
			return err
		}
		if !ok {
			return ErrWrongPassword
		}
		right()
	}
	hash, err := password.Hash(ctx, pass)
	if err != nil {
		return err
	}
	// Decided in the store's one step: the password checked above must
	// still be the account's, or a change made meanwhile (by another
	// holder of the same old password) would be overwritten unseen.
	moved := false
	if err := s.store.Owners.Modify(ctx, owner, func(cur *store.Owner) {
		if moved = cur.PasswordHash != o.PasswordHash; !moved {
			cur.PasswordHash = hash
		}
	}); err != nil {
		return err
	}
	if moved {
		return ErrWrongPassword
	}
	_, err = s.EndLoginsBut(ctx, owner, keep)
	return err
}
