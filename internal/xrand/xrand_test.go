package xrand

import "testing"

func TestKnownValuesAndRanges(t *testing.T) {
	// splitmix64's first output from 0 is a published test value.
	if got := SplitMix(0)(); got != 0xe220a8397b1dcdaf {
		t.Errorf("splitmix64(0) = %#x", got)
	}
	a, b := New(42), New(42)
	for range 1000 {
		if a.Uint64() != b.Uint64() {
			t.Fatal("one seed gave two sequences")
		}
	}
	r := New(7)
	var counts [10]int
	for range 100000 {
		counts[r.Intn(10)]++
		if f := r.Float64(); f < 0 || f >= 1 {
			t.Fatalf("Float64 = %v", f)
		}
	}
	for i, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("Intn(10) gave %d %d times in 100,000", i, c)
		}
	}
}
