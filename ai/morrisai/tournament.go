package morrisai

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

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
// overlong games adjudicated by piece count. Its games are independent
// TournamentGames, played by its Runner: in this process, or by workers
// on other machines.
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
	Seed     uint64
	// Runner plays the games: the referee's (arena.TournamentGames) in
	// this process, or workers' through tasks.
	Runner GameRunner

	games atomic.Int64
}

// TournamentGame is one game of a tournament with all that decides it: any
// process that plays it gets the same points, so a game may be played
// anywhere, and again after a crash, without changing a result. Standard
// rules; the searches are deterministic at a fixed depth.
type TournamentGame struct {
	Vector   morris.Coefficients `json:"vector"`
	Opponent Opponent            `json:"opponent"`
	Opening  []morris.Move       `json:"opening"`
	// Colour is the vector's side (0 white, 1 black).
	Colour   int    `json:"colour"`
	Depth    int    `json:"depth"`
	MaxPlies int    `json:"max_plies"`
	Points   Points `json:"points"`
}

// Check says what is wrong with a game that came from elsewhere (a
// task's payload).
func (g TournamentGame) Check() error {
	if g.Depth < 1 || g.Depth > 12 || g.Colour < 0 || g.Colour > 1 || g.MaxPlies < 1 {
		return fmt.Errorf("a tournament game at depth %d, colour %d, %d plies: want depth 1..12, colour 0 or 1, plies 1 or more",
			g.Depth, g.Colour, g.MaxPlies)
	}
	if err := morris.CheckCoefficients(g.Vector); err != nil {
		return fmt.Errorf("vector: %w", err)
	}
	if err := morris.CheckCoefficients(g.Opponent.Coef); err != nil {
		return fmt.Errorf("opponent %s: %w", g.Opponent.Name, err)
	}
	return nil
}

// Score is the vector's points for a game's end: the winner's colour (-1
// a draw) and whether it was adjudicated.
func (g TournamentGame) Score(winner int, adjudicated bool) float64 {
	switch {
	case winner < 0:
		return g.Points.Draw
	case winner == g.Colour && adjudicated:
		return g.Points.AdjudicatedWin
	case winner == g.Colour:
		return g.Points.Win
	case adjudicated:
		return g.Points.AdjudicatedLoss
	}
	return g.Points.Loss
}

// GameRunner plays a batch of tournament games and returns their points in
// order; done, when set, is told how many more have finished as they do.
type GameRunner interface {
	PlayGames(ctx context.Context, games []TournamentGame, done func(n int)) ([]float64, error)
}

// Games is the number of games played so far.
func (t *Tournament) Games() int64 { return t.games.Load() }

// Fitness plays the games of a batch of vectors and returns each vector's
// points; the result depends on the seed and generation only, not on the
// runner or its number of workers.
func (t *Tournament) Fitness(ctx context.Context, gen int, vectors [][]int) ([]float64, error) {
	games, err := t.Schedule(gen, vectors)
	if err != nil {
		return nil, err
	}
	if t.Runner == nil {
		return nil, errors.New("a tournament with no runner for its games")
	}
	points, err := t.Runner.PlayGames(ctx, games, func(n int) { t.games.Add(int64(n)) })
	if err != nil {
		return nil, err
	}
	per := len(games) / len(vectors)
	out := make([]float64, len(vectors))
	for k, p := range points {
		out[k/per] += p
	}
	return out, nil
}

// Schedule lists a generation's games, vector by vector: against opponent
// j, opening o, colours c, nOpp*nOpen*2 games a vector.
func (t *Tournament) Schedule(gen int, vectors [][]int) ([]TournamentGame, error) {
	if len(t.Opponents) == 0 {
		return nil, fmt.Errorf("tournament without opponents")
	}
	for _, v := range vectors {
		if len(v) != morris.NumCoefficients {
			return nil, fmt.Errorf("a vector of %d coefficients, want %d", len(v), morris.NumCoefficients)
		}
	}
	maxPlies := t.MaxPlies
	if maxPlies == 0 {
		maxPlies = DefaultMaxPlies
	}
	nOpen := max(t.Openings, 1)
	nOpp := len(t.Opponents)
	openings := make([][]morris.Move, nOpp*nOpen)
	for jo := range openings {
		j, o := jo/nOpen, jo%nOpen
		seed := t.Seed ^ uint64(gen)<<20 ^ uint64(j)*0x9e3779b97f4a7c15
		if o > 0 {
			seed ^= uint64(o) * 0xbf58476d1ce4e5b9
		}
		openings[jo] = RandomOpening(morris.StandardRules, t.RandomPlies, xrand.New(seed))
	}
	per := nOpp * nOpen * 2
	games := make([]TournamentGame, 0, len(vectors)*per)
	for _, v := range vectors {
		var c morris.Coefficients
		copy(c[:], v)
		for k := range per {
			jo, colour := k/2, k%2
			games = append(games, TournamentGame{Vector: c, Opponent: t.Opponents[jo/nOpen], Opening: openings[jo],
				Colour: colour, Depth: t.Depth, MaxPlies: maxPlies, Points: t.Points})
		}
	}
	return games, nil
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
