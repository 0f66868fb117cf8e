package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"gameai/hosting"
	"gameai/store"
)

var tryCommands = map[string]command{
	"less":   {"your Less program's validation games, on your machine, before you upload it", tryGame("less")},
	"morris": {"your Morris program's validation games, on your machine, before you upload it", tryGame("morris")},
}

// errRejected is a program that would not be admitted: the command fails
// (exit status 1), so a script or CI of the author's can test for it.
var errRejected = errors.New("it would be rejected")

func tryGame(game string) func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		f := newFlags("try "+game, "Usage: gameai try "+game+" [flags] -- PROGRAM [ARGS...]\n\nPlays the validation games an upload of your "+game+
			" bot would play on this server's defaults, with\n"+
			"your program run on this machine as a command (not confined), on the real referee and clock, against our\n"+
			"engines: the same games in the same seats, a fault judged the same way. Prints each game's conversation\n"+
			"(> what the referee sent, < what your program wrote, with the seconds since the start) and its result;\n"+
			"your program's standard error goes to this one's. Exits 1 when it would be rejected. The protocol:\n"+
			"docs/protocol/"+game+".md, or /#/protocol/"+game+" on a server.", stderr)
		seed := f.Uint64("seed", "GAMEAI_TRY_SEED", 1, "chooses the boards (an upload's come from its id)")
		games := f.Int("games", "GAMEAI_TRY_GAMES", 0, "play the first N validation games only (0: all)")
		clock := f.Duration("clock", "GAMEAI_TRY_CLOCK", 30*time.Second, "less: thinking time for a whole game")
		moveTime := f.Duration("move-time", "GAMEAI_TRY_MOVE_TIME", 200*time.Millisecond, "morris: sent as go movetime")
		if err := f.parse(args, Getenv); err != nil {
			return err
		}
		argv := f.fs.Args()
		if len(argv) == 0 {
			return fmt.Errorf("name your program after --, e.g. gameai try %s -- python3 bot.py", game)
		}
		k, faulted := 0, false
		cfg := hosting.Config{LessClock: *clock, MorrisMoveTime: *moveTime}
		if *games < 0 || *clock <= 0 || *moveTime <= 0 {
			return fmt.Errorf("--games at least 0 (all), --clock and --move-time above 0")
		}
		err := hosting.Try(ctx, cfg, game, *games, &hosting.Local{Argv: argv, Stderr: stderr}, *seed,
			func(g store.ValidationGame, d store.GameDetails) {
				k++
				fmt.Fprintf(stdout, "Game %d, as %s, against %s\n%s", k, g.Seat, g.Opponents, d.Transcript)
				if g.Fault != "" {
					faulted = true
					when := fmt.Sprintf("at turn %d", g.Turn)
					if g.Turn == 0 {
						when = "before its first move"
					}
					fmt.Fprintf(stdout, "Lost irregularly %s (%s): %s\n\n", when, g.FaultKind, g.Fault)
					return
				}
				fmt.Fprintf(stdout, "%s, %.2f s on its clock\n\n", g.Result, float64(g.ThinkMS)/1000)
			})
		if err != nil {
			return err
		}
		if faulted {
			return errRejected
		}
		fmt.Fprintf(stdout, "Every validation game played through: an upload of it would be admitted.\n")
		return nil
	}
}
