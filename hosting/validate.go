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
func (c Config) gameLimits(cpu time.Duration) sandbox.Limits {
	return sandbox.Limits{Memory: c.BotMemory, Procs: 32, CPUTime: cpu, FileSize: 1 << 20, OpenFiles: 64, Scratch: 16 << 20}
}

// lessCPU bounds a Less bot's CPU time in a game of clock: its clock
// twice over and a start's worth, so the clock (wall time) is what ends a
// slow bot, and the CPU bound only one that thinks while frozen cannot.
func lessCPU(clock time.Duration) time.Duration { return 2*clock + 10*time.Second }

// morrisCPU bounds a Morris bot's CPU time in a game: each move has its
// own clock, so this only stops a program that spins through a long game.
const morrisCPU = 10 * time.Minute

// validate plays a bot's admission games through the referee (package
// arena), as a competition plays its games; the first fault ends them. It
// returns each game's summary and details; w shows each game as it goes.
func (h *Host) validate(ctx context.Context, b *store.Bot, w *watcher) ([]store.ValidationGame, []store.GameDetails, error) {
	u := UploadedOf(b)
	seed := fnv.New64a()
	_, _ = seed.Write([]byte(b.ID))
	return playAdmission(ctx, *h.Referee(), admissionGames(h.cfg, b.Game, u, seed.Sum64()), w)
}

// Try plays the validation games an upload of game would play (the first
// n of them, or all when n is 0), on cfg's clocks, with the program that
// ups runs (a Local: an author's program on their own machine) in the
// upload's seat and seed choosing the boards; the first fault ends them, as
// in an admission. each sees every game played, its summary and details.
func Try(ctx context.Context, cfg Config, game string, n int, ups arena.Uploads, seed uint64,
	each func(store.ValidationGame, store.GameDetails)) error {
	cfg = cfg.withDefaults()
	u := arena.Uploaded{ID: "yours", Name: "yours", Owner: "you", Version: 1}
	ref := arena.Runner{Uploads: ups, MorrisSlack: cfg.MorrisSlack}
	all := admissionGames(cfg, game, u, seed)
	if n > 0 && n < len(all) {
		all = all[:n]
	}
	games, details, err := playAdmission(ctx, ref, all, nil)
	for i := range games {
		each(games[i], details[i])
	}
	return err
}

// playAdmission plays games in turn until one has a fault of the upload's.
func playAdmission(ctx context.Context, ref arena.Runner, all []admissionGame, w *watcher) ([]store.ValidationGame, []store.GameDetails, error) {
	var games []store.ValidationGame
	var details []store.GameDetails
	for k, v := range all {
		w.step(stepValidation, k+1, len(all), v)
		v.spec.Watch = w.game
		o, err := ref.Play(ctx, v.spec)
		if err != nil {
			return games, details, err
		}
		g := v.summary(o)
		games = append(games, g)
		d := store.GameDetails{Record: o.Record, Board: o.Board, Moves: o.Moves, TimesMS: o.TimesMS, ThinkMS: o.ThinkMS}
		for _, e := range v.spec.Seats {
			d.Seats = append(d.Seats, e.ID)
		}
		if o.Stderr != nil {
			d.Stderr = o.Stderr[v.seat]
		}
		if o.Transcripts != nil {
			d.Transcript = o.Transcripts[v.seat]
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
func admissionGames(cfg Config, game string, u arena.Uploaded, seed uint64) []admissionGame {
	var out []admissionGame
	switch game {
	case "less":
		for seat := range 4 {
			s := arena.Spec{Game: game, N: seat + 1, Board: seat, Seed: seed, Clock: arena.Clock{GameMS: cfg.LessClock.Milliseconds()}}
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
			s := arena.Spec{Game: game, N: side + 1, Seed: seed, Clock: arena.Clock{MoveMS: cfg.MorrisMoveTime.Milliseconds()},
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
	if v.seat < len(o.Used) {
		g.Used = o.Used[v.seat]
	}
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
