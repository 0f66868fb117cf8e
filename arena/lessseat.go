package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
	"gameai/internal/lineio"
)

// LessSeat is the conversation with one Less program through a game, as
// CodeCup holds it: the layout and its colour first, then every other
// player's action as it is played, and its own asked within what is left
// of its clock for the game, the program frozen (a codecup.Pauser) while it
// is not asked. The referee holds four; a session holds one for an
// uploaded bot's seat, so both speak the protocol, keep the clock and name
// a failure the same way.
type LessSeat struct {
	conn  codecup.Conn
	seat  int
	clock time.Duration
	used  time.Duration
	// heard are the game's actions it knows, its own among them (told
	// back by the caller, which parsed them, in the game's notation).
	heard []string
	// broken holds a failed write. It does not forfeit then: whether a
	// write fails depends on when its process was seen to end. Its next
	// turn reads what it wrote before it ended (an action, legal or not)
	// or finds it gone, so the same bots give the same game.
	broken error
}

// StartLessSeat starts prog for seat (a colour, 0-3) on layout with clock
// for its thinking in the whole game, and tells it the layout and its
// colour. An error is a program that did not start.
func StartLessSeat(ctx context.Context, prog codecup.Program, layout string, seat int, clock time.Duration) (*LessSeat, error) {
	c, err := prog.Start(ctx)
	if err != nil {
		return nil, err
	}
	s := &LessSeat{conn: c, seat: seat, clock: clock}
	s.send(layout)
	s.send(less.PlayerNames[seat])
	pause(c)
	return s, nil
}

func (s *LessSeat) send(line string) {
	if s.broken == nil {
		s.broken = s.conn.Send(line)
	}
}

// Tell tells it the game's next action, which it hears unless it was its
// own.
func (s *LessSeat) Tell(action string) {
	if len(s.heard)%4 != s.seat {
		s.send(action)
	}
	s.heard = append(s.heard, action)
}

// Follow tells it the actions of moves (the game's, from its start) that
// it has not heard. It refuses moves that do not go on from what it heard:
// that conversation cannot go on.
func (s *LessSeat) Follow(moves []string) error {
	if len(s.heard) > len(moves) || !slices.Equal(s.heard, moves[:len(s.heard)]) {
		return errors.New("the game is no longer the one its program heard")
	}
	for _, a := range moves[len(s.heard):] {
		s.Tell(a)
	}
	return nil
}

// Heard is how many of the game's actions it knows.
func (s *LessSeat) Heard() int { return len(s.heard) }

// Used is its thinking time so far.
func (s *LessSeat) Used() time.Duration { return s.used }

// Ask waits for its action, for what is left of its clock or at most
// limit when limit is above zero, and says how long it thought. A failure
// is a *FaultError: its kind and reason as the referee rules them (a
// clock spent is time, a line past the protocol's limit output, a program
// killed by one of its limits memory or cpu, else a crash), its turn the
// one asked.
func (s *LessSeat) Ask(ctx context.Context, limit time.Duration) (string, time.Duration, error) {
	turn := len(s.heard) + 1
	left := s.clock - s.used
	if left <= 0 {
		return "", 0, &FaultError{Fault{Seat: s.seat, Turn: turn, Kind: competition.TimeOut,
			Reason: fmt.Sprintf("timed out: no action at turn %d within its %v for the game", turn, s.clock)}}
	}
	if limit > 0 {
		left = min(left, limit)
	}
	start := time.Now()
	resume(s.conn)
	line, err := s.conn.Receive(ctx, left)
	pause(s.conn)
	took := time.Since(start)
	s.used += took
	if err == nil || ctx.Err() != nil {
		return line, took, err
	}
	f := Fault{Seat: s.seat, Turn: turn, Kind: faultKind(err)}
	switch {
	case errors.Is(err, lineio.ErrTimeout):
		f.Reason = fmt.Sprintf("timed out: no action at turn %d within its %v for the game", turn, s.clock)
		if left < s.clock-s.used+took {
			f.Reason = fmt.Sprintf("timed out: no action at turn %d within %v", turn, left)
		}
	case errors.Is(err, lineio.ErrLineTooLong):
		f.Reason = fmt.Sprintf("crashed at turn %d: %v", turn, err)
	case s.broken != nil:
		f.Reason = fmt.Sprintf("%s at turn %d: %v (and earlier: %v)", lost(f.Kind), turn, err, s.broken)
	default:
		f.Reason = fmt.Sprintf("%s at turn %d: %v", lost(f.Kind), turn, err)
	}
	return line, took, &FaultError{f}
}

// Close ends its program.
func (s *LessSeat) Close() { s.conn.Close() }

func pause(c codecup.Conn) {
	if p, ok := c.(codecup.Pauser); ok {
		p.Pause()
	}
}

func resume(c codecup.Conn) {
	if p, ok := c.(codecup.Pauser); ok {
		p.Resume()
	}
}
