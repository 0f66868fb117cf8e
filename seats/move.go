package seats

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/arena"
	"gameai/competition"
	"gameai/games"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/store"
)

// Move asks the uploaded bot u of the seat to move in st, whose moves
// since the start are moves, in session's game, counted against h. The
// move is legal; a program that fails or answers an illegal move is a
// *FailedError (its kind named as the referee names a game's fault), and
// its program ends (the next move starts it again, from the game so far).
func (s *Service) Move(ctx context.Context, session string, h Holder, u arena.Uploaded, st games.State, moves []string) (games.Move, error) {
	n := st.ToMove()
	idle := MorrisIdle
	if st.Game().Name() == less.Game.Name() {
		idle = LessIdle
	}
	// The host may have disabled the bot's owner since the seat was
	// taken, on this server or another: the seat ends, and the session's
	// bot moves no more.
	if o, err := s.store.Owners.Get(ctx, u.Owner); err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	} else if err == nil && (o.Disabled || !o.Left.IsZero()) {
		s.RetireOwner(u.Owner)
		return nil, &WithdrawnError{Label: u.Label()}
	}
	b, err := s.take(ctx, session, n, h, idle)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, &FullError{Bound: "total", Holder: h, RetryAfter: b.idle}
	}
	b.timer.Reset(b.idle)
	text, err := s.answer(ctx, b, u, st, moves, n)
	if err != nil {
		b.close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &FailedError{Kind: arena.FaultKindOf(err), Detail: fmt.Sprintf("%s did not move: %v", u.Label(), err)}
	}
	m, err := st.ParseMove(text)
	if err == nil {
		err = st.Clone().Play(m)
	}
	if err != nil {
		b.close()
		return nil, &FailedError{Kind: competition.Illegal, Detail: fmt.Sprintf("%s answered %.80q: %v", u.Label(), text, err)}
	}
	return m, nil
}

// answer is the program's move, in the session's notation.
func (s *Service) answer(ctx context.Context, b *seat, u arena.Uploaded, st games.State, moves []string, n int) (string, error) {
	switch ms := st.(type) {
	case *morris.State:
		if b.morris == nil {
			c, _, err := s.programs.MorrisBot(ctx, u, min(time.Second, s.moveTime/4), s.moveTime/4)
			if err != nil {
				return "", err
			}
			b.morris, b.end = c, c.Close
		}
		var history []morris.Move
		for _, t := range moves {
			m, err := morris.ParseMove(t)
			if err != nil {
				return "", err
			}
			history = append(history, m)
		}
		m, err := b.morris.Move(ctx, ms.P, history)
		if err != nil {
			return "", err
		}
		return m.String(), nil
	case *less.State:
		// A conversation that no longer matches the game cannot go on.
		if b.less != nil && b.less.Follow(moves) != nil {
			b.close()
		}
		if b.less == nil && len(moves) > n {
			// A program hears a game from its start and plays its own
			// turns: it cannot join one where it has already played.
			return "", errors.New("its program ended (after idle minutes, or a failed move) and CodeCup's protocol cannot tell a new one the moves it played: start a new session")
		}
		if b.less == nil {
			prog, err := s.programs.LessBot(ctx, u, lessClock)
			if err != nil {
				return "", err
			}
			conv, err := arena.StartLessSeat(ctx, prog, ms.P.Walls().String(), n, lessClock)
			if err != nil {
				return "", err
			}
			b.less, b.end = conv, conv.Close
			if err := conv.Follow(moves); err != nil {
				return "", err
			}
		}
		line, _, err := b.less.Ask(ctx, s.moveTime/2)
		return line, err
	}
	return "", fmt.Errorf("no uploaded bots play %s", st.Game().Name())
}
