package accounts

import (
	"errors"
	"fmt"
	"time"
)

// The refusals of the accounts, as values the API turns into problems.
var (
	// ErrRegistrationClosed: only the host makes accounts here.
	ErrRegistrationClosed = errors.New("the host of this server makes its accounts: ask the host for one")
	// ErrInvitationNeeded: registration is by invitation, and none was given.
	ErrInvitationNeeded = errors.New("this server takes new accounts by invitation: ask the host for a code")
	// ErrNameTaken: an owner of this name exists.
	ErrNameTaken = errors.New("an owner of this name exists")
	// ErrSignInFailed: the name or the password is wrong (the same
	// answer for both, in the same time).
	ErrSignInFailed = errors.New("the name or the password is wrong")
	// ErrWrongPassword: the current password given to change it is wrong.
	ErrWrongPassword = errors.New("the current password is wrong")
)

// An InvalidError is a field of a request the rules refuse (a name, a
// password), with why.
type InvalidError struct{ Field, Why string }

func (e *InvalidError) Error() string { return e.Field + ": " + e.Why }

// An InvitationError is an invitation that cannot be used: Err is
// store.ErrNotFound, ErrUsed or ErrExpired; Reason says it to the holder.
type InvitationError struct {
	Err    error
	Reason string
}

func (e *InvitationError) Error() string { return "the invitation is " + e.Reason }
func (e *InvitationError) Unwrap() error { return e.Err }

// A DisabledError is a sign-in to an account the host disabled, saying why.
type DisabledError struct{ Name, Why string }

func (e *DisabledError) Error() string {
	return "the host of this server has disabled the account " + e.Name
}

// A TooManyError is an attempt past one of the bounds (Limit): it may be
// tried again after RetryAfter. Field and Reason say which of the
// request's fields it is about.
type TooManyError struct {
	Limit         Limit
	RetryAfter    time.Duration
	Field, Reason string
}

func (e *TooManyError) Error() string { return fmt.Sprintf(e.Limit.What, e.Limit.Max) }
