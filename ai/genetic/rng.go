package genetic

import "math/bits"

// rng is xoshiro256** seeded by splitmix64. Its state is four words, saved
// in the checkpoint so that a resumed run draws what the uninterrupted run
// would have.
type rng struct{ s [4]uint64 }

func newRNG(seed uint64) rng {
	var r rng
	for i := range r.s {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		r.s[i] = z ^ z>>31
	}
	return r
}

func (r *rng) next() uint64 {
	s := &r.s
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

func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

func (r *rng) float64() float64 { return float64(r.next()>>11) / (1 << 53) }
