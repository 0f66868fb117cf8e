package hosting

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/codecup"
	"gameai/games/less"
	"gameai/games/morris"
	"gameai/morrisuci"
	"gameai/sandbox"
	"gameai/store"
)

// gameLimits bound a bot in a game (the clock is the referee's).
func (h *Host) gameLimits(cpu time.Duration) sandbox.Limits {
	return sandbox.Limits{Memory: h.cfg.BotMemory, Procs: 32, CPUTime: cpu, FileSize: 1 << 20, OpenFiles: 64, Scratch: 16 << 20}
}

// validate plays a bot's admission games; the first fault ends them. It
// returns each game's summary and details.
func (h *Host) validate(ctx context.Context, b *store.Bot, l *Language) ([]store.ValidationGame, []store.GameDetails, error) {
	name := UploadedOf(b).Label()
	switch b.Game {
	case "less":
		r, err := h.runnable(ctx, name, l, b.Program, h.gameLimits(2*h.cfg.LessClock+10*time.Second))
		if err != nil {
			return nil, nil, err
		}
		return h.validateLess(ctx, b.ID, r)
	case "morris":
		r, err := h.runnable(ctx, name, l, b.Program, h.gameLimits(10*time.Minute))
		if err != nil {
			return nil, nil, err
		}
		return h.validateMorris(ctx, r)
	}
	return nil, nil, fmt.Errorf("no validation for game %q", b.Game)
}

// greedyLabel names our greedy Less bot in records.
const greedyLabel = "gameai:greedy"

// validateLess plays a game in each colour (Yellow moves first, Red
// last: a bot may go wrong in one seat only), our greedy bot in the other
// three seats, on layouts drawn from the bot's id.
func (h *Host) validateLess(ctx context.Context, id string, r Runnable) ([]store.ValidationGame, []store.GameDetails, error) {
	seed := fnv.New64a()
	_, _ = seed.Write([]byte(id))
	rng := rand.New(rand.NewPCG(seed.Sum64(), 0x1e55))
	greedy := codecup.Internal{Label: greedyLabel, Config: codecup.BotConfig{Engine: "greedy", Budget: h.cfg.LessClock}}
	var games []store.ValidationGame
	var details []store.GameDetails
	for seat := range 4 {
		w := less.RandomWalls(less.WallDensity, less.DoubleWalls, rng.Float64)
		prog := &LessProgram{sb: h.sb, r: r}
		seats := [4]codecup.Program{greedy, greedy, greedy, greedy}
		seats[seat] = prog
		rec, err := codecup.Referee{Budget: h.cfg.LessClock}.Play(ctx, seats, w)
		if err != nil {
			return nil, nil, err
		}
		g := store.ValidationGame{Seat: less.PlayerNames[seat], Opponents: greedyLabel + " in the other seats", ThinkMS: rec.ClocksMS[seat]}
		details = append(details, store.GameDetails{Record: rec.String(), Stderr: prog.Stderr()})
		team := less.Team(seat)
		switch {
		case rec.Forfeit != nil && rec.Forfeit.Player == seat:
			g.Fault, g.Turn, g.Result = rec.Forfeit.Reason, rec.Forfeit.Turn, "irregular loss"
		case rec.Forfeit != nil:
			g.Result = "the other team forfeited: " + rec.Forfeit.Reason
		default:
			g.Result = fmt.Sprintf("its team %d points, the other %d (lower wins)", rec.Teams[team], rec.Teams[1-team])
		}
		games = append(games, g)
		if g.Fault != "" {
			break
		}
	}
	return games, details, nil
}

// morrisOpponent is the admission's alpha-beta: the default strategy at a
// shallow depth, quick and legal.
const morrisOpponentDepth = 2

// validateMorris plays one game with each colour against alpha-beta.
func (h *Host) validateMorris(ctx context.Context, r Runnable) ([]store.ValidationGame, []store.GameDetails, error) {
	strat, _ := morris.Preset(morris.DefaultStrategy)
	var games []store.ValidationGame
	var details []store.GameDetails
	for _, side := range []int{morris.White, morris.Black} {
		opp := &morrisai.SearchPlayer{Engine: "alphabeta", Strategy: strat.Name, Coef: strat.Coefficients,
			Limits: minimax.Limits{Depth: morrisOpponentDepth}}
		g := store.ValidationGame{Seat: [2]string{"white", "black"}[side],
			Opponents: fmt.Sprintf("gameai:alphabeta:strategy=%s,depth=%d", strat.Name, morrisOpponentDepth)}
		c, pr, err := MorrisClient(ctx, h.sb, r)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			g.Fault, g.Result = "did not start: "+err.Error(), "irregular loss"
			var d store.GameDetails
			if pr != nil {
				d.Stderr = pr.Stderr()
			}
			return append(games, g), append(details, d), nil
		}
		c.MoveTime, c.Slack = h.cfg.MorrisMoveTime, h.cfg.MorrisSlack
		white, black := morrisai.Player(c), morrisai.Player(opp)
		if side == morris.Black {
			white, black = opp, c
		}
		res, err := morrisai.Play(ctx, white, black, morrisai.GameOptions{Rules: morris.StandardRules, MaxPlies: morrisai.DefaultMaxPlies, DeadLoops: true})
		opp.Release()
		c.Close()
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		g.ThinkMS = res.Think[side].Milliseconds()
		details = append(details, store.GameDetails{Record: res.Record.String(), Stderr: pr.Stderr()})
		var claim *morrisuci.ClaimError
		switch {
		case errors.As(err, &claim) && claimable(res.Record):
			// A rule edge where engines differ (Sanmill counts
			// repetitions its own way), not a fault of the protocol:
			// admission does not reject a bot for it.
			g.Turn = len(res.Record.Moves) + 1
			g.Result = fmt.Sprintf("it answered bestmove %s at ply %d, holding the game over; by these rules it goes on (a loss in a competition)", claim.Token, g.Turn)
		case errors.As(err, &claim):
			g.Fault, g.Turn, g.Result = fmt.Sprintf("answered bestmove %s where the game goes on and nothing repeats: a bot must make its moves", claim.Token),
				len(res.Record.Moves)+1, "irregular loss"
		case err != nil:
			g.Fault, g.Turn, g.Result = err.Error(), len(res.Record.Moves)+1, "irregular loss"
		case res.Illegal && res.Winner == 1-side:
			g.Fault, g.Turn, g.Result = res.Reason, res.Plies+1, "irregular loss"
		case res.Winner == side:
			g.Result = "won: " + res.Reason
		case res.Winner < 0:
			g.Result = "drawn: " + res.Reason
		default:
			g.Result = "lost: " + res.Reason
		}
		games = append(games, g)
		if g.Fault != "" {
			break
		}
	}
	return games, details, nil
}

// claimable reports whether the position after rec's moves is one where
// an engine may reasonably hold the game drawn: it has occurred before, or
// the N-move rule is a move pair from drawing it.
func claimable(rec *morris.GameRecord) bool {
	if rec == nil {
		return false
	}
	p := morris.NewPosition(morris.StandardRules)
	for _, m := range rec.Moves {
		p.Make(m)
	}
	n := morris.StandardRules.NMovePlies
	return p.Repetitions() > 0 || (n > 0 && p.Clock() >= n-4)
}
