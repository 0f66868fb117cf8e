package sessions

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gameai/games"
	"gameai/hosting"
	"gameai/search"
	"gameai/seats"
	"gameai/store"
)

// EngineFor is the engine or bot that plays player p of sess, or nil.
func EngineFor(sess *store.Session, p int) *store.SessionEngine {
	if p < 0 || p >= len(sess.Engines) {
		return nil
	}
	return sess.Engines[p]
}

// answersAPerson reports whether the server plays replies in sess: some
// side has an engine and some side has none. A session of engines only is
// played one engine-move request at a time, so that nobody's opening of
// it, and no single request, plays a whole game.
func answersAPerson(sess *store.Session, players int) bool {
	engines := 0
	for p := range players {
		if EngineFor(sess, p) != nil {
			engines++
		}
	}
	return engines > 0 && engines < players
}

// RepliesDue reports whether the server must now play an engine's move in
// sess, whose position is st.
func RepliesDue(sess *store.Session, st games.State) bool {
	return !st.Terminal() && answersAPerson(sess, st.Game().Players()) && EngineFor(sess, st.ToMove()) != nil
}

// Asked are the limits of a session engine's move, as it was asked for.
func Asked(e *store.SessionEngine) search.Asked {
	return search.Asked{TimeMS: e.TimeMS, Depth: e.Depth, Nodes: e.Nodes, Iterations: e.Iterations}
}

// A Caller is whom a request is for: an account (by token or sign-in),
// or a visitor, from a network. An uploaded bot's seat is counted against
// it.
type Caller struct{ Owner, Network string }

func (c Caller) holder(botOwner string) seats.Holder {
	if c.Owner != "" {
		return seats.ForOwner(c.Owner, c.Network, botOwner)
	}
	return seats.ForVisitor(c.Network, botOwner)
}

// Replies plays the session's engines and bots until a side without one
// is to move or the game ends, storing each move; the caller holds a
// search slot. The replies are the server's, not the request's: they run
// on a context the client's going away does not cancel, so a reply is
// played once whoever watches, and all of them together within
// MaxSearchTime. A reply the store would not take after another write is
// ErrChangedDuringReply; the replies stored before an error stand.
func (s *Service) Replies(ctx context.Context, sess *store.Session, st games.State, who Caller) ([]search.Result, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.MaxSearchTime)
	defer cancel()
	deadline, _ := ctx.Deadline()
	var out []search.Result
	for range st.Game().Players() {
		if !RepliesDue(sess, st) {
			break
		}
		if err := s.RoomFor(sess); err != nil {
			return out, err
		}
		e := EngineFor(sess, st.ToMove())
		lim, err := s.search.Limits(Asked(e))
		if oc := (*search.OverCapError)(nil); errors.As(err, &oc) {
			return out, &InvalidError{Field: "engines.limits." + oc.Field, Why: oc.Error()}
		} else if err != nil {
			return out, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		lim.Time = min(lim.Time, left)
		var m games.Move
		var res search.Result
		if e.Bot != "" {
			m, res, err = s.BotMove(ctx, sess, st, who)
		} else {
			// Each reply's budget runs from its own start (Queued 0).
			m, res, err = s.search.Best(ctx, search.Query{State: st, Engine: e.Engine, Options: e.Options, Limits: lim,
				SlotHeld: true, MustAnswer: true})
		}
		if err != nil {
			return out, err
		}
		if err := st.Play(m); err != nil {
			return out, fmt.Errorf("engine reply %s: %w", m, err)
		}
		if err := s.Save(ctx, sess, st, m); errors.Is(err, store.ErrConflict) {
			return out, ErrChangedDuringReply
		} else if err != nil {
			return out, err
		}
		out = append(out, res)
	}
	return out, nil
}

// BotMove is the move of the uploaded bot whose seat is to move in sess,
// its seat counted against who. An uploaded program says its move, not a
// search: its answer is its move, and its version the bot's.
func (s *Service) BotMove(ctx context.Context, sess *store.Session, st games.State, who Caller) (games.Move, search.Result, error) {
	e := EngineFor(sess, st.ToMove())
	b, err := s.store.Bots.Get(ctx, e.Bot)
	if err != nil {
		return nil, search.Result{}, err
	}
	start := time.Now()
	m, err := s.seats.Move(ctx, sess.ID, who.holder(b.Owner), hosting.UploadedOf(b), st, sess.Moves)
	if err != nil {
		return nil, search.Result{}, err
	}
	return m, search.Result{Move: m.String(), PV: []string{m.String()}, Engine: "bot:" + b.ID, EngineVersion: strconv.Itoa(b.Version),
		ElapsedMS: time.Since(start).Milliseconds()}, nil
}
