package mcts

import "gameai/internal/xrand"

// Rand is each thread's generator (xoshiro256**), so that one seed and one
// thread give one search.
type Rand = xrand.Rand

// NewRand seeds a generator.
func NewRand(seed uint64) *Rand { return xrand.New(seed) }
