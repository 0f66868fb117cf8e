// Package lineio reads another program's output line by line in the
// background, so that a caller can wait for the next line with a timeout:
// the engines and bots the match runners talk to.
package lineio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// ErrTimeout is returned when no line came in time.
var ErrTimeout = errors.New("no answer within its time")

// Reader delivers the lines of a stream.
type Reader struct {
	lines chan string
	done  chan struct{}
	err   error
	tap   func(string)
}

// Tap calls f with each line Next delivers, before its caller sees it: a
// referee's transcript of what a program wrote, the lines it skipped
// among them. Set it before the first Next.
func (lr *Reader) Tap(f func(string)) { lr.tap = f }

// NewReader starts reading r (lines up to 1 MB).
func NewReader(r io.Reader) *Reader { return NewReaderLimit(r, 1<<20) }

// NewReaderLimit starts reading r; a line longer than maxLine bytes ends
// the stream with ErrLineTooLong, so a program that writes one endless
// line costs the reader maxLine bytes, not all it writes.
func NewReaderLimit(r io.Reader, maxLine int) *Reader {
	lr := &Reader{lines: make(chan string, 64), done: make(chan struct{})}
	go func() {
		defer close(lr.done)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, min(4096, maxLine+1)), maxLine+1)
		for sc.Scan() {
			lr.lines <- sc.Text()
		}
		lr.err = sc.Err()
		switch {
		case errors.Is(lr.err, bufio.ErrTooLong):
			lr.err = fmt.Errorf("%w (%d bytes)", ErrLineTooLong, maxLine)
		case lr.err == nil:
			lr.err = io.EOF
		}
		close(lr.lines)
	}()
	return lr
}

// ErrLineTooLong ends a stream whose line exceeds the reader's limit.
var ErrLineTooLong = errors.New("a line longer than the protocol allows")

// Next returns the next line, waiting at most timeout (ErrTimeout), for
// ctx, or until the stream ends (an error saying how).
func (lr *Reader) Next(ctx context.Context, timeout time.Duration) (string, error) {
	if timeout <= 0 {
		return "", ErrTimeout
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case l, ok := <-lr.lines:
		if !ok {
			<-lr.done
			if errors.Is(lr.err, ErrLineTooLong) {
				return "", lr.err
			}
			return "", fmt.Errorf("the program ended (%v)", lr.err)
		}
		if lr.tap != nil {
			lr.tap(l)
		}
		return l, nil
	case <-t.C:
		return "", ErrTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Until returns the first line that ok accepts, within timeout in all.
func (lr *Reader) Until(ctx context.Context, timeout time.Duration, ok func(string) bool) (string, error) {
	deadline := time.Now().Add(timeout)
	for {
		l, err := lr.Next(ctx, time.Until(deadline))
		if err != nil || ok(l) {
			return l, err
		}
	}
}
