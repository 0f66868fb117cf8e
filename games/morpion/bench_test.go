package morpion

import "testing"

// BenchmarkRandomPlayout measures uniform random playouts from the start
// position on one core, reset included; allocations must stay at zero.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, v := range []Variant{T5, D5} {
		b.Run(v.String(), func(b *testing.B) {
			start := NewBoard(v)
			board := NewBoard(v)
			r := NewRand(1)
			moves := 0
			b.ReportAllocs()
			for b.Loop() {
				board.Reset(start)
				moves += board.RandomPlayout(r)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(moves), "ns/move")
		})
	}
}

func TestPlayoutAllocatesNothing(t *testing.T) {
	start := NewBoard(T5)
	board := NewBoard(T5)
	r := NewRand(1)
	if a := testing.AllocsPerRun(100, func() { board.Reset(start); board.RandomPlayout(r) }); a != 0 {
		t.Errorf("%v allocations per playout, want 0", a)
	}
}
