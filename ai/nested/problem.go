package nested

// Problem is a one-player game for the nested searches. Its moves are codes
// in [0, Codes()); NRPA learns one weight per code, so a code should name
// the same move wherever it is legal.
type Problem interface {
	// Moves appends the legal moves of the current position to buf.
	Moves(buf []int32) []int32
	// Play plays a legal move.
	Play(code int32)
	// Undo takes back the last move played since the root.
	Undo()
	// Reset returns to the root position.
	Reset()
	// Depth is the number of moves played since the root.
	Depth() int
	// Score is the value of the current position (the result at the end).
	Score() float64
	// Codes bounds the move codes.
	Codes() int
}

// Sequence is a game from the root: its moves and final score.
type Sequence struct {
	Moves []int32
	Score float64
}

func (s Sequence) clone() Sequence {
	return Sequence{Moves: append([]int32(nil), s.Moves...), Score: s.Score}
}

// rng is xoshiro256** seeded by splitmix64: fast, lock-free, reproducible.
type rng struct{ s [4]uint64 }

func newRNG(seed uint64) *rng {
	r := &rng{}
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
	out := rotl(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = rotl(s[3], 45)
	return out
}

func rotl(x uint64, k uint) uint64 { return x<<k | x>>(64-k) }

func (r *rng) intn(n int) int {
	return int((r.next() >> 32) * uint64(n) >> 32)
}

func (r *rng) float64() float64 { return float64(r.next()>>11) / (1 << 53) }
