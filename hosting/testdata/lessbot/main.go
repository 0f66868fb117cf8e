// Command lessbot is a legal Less bot for the hosting tests, built as a
// static executable and uploaded like anyone's: it plays each turn's first
// legal action (internal/lessfirst), quickly, and says its colour and
// layout on standard error.
package main

import (
	"fmt"
	"os"

	"gameai/internal/lessfirst"
)

func main() {
	if err := lessfirst.Play(os.Stdin, os.Stdout, os.Stderr, "lessbot", 0); err != nil {
		fmt.Fprintln(os.Stderr, "lessbot:", err)
		os.Exit(2)
	}
}
