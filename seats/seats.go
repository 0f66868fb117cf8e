// Package seats holds the uploaded bots that play sessions' seats: each
// a confined program (started by arena.Uploads, which hosting implements)
// that lives while its session is played and ends after an idle time
// without a move, within bounds counted in the store (store.Seats), so
// that N servers sharing it hold the bounds one does. The HTTP API asks
// it for a seat's move and turns its errors (*FullError, *WithdrawnError,
// *FailedError) into problems.
package seats

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"gameai/arena"
	"gameai/codecup"
	"gameai/games/morris"
	"gameai/store"
)

// Bounds of the seats. A Morris game goes on after its program ended (the
// next move starts the bot again with the moves so far: Sanmill's
// protocol gives a position as its moves), so its seat is freed after a
// minute; a Less game cannot (CodeCup's protocol cannot tell a new
// program the moves it played), so its seat waits three. Seats are
// counted by person: an owner (by token) holds up to MaxPerOwner, a
// visitor's network (a /24 or a /64) a smaller share, and every seat
// asked from one network, an owner's too, counts toward MaxFromNetwork
// (three cheap accounts on one network held 12 programs of 256 MiB). An
// owner playing its own bot is not refused for the others' use: its seats
// take a reserve of OwnReserve beyond Max.
const (
	Max            = 8
	MaxPerOwner    = 4
	MaxPerNetwork  = 2
	MaxFromNetwork = 4
	OwnReserve     = 4
	MorrisIdle     = time.Minute
	LessIdle       = 3 * time.Minute
	// lessClock is a Less bot's clock for a session's game: CodeCup's 30 s.
	lessClock = codecup.Clock
)

// leaseMargin is how long past its idle time a seat stays counted: its
// program is ended by then, on a server that lives; one that died leaves
// its seats counted no longer than this.
const leaseMargin = 10 * time.Second

// A Holder is who a seat is counted against, with that one's share.
type Holder struct {
	who   string // "owner:NAME" or "network:PREFIX"
	share int
	own   bool // an owner playing its own bot
	// network is where it asks from; botOwner the bot's owner (the seat
	// ends when the host disables that account).
	network, botOwner string
}

// ForOwner is an owner's seat (by token) of a bot of botOwner's, asked
// from network.
func ForOwner(owner, network, botOwner string) Holder {
	return Holder{who: "owner:" + owner, share: MaxPerOwner, own: owner == botOwner, network: network, botOwner: botOwner}
}

// ForVisitor is a visitor's seat, counted against its network.
func ForVisitor(network, botOwner string) Holder {
	return Holder{who: "network:" + network, share: MaxPerNetwork, network: network, botOwner: botOwner}
}

// Service is one server's seat programs.
type Service struct {
	store *store.Store
	// programs start the bots; moveTime bounds a bot's answer (a Morris
	// move time and its slack, a Less wait), well inside a request's own
	// search time: a bot out of time is its fault, told as such, not the
	// request's timeout.
	programs arena.Uploads
	moveTime time.Duration
	mu       sync.Mutex
	live     map[string]*seat
}

// New is the seats of a server whose requests' searches last up to
// maxSearchTime.
func New(st *store.Store, programs arena.Uploads, maxSearchTime time.Duration) *Service {
	return &Service{store: st, programs: programs, moveTime: maxSearchTime, live: map[string]*seat{}}
}

// seat is one seat's program. Its mutex orders its moves; a Less program
// is a conversation (arena.LessSeat, the referee's), which knows the
// moves it has been told.
type seat struct {
	key    string
	holder Holder
	idle   time.Duration
	mu     sync.Mutex
	morris morrisMover
	less   *arena.LessSeat
	end    func()
	timer  *time.Timer
	closed bool
}

type morrisMover interface {
	Move(ctx context.Context, p *morris.Position, history []morris.Move) (morris.Move, error)
}

func (b *seat) close() {
	if b.end != nil {
		b.end()
	}
	b.morris, b.less, b.end = nil, nil, nil
}

// take is the program of a session's seat, made if it is not there: the
// seat is taken, or held on for its idle time, in the store within the
// bounds every server shares, decided there in one step.
func (s *Service) take(ctx context.Context, session string, n int, h Holder, idle time.Duration) (*seat, error) {
	key := fmt.Sprintf("%s/%d", session, n)
	lease := store.Seat{Key: key, Holder: h.who, Network: h.network, Own: h.own, Until: time.Now().Add(idle + leaseMargin)}
	bounds := store.SeatBounds{Holder: h.share, Network: MaxFromNetwork, Total: Max, Reserve: OwnReserve}
	var full *store.SeatsFullError
	switch err := s.store.Seats.Take(ctx, lease, bounds); {
	case errors.As(err, &full):
		return nil, &FullError{Bound: full.Bound, Holder: h, RetryAfter: MorrisIdle}
	case err != nil:
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if b := s.live[key]; b != nil {
		return b, nil
	}
	b := &seat{key: key, holder: h, idle: idle}
	b.timer = time.AfterFunc(idle, func() { s.retire(b) })
	s.live[key] = b
	return b, nil
}

// RetireOwner ends at once the seats of owner's bots on this server (the
// host disabled the account; other servers end theirs at the bot's next
// move).
func (s *Service) RetireOwner(owner string) {
	s.retireAll(func(b *seat) bool { return b.holder.botOwner == owner })
}

// RetireAll ends every seat's program as its idle time would (tests of a
// game resumed after its bot was freed need not wait a minute).
func (s *Service) RetireAll() { s.retireAll(func(*seat) bool { return true }) }

func (s *Service) retireAll(which func(*seat) bool) {
	s.mu.Lock()
	var gone []*seat
	for _, b := range s.live {
		if which(b) {
			gone = append(gone, b)
		}
	}
	s.mu.Unlock()
	for _, b := range gone {
		b.timer.Stop()
		s.retire(b)
	}
}

// retire ends a seat's program after its idle time, and frees its seat
// in the store (which frees it past its lease besides, should this fail).
func (s *Service) retire(b *seat) {
	s.mu.Lock()
	mine := s.live[b.key] == b
	if mine {
		delete(s.live, b.key)
	}
	s.mu.Unlock()
	if mine {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		h := b.holder
		_ = s.store.Seats.Release(ctx, store.Seat{Key: b.key, Holder: h.who, Network: h.network, Own: h.own}) // lapses besides
		cancel()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	b.close()
}

// held counts the seats this server's programs hold (tests).
func (s *Service) held() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}
