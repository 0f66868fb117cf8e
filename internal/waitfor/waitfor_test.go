package waitfor

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestUntilSeesAConditionThatComesToHold(t *testing.T) {
	var n atomic.Int32
	go func() {
		for range 5 {
			n.Add(1)
		}
	}()
	if !Until(10*time.Second, func() bool { return n.Load() == 5 }) {
		t.Fatal("a condition that held was not seen")
	}
}

func TestUntilGivesUpAtItsLimit(t *testing.T) {
	asked := 0
	start := time.Now()
	if UntilEvery(30*time.Millisecond, 5*time.Millisecond, func() bool { asked++; return false }) {
		t.Fatal("a condition that never holds was said to")
	}
	if took := time.Since(start); took < 30*time.Millisecond || asked < 2 {
		t.Errorf("gave up after %v, asked %d times", took, asked)
	}
}
