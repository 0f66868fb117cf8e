package morpionai

import (
	"context"
	"slices"

	"gameai/ai/nested"
	"gameai/games/morpion"
)

// DNAConfig sets a DNA search; zero fields take the defaults.
type DNAConfig struct {
	// K lines are black-listed per modification (default 3).
	K int
	// Stall is how many modifications without gain make the current grid
	// tabu and restart the climb (default 20000).
	Stall int
	// Population, above 1, runs the population variant with that many DNAs.
	Population int
	Threads    int
	Seed       uint64
	// Start, when set, is a grid to warm-start from (its exhibition).
	Start *morpion.Grid
}

func (c DNAConfig) withDefaults() DNAConfig {
	if c.K <= 0 {
		c.K = 3
	}
	if c.Stall <= 0 {
		c.Stall = 20000
	}
	return c
}

// DNASearch runs until the runner's budget or the context ends and returns the
// best sequence of line ids found; the runner counts interpretations as
// playouts.
func DNASearch(ctx context.Context, r *nested.Runner, v morpion.Variant, cfg DNAConfig) nested.Sequence {
	cfg = cfg.withDefaults()
	return r.RunWorkers(ctx, cfg.Threads, func(r *nested.Runner, w int) {
		c := newClimber(v, cfg, cfg.Seed*0x9e3779b97f4a7c15+uint64(w)+1, r)
		if cfg.Population > 1 {
			c.population()
		} else {
			c.climb()
		}
	})
}

// climber is one worker's state.
type climber struct {
	cfg        DNAConfig
	rnd        *morpion.Rand
	mod        *morpion.Modifier
	r          *nested.Runner
	start, b   *morpion.Board
	tabu       map[uint64]bool
	drop       []int
	pending    int64
	countEvery int64
}

func newClimber(v morpion.Variant, cfg DNAConfig, seed uint64, r *nested.Runner) *climber {
	rnd := morpion.NewRand(seed)
	return &climber{cfg: cfg, rnd: rnd, mod: morpion.NewModifier(rnd), r: r,
		start: morpion.NewBoard(v), b: morpion.NewBoard(v), tabu: map[uint64]bool{}, countEvery: 64}
}

// candidate interprets on c.b the exhibition of moves with k random lines
// of it black-listed (none when moves is empty: a random DNA), and counts a
// playout.
func (c *climber) candidate(moves []morpion.Played, k int) {
	c.drop = c.drop[:0]
	for n := len(moves); len(c.drop) < min(k, n); {
		i := c.rnd.Intn(n)
		if !slices.Contains(c.drop, i) {
			c.drop = append(c.drop, i)
		}
	}
	c.b.Reset(c.start)
	c.mod.Modify(c.b, moves, c.drop)
	c.pending++
	if c.pending == c.countEvery {
		c.r.Count(c.pending)
		c.pending = 0
	}
}

func (c *climber) flush() { c.r.Count(c.pending); c.pending = 0 }

func (c *climber) offer() {
	h := c.b.History()
	seq := nested.Sequence{Moves: make([]int32, len(h)), Score: float64(len(h))}
	for i, m := range h {
		seq.Moves[i] = int32(m.Line)
	}
	c.r.Offer(seq)
}

// first is the grid a climb starts from: the warm-start grid the first
// time, a random DNA's afterwards.
func (c *climber) first(warm bool) []morpion.Played {
	if warm && c.cfg.Start != nil {
		c.b.Reset(c.start)
		c.mod.Modify(c.b, c.cfg.Start.Moves, nil)
	} else {
		c.candidate(nil, 0)
	}
	c.offer()
	return append([]morpion.Played(nil), c.b.History()...)
}

// climb is the hill climber: modify the current grid, keep the candidate
// when it is not shorter and not tabu; a grid that gains nothing for Stall
// modifications becomes tabu and the climb restarts.
func (c *climber) climb() {
	defer c.flush()
	cur := c.first(true)
	hash := c.b.Hash()
	sinceGain := 0
	for !c.r.Stopped() {
		c.candidate(cur, c.cfg.K)
		if s, h := c.b.Score(), c.b.Hash(); s >= len(cur) && !c.tabu[h] {
			if s > len(cur) {
				sinceGain = 0
				c.offer()
			}
			cur, hash = append(cur[:0], c.b.History()...), h
		}
		sinceGain++
		if sinceGain > c.cfg.Stall {
			c.tabu[hash] = true
			cur = c.first(false)
			hash = c.b.Hash()
			sinceGain = 0
		}
	}
}

// member is one grid of the population.
type member struct {
	moves []morpion.Played
	hash  uint64
}

// population keeps Population grids: each step modifies a parent chosen by
// a tournament of two, and the child replaces the shortest member when it
// is not shorter and not a grid already held.
func (c *climber) population() {
	defer c.flush()
	pop := make([]*member, c.cfg.Population)
	best := 0
	for i := range pop {
		pop[i] = &member{moves: c.first(i == 0), hash: c.b.Hash()}
		best = max(best, len(pop[i].moves))
	}
	for !c.r.Stopped() {
		a, b := pop[c.rnd.Intn(len(pop))], pop[c.rnd.Intn(len(pop))]
		if len(b.moves) > len(a.moves) {
			a = b
		}
		c.candidate(a.moves, c.cfg.K)
		s, h := c.b.Score(), c.b.Hash()
		worst, dup := 0, false
		for i, m := range pop {
			if len(m.moves) < len(pop[worst].moves) {
				worst = i
			}
			dup = dup || m.hash == h
		}
		if dup || s < len(pop[worst].moves) {
			continue
		}
		if s > best {
			best = s
			c.offer()
		}
		m := pop[worst]
		m.moves, m.hash = append(m.moves[:0], c.b.History()...), h
	}
}
