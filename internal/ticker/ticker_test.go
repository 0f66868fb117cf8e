package ticker

import (
	"gameai/internal/waitfor"
	"sync/atomic"
	"testing"
	"time"
)

// f runs at the period until stop, and never after stop returns.
func TestEveryStopsCleanly(t *testing.T) {
	var n atomic.Int64
	stop := Every(time.Millisecond, func() { n.Add(1) })
	waitfor.Until(5*time.Second, func() bool { return n.Load() >= 3 })
	stop()
	after := n.Load()
	if after < 3 {
		t.Fatalf("called %d times in 5 s at 1 ms", after)
	}
	time.Sleep(20 * time.Millisecond) // twenty periods in which no call may come
	if n.Load() != after {
		t.Errorf("called after stop returned: %d then %d", after, n.Load())
	}
}
