package nested

import (
	"math"
	"testing"
)

func TestExp32MatchesMathExp(t *testing.T) {
	for x := -float64(maxWeight); x <= maxWeight; x += 0.0137 {
		want := math.Exp(float64(float32(x)))
		got := float64(exp32(float32(x)))
		if rel := math.Abs(got-want) / want; rel > 3e-7 {
			t.Fatalf("exp32(%v) = %v, math.Exp = %v (relative error %.2g)", x, got, want, rel)
		}
	}
	if exp32(0) != 1 {
		t.Errorf("exp32(0) = %v", exp32(0))
	}
}
