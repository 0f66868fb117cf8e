// Package sessions is a game played through the service: a session's
// position replayed from its start and moves, a move stored as its next
// (decided by the store's version: a concurrent write is a conflict, not
// a lost move), the engines' and uploaded bots' replies played on the
// server's time, moves taken back. The HTTP API binds a request, checks
// its preconditions (If-Match, ply) on the session Load gives, calls it,
// and turns its errors into problems.
package sessions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/games"
	"gameai/search"
	"gameai/seats"
	"gameai/store"
)

// Config bounds sessions.
type Config struct {
	// MaxMoves a session holds.
	MaxMoves int
	// MaxSearchTime bounds the replies to one move, together.
	MaxSearchTime time.Duration
}

// Deps are what sessions are played with.
type Deps struct {
	Store  *store.Store
	Games  *games.Registry
	Search *search.Service
	Seats  *seats.Service
}

// Service plays sessions.
type Service struct {
	cfg    Config
	store  *store.Store
	games  *games.Registry
	search *search.Service
	seats  *seats.Service
}

// New is the sessions of a server.
func New(cfg Config, d Deps) *Service {
	return &Service{cfg: cfg, store: d.Store, games: d.Games, search: d.Search, seats: d.Seats}
}

// Load reads a session and replays it from its start, so the state
// carries the whole history its draw rules need (store.ErrNotFound: none,
// or expired).
func (s *Service) Load(ctx context.Context, id string) (*store.Session, games.State, error) {
	sess, err := s.store.Sessions.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	st, err := s.Replay(sess)
	if err != nil {
		return nil, nil, err
	}
	return sess, st, nil
}

// Replay builds a session's position from its start and moves: a
// *GameRemovedError when this server no longer serves its game.
func (s *Service) Replay(sess *store.Session) (games.State, error) {
	g, ok := s.games.Get(sess.Game)
	if !ok {
		return nil, &GameRemovedError{Game: sess.Game}
	}
	opts, err := games.ResolveOptions(g.Options(), sess.Options)
	if err != nil {
		return nil, fmt.Errorf("session %s: stored options: %w", sess.ID, err)
	}
	st, err := g.ParseState(sess.Variant, opts, sess.Start)
	if err != nil {
		return nil, fmt.Errorf("session %s: stored start: %w", sess.ID, err)
	}
	for i, text := range sess.Moves {
		m, err := st.ParseMove(text)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("session %s: stored move %d %q: %w", sess.ID, i, text, err)
		}
	}
	return st, nil
}

// RoomFor says whether sess may take another move (a *FullError when not).
func (s *Service) RoomFor(sess *store.Session) error {
	if len(sess.Moves) >= s.cfg.MaxMoves {
		return &FullError{Max: s.cfg.MaxMoves}
	}
	return nil
}

// Save stores m, already played on st, as sess's next move:
// store.ErrConflict when another write came first (sess is then stale).
func (s *Service) Save(ctx context.Context, sess *store.Session, st games.State, m games.Move) error {
	sess.Moves = append(sess.Moves, m.String())
	sess.Position, sess.Over = st.String(), st.Terminal()
	sess.UpdatedAt = time.Now().UTC()
	return s.store.Sessions.Update(ctx, sess)
}

// Undo takes back sess's last n moves and stores it; the state is what
// stays. More moves than were played is an *InvalidError (plies); a Less
// session's uploaded bot keeps its moves (a *BotMoveError); a concurrent
// write is ErrChanged.
func (s *Service) Undo(ctx context.Context, sess *store.Session, n int) (games.State, error) {
	if n > len(sess.Moves) {
		return nil, &InvalidError{Field: "plies", Why: fmt.Sprintf("%d moves asked back, %d played", n, len(sess.Moves))}
	}
	if err := lessBotsKeepTheirMoves(sess, len(sess.Moves)-n); err != nil {
		return nil, err
	}
	sess.Moves = sess.Moves[:len(sess.Moves)-n]
	st, err := s.Replay(sess)
	if err != nil {
		return nil, err
	}
	sess.Position, sess.Over = st.String(), st.Terminal()
	sess.UpdatedAt = time.Now().UTC()
	if err := s.store.Sessions.Update(ctx, sess); errors.Is(err, store.ErrConflict) {
		return nil, ErrChanged
	} else if err != nil {
		return nil, err
	}
	return st, nil
}
