// Package accounts is who may hold an account and how: registration by
// the host's setting (closed, by invitation, open), passwords checked and
// hashed under bounds per name, per account and per network (a hash is
// 19 MiB and ~30 ms of a core: strangers must not make the server hash
// without bound), sign-ins kept by their hash. The HTTP API binds a
// request, calls it, and turns its errors (typed, below) into problems;
// cookies and headers are the API's.
package accounts

import (
	"log/slog"
	"regexp"

	"gameai/arena"
	"gameai/store"
)

// Registration modes: who may make an account. The host may always make
// one.
const (
	Closed = "closed" // the host alone, with the server's key
	Invite = "invite" // anyone holding a single-use code the host made
	Open   = "open"   // anyone
)

// Modes are the registration modes.
var Modes = []string{Closed, Invite, Open}

// Service keeps the accounts of a store.
type Service struct {
	store        *store.Store
	log          *slog.Logger
	registration string
}

// New is the accounts of st under a registration mode ("" is Closed).
func New(st *store.Store, registration string, log *slog.Logger) *Service {
	if registration == "" {
		registration = Closed
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: st, log: log, registration: registration}
}

// Registration is the mode newcomers join under.
func (s *Service) Registration() string { return s.registration }

var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{1,31}$`)

// NameRule says what an account's name may be, for a refusal.
const NameRule = "2 to 32 of a-z, 0-9, _ and -, starting with a letter or digit (and not \"gameai\")"

// ValidName reports whether name may be an account's: our own engines'
// owner is not.
func ValidName(name string) bool { return namePattern.MatchString(name) && name != arena.BuiltinOwner }
