package less

import "testing"

// BenchmarkNewDistances computes a layout's solo-distance tables: what a
// bot pays once per game before its first move.
func BenchmarkNewDistances(b *testing.B) {
	w, err := ParseWalls(FixtureLayout)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if d := NewDistances(w); d.Solo(0, Targets[0]) != 0 {
			b.Fatal("a set on its target is not at distance 0")
		}
	}
}
