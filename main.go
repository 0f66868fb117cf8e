// Command gameai is the game-AI server and its tools: `gameai serve` runs the
// HTTP API; `gameai version` prints the build. See README.md.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"gameai/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
