// Package series plays series of games in parallel and summarises two-sided
// results: wins, draws and losses, the score with its 95% interval, and
// the Elo difference it implies.
package series

import (
	"context"
	"fmt"
	"math"
	"sync"
)

// Run plays games 0..n-1 with play on up to workers goroutines and returns
// the results in game order (the same whatever the number of workers, when
// play depends only on its index). It stops at the first error.
func Run[R any](ctx context.Context, n, workers int, play func(ctx context.Context, i int) (R, error)) ([]R, error) {
	out := make([]R, n)
	err := Each(ctx, n, workers, func(ctx context.Context, i int) error {
		r, err := play(ctx, i)
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		out[i] = r
		return nil
	})
	return out, err
}

// Each calls play for 0..n-1 on up to workers goroutines, and stops at
// the first error, which it returns as play gave it (the others' context
// is cancelled; games under way end as play ends them). A cancelled ctx
// is the error when play gave none.
func Each(ctx context.Context, n, workers int, play func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Go(func() {
			for i := range next {
				if err := play(ctx, i); err != nil {
					cancel(err)
					return
				}
			}
		})
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return context.Cause(ctx)
}

// Tally counts a side's results.
type Tally struct {
	Wins, Draws, Losses int
}

// Add counts a result: 1 a win, 0.5 a draw, 0 a loss.
func (t *Tally) Add(score float64) {
	switch {
	case score > 0.5:
		t.Wins++
	case score < 0.5:
		t.Losses++
	default:
		t.Draws++
	}
}

// Games is the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is the mean result: (wins + draws/2) / games.
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// Interval is the 95% confidence interval of the score, by the normal
// approximation with the games' own variance (draws narrow it).
func (t Tally) Interval() (lo, hi float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, 1
	}
	s := t.Score()
	v := (float64(t.Wins)*(1-s)*(1-s) + float64(t.Draws)*(0.5-s)*(0.5-s) + float64(t.Losses)*s*s) / n
	half := 1.959964 * math.Sqrt(v/n)
	return max(s-half, 0), min(s+half, 1)
}

// Elo converts a score to an Elo difference (±inf at 0 and 1).
func Elo(score float64) float64 {
	if score <= 0 {
		return math.Inf(-1)
	}
	if score >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// String is "W-D-L of N, score S [lo, hi], Elo E [lo, hi]".
func (t Tally) String() string {
	lo, hi := t.Interval()
	return fmt.Sprintf("+%d =%d -%d of %d: score %.3f [%.3f, %.3f], Elo %s [%s, %s]",
		t.Wins, t.Draws, t.Losses, t.Games(), t.Score(), lo, hi, fmtElo(Elo(t.Score())), fmtElo(Elo(lo)), fmtElo(Elo(hi)))
}

func fmtElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	case math.Abs(e) < 0.5:
		return "+0"
	}
	return fmt.Sprintf("%+.0f", e)
}
