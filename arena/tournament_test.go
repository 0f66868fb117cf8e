package arena_test

import (
	"context"
	"slices"
	"testing"

	"gameai/ai/morrisai"
	"gameai/arena"
	"gameai/games/morris"
)

// A tuning's fitness is the same whichever number of workers played its
// games, and tells a strong strategy from a losing one.
func TestTournamentFitness(t *testing.T) {
	best, _ := morris.Preset("ga-2019-best")
	// A strategy that wants to lose pieces and be blocked.
	var worst morris.Coefficients
	for i := range worst {
		worst[i] = -morris.Ranges[i][1]
	}
	vectors := [][]int{best.Coefficients[:], worst[:]}
	run := func(workers int) []float64 {
		tr := &morrisai.Tournament{Opponents: morrisai.DefaultOpponents(1), Depth: 2, RandomPlies: 2, Points: morrisai.StudyPoints,
			Runner: arena.TournamentGames{Workers: workers}, Seed: 1}
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
	if _, err := (&morrisai.Tournament{Depth: 1, Runner: arena.TournamentGames{Workers: 1}}).Fitness(context.Background(), 0, vectors); err == nil {
		t.Error("a tournament without opponents ran")
	}
}
