// Command lessturncoat is a Less bot that plays legal actions (our greedy
// engine) until its third, then turns hostile: it starts a child that
// outlives it unless it is killed, and spins without answering. The competitions' tests upload it as a bot admitted
// in good faith that misbehaves in a game.
package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"time"

	"gameai/codecup"
)

const childEnv = "LESSTURNCOAT_CHILD"

// turnAfter counts the actions written and turns after the third.
type turnAfter struct{ n int }

func (c *turnAfter) Write(p []byte) (int, error) {
	n, err := os.Stdout.Write(p)
	c.n += bytes.Count(p, []byte("\n"))
	if c.n >= 3 {
		turn()
	}
	return n, err
}

func turn() {
	child := exec.Command(os.Args[0])
	child.Env = append(os.Environ(), childEnv+"=1")
	_ = child.Start()
	for x := 0; ; x++ {
		_ = x * x
	}
}

func main() {
	if os.Getenv(childEnv) != "" {
		time.Sleep(time.Hour)
		return
	}
	_ = codecup.RunBot(context.Background(), os.Stdin, &turnAfter{}, os.Stderr, codecup.BotConfig{Engine: "greedy"})
}
