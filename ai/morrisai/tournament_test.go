package morrisai

import (
	"context"
	"slices"
	"testing"

	"gameai/games/morris"
)

func TestTournamentFitness(t *testing.T) {
	best, _ := morris.Preset("ga-2019-best")
	// A strategy that wants to lose pieces and be blocked.
	var worst morris.Coefficients
	for i := range worst {
		worst[i] = -morris.Ranges[i][1]
	}
	vectors := [][]int{best.Coefficients[:], worst[:]}
	run := func(workers int) []float64 {
		tr := &Tournament{Opponents: DefaultOpponents(1), Depth: 2, RandomPlies: 2, Points: StudyPoints, Workers: workers, Seed: 1}
		f, err := tr.Fitness(context.Background(), 3, vectors)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Games() != 2*8*2 {
			t.Errorf("%d games, want 32", tr.Games())
		}
		return f
	}
	a, b := run(1), run(3)
	if !slices.Equal(a, b) {
		t.Errorf("1 worker %v, 3 workers %v", a, b)
	}
	if a[0] <= a[1] || a[0] > 16*7 || a[1] < -16*7 {
		t.Errorf("fitness of ga-2019-best %v, of a losing strategy %v", a[0], a[1])
	}
	if _, err := (&Tournament{Depth: 1}).Fitness(context.Background(), 0, vectors); err == nil {
		t.Error("a tournament without opponents ran")
	}
}

// The study's controls are its eight: the published vectors and two random
// ones, never our own tuned strategies.
func TestDefaultOpponentsAreTheStudys(t *testing.T) {
	opps := DefaultOpponents(1)
	if len(opps) != 8 {
		t.Fatalf("%d default opponents, want 8", len(opps))
	}
	for _, o := range opps {
		for _, tuned := range morris.Tuned {
			if o.Name == tuned.Name {
				t.Errorf("tuned strategy %s among the study's controls", o.Name)
			}
		}
	}
}
