package ticker

import (
	"sync/atomic"
	"testing"
	"time"
)

// f runs at the period until stop, and never after stop returns.
func TestEveryStopsCleanly(t *testing.T) {
	var n atomic.Int64
	stop := Every(time.Millisecond, func() { n.Add(1) })
	deadline := time.Now().Add(5 * time.Second)
	for n.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	after := n.Load()
	if after < 3 {
		t.Fatalf("called %d times in 5 s at 1 ms", after)
	}
	time.Sleep(20 * time.Millisecond)
	if n.Load() != after {
		t.Errorf("called after stop returned: %d then %d", after, n.Load())
	}
}
