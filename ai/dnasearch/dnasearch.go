// Package dnasearch is the DNA search for Morpion Solitaire: hill climbing on
// the DNA (a preference per line) by black-listing a few lines of the
// current grid, interpreting again and keeping the change when the score is
// not worse; a tabu list of grids searched too long without gain, restarts,
// and a population variant. Workers run in parallel through ai/nested's
// Runner and report sequences of line ids from the start position.
package dnasearch

import (
	"context"

	"gameai/ai/nested"
	"gameai/games/morpion"
)

// Config sets a DNA search; zero fields take the defaults.
type Config struct {
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

func (c Config) withDefaults() Config {
	if c.K <= 0 {
		c.K = 3
	}
	if c.Stall <= 0 {
		c.Stall = 20000
	}
	return c
}

// Search runs until the runner's budget or the context ends and returns the
// best sequence of line ids found; the runner counts interpretations as
// playouts.
func Search(ctx context.Context, r *nested.Runner, v morpion.Variant, cfg Config) nested.Sequence {
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
	v          morpion.Variant
	cfg        Config
	rnd        *morpion.Rand
	r          *nested.Runner
	start, b   *morpion.Board
	tabu       map[uint64]bool
	countEvery int64
	pending    int64
}

func newClimber(v morpion.Variant, cfg Config, seed uint64, r *nested.Runner) *climber {
	return &climber{v: v, cfg: cfg, rnd: morpion.NewRand(seed), r: r,
		start: morpion.NewBoard(v), b: morpion.NewBoard(v), tabu: map[uint64]bool{}, countEvery: 64}
}

// interpret plays the DNA from the start on c.b and counts a playout.
func (c *climber) interpret(d *morpion.DNA) {
	c.b.Reset(c.start)
	d.Continue(c.b)
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

// fresh returns the DNA to (re)start from: the warm-start grid's exhibition
// the first time, random afterwards.
func (c *climber) fresh(first bool) *morpion.DNA {
	if first && c.cfg.Start != nil {
		if d, err := morpion.Exhibit(c.cfg.Start, c.rnd); err == nil {
			return d
		}
	}
	return morpion.RandomDNA(c.rnd)
}

// blacklist sets k random lines of the current grid to -1 and returns what
// they held, to undo a rejected change.
type saved struct {
	idx  int
	pref float64
}

func (c *climber) blacklist(d *morpion.DNA, lines []morpion.Line, buf []saved) []saved {
	buf = buf[:0]
	n := len(lines)
	for j := 0; j < c.cfg.K && j < n; j++ {
		l := lines[c.rnd.Intn(n)]
		if i := l.Index(); i != morpion.NoIndex {
			buf = append(buf, saved{i, d[i]})
			d[i] = -1
		}
	}
	return buf
}

func linesOf(b *morpion.Board, buf []morpion.Line) []morpion.Line {
	buf = buf[:0]
	for _, m := range b.History() {
		buf = append(buf, m.Line)
	}
	return buf
}

// climb is the single-DNA hill climber with tabu and restarts.
func (c *climber) climb() {
	defer c.flush()
	dna := c.fresh(true)
	c.interpret(dna)
	c.offer()
	score, hash := c.b.Score(), c.b.Hash()
	lines := linesOf(c.b, nil)
	var undo []saved
	sinceGain := 0
	for !c.r.Stopped() {
		undo = c.blacklist(dna, lines, undo)
		c.interpret(dna)
		s, h := c.b.Score(), c.b.Hash()
		if s >= score && !c.tabu[h] {
			if s > score {
				sinceGain = 0
				c.offer()
			}
			score, hash = s, h
			lines = linesOf(c.b, lines)
		} else {
			for k := len(undo) - 1; k >= 0; k-- {
				dna[undo[k].idx] = undo[k].pref
			}
		}
		sinceGain++
		if sinceGain > c.cfg.Stall {
			c.tabu[hash] = true
			dna = c.fresh(false)
			c.interpret(dna)
			score, hash = c.b.Score(), c.b.Hash()
			lines = linesOf(c.b, lines)
			sinceGain = 0
		}
	}
}

// member is one DNA of the population with its grid.
type member struct {
	dna   *morpion.DNA
	lines []morpion.Line
	score int
	hash  uint64
}

// population keeps Population DNAs: each step copies a parent chosen by a
// tournament of two, black-lists k of its lines, and the child replaces the
// worst member when it is not worse and not a grid already held.
func (c *climber) population() {
	defer c.flush()
	pop := make([]*member, c.cfg.Population)
	for i := range pop {
		d := c.fresh(i == 0)
		c.interpret(d)
		c.offer()
		pop[i] = &member{dna: d, lines: linesOf(c.b, nil), score: c.b.Score(), hash: c.b.Hash()}
	}
	child := new(morpion.DNA)
	var undo []saved
	for !c.r.Stopped() {
		a, b := pop[c.rnd.Intn(len(pop))], pop[c.rnd.Intn(len(pop))]
		if b.score > a.score {
			a = b
		}
		*child = *a.dna
		undo = c.blacklist(child, a.lines, undo)
		c.interpret(child)
		s, h := c.b.Score(), c.b.Hash()
		worst := 0
		dup := false
		for i, m := range pop {
			if m.score < pop[worst].score {
				worst = i
			}
			dup = dup || m.hash == h
		}
		if dup || s < pop[worst].score {
			continue
		}
		if s > c.bestScore(pop) {
			c.offer()
		}
		m := pop[worst]
		m.dna, child = child, m.dna
		m.lines, m.score, m.hash = linesOf(c.b, m.lines), s, h
	}
}

func (c *climber) bestScore(pop []*member) int {
	best := 0
	for _, m := range pop {
		best = max(best, m.score)
	}
	return best
}
