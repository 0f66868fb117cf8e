package cli

import (
	"context"
	"fmt"
	"io"

	"gameai/codecup"
	"gameai/morrisuci"
)

var botCommands = map[string]command{
	"morris": {"Nine Men's Morris over Sanmill's command-line protocol (uci, position, go, bestmove)", botMorris},
	"less":   {"Less over the CodeCup 2017 protocol (layout, colour, then actions)", botLess},
}

func botMorris(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("bot morris", "Plays Nine Men's Morris on standard input and output with Sanmill's engine protocol:\n"+
		"uci, isready, ucinewgame, setoption name N value V (MoveTime in seconds, fractions allowed; SkillLevel,\n"+
		"Depth, Strategy, Engine, Threads, Variant and the rule options), position startpos|fen TEXT [moves ...],\n"+
		"go [movetime MS] [depth N], stop, quit. Diagnostics go to standard error.", stderr)
	morrisDB := morrisDBFlag(f)
	if err := f.parse(args, Getenv); err != nil {
		return err
	}
	know, closeDB, err := openMorrisDB(*morrisDB, false)
	if err != nil {
		return err
	}
	defer closeDB()
	// Before the first readyok: the proofs' table written now is not
	// written in the first move's time.
	know.Prepare()
	b := morrisuci.NewBot(stdout, stderr, BuildVersion(), know)
	return b.Run(ctx, Stdin)
}

func botLess(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("bot less", "Plays one game of Less (CodeCup 2017) on standard input and output: reads the wall layout\n"+
		"(112 digits) and its colour, then writes its actions and reads the others' (h2h3:h1f1, Nil); Quit ends it.\n"+
		"Diagnostics go to standard error.", stderr)
	engine := f.String("engine", "GAMEAI_LESS_ENGINE", codecup.Engines[0], codecup.SpecHelp+
		";\nuct's defaults (teammate=max, scale=3) are the best measured against the CodeCup 2017 runner-up, both in a\n"+
		"team of two of ours and beside that program as teammate (docs/strength.md)")
	budget := f.Duration("budget", "GAMEAI_LESS_BUDGET", codecup.Clock, "thinking time for the whole game")
	seed := f.Uint64("seed", "GAMEAI_LESS_SEED", 1, "seed of the search")
	reuse := f.Bool("reuse-tree", "GAMEAI_LESS_REUSE_TREE", false, "mcts, uct: start each turn's search from the last turn's tree where it reached the position")
	if err := f.parse(args, Getenv); err != nil {
		return err
	}
	cfg, err := codecup.ParseSpec(*engine, codecup.BotConfig{Budget: *budget, Seed: *seed, ReuseTree: *reuse})
	if err != nil {
		return fmt.Errorf("--engine %q: %w", *engine, err)
	}
	return codecup.RunBot(ctx, Stdin, stdout, stderr, cfg)
}
