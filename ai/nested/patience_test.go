package nested

import "testing"

// flat is a problem every playout of which scores the same: after its first
// iteration no level ever improves, so each level of 2 or more runs exactly
// one iteration more than its patience.
type flat struct{ pattern }

func (f *flat) Score() float64 { return 1 }

func TestPatienceEndsEachLevelAndTopPatienceTheTop(t *testing.T) {
	const n = 10
	for _, c := range []struct {
		level, patience, top int
		want                 int64
	}{
		{2, 2, 0, (1 + 2) * n},
		{3, 2, 0, (1 + 2) * (1 + 2) * n},
		{3, 2, 4, (1 + 4) * (1 + 2) * n},
		{2, 2, 4, (1 + 4) * n},
		{3, 0, 4, (1 + 4) * n * n},
		{4, 1, 3, (1 + 3) * (1 + 1) * (1 + 1) * n},
	} {
		r := NewNRPA(&flat{*newPattern()}, NRPAConfig{Iterations: n, Patience: c.patience, TopPatience: c.top}, 1)
		r.Run(c.level, nil)
		if r.Playouts != c.want {
			t.Errorf("level %d, patience %d, top patience %d: %d playouts, want %d",
				c.level, c.patience, c.top, r.Playouts, c.want)
		}
	}
}
