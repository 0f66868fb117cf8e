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

func TestLineOverTheLimitEndsTheStream(t *testing.T) {
	r := NewReaderLimit(strings.NewReader("short\n"+strings.Repeat("x", 100)+"\nnever\n"), 64)
	if l, err := r.Next(context.Background(), time.Second); l != "short" || err != nil {
		t.Fatalf("%q %v", l, err)
	}
	if _, err := r.Next(context.Background(), time.Second); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("100 bytes past a 64-byte limit: %v", err)
	}
	exact := NewReaderLimit(strings.NewReader(strings.Repeat("y", 64)+"\n"), 64)
	if l, err := exact.Next(context.Background(), time.Second); len(l) != 64 || err != nil {
		t.Fatalf("a line of exactly the limit: %d %v", len(l), err)
	}
}
