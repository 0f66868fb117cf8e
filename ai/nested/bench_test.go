package nested

import (
	"testing"

	"gameai/games/morpion"
)

// BenchmarkNRPAPlayouts measures NRPA at level 2 on Morpion from the start:
// playouts with the policy plus one adaptation each, on one core. Playouts
// lengthen as the policy learns, so moves/playout is reported beside the
// rate.
// "layers" adapts by layers, which replays each new best once.
func BenchmarkNRPAPlayouts(b *testing.B) {
	for _, v := range []morpion.Variant{morpion.T5, morpion.D5} {
		for _, layers := range []bool{false, true} {
			name := v.String()
			if layers {
				name += "/layers"
			}
			b.Run(name, func(b *testing.B) { benchNRPA(b, v, layers) })
		}
	}
}

func benchNRPA(b *testing.B, v morpion.Variant, layers bool) {
	p := morpion.NewProblem(morpion.NewBoard(v))
	n := NewNRPA(p, NRPAConfig{Iterations: 100, Layers: layers}, 1)
	b.ReportAllocs()
	for b.Loop() {
		n.Run(2, nil)
	}
	b.ReportMetric(float64(n.Playouts)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(n.moves)/float64(n.Playouts), "moves/playout")
	b.ReportMetric(0, "ns/op")
}
