// Command lesscrash is a Less bot that plays legal actions (our greedy
// engine) and crashes after its fifth, having written to standard error:
// the competitions' tests upload it as a bot that fails mid-game.
package main

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"gameai/codecup"
)

// crashAfter counts the actions written and exits after the fifth.
type crashAfter struct{ n int }

func (c *crashAfter) Write(p []byte) (int, error) {
	n, err := os.Stdout.Write(p)
	c.n += bytes.Count(p, []byte("\n"))
	if c.n >= 5 {
		fmt.Fprintln(os.Stderr, "lesscrash: giving up after five actions")
		os.Exit(3)
	}
	return n, err
}

func main() {
	_ = codecup.RunBot(context.Background(), os.Stdin, &crashAfter{}, os.Stderr, codecup.BotConfig{Engine: "greedy"})
}
