package lineio

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestLinesTimeoutAndEnd(t *testing.T) {
	pr, pw := io.Pipe()
	r := NewReader(pr)
	go func() {
		_, _ = io.WriteString(pw, "one\ntwo\n")
	}()
	if l, err := r.Next(context.Background(), time.Second); l != "one" || err != nil {
		t.Fatalf("%q %v", l, err)
	}
	if l, err := r.Until(context.Background(), time.Second, func(s string) bool { return strings.HasPrefix(s, "t") }); l != "two" || err != nil {
		t.Fatalf("%q %v", l, err)
	}
	if _, err := r.Next(context.Background(), 20*time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Errorf("no line: %v", err)
	}
	pw.Close()
	if _, err := r.Next(context.Background(), time.Second); err == nil || !strings.Contains(err.Error(), "ended") {
		t.Errorf("closed: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pr2, _ := io.Pipe()
	if _, err := NewReader(pr2).Next(ctx, time.Second); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
