// Command morrisbot is a legal Morris bot (our alpha-beta over Sanmill's
// protocol) for the hosting tests, built as a static executable.
package main

import (
	"context"
	"os"

	"gameai/morrisuci"
)

func main() {
	_ = morrisuci.NewBot(os.Stdout, os.Stderr, "test", nil).Run(context.Background(), os.Stdin)
}
