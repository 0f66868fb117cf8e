package cli

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
)

// byGame is a subcommand whose first argument names a game (gameai bot
// morris, gameai referee less): it prints the games on help and runs the
// named one's command with the rest.
func byGame(verb string, games map[string]command) func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
			fmt.Fprintf(stderr, "usage: gameai %s GAME [flags]\n\ngames:\n", verb)
			for _, n := range sortedKeys(games) {
				fmt.Fprintf(stderr, "  %-8s %s\n", n, games[n].summary)
			}
			if len(args) == 0 {
				return fmt.Errorf("name a game")
			}
			return errHelp
		}
		cmd, ok := games[args[0]]
		if !ok {
			return fmt.Errorf("unknown game %q (%v)", args[0], sortedKeys(games))
		}
		return cmd.run(ctx, args[1:], stdout, stderr)
	}
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
