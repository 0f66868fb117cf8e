package nested

import (
	"math"
	"testing"

	"gameai/games/morpion"
	"gameai/internal/xrand"
)

// opaque hides a problem's Incremental side, so NRPA goes through differ.
type opaque struct{ Problem }

// rosinAdapt is the adaptation as Rosin's paper writes it, replaying the
// sequence and reading every step's whole move list: the reference the
// span-based adapt must match.
func rosinAdapt(p Problem, pol *Policy, seq []int32, alpha float64) []float64 {
	w := make([]float64, len(pol.c))
	for i := range w {
		w[i] = pol.Weight(int32(i))
	}
	p.Reset()
	var buf []int32
	for _, played := range seq {
		buf = p.Moves(buf[:0])
		z := 0.0
		for _, m := range buf {
			z += math.Exp(pol.Weight(m))
		}
		w[played] += alpha
		for _, m := range buf {
			w[m] -= alpha * math.Exp(pol.Weight(m)) / z
		}
		p.Play(played)
	}
	return w
}

// randomPolicy has weights spread over [-spread, spread] on every code.
func randomPolicy(codes int, spread float64, seed uint64) *Policy {
	pol := NewPolicy(codes)
	r := xrand.New(seed)
	for i := range codes {
		pol.set(int32(i), float32((2*r.Float64()-1)*spread))
	}
	return pol
}

// adaptCases are the settings the adaptations are checked in against
// their definitions.
var adaptCases = []struct {
	name   string
	v      morpion.Variant
	opaque bool
	spread float64 // of the weights; large ones take the direct sums
	alpha  float64
}{
	{"5T incremental", morpion.T5, false, 2, 1},
	{"5D incremental", morpion.D5, false, 2, 1},
	{"5T through differ", morpion.T5, true, 2, 0.5},
	{"5T huge weights", morpion.T5, false, 40, 1},
}

// adaptProblems are a case's problem (behind differ where it says so) and
// a plain one for the reference.
func adaptProblems(v morpion.Variant, hide bool) (p Problem, ref Problem) {
	p = morpion.NewProblem(morpion.NewBoard(v))
	if hide {
		p = opaque{p}
	}
	return p, morpion.NewProblem(morpion.NewBoard(v))
}

func TestAdaptMatchesRosin(t *testing.T) {
	for _, tc := range adaptCases {
		t.Run(tc.name, func(t *testing.T) {
			p, ref := adaptProblems(tc.v, tc.opaque)
			n := NewNRPA(p, NRPAConfig{Alpha: tc.alpha}, 3)
			pol := randomPolicy(p.Codes(), tc.spread, 4)
			n.playout(pol)
			if len(n.cur.moves) < 20 {
				t.Fatalf("playout of %d moves", len(n.cur.moves))
			}
			// Fresh: the sums of the playout; then not fresh: a changed
			// policy, whose sums adapt must compute itself.
			for _, fresh := range []bool{true, false} {
				if !fresh {
					pol = randomPolicy(p.Codes(), tc.spread, 5)
				}
				want := rosinAdapt(ref, pol, n.cur.moves, tc.alpha)
				got := NewPolicy(p.Codes())
				got.copyFrom(pol)
				n.adapt(got, &n.cur, fresh)
				changed := 0
				for c := range want {
					g, w := got.Weight(int32(c)), want[c]
					if math.Abs(g-w) > 1e-5*max(1, math.Abs(w)) {
						t.Fatalf("fresh %v: code %d weight %v, Rosin's adapt gives %v", fresh, c, g, w)
					}
					if math.Abs(w-pol.Weight(int32(c))) > 1e-3 {
						changed++
					}
					if e := float64(got.c[c].e); math.Abs(e-math.Exp(g))/math.Exp(g) > 1e-6 {
						t.Fatalf("code %d: exponential %v of weight %v", c, e, g)
					}
				}
				if changed < len(n.cur.moves)/2 {
					t.Errorf("fresh %v: only %d weights changed over %d moves", fresh, changed, len(n.cur.moves))
				}
			}
		})
	}
}

// TestDifferFollowsTheMoveList checks the changes differ reports against
// the move lists before and after every move of a game.
func TestDifferFollowsTheMoveList(t *testing.T) {
	d := incremental(newPattern())
	if _, ok := d.(*differ); !ok {
		t.Fatalf("pattern is not Incremental, want a differ, got %T", d)
	}
	d.Reset()
	for step := range 10 {
		before := d.Moves(nil)
		d.Play(before[1])
		born, died := d.Changes()
		after := d.Moves(nil)
		if len(died) != 2 || died[0] != before[0] || died[1] != before[1] {
			t.Fatalf("step %d: died %v, want all of %v", step, died, before)
		}
		if len(born) != len(after) || (len(after) > 0 && (born[0] != after[0] || born[1] != after[1])) {
			t.Fatalf("step %d: born %v, want %v", step, born, after)
		}
	}
}
