package hosting

import (
	"context"
	"fmt"
	"hash/fnv"
	"time"

	"gameai/arena"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/sandbox"
	"gameai/store"
)

// gameLimits bound a bot in a game (the clock is the referee's).
func (h *Host) gameLimits(cpu time.Duration) sandbox.Limits {
	return sandbox.Limits{Memory: h.cfg.BotMemory, Procs: 32, CPUTime: cpu, FileSize: 1 << 20, OpenFiles: 64, Scratch: 16 << 20}
}

// validate plays a bot's admission games through the referee (package
// arena), as a competition plays its games; the first fault ends them. It
// returns each game's summary and details.
func (h *Host) validate(ctx context.Context, b *store.Bot) ([]store.ValidationGame, []store.GameDetails, error) {
	u := UploadedOf(b)
	seed := fnv.New64a()
	_, _ = seed.Write([]byte(b.ID))
	ref := h.Referee()
	var games []store.ValidationGame
	var details []store.GameDetails
	for _, v := range h.admissionGames(b.Game, u, seed.Sum64()) {
		o, err := ref.Play(ctx, v.spec)
		if err != nil {
			return nil, nil, err
		}
		g := v.summary(o)
		games = append(games, g)
		d := store.GameDetails{Record: o.Record}
		if o.Stderr != nil {
			d.Stderr = o.Stderr[v.seat]
		}
		details = append(details, d)
		if g.Fault != "" {
			break
		}
	}
	return games, details, nil
}

// admissionGame is one validation game: the spec and the upload's seat.
type admissionGame struct {
	spec      arena.Spec
	seat      int
	seatName  string
	opponents string
}

// greedyLabel names our greedy Less bot, the admission's Less opponent.
const greedyLabel = "gameai:greedy"

// morrisOpponentDepth is the admission's alpha-beta depth: the default
// strategy, quick and legal.
const morrisOpponentDepth = 2

// admissionGames are a bot's validation games. Less: a game in each
// colour (Yellow moves first, Red last: a bot may go wrong in one seat
// only), our greedy bot in the other three seats, a layout each. Morris:
// a game with each colour against alpha-beta from one opening, a claim
// of a draw forgiven where the position repeats. Boards come from the
// bot's id.
func (h *Host) admissionGames(game string, u arena.Uploaded, seed uint64) []admissionGame {
	var out []admissionGame
	switch game {
	case "less":
		for seat := range 4 {
			s := arena.Spec{Game: game, N: seat + 1, Board: seat, Seed: seed, Clock: arena.Clock{GameMS: h.cfg.LessClock.Milliseconds()}}
			for i := range 4 {
				e := arena.Entrant{ID: greedyLabel}
				if i == seat {
					e = arena.Entrant{ID: u.ID, Uploaded: &u}
				}
				s.Seats = append(s.Seats, e)
			}
			out = append(out, admissionGame{spec: s, seat: seat, seatName: less.PlayerNames[seat], opponents: greedyLabel + " in the other seats"})
		}
	case "morris":
		strat, _ := morris.Preset(morris.DefaultStrategy)
		opp := fmt.Sprintf("gameai:alphabeta:strategy=%s,depth=%d", strat.Name, morrisOpponentDepth)
		for side := range 2 {
			s := arena.Spec{Game: game, N: side + 1, Seed: seed, Clock: arena.Clock{MoveMS: h.cfg.MorrisMoveTime.Milliseconds()},
				ForgiveRepetitionClaims: true, Seats: []arena.Entrant{{ID: opp}, {ID: opp}}}
			s.Seats[side] = arena.Entrant{ID: u.ID, Uploaded: &u}
			out = append(out, admissionGame{spec: s, seat: side, seatName: [2]string{"white", "black"}[side], opponents: opp})
		}
	}
	return out
}

// summary is a played game from the upload's side.
func (v admissionGame) summary(o arena.Outcome) store.ValidationGame {
	g := store.ValidationGame{Seat: v.seatName, Opponents: v.opponents, ThinkMS: o.ThinkMS[v.seat]}
	switch f := o.Fault; {
	case f != nil && f.Seat == v.seat:
		g.Fault, g.FaultKind, g.Turn, g.Result, g.Outcome = f.Reason, string(f.Kind), f.Turn, "irregular loss", "lost"
		return g
	case f != nil:
		g.Result, g.Outcome = "won: the other side lost irregularly: "+f.Reason, "won"
		return g
	}
	word := map[float64]string{1: "won", 0.5: "drawn", 0: "lost"}[o.Result.Score[v.seat]]
	g.Outcome = word
	if v.spec.Game == "less" {
		mine, theirs := o.Points[v.seat], o.Points[(v.seat+1)%4]
		g.Result = fmt.Sprintf("%s: its team %d points, the other %d (the lower wins)", word, mine, theirs)
		return g
	}
	g.Result = word + ": " + o.Reason
	return g
}
