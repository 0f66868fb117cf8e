// Command lesscrash is a Less bot that plays legal actions and crashes
// (exit status 3) after its fifth, having written to standard error: the
// competitions' tests upload it as a bot that fails mid-game.
package main

import (
	"fmt"
	"os"

	"gameai/internal/lessfirst"
)

func main() {
	if err := lessfirst.Play(os.Stdin, os.Stdout, os.Stderr, "lesscrash", 5); err != nil {
		fmt.Fprintln(os.Stderr, "lesscrash:", err)
		os.Exit(3)
	}
}
