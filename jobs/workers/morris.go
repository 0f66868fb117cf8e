package workers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hibiken/asynq"

	"gameai/ai/morrisai"
	"gameai/arena"
)

// TypeMorrisGames is the task of a few games of a tuning's tournament.
const TypeMorrisGames = "morris:tournament-games"

// GamesPerTask is how many tournament games a task plays: a vector's games
// against the study's eight controls with both colours, about a second at
// depth 3, so that a task's overhead (some milliseconds) is small and a
// lost task costs little.
const GamesPerTask = 16

type morrisGames struct {
	Games []morrisai.TournamentGame `json:"games"`
}

// MorrisGames is a morrisai.GameRunner that sends a job's tournament games
// to the workers, GamesPerTask a task.
type MorrisGames struct{ batch }

// MorrisGames runs the tournament games of the job with id job.
func (d *Dispatcher) MorrisGames(job string) *MorrisGames {
	return &MorrisGames{batch{d: d, job: job}}
}

// PlayGames implements morrisai.GameRunner.
func (r *MorrisGames) PlayGames(ctx context.Context, games []morrisai.TournamentGame, done func(n int)) ([]float64, error) {
	var parts []morrisGames
	for start := 0; start < len(games); start += GamesPerTask {
		parts = append(parts, morrisGames{Games: games[start:min(start+GamesPerTask, len(games))]})
	}
	payloads, err := encodeAll(parts)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(games))
	err = r.run(ctx, TypeMorrisGames, payloads, nil, func(i int, res []byte) error {
		var pts []float64
		if err := json.Unmarshal(res, &pts); err != nil || len(pts) != len(parts[i].Games) {
			return fmt.Errorf("result %q: want the points of %d games", res, len(parts[i].Games))
		}
		copy(out[i*GamesPerTask:], pts)
		if done != nil {
			done(len(pts))
		}
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// playMorrisGames is the worker's side: it plays the task's games in
// order; their points are its result.
func playMorrisGames(ctx context.Context, _ *asynq.Task, p morrisGames) ([]float64, error) {
	if len(p.Games) == 0 || len(p.Games) > 10*GamesPerTask {
		return nil, fmt.Errorf("payload of %d games: want 1..%d", len(p.Games), 10*GamesPerTask)
	}
	pts := make([]float64, len(p.Games))
	for i, g := range p.Games {
		v, err := arena.PlayTournamentGame(ctx, g)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
		pts[i] = v
	}
	return pts, nil
}
