package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
)

// Version is set at build time with -ldflags "-X gameai/cli.Version=...".
var Version = "dev"

type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"serve":   {"run the HTTP API server", runServe},
	"worker":  {"run tasks of the servers' jobs from Redis (several machines, one Redis)", runWorker},
	"bot":     {"play a game over a command-line protocol (morris: Sanmill's; less: CodeCup's)", byGame("bot", botCommands)},
	"match":   {"play a series of games between two engines or programs", byGame("match", matchCommands)},
	"tune":    {"tune an evaluation with the genetic algorithm (morris)", byGame("tune", tuneCommands)},
	"referee": {"run games between programs speaking a game protocol (less)", byGame("referee", refereeCommands)},
	"competition": {"run a competition (round robin or Swiss) between programs and our engines (less, morris)",
		byGame("competition", competitionCommands)},
	"morpion": {"Morpion Solitaire: convert, validate, dna, layers and the record search", runMorpion},
	"morris":  {"Nine Men's Morris: the perfect-play database (db build, db stats)", byGame("morris", morrisCommands)},
	"bench":   {"measure the engines' speed on this machine (the work of BENCHMARKS.md)", runBench},
	"try":     {"play your program's validation games on your machine before you upload it (less, morris)", byGame("try", tryCommands)},
	"version": {"print the version", runVersion},
}

// Main runs the subcommand named by args[0] and returns the exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		// Asked for, so it is the answer: stdout, for a pager or grep.
		usage(stdout)
		return 0
	case "--version", "-version":
		args = append([]string{"version"}, args[1:]...)
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gameai: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	if err := cmd.run(ctx, args[1:], stdout, stderr); err != nil {
		if errors.Is(err, errHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "gameai %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "gameai: expert game AI for Morpion Solitaire, Nine Men's Morris and Less")
	fmt.Fprintln(w, "\nusage: gameai COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun `gameai COMMAND --help` for a command's flags and their environment variables.")
}

// BuildVersion is Version with the VCS revision when the build recorded it.
func BuildVersion() string {
	v := Version
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += "+" + s.Value[:12]
			}
		}
	}
	return v
}

func runVersion(_ context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("version", "Prints the version of this build.", stderr)
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "gameai", BuildVersion())
	return nil
}
