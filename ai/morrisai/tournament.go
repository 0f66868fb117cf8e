package morrisai

import (
	"context"
	"fmt"
	"sync/atomic"

	"gameai/ai/match"
	"gameai/ai/minimax"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// Opponent is a control strategy of a tournament.
type Opponent struct {
	Name string              `json:"name"`
	Coef morris.Coefficients `json:"coefficients"`
}

// Points score a tournament game for the tuned vector, as the 2019 study
// did: a win, a win by adjudication, a draw, a loss by adjudication, a loss.
type Points struct {
	Win, AdjudicatedWin, Draw, AdjudicatedLoss, Loss float64
}

// StudyPoints are 7, 2, 0, -2, -7.
var StudyPoints = Points{7, 2, 0, -2, -7}

// Tournament is the fitness of the genetic algorithm: every vector plays
// every control opponent with both colours, at a fixed search depth, from
// a short random opening (the same for all vectors of a generation against
// one opponent, so they are compared on equal terms), with dead loops and
// overlong games adjudicated by piece count.
type Tournament struct {
	Opponents []Opponent
	// Depth is the search depth of both sides.
	Depth int
	// RandomPlies open each pair of games (noise the GA averages over).
	RandomPlies int
	// Openings is the number of random openings against each opponent,
	// each played with both colours (default 1, the study's); more games
	// make the fitness less noisy.
	Openings int
	// MaxPlies adjudicates a game still going (default 200).
	MaxPlies int
	Points   Points
	Workers  int
	Seed     uint64
	Rules    *morris.Rules

	games atomic.Int64
}

// Games is the number of games played so far.
func (t *Tournament) Games() int64 { return t.games.Load() }

// Fitness plays the games of a batch of vectors in parallel and returns
// each vector's points; the result depends on the seed and generation
// only, not on the number of workers.
func (t *Tournament) Fitness(ctx context.Context, gen int, vectors [][]int) ([]float64, error) {
	if len(t.Opponents) == 0 {
		return nil, fmt.Errorf("tournament without opponents")
	}
	for _, v := range vectors {
		if len(v) != morris.NumCoefficients {
			return nil, fmt.Errorf("a vector of %d coefficients, want %d", len(v), morris.NumCoefficients)
		}
	}
	rules := t.Rules
	if rules == nil {
		rules = morris.StandardRules
	}
	maxPlies := t.MaxPlies
	if maxPlies == 0 {
		maxPlies = 200
	}
	nOpen := max(t.Openings, 1)
	nOpp := len(t.Opponents)
	// Game k of a vector: opponent j, opening o, colour c; per vector
	// nOpp*nOpen*2 games.
	per := nOpp * nOpen * 2
	openings := make([][]morris.Move, nOpp*nOpen)
	for jo := range openings {
		j, o := jo/nOpen, jo%nOpen
		seed := t.Seed ^ uint64(gen)<<20 ^ uint64(j)*0x9e3779b97f4a7c15
		if o > 0 {
			seed ^= uint64(o) * 0xbf58476d1ce4e5b9
		}
		openings[jo] = RandomOpening(rules, t.RandomPlies, xrand.New(seed))
	}
	points, err := match.Run(ctx, len(vectors)*per, t.Workers, func(ctx context.Context, k int) (float64, error) {
		i, jo, colour := k/per, k%per/2, k%2
		j := jo / nOpen
		var c morris.Coefficients
		copy(c[:], vectors[i])
		me := &SearchPlayer{Coef: c, Limits: minimax.Limits{Depth: t.Depth}}
		them := &SearchPlayer{Strategy: t.Opponents[j].Name, Coef: t.Opponents[j].Coef, Limits: minimax.Limits{Depth: t.Depth}}
		defer me.Release()
		defer them.Release()
		white, black := Player(me), Player(them)
		if colour == 1 {
			white, black = them, me
		}
		res, err := Play(ctx, white, black, GameOptions{Rules: rules, Opening: openings[jo], MaxPlies: maxPlies, DeadLoops: true})
		if err != nil {
			return 0, err
		}
		t.games.Add(1)
		mine := colour // the tuned vector's side
		switch {
		case res.Winner < 0:
			return t.Points.Draw, nil
		case res.Winner == mine && res.Adjudicated:
			return t.Points.AdjudicatedWin, nil
		case res.Winner == mine:
			return t.Points.Win, nil
		case res.Adjudicated:
			return t.Points.AdjudicatedLoss, nil
		}
		return t.Points.Loss, nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(vectors))
	for k, p := range points {
		out[k/per] += p
	}
	return out, nil
}

// RandomCoefficients draws a vector within the tuner's ranges.
func RandomCoefficients(r *xrand.Rand) morris.Coefficients {
	var c morris.Coefficients
	for i, rg := range morris.Ranges {
		c[i] = rg[0] + r.Intn(rg[1]-rg[0]+1)
	}
	return c
}

// DefaultOpponents are the study's eight controls: the six presets and two
// random strategies (seeded).
func DefaultOpponents(seed uint64) []Opponent {
	var out []Opponent
	for _, p := range morris.Presets {
		out = append(out, Opponent{Name: p.Name, Coef: p.Coefficients})
	}
	r := xrand.New(seed ^ 0x5eed)
	for i := range 2 {
		out = append(out, Opponent{Name: fmt.Sprintf("random-%d-%d", seed, i+1), Coef: RandomCoefficients(r)})
	}
	return out
}
