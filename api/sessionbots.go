package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"gameai/arena"
	"gameai/codecup"
	"gameai/competition"
	"gameai/games"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/store"
)

// Bounds of the uploaded bots that play sessions' seats: each is a
// confined program that lives while its session is played and ends after
// an idle time without a move. A Morris game goes on after it (the next
// move starts the bot again with the moves so far: Sanmill's protocol
// gives a position as its moves), so its seat is freed after a minute; a
// Less game cannot (CodeCup's protocol cannot tell a new program the
// moves it played), so its seat waits three. Seats are counted by person:
// an owner (by token) holds up to maxSessionBotsPerOwner, a visitor's
// network (a /24 or a /64) a smaller share, and every seat asked from one
// network, an owner's too, counts toward maxSessionBotsFromNetwork (three
// cheap accounts on one network held 12 programs of 256 MiB). An owner
// playing its own bot is not refused for the others' use: its seats take
// a reserve of ownSessionBotsReserve beyond maxSessionBots.
const (
	maxSessionBots            = 8
	maxSessionBotsPerOwner    = 4
	maxSessionBotsPerNetwork  = 2
	maxSessionBotsFromNetwork = 4
	ownSessionBotsReserve     = 4
	sessionBotIdle            = time.Minute
	sessionLessBotIdle        = 3 * time.Minute
	// sessionBotLessClock is a Less bot's clock for a session's game:
	// CodeCup's 30 s.
	sessionBotLessClock = codecup.Clock
)

// sessionBots are the programs playing sessions' seats on this server,
// by session and seat; the seats are counted in the store (seats), where
// every server sharing it counts its own, so N servers hold the bounds
// one does.
type sessionBots struct {
	seats store.Seats
	mu    sync.Mutex
	live  map[string]*seatBot
}

// seatLeaseMargin is how long past its idle time a seat stays counted: its
// program is ended by then, on a server that lives; one that died leaves
// its seats counted no longer than this.
const seatLeaseMargin = 10 * time.Second

// seatHolder is who a seat is counted against: "owner:NAME" or
// "network:PREFIX", with that one's share; own marks an owner playing its
// own bot.
type seatHolder struct {
	who   string
	share int
	own   bool
	// network is where it asks from; owner the bot's owner (the seat
	// ends when the host disables that account).
	network, owner string
}

// seatBot is one seat's program. Its mutex orders its moves; a Less
// program is a conversation (arena.LessSeat, the referee's), which knows
// the moves it has been told.
type seatBot struct {
	key, client string
	net, owner  string
	own         bool
	idle        time.Duration
	mu          sync.Mutex
	morris      morrisMover
	less        *arena.LessSeat
	end         func()
	timer       *time.Timer
	closed      bool
}

type morrisMover interface {
	Move(ctx context.Context, p *morris.Position, history []morris.Move) (morris.Move, error)
}

func (b *seatBot) close() {
	if b.end != nil {
		b.end()
	}
	b.morris, b.less, b.end = nil, nil, nil
}

// errSessionBotsFull is the answer when no program may start now.
func errSessionBotsFull(h seatHolder, mine bool, idle time.Duration) *Problem {
	who := fmt.Sprintf("the server's %d", maxSessionBots)
	if mine {
		who = fmt.Sprintf("your %d", h.share)
		if strings.HasPrefix(h.who, "network:") {
			who += " (a visitor's network; an owner signed in with a token has " + fmt.Sprint(maxSessionBotsPerOwner) + ")"
		}
	}
	return retryLater(http.StatusTooManyRequests, "session-bots-full", "Too many bots playing",
		fmt.Sprintf("%s uploaded bots in sessions are all playing; one is freed %v to %v after its last move", who, sessionBotIdle, sessionLessBotIdle),
		int(idle.Seconds()))
}

// seat is the program of a session's seat, made if it is not there: the
// seat is taken, or held on for its idle time, in the store within the
// bounds every server shares, decided there in one step.
func (sb *sessionBots) seat(ctx context.Context, session string, seat int, h seatHolder, idle time.Duration) (*seatBot, error) {
	key := fmt.Sprintf("%s/%d", session, seat)
	lease := store.Seat{Key: key, Holder: h.who, Network: h.network, Own: h.own, Until: time.Now().Add(idle + seatLeaseMargin)}
	bounds := store.SeatBounds{Holder: h.share, Network: maxSessionBotsFromNetwork, Total: maxSessionBots, Reserve: ownSessionBotsReserve}
	var full *store.SeatsFullError
	switch err := sb.seats.Take(ctx, lease, bounds); {
	case errors.As(err, &full) && full.Bound == "holder":
		return nil, errSessionBotsFull(h, true, sessionBotIdle)
	case errors.As(err, &full) && full.Bound == "network":
		return nil, retryLater(http.StatusTooManyRequests, "session-bots-full", "Too many bots playing",
			fmt.Sprintf("your network's %d uploaded bots in sessions (every account's on it) are all playing; one is freed %v to %v after its last move",
				maxSessionBotsFromNetwork, sessionBotIdle, sessionLessBotIdle), int(sessionBotIdle.Seconds()))
	case errors.As(err, &full):
		return nil, errSessionBotsFull(h, false, sessionBotIdle)
	case err != nil:
		return nil, problemFor(err, "engines")
	}
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.live == nil {
		sb.live = map[string]*seatBot{}
	}
	if b := sb.live[key]; b != nil {
		return b, nil
	}
	b := &seatBot{key: key, client: h.who, net: h.network, owner: h.owner, own: h.own, idle: idle}
	b.timer = time.AfterFunc(idle, func() { sb.retire(b) })
	sb.live[key] = b
	return b, nil
}

// retireOwner ends at once the seats of owner's bots (the host disabled
// the account).
func (sb *sessionBots) retireOwner(owner string) {
	sb.mu.Lock()
	var gone []*seatBot
	for _, b := range sb.live {
		if b.owner == owner {
			gone = append(gone, b)
		}
	}
	sb.mu.Unlock()
	for _, b := range gone {
		b.timer.Stop()
		sb.retire(b)
	}
}

// retire ends a seat's program after its idle time, and frees its seat
// in the store (which frees it past its lease besides, should this fail).
func (sb *sessionBots) retire(b *seatBot) {
	sb.mu.Lock()
	mine := sb.live[b.key] == b
	if mine {
		delete(sb.live, b.key)
	}
	sb.mu.Unlock()
	if mine {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = sb.seats.Release(ctx, store.Seat{Key: b.key, Holder: b.client, Network: b.net, Own: b.own}) // lapses besides
		cancel()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	b.close()
}

// botMove asks the uploaded bot of the seat to move in st, whose moves
// since the start are moves.
func (s *Server) botMove(ctx context.Context, sessionID string, h seatHolder, u arena.Uploaded, st games.State, moves []string) (games.Move, error) {
	seat := st.ToMove()
	idle := sessionBotIdle
	if st.Game().Name() == less.Game.Name() {
		idle = sessionLessBotIdle
	}
	// The host may have disabled the bot's owner since the seat was
	// taken, on this server or another: the seat ends, and the session's
	// bot moves no more.
	if o, err := s.store.Owners.Get(ctx, u.Owner); err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, problemFor(err, "owner")
	} else if err == nil && (o.Disabled || !o.Left.IsZero()) {
		s.sessionBots.retireOwner(u.Owner)
		return nil, problem(http.StatusConflict, "bot-withdrawn", "Bot withdrawn",
			fmt.Sprintf("%s cannot play: its owner's account is disabled by the host, or gone", u.Label()))
	}
	b, err := s.sessionBots.seat(ctx, sessionID, seat, h, idle)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, errSessionBotsFull(h, false, b.idle)
	}
	b.timer.Reset(b.idle)
	text, err := s.botAnswer(ctx, b, u, st, moves, seat)
	if err != nil {
		b.close() // the next move starts it again, from the game so far
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, botFailed(arena.FaultKindOf(err), fmt.Sprintf("%s did not move: %v", u.Label(), err))
	}
	m, err := st.ParseMove(text)
	if err == nil {
		if why := illegalIn(st, m); why != "" {
			err = errors.New(why)
		}
	}
	if err != nil {
		b.close()
		return nil, botFailed(competition.Illegal, fmt.Sprintf("%s answered %.80q: %v", u.Label(), text, err))
	}
	return m, nil
}

// botFailed is an uploaded bot's failed move in a session, its kind named
// as the referee names a game's fault.
func botFailed(kind competition.FaultKind, detail string) *Problem {
	p := problem(http.StatusBadGateway, "bot-failed", "The bot failed", detail)
	p.FaultKind = string(kind)
	return p
}

// botAnswer is the program's move, in the session's notation.
func (s *Server) botAnswer(ctx context.Context, b *seatBot, u arena.Uploaded, st games.State, moves []string, seat int) (string, error) {
	switch ms := st.(type) {
	case *morris.State:
		if b.morris == nil {
			// Its clock (a move time and the slack past it) ends well inside
			// the request's own search time: a bot out of time is its fault,
			// told as such, not the request's timeout.
			c, _, err := s.hosting.MorrisBot(ctx, u, min(time.Second, s.cfg.MaxSearchTime/4), s.cfg.MaxSearchTime/4)
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
		if b.less == nil && len(moves) > seat {
			// A program hears a game from its start and plays its own
			// turns: it cannot join one where it has already played.
			return "", errors.New("its program ended (after idle minutes, or a failed move) and CodeCup's protocol cannot tell a new one the moves it played: start a new session")
		}
		if b.less == nil {
			prog, err := s.hosting.LessBot(ctx, u, sessionBotLessClock)
			if err != nil {
				return "", err
			}
			conv, err := arena.StartLessSeat(ctx, prog, ms.P.Walls().String(), seat, sessionBotLessClock)
			if err != nil {
				return "", err
			}
			b.less, b.end = conv, conv.Close
			if err := conv.Follow(moves); err != nil {
				return "", err
			}
		}
		// As Morris's: its wait ends well inside the request's own search
		// time, so a bot that does not answer is out of time, its fault.
		line, _, err := b.less.Ask(ctx, s.cfg.MaxSearchTime/2)
		return line, err
	}
	return "", fmt.Errorf("no uploaded bots play %s", st.Game().Name())
}

// illegalIn says why m may not be played in st ("" when it may): a bot's
// illegal answer is its fault, named as the referee names it, not a
// request's error.
func illegalIn(st games.State, m games.Move) string {
	if err := st.Clone().Play(m); err != nil {
		return err.Error()
	}
	return ""
}
