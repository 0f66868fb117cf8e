package series

import (
	"context"
	"errors"
	"math"
	"testing"
)

func TestRunKeepsGameOrderAndStopsOnError(t *testing.T) {
	for _, workers := range []int{1, 3, 16} {
		got, err := Run(context.Background(), 20, workers, func(_ context.Context, i int) (int, error) { return i * i, nil })
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range got {
			if v != i*i {
				t.Fatalf("%d workers: result %d = %d", workers, i, v)
			}
		}
	}
	boom := errors.New("boom")
	_, err := Run(context.Background(), 50, 4, func(_ context.Context, i int) (int, error) {
		if i == 7 {
			return 0, boom
		}
		return i, nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want boom", err)
	}
}

func TestTallyScoreIntervalAndElo(t *testing.T) {
	var tl Tally
	for range 60 {
		tl.Add(1)
	}
	for range 20 {
		tl.Add(0.5)
	}
	for range 20 {
		tl.Add(0)
	}
	if tl.Games() != 100 || tl.Score() != 0.7 {
		t.Fatalf("%+v score %v", tl, tl.Score())
	}
	lo, hi := tl.Interval()
	// Variance: 0.6·0.09 + 0.2·0.04 + 0.2·0.49 = 0.16; half-width 1.96·0.04.
	if math.Abs(lo-(0.7-0.0784)) > 1e-3 || math.Abs(hi-(0.7+0.0784)) > 1e-3 {
		t.Errorf("interval [%.4f, %.4f]", lo, hi)
	}
	if e := Elo(0.75); math.Abs(e-190.85) > 0.1 {
		t.Errorf("Elo(0.75) = %.2f, want 190.85", e)
	}
	if Elo(0.5) != 0 || !math.IsInf(Elo(1), 1) {
		t.Error("Elo at 0.5 or 1")
	}
	if s := tl.String(); s == "" {
		t.Error("empty summary")
	}
}
