package prefetch

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// BenchmarkRandomReads reads a 64 MB table at random places, as a search
// reads its transposition table, with and without asking for each slot
// eight reads ahead: the difference is what the hint is worth here (on an
// architecture without one, both run alike).
func BenchmarkRandomReads(b *testing.B) {
	table := make([]uint64, 8<<20)
	rnd := rand.New(rand.NewPCG(1, 2))
	at := make([]int, 1<<16)
	for i := range at {
		at[i] = rnd.IntN(len(table))
	}
	const ahead = 8
	for _, hint := range []bool{false, true} {
		name := "plain"
		if hint {
			name = "prefetched"
		}
		b.Run(name, func(b *testing.B) {
			var sum uint64
			for b.Loop() {
				for i, k := range at {
					if hint && i+ahead < len(at) {
						Line(unsafe.Pointer(&table[at[i+ahead]]))
					}
					sum += table[k] + uint64(i)
					table[k] = sum // stores limit how far the processor runs ahead on its own
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(at)), "ns/read")
		})
	}
}

// A hint never faults and never changes memory: the search may ask for a
// slot of a table it is about to drop, or for nothing at all.
func TestLineChangesNothingAndNeverFaults(t *testing.T) {
	b := []uint64{1, 2, 3}
	Line(unsafe.Pointer(&b[1]))
	Line(nil)
	if b[0] != 1 || b[1] != 2 || b[2] != 3 {
		t.Errorf("memory changed by a prefetch: %v", b)
	}
}
