package morpion

import "gameai/internal/xrand"

// Rand is the generator of playouts and DNAs (xoshiro256**): seedable, so
// one seed gives one game, and free of locks and allocation.
type Rand = xrand.Rand

// NewRand seeds a generator.
func NewRand(seed uint64) *Rand { return xrand.New(seed) }
