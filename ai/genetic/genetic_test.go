package genetic

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

// target scores a vector by how close it is to a hidden one, plus a bonus
// for the first three genes all right (a dependency between genes).
var target = []int{3, 17, 9, 1, 22, 5, 14, 8}

func closeness(_ context.Context, _ int, genes [][]int) ([]float64, error) {
	out := make([]float64, len(genes))
	for i, g := range genes {
		s := 0.0
		for j, v := range g {
			d := float64(v - target[j])
			s -= d * d
		}
		if g[0] == target[0] && g[1] == target[1] && g[2] == target[2] {
			s += 10
		}
		out[i] = s
	}
	return out, nil
}

func toyConfig() Config {
	r := make([][2]int, len(target))
	for i := range r {
		r[i] = [2]int{0, 25}
	}
	return Config{Ranges: r, Generations: 60, Seed: 7}
}

func TestConvergesOnTheTarget(t *testing.T) {
	g, err := New(context.Background(), toyConfig(), closeness)
	if err != nil {
		t.Fatal(err)
	}
	first := g.Best().Fitness
	if err := g.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	best := g.Best()
	if best.Fitness <= first || best.Fitness < 5 {
		t.Errorf("best %v (fitness %v, first generation %v), target %v", best.Genes, best.Fitness, first, target)
	}
	st := g.State()
	if st.Generation != 60 || !st.Done || len(st.History) != 61 || len(st.Population) != 100 {
		t.Errorf("state: generation %d done %v history %d population %d", st.Generation, st.Done, len(st.History), len(st.Population))
	}
	// Elitism: the best never gets worse.
	for i := 1; i < len(st.History); i++ {
		if st.History[i].Best < st.History[i-1].Best {
			t.Fatalf("best fell at generation %d", i)
		}
	}
	// No two individuals alike; all genes in range; children (most of the
	// population by now) have two parents.
	seen := map[string]bool{}
	children := 0
	for _, ind := range st.Population {
		if seen[ind.key()] {
			t.Errorf("duplicate %v", ind.Genes)
		}
		seen[ind.key()] = true
		for i, v := range ind.Genes {
			if v < 0 || v > 25 {
				t.Errorf("gene %d = %d out of range", i, v)
			}
		}
		if len(ind.Parents) != 0 && len(ind.Parents) != 2 {
			t.Errorf("%s has %d parents", ind.ID, len(ind.Parents))
		}
		children += map[bool]int{true: 1}[len(ind.Parents) == 2]
	}
	if children < 50 {
		t.Errorf("only %d of the population are children", children)
	}
}

func TestResumeContinuesExactly(t *testing.T) {
	cfg := toyConfig()
	cfg.Generations = 12
	whole, _ := New(context.Background(), cfg, closeness)
	if err := whole.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Stop after 5 generations, save through JSON, resume.
	half, _ := New(context.Background(), cfg, closeness)
	for range 5 {
		if err := half.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := json.Marshal(half.State())
	var st State
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	resumed, err := Resume(cfg, closeness, st)
	if err != nil {
		t.Fatal(err)
	}
	if err := resumed.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	a, b2 := whole.State(), resumed.State()
	if a.Generation != b2.Generation || a.Population[0].ID != b2.Population[0].ID || !slices.Equal(a.Population[0].Genes, b2.Population[0].Genes) {
		t.Errorf("resumed run differs: %v %v vs %v %v", a.Population[0].ID, a.Population[0].Genes, b2.Population[0].ID, b2.Population[0].Genes)
	}
}

func TestACancelledGenerationLeavesTheLastOne(t *testing.T) {
	cfg := toyConfig()
	calls := 0
	f := func(ctx context.Context, gen int, genes [][]int) ([]float64, error) {
		calls++
		if calls == 3 {
			return nil, context.Canceled
		}
		return closeness(ctx, gen, genes)
	}
	g, _ := New(context.Background(), cfg, f)
	_ = g.Step(context.Background())
	before, _ := json.Marshal(g.State())
	if err := g.Step(context.Background()); !errors.Is(err, context.Canceled) {
		t.Fatalf("step = %v", err)
	}
	after, _ := json.Marshal(g.State())
	if string(before) != string(after) {
		t.Error("a failed generation changed the state")
	}
}

func TestStopsOnConvergence(t *testing.T) {
	cfg := toyConfig()
	cfg.Generations, cfg.StopOnConvergence, cfg.Segment = 0, true, 5
	flat := func(_ context.Context, _ int, genes [][]int) ([]float64, error) {
		return make([]float64, len(genes)), nil
	}
	g, _ := New(context.Background(), cfg, flat)
	if err := g.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st := g.State(); st.Generation != 5 || st.Reason == "" {
		t.Errorf("flat fitness: stopped at %d (%q), want after the first segment", st.Generation, st.Reason)
	}
	bad := cfg
	bad.StopOnConvergence = false
	if _, err := New(context.Background(), bad, flat); err == nil {
		t.Error("a run without an end was accepted")
	}
}

func TestInitialVectorsJoinTheFirstPopulation(t *testing.T) {
	cfg := toyConfig()
	cfg.Initial = [][]int{slices.Clone(target), {1, 1, 1, 1, 1, 1, 1, 1}}
	g, err := New(context.Background(), cfg, closeness)
	if err != nil {
		t.Fatal(err)
	}
	// The target itself is the best there is: first from the start.
	if !slices.Equal(g.Best().Genes, target) || g.Best().Fitness != 10 {
		t.Errorf("best %v %v", g.Best().Genes, g.Best().Fitness)
	}
	cfg.Initial = [][]int{{1, 2}}
	if _, err := New(context.Background(), cfg, closeness); err == nil {
		t.Error("a short initial vector was accepted")
	}
}

func TestReevaluationAveragesANoisyFitness(t *testing.T) {
	cfg := toyConfig()
	cfg.Generations, cfg.Reevaluate = 6, true
	calls := 0
	// The true fitness is closeness; every evaluation adds noise, and one
	// individual of the first generation is lucky once: +1000.
	noisy := func(ctx context.Context, gen int, genes [][]int) ([]float64, error) {
		calls++
		f, _ := closeness(ctx, gen, genes)
		if calls == 1 {
			f[0] += 1000
		}
		return f, nil
	}
	g, err := New(context.Background(), cfg, noisy)
	if err != nil {
		t.Fatal(err)
	}
	lucky := g.Best()
	if err := g.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, ind := range g.State().Population {
		if ind.ID == lucky.ID && ind.Evaluations != 7 {
			t.Errorf("the lucky one was evaluated %d times, want 7", ind.Evaluations)
		}
	}
	// Averaged over 7 evaluations its luck is worth 1000/7, not 1000.
	if best := g.Best(); best.ID == lucky.ID && best.Fitness > 200 {
		t.Errorf("the lucky score stuck: %v", best.Fitness)
	}
}
