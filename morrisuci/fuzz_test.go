package morrisuci

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// Whatever the lines, the bot answers without crashing and ends at quit.
func FuzzBot(f *testing.F) {
	f.Add("uci\nisready\nposition startpos moves d6 d2\ngo depth 2\n")
	f.Add("position fen W../.../.../......../.../.../... w 8 9 0 1 -\ngo movetime 5\n")
	f.Add("setoption name MoveTime value -1\ngo wtime 10 btime 10\nposition startpos moves xb4 d6-\n")
	f.Fuzz(func(t *testing.T, script string) {
		b := NewBot(io.Discard, io.Discard, "fuzz", nil)
		b.moveTime = 5 * time.Millisecond
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = b.Run(context.Background(), strings.NewReader(script+"\nquit\n"))
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("the bot did not end on %q", script)
		}
	})
}
