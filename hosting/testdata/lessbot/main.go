// Command lessbot is a legal Less bot (our greedy engine) for the hosting
// tests, built as a static executable and uploaded like anyone's.
package main

import (
	"context"
	"os"

	"gameai/codecup"
)

func main() {
	_ = codecup.RunBot(context.Background(), os.Stdin, os.Stdout, os.Stderr, codecup.BotConfig{Engine: "greedy"})
}
