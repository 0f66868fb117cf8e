package competition

import (
	"fmt"
	"sync"
)

// A whist design for n bots (n = 4k or 4k+1) is rounds of two-against-two
// tables in which every two bots are partners exactly once and opponents
// exactly twice; with 4k+1 bots every round leaves one bot out (a bye),
// each bot once. In a Less event of such a field no bot's points come from
// a better partner: every bot has every other as partner once.
//
// Two sources, both developed the same way (a first round, then each
// other round its translate in a group):
//   - Moore's construction, for n a prime power q ≡ 1 (mod 4): over the
//     field GF(q) with a primitive element r and ω = r^((q-1)/4), the first
//     round's tables are x, -x against xω, -xω for x = r^0 … r^(k-1); the
//     bye is 0 and the rounds are its additive translates.
//   - First rounds found by search (scripts/whistsearch) on Z_m, or on
//     Z_m and a fixed point ∞ (written -1) for n = 4k with m = n-1.
//
// TestWhistDesigns counts every pair of every design.

// whistStarts are searched first rounds on Z_m (and ∞): tables (a, b, c,
// d) with a, c partners and b, d partners.
var whistStarts = map[int][][4]int{
	4:  {{0, 2, -1, 1}},
	8:  {{4, 5, -1, 2}, {6, 1, 0, 3}},
	12: {{8, 1, 10, 7}, {4, 9, 5, -1}, {6, 3, 2, 0}},
	16: {{7, 3, 10, 13}, {0, 5, 14, 1}, {11, 12, 9, 4}, {2, -1, 8, 6}},
	20: {{4, 13, 10, 11}, {6, 2, 15, 7}, {9, 16, 1, 17}, {8, 3, 5, 18}, {-1, 0, 14, 12}},
	21: {{13, 20, 11, 7}, {14, 2, 3, 6}, {16, 18, 17, 12}, {1, 4, 15, 9}, {5, 19, 8, 10}},
	24: {{8, 22, 7, 14}, {3, 1, 19, 6}, {10, 9, 16, 5}, {0, 20, 12, -1}, {18, 4, 21, 17}, {2, 15, 11, 13}},
	28: {{19, 13, 22, 12}, {-1, 7, 14, 23}, {10, 2, 17, 4}, {24, 26, 1, 5}, {8, 9, 21, 18}, {3, 6, 20, 25}, {11, 0, 16, 15}},
	32: {{8, 2, 6, 3}, {5, 19, 22, 23}, {25, 30, 28, 18}, {11, 29, 17, 7}, {4, 20, 12, 27}, {0, 9, 16, -1}, {24, 26, 14, 13}, {10, 21, 15, 1}},
	33: {{22, 4, 24, 23}, {17, 1, 29, 8}, {21, 6, 30, 7}, {9, 16, 19, 11}, {20, 25, 3, 14}, {2, 31, 10, 27}, {5, 15, 18, 12}, {26, 13, 32, 28}},
	36: {{12, 23, 5, 19}, {18, 6, 26, -1}, {27, 3, 25, 24}, {15, 8, 9, 7}, {33, 11, 21, 16}, {10, 20, 1, 30}, {32, 13, 17, 29}, {22, 14, 0, 31}, {34, 28, 2, 4}},
	40: {{3, 8, 21, 33}, {2, 11, 15, 17}, {23, 12, 24, 0}, {30, 14, 10, 4}, {20, 26, 25, 22}, {7, 36, 35, 28}, {38, 16, 6, 31}, {19, 5, -1, 27}, {18, 37, 9, 1}, {13, 32, 29, 34}},
	44: {{0, 31, 15, 19}, {39, 5, 14, 4}, {22, 42, 12, 29}, {8, 36, 24, 34}, {18, 33, 32, 38}, {3, 16, 27, 25}, {7, 21, 10, 13}, {20, 2, 40, 41}, {23, 37, 30, 26}, {28, -1, 6, 1}, {11, 9, 17, 35}},
}

// A double whist design, for the sizes with no whist design (n = 4k+2 or
// 4k+3), is tables in which every two bots are partners exactly twice and
// opponents exactly four times: the balance of two passes of a whist
// design, n(n-1)/2 tables. Its first tables were found by search
// (`go run ./scripts/whistsearch -double N`) on Z_n (n = 4k+3, the
// non-zero elements each twice) or on Z_(n-1) and ∞ (n = 4k+2), and are
// developed as whistStarts' are; TestDoubleWhistDesigns counts every pair.
// Sizes up to 15: beyond, the design's games (n(n-1)·2) outgrow what an
// event of the neighbouring whist sizes plays by more than half again.
var doubleStarts = map[int][][4]int{
	6:  {{1, -1, 2, 0}, {4, 1, -1, 3}, {3, 2, 4, 0}},
	7:  {{1, 5, 4, 6}, {5, 3, 2, 1}, {4, 3, 6, 2}},
	10: {{5, 8, 6, 1}, {-1, 4, 8, 7}, {3, 0, 7, 1}, {5, 2, -1, 6}, {4, 3, 2, 0}},
	11: {{3, 2, 1, 8}, {9, 5, 3, 6}, {5, 7, 9, 10}, {7, 6, 10, 4}, {8, 1, 4, 2}},
	14: {{10, 1, 0, -1}, {-1, 9, 3, 1}, {6, 8, 5, 9}, {7, 5, 4, 11}, {8, 3, 12, 11}, {6, 7, 2, 0}, {12, 4, 10, 2}},
	15: {{14, 5, 11, 6}, {12, 8, 4, 9}, {3, 10, 13, 7}, {12, 9, 14, 13}, {1, 11, 5, 3}, {8, 10, 2, 1}, {6, 2, 4, 7}},
}

// doubleWhist is the double whist design's tables for n bots, if this
// package has one.
func doubleWhist(n int) ([][4]int, bool) {
	start, ok := doubleStarts[n]
	if !ok {
		return nil, false
	}
	m := n
	if n%2 == 0 {
		m = n - 1
	}
	var out [][4]int
	for g := range m {
		out = append(out, develop(m, g, start)...)
	}
	return out, true
}

// develop is the translate by g of first tables on Z_m (-1 is ∞, the
// last bot), each (a, b, c, d) with a and c partners, as tables [a1, a2,
// b1, b2].
func develop(m, g int, start [][4]int) [][4]int {
	shift := func(x int) int {
		if x < 0 {
			return m // ∞
		}
		return (x + g) % m
	}
	out := make([][4]int, len(start))
	for i, t := range start {
		out[i] = [4]int{shift(t[0]), shift(t[2]), shift(t[1]), shift(t[3])}
	}
	return out
}

// whistRound is a round of a design: its tables [a1, a2, b1, b2] (a1 and
// a2 partners against b1 and b2) and its bye (-1: none).
type whistRound struct {
	Tables [][4]int
	Bye    int
}

var whistCache sync.Map // n → []whistRound (nil: none here)

// whist is the whist design for n bots, if this package has one.
func whist(n int) ([]whistRound, bool) {
	if d, ok := whistCache.Load(n); ok {
		r := d.([]whistRound)
		return r, r != nil
	}
	var r []whistRound
	if p, e, ok := primePower(n); ok && n%4 == 1 {
		r = moore(newField(p, e))
	} else if start, ok := whistStarts[n]; ok {
		r = cyclic(n, start)
	}
	whistCache.Store(n, r)
	return r, r != nil
}

// cyclic develops a searched first round on Z_m (∞ the last bot).
func cyclic(n int, start [][4]int) []whistRound {
	m, bye := n, true
	if n%4 == 0 {
		m, bye = n-1, false
	}
	out := make([]whistRound, m)
	for g := range m {
		out[g].Bye = -1
		if bye {
			out[g].Bye = g
		}
		out[g].Tables = develop(m, g, start)
	}
	return out
}

// moore is Moore's design over a field of q ≡ 1 (mod 4) elements.
func moore(f gfield) []whistRound {
	q := f.size()
	k := (q - 1) / 4
	r := f.primitive()
	omega := f.pow(r, k)
	var first [][4]int
	x := 1 // r^0
	for range k {
		xo := f.mul(x, omega)
		first = append(first, [4]int{x, f.neg(x), xo, f.neg(xo)})
		x = f.mul(x, r)
	}
	out := make([]whistRound, q)
	for g := range q {
		out[g].Bye = g
		for _, t := range first {
			out[g].Tables = append(out[g].Tables, [4]int{f.add(t[0], g), f.add(t[1], g), f.add(t[2], g), f.add(t[3], g)})
		}
	}
	return out
}

// primePower says whether n is p^e, and which.
func primePower(n int) (p, e int, ok bool) {
	if n < 2 {
		return 0, 0, false
	}
	for p = 2; p*p <= n; p++ {
		if n%p == 0 {
			break
		}
	}
	if n%p != 0 {
		return n, 1, true
	}
	for e = 0; n%p == 0; e++ {
		n /= p
	}
	return p, e, n == 1
}

// gfield is GF(p^e) for e 1 or 2, an element a + b·t (t² = s, s a
// non-residue mod p) numbered a + b·p; its additive group is the rounds'.
type gfield struct{ p, e, s int }

func newField(p, e int) gfield {
	if e > 2 {
		panic(fmt.Sprintf("competition: GF(%d^%d) is not built here", p, e))
	}
	f := gfield{p: p, e: e}
	if e == 2 {
		for s := 2; s < p; s++ {
			residue := false
			for y := 1; y < p; y++ {
				if y*y%p == s {
					residue = true
				}
			}
			if !residue {
				f.s = s
				break
			}
		}
	}
	return f
}

func (f gfield) size() int {
	if f.e == 2 {
		return f.p * f.p
	}
	return f.p
}

func (f gfield) split(x int) (int, int) { return x % f.p, x / f.p }

func (f gfield) add(x, y int) int {
	a, b := f.split(x)
	c, d := f.split(y)
	return (a+c)%f.p + (b+d)%f.p*f.p
}

func (f gfield) neg(x int) int {
	a, b := f.split(x)
	return (f.p-a)%f.p + (f.p-b)%f.p*f.p
}

func (f gfield) mul(x, y int) int {
	a, b := f.split(x)
	c, d := f.split(y)
	return (a*c+b*d*f.s)%f.p + (a*d+b*c)%f.p*f.p
}

func (f gfield) pow(x, k int) int {
	out := 1
	for range k {
		out = f.mul(out, x)
	}
	return out
}

// primitive is the least element whose powers are every non-zero one.
func (f gfield) primitive() int {
	q := f.size()
	for r := 2; r < q; r++ {
		x, order := r, 1
		for x != 1 {
			x = f.mul(x, r)
			order++
		}
		if order == q-1 {
			return r
		}
	}
	return 1 // GF(2), GF(3): not reached for q ≡ 1 (mod 4)
}
