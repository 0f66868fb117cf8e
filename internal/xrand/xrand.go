// Package xrand is the project's one random number generator: xoshiro256**
// seeded by splitmix64. It is fast, free of locks and allocation, and
// seedable, so that one seed and one thread give one search; its state is
// four words that a checkpoint can save.
package xrand

import "math/bits"

// Rand is a xoshiro256** generator. S is its state.
type Rand struct{ S [4]uint64 }

// New returns a generator seeded with seed.
func New(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the state from seed (splitmix64 spreads it over the words).
func (r *Rand) Seed(seed uint64) {
	next := SplitMix(seed)
	for i := range r.S {
		r.S[i] = next()
	}
}

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 {
	s := &r.S
	out := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return out
}

// Intn returns a number in [0, n), n > 0 (Lemire's multiply; the bias is
// below 2^-50 for the small n of move lists).
func (r *Rand) Intn(n int) int {
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// Float64 returns a number in [0, 1).
func (r *Rand) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// SplitMix returns the splitmix64 sequence from seed: well-spread words for
// Zobrist keys, fixed by the seed so that hashes are the same in every run.
func SplitMix(seed uint64) func() uint64 {
	return func() uint64 {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
}
