package store

import (
	"context"
	"errors"
	"time"
)

// Signing in and joining: the sessions of signed-in browsers, the host's
// invitations, and the counters that slow guessing and bound sign-ups.

// Login is a browser's signed-in session: the hash of its cookie (the
// cookie itself is never kept), whose it is and until when.
type Login struct {
	Hash      string    `json:"hash"`
	Owner     string    `json:"owner"`
	CreatedAt time.Time `json:"created_at"`
	Expires   time.Time `json:"expires"`
	// Client is the network it signed in from, Agent its browser (the
	// first characters of its User-Agent): for its owner to tell its
	// sign-ins apart.
	Client string `json:"client,omitempty"`
	Agent  string `json:"agent,omitempty"`
}

// MaxLogins is how many signed-in sessions an owner holds at once: a new
// one past it ends the oldest.
const MaxLogins = 20

// Invitation is a single-use code the host hands to someone to register
// with (kept as the hash of the code).
type Invitation struct {
	Hash      string    `json:"hash"`
	CreatedAt time.Time `json:"created_at"`
	Expires   time.Time `json:"expires"`
	// UsedBy is the account registered with it ("" while unused).
	UsedBy string `json:"used_by,omitempty"`
	// Note is the host's word on whom it is for.
	Note string `json:"note,omitempty"`
}

// MaxInvitations is how many invitations are kept at once (used and
// expired ones included until they go); MaxInvitationLife the longest
// an invitation lasts.
const (
	MaxInvitations    = 1000
	MaxInvitationLife = 90 * 24 * time.Hour
)

// ErrUsed is a single-use thing used already; ErrExpired one past its
// time.
var (
	ErrUsed    = errors.New("store: used already")
	ErrExpired = errors.New("store: expired")
)

// Accounts keeps what signing in needs beside the owners themselves.
type Accounts interface {
	// AddLogin keeps l until its Expires, ending the owner's oldest past
	// MaxLogins; Login reads a live one (ErrNotFound: none, expired or
	// ended); EndLogin ends one (no error if it is gone already).
	AddLogin(ctx context.Context, l *Login) error
	Login(ctx context.Context, hash string) (*Login, error)
	EndLogin(ctx context.Context, hash string) error
	// Logins lists an owner's live sign-ins, newest first.
	Logins(ctx context.Context, owner string) ([]*Login, error)
	// Invite keeps an invitation until some time after it expires (so
	// that a late use is told it expired, not that it is unknown).
	// ErrFull past MaxInvitations kept.
	Invite(ctx context.Context, inv *Invitation) error
	// Invitations lists the invitations kept (open, used, and expired
	// within InvitationGrace), newest first.
	Invitations(ctx context.Context) ([]*Invitation, error)
	// Withdraw ends an open invitation at once: a use of it afterwards
	// finds no such code (ErrNotFound: none kept; ErrUsed: used already,
	// the account made with it stands).
	Withdraw(ctx context.Context, hash string) error
	// Redeem marks an invitation used by owner, once: ErrNotFound for an
	// unknown code, ErrUsed for one used, ErrExpired for one past
	// Expires at now. Unredeem gives it back (the name it was for was
	// taken meanwhile).
	Redeem(ctx context.Context, hash, owner string, now time.Time) error
	Unredeem(ctx context.Context, hash string) error
	// Hit counts one event of key in a window that starts with its
	// first: how many so far, and how long until the count starts again.
	// Hits reads the count without adding to it. Unhit takes one back
	// (never below zero, the window kept): a bound is kept exactly by
	// counting an attempt before its work (Hit, then compare) and giving
	// the count back for one that turned out not to count (refused, or a
	// sign-in that succeeded).
	Hit(ctx context.Context, key string, window time.Duration) (n int64, left time.Duration, err error)
	Hits(ctx context.Context, key string) (n int64, left time.Duration, err error)
	Unhit(ctx context.Context, key string) error
}

// InvitationGrace is how long an expired invitation is kept to say so.
const InvitationGrace = 7 * 24 * time.Hour
