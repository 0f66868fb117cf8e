package codecup

import (
	"context"
	"io"
	"strings"
	"testing"

	"gameai/games/less"
)

// Whatever the referee sends, the bot returns and never panics.
func FuzzBot(f *testing.F) {
	f.Add(less.FixtureLayout + "\nRed\nh2h3\nb2b3\ng7g6\n")
	f.Add(less.FixtureLayout + "\nYellow\nNil\nNil\nMove\nQuit\n")
	f.Add("0\nYellow\n")
	f.Fuzz(func(t *testing.T, input string) {
		err := RunBot(context.Background(), strings.NewReader(input), io.Discard, io.Discard, BotConfig{Engine: "greedy"})
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%q: %v", input, err)
		}
	})
}
