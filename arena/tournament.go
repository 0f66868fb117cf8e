package arena

import (
	"context"

	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/arena/series"
	"gameai/competition"
	"gameai/games/morris"
)

// PlayTournamentGame plays a game of a tuning's tournament (two of our
// searches at a fixed depth, from its opening, dead loops and overlong
// games adjudicated on material) and returns the tuned vector's points.
func PlayTournamentGame(ctx context.Context, g morrisai.TournamentGame) (float64, error) {
	if err := g.Check(); err != nil {
		return 0, err
	}
	search := func(strategy string, coef morris.Coefficients) *Local {
		return &Local{Morris: func(context.Context) (MorrisPlayer, func(), error) {
			sp := &morrisai.SearchPlayer{Strategy: strategy, Coef: coef, Limits: minimax.Limits{Depth: g.Depth}}
			return sp, sp.Release, nil
		}}
	}
	seats := []Entrant{{ID: "vector", Local: search("", g.Vector)}, {ID: g.Opponent.Name, Local: search(g.Opponent.Name, g.Opponent.Coef)}}
	if g.Colour == morris.Black {
		seats[0], seats[1] = seats[1], seats[0]
	}
	o, err := Runner{}.Play(ctx, Spec{Game: competition.Morris, Seats: seats,
		Morris: &MorrisOptions{Rules: morris.StandardRules, Opening: g.Opening, MaxPlies: g.MaxPlies, DeadLoops: true}})
	if err != nil {
		return 0, err
	}
	if o.Fault != nil {
		// Our searches at a fixed depth always move: a fault is a bug.
		return 0, &FaultError{Fault: *o.Fault}
	}
	return g.Score(o.Morris.Winner, o.Morris.Ending.Adjudicated()), nil
}

// TournamentGames plays a tournament's games in this process on Workers
// goroutines: a morrisai.GameRunner.
type TournamentGames struct{ Workers int }

// PlayGames implements morrisai.GameRunner.
func (l TournamentGames) PlayGames(ctx context.Context, games []morrisai.TournamentGame, done func(n int)) ([]float64, error) {
	return series.Run(ctx, len(games), l.Workers, func(ctx context.Context, k int) (float64, error) {
		pts, err := PlayTournamentGame(ctx, games[k])
		if err == nil && done != nil {
			done(1)
		}
		return pts, err
	})
}
