// Package genetic is a genetic algorithm over integer vectors with a range
// per gene, as the 2019 Morris study ran it: elitism plus roulette-wheel
// selection, couples of parents making two children each by multi-point
// crossover, per-gene mutation by ±1 within the range, duplicates dropped,
// the population refilled with random vectors and cut back to the best,
// generations in segments until convergence. Every number is a parameter;
// the generator is seeded and its state is part of the checkpoint, so a
// run resumed from a saved generation continues exactly as it would have.
package genetic

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gameai/internal/xrand"
)

// Config is the algorithm's parameters; zero fields take the study's.
type Config struct {
	// Ranges bound each gene (inclusive); their number is the vector's length.
	Ranges [][2]int
	// Population kept after each generation (100).
	Population int
	// Elite individuals kept as parents (10); Selected more picked by
	// roulette wheel (40). Parents pair at random into couples.
	Elite, Selected int
	// CrossoverPoints per couple (4); each couple has two children.
	CrossoverPoints int
	// Mutation is the chance of each gene of a child moving by ±1 (0.08).
	Mutation float64
	// Refill is the size the population is topped up to with random
	// vectors after the children join and duplicates go (150).
	Refill int
	// Segment is the number of generations between convergence checks
	// (10); a segment that does not raise the best fitness stops the run
	// when StopOnConvergence is set.
	Segment           int
	StopOnConvergence bool
	// Generations caps the run (0: until convergence; then at least one
	// segment runs).
	Generations int
	Seed        uint64
	// Initial vectors join the first population (warm start from earlier
	// winners); random vectors fill the rest.
	Initial [][]int
	// Reevaluate plays every survivor again each generation, its fitness
	// the mean of all its evaluations: with a noisy fitness an elite
	// otherwise keeps a lucky score for ever.
	Reevaluate bool
}

// WithDefaults fills zero fields with the study's values.
func (c Config) WithDefaults() Config {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.Population, 100)
	def(&c.Elite, 10)
	def(&c.Selected, 40)
	def(&c.CrossoverPoints, 4)
	def(&c.Refill, 150)
	def(&c.Segment, 10)
	if c.Mutation == 0 {
		c.Mutation = 0.08
	}
	return c
}

// Check reports a configuration that cannot run.
func (c Config) Check() error {
	switch {
	case len(c.Ranges) == 0:
		return fmt.Errorf("no genes")
	case c.Population < 2:
		return fmt.Errorf("population %d: want at least 2", c.Population)
	case c.Elite < 0 || c.Selected < 0 || c.Elite+c.Selected < 2 || c.Elite+c.Selected > c.Population:
		return fmt.Errorf("elite %d + selected %d: want at least 2 parents and at most the population %d", c.Elite, c.Selected, c.Population)
	case c.CrossoverPoints < 1 || c.CrossoverPoints >= len(c.Ranges):
		return fmt.Errorf("crossover points %d: want 1..%d", c.CrossoverPoints, len(c.Ranges)-1)
	case c.Mutation < 0 || c.Mutation > 1:
		return fmt.Errorf("mutation %g: want a probability", c.Mutation)
	case c.Refill < c.Population:
		return fmt.Errorf("refill %d: want at least the population %d", c.Refill, c.Population)
	case c.Segment < 1 || c.Generations < 0:
		return fmt.Errorf("segment must be at least 1 and generations not negative")
	case c.Generations == 0 && !c.StopOnConvergence:
		return fmt.Errorf("a run needs a number of generations or to stop on convergence")
	}
	for i, r := range c.Ranges {
		if r[0] > r[1] {
			return fmt.Errorf("gene %d: range %v is empty", i, r)
		}
	}
	return nil
}

// Individual is a vector with its fitness and origin.
type Individual struct {
	ID    string `json:"id"`
	Genes []int  `json:"genes"`
	// Fitness is set once evaluated (Evaluated); with Reevaluate it is
	// the mean of Evaluations evaluations.
	Fitness     float64  `json:"fitness"`
	Evaluated   bool     `json:"evaluated"`
	Evaluations int      `json:"evaluations,omitempty"`
	Parents     []string `json:"parents,omitempty"`
	// Born is the generation it appeared in (0: the first population).
	Born int `json:"born"`
}

func (ind *Individual) key() string {
	var b strings.Builder
	for i, g := range ind.Genes {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(g))
	}
	return b.String()
}

// GenerationStats summarise a finished generation.
type GenerationStats struct {
	Generation int     `json:"generation"`
	Best       float64 `json:"best"`
	Mean       float64 `json:"mean"`
	BestID     string  `json:"best_id"`
	Evaluated  int     `json:"evaluated"`
}

// State is everything a run needs to go on: it is the checkpoint.
type State struct {
	Generation int               `json:"generation"` // finished generations
	Population []Individual      `json:"population"` // best first
	RNG        [4]uint64         `json:"rng"`
	NextID     int               `json:"next_id"`
	History    []GenerationStats `json:"history"`
	Done       bool              `json:"done"`
	Reason     string            `json:"reason,omitempty"`
}

// Fitness evaluates a batch of vectors (in parallel as it likes) and
// returns their fitness in order; gen is the generation being made, so
// that noise (random openings) can depend on it reproducibly.
type Fitness func(ctx context.Context, gen int, genes [][]int) ([]float64, error)

// GA runs the algorithm.
type GA struct {
	cfg     Config
	fitness Fitness
	st      State
	r       xrand.Rand
	// OnGeneration, when set, sees the state after every generation
	// (checkpoint it there).
	OnGeneration func(*State)
}

// New starts a run: the random first population, evaluated.
func New(ctx context.Context, cfg Config, f Fitness) (*GA, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	g := &GA{cfg: cfg, fitness: f, r: *xrand.New(cfg.Seed)}
	for i, v := range cfg.Initial {
		if len(v) != len(cfg.Ranges) {
			return nil, fmt.Errorf("initial vector %d has %d genes, want %d", i, len(v), len(cfg.Ranges))
		}
		if len(g.st.Population) < cfg.Population {
			g.st.Population = append(g.st.Population, Individual{ID: g.newID(0), Genes: slices.Clone(v)})
		}
	}
	for len(g.st.Population) < cfg.Population {
		g.st.Population = append(g.st.Population, g.random(0))
	}
	if err := g.evaluate(ctx, 0); err != nil {
		return nil, err
	}
	g.sortAndCut()
	g.stats(0)
	return g, nil
}

// Resume continues a run from a checkpoint.
func Resume(cfg Config, f Fitness, st State) (*GA, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	for _, ind := range st.Population {
		if len(ind.Genes) != len(cfg.Ranges) || !ind.Evaluated {
			return nil, fmt.Errorf("checkpoint: individual %s does not fit the configuration", ind.ID)
		}
	}
	if len(st.Population) == 0 {
		return nil, fmt.Errorf("checkpoint: empty population")
	}
	g := &GA{cfg: cfg, fitness: f, st: st}
	g.r.S = st.RNG
	return g, nil
}

// State is the run's current state (the checkpoint to save).
func (g *GA) State() *State {
	g.st.RNG = g.r.S
	return &g.st
}

// Best is the fittest individual.
func (g *GA) Best() Individual { return g.st.Population[0] }

// Run makes generations until the limit, convergence or ctx ends; it
// returns ctx's error when cancelled (the state is the last finished
// generation's).
func (g *GA) Run(ctx context.Context) error {
	for !g.st.Done {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := g.Step(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Step makes one generation, then checks the stopping rules.
func (g *GA) Step(ctx context.Context) error {
	gen := g.st.Generation + 1
	saved := g.snapshot()
	parents := g.parents()
	var children []Individual
	for i := 0; i+1 < len(parents); i += 2 {
		a, b := g.crossover(parents[i], parents[i+1], gen)
		children = append(children, g.mutate(a), g.mutate(b))
	}
	pop := append(slices.Clone(g.st.Population), children...)
	seen := map[string]bool{}
	pop = slices.DeleteFunc(pop, func(ind Individual) bool {
		k := ind.key()
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	})
	for len(pop) < g.cfg.Refill {
		ind := g.random(gen)
		if k := ind.key(); !seen[k] {
			seen[k] = true
			pop = append(pop, ind)
		}
	}
	g.st.Population = pop
	if err := g.evaluate(ctx, gen); err != nil {
		g.restore(saved)
		return err
	}
	g.sortAndCut()
	g.st.Generation = gen
	g.stats(gen)
	g.checkStop()
	if g.OnGeneration != nil {
		g.OnGeneration(g.State())
	}
	return nil
}

// snapshot and restore undo a generation that was cut short, so that the
// state stays the last finished generation's.
type snapshot struct {
	pop    []Individual
	rng    [4]uint64
	nextID int
}

func (g *GA) snapshot() snapshot {
	return snapshot{slices.Clone(g.st.Population), g.r.S, g.st.NextID}
}

func (g *GA) restore(s snapshot) { g.st.Population, g.r.S, g.st.NextID = s.pop, s.rng, s.nextID }

func (g *GA) checkStop() {
	c := g.cfg
	if c.Generations > 0 && g.st.Generation >= c.Generations {
		g.st.Done, g.st.Reason = true, fmt.Sprintf("%d generations", c.Generations)
		return
	}
	if c.StopOnConvergence && g.st.Generation%c.Segment == 0 && g.st.Generation >= c.Segment {
		h := g.st.History
		before := h[len(h)-1-c.Segment].Best
		if h[len(h)-1].Best <= before {
			g.st.Done, g.st.Reason = true, fmt.Sprintf("converged: no gain over the %d generations of a segment", c.Segment)
		}
	}
}

func (g *GA) newID(gen int) string {
	id := fmt.Sprintf("g%d-%d", gen, g.st.NextID)
	g.st.NextID++
	return id
}

func (g *GA) random(gen int) Individual {
	genes := make([]int, len(g.cfg.Ranges))
	for i, r := range g.cfg.Ranges {
		genes[i] = r[0] + g.r.Intn(r[1]-r[0]+1)
	}
	return Individual{ID: g.newID(gen), Genes: genes, Born: gen}
}

// evaluate computes the fitness of every individual that lacks one (of
// every one, with Reevaluate: survivors average their evaluations).
func (g *GA) evaluate(ctx context.Context, gen int) error {
	var idx []int
	var batch [][]int
	for i := range g.st.Population {
		if !g.st.Population[i].Evaluated || (g.cfg.Reevaluate && gen > 0) {
			idx = append(idx, i)
			batch = append(batch, g.st.Population[i].Genes)
		}
	}
	if len(batch) == 0 {
		return nil
	}
	fit, err := g.fitness(ctx, gen, batch)
	if err != nil {
		return err
	}
	if len(fit) != len(batch) {
		return fmt.Errorf("fitness returned %d values for %d vectors", len(fit), len(batch))
	}
	for k, i := range idx {
		ind := &g.st.Population[i]
		if !ind.Evaluated {
			ind.Fitness, ind.Evaluated, ind.Evaluations = fit[k], true, 1
			continue
		}
		n := float64(max(ind.Evaluations, 1))
		ind.Fitness = (ind.Fitness*n + fit[k]) / (n + 1)
		ind.Evaluations = int(n) + 1
	}
	return nil
}

// sortAndCut orders by fitness (best first; ties: the older individual,
// then the id) and keeps the population's size.
func (g *GA) sortAndCut() {
	slices.SortStableFunc(g.st.Population, func(a, b Individual) int {
		if c := cmp.Compare(b.Fitness, a.Fitness); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Born, b.Born); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	if len(g.st.Population) > g.cfg.Population {
		g.st.Population = g.st.Population[:g.cfg.Population]
	}
}

func (g *GA) stats(gen int) {
	pop := g.st.Population
	sum := 0.0
	evaluated := 0
	for _, ind := range pop {
		sum += ind.Fitness
		if ind.Born == gen {
			evaluated++
		}
	}
	g.st.History = append(g.st.History, GenerationStats{Generation: gen, Best: pop[0].Fitness,
		Mean: sum / float64(len(pop)), BestID: pop[0].ID, Evaluated: evaluated})
}

// parents are the elite and a roulette-wheel choice of the others, in a
// random order: consecutive ones are couples.
func (g *GA) parents() []Individual {
	pop := g.st.Population
	elite := min(g.cfg.Elite, len(pop))
	out := slices.Clone(pop[:elite])
	rest := slices.Clone(pop[elite:])
	// Roulette wheel without replacement on fitness shifted to be
	// positive: the worst of the rest keeps a small chance.
	for range min(g.cfg.Selected, len(rest)) {
		lo := math.Inf(1)
		for _, ind := range rest {
			lo = min(lo, ind.Fitness)
		}
		total := 0.0
		for _, ind := range rest {
			total += ind.Fitness - lo + 1
		}
		x := g.r.Float64() * total
		pick := len(rest) - 1
		for i, ind := range rest {
			x -= ind.Fitness - lo + 1
			if x < 0 {
				pick = i
				break
			}
		}
		out = append(out, rest[pick])
		rest = slices.Delete(rest, pick, pick+1)
	}
	for i := len(out) - 1; i > 0; i-- {
		j := g.r.Intn(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// crossover makes two children by cutting both parents at the same
// distinct points and alternating the segments.
func (g *GA) crossover(a, b Individual, gen int) (Individual, Individual) {
	n := len(a.Genes)
	cuts := make([]int, 0, g.cfg.CrossoverPoints)
	for len(cuts) < g.cfg.CrossoverPoints {
		c := 1 + g.r.Intn(n-1)
		if !slices.Contains(cuts, c) {
			cuts = append(cuts, c)
		}
	}
	slices.Sort(cuts)
	x, y := make([]int, n), make([]int, n)
	from := 0
	for i := range n {
		for from < len(cuts) && cuts[from] == i {
			from++
		}
		if from%2 == 0 {
			x[i], y[i] = a.Genes[i], b.Genes[i]
		} else {
			x[i], y[i] = b.Genes[i], a.Genes[i]
		}
	}
	parents := []string{a.ID, b.ID}
	return Individual{ID: g.newID(gen), Genes: x, Parents: parents, Born: gen},
		Individual{ID: g.newID(gen), Genes: y, Parents: parents, Born: gen}
}

// mutate moves each gene by ±1 with the mutation chance, within range.
func (g *GA) mutate(ind Individual) Individual {
	for i := range ind.Genes {
		if g.r.Float64() >= g.cfg.Mutation {
			continue
		}
		step := 1
		if g.r.Intn(2) == 0 {
			step = -1
		}
		r := g.cfg.Ranges[i]
		ind.Genes[i] = min(max(ind.Genes[i]+step, r[0]), r[1])
	}
	return ind
}
