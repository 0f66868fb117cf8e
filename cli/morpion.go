package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"gameai/games/morpion"
)

// Stdin is the standard input of the real binary (tests replace it).
var Stdin io.Reader = os.Stdin

var morpionCommands = map[string]command{
	"convert":  {"convert a grid between formats (pentasol, json, layers → pentasol, json, layers, svg, text)", morpionConvert},
	"validate": {"check a grid by the rules; exit 1 when it is not legal", morpionValidate},
	"dna":      {"interpret the ascending or a random DNA", morpionDNA},
	"layers":   {"print a grid's layer sizes and number of orders", morpionLayers},
	"search":   {"hunt long games with NRPA, NMCS or the DNA search; resumable", morpionSearch},
}

func runMorpion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(stderr, "usage: gameai morpion COMMAND [flags] [FILE]\n\ncommands:")
		for _, n := range []string{"convert", "validate", "dna", "layers", "search"} {
			fmt.Fprintf(stderr, "  %-9s %s\n", n, morpionCommands[n].summary)
		}
		fmt.Fprintln(stderr, "\nFILE is read, or standard input when it is - or absent. Run `gameai morpion COMMAND --help` for flags.")
		if len(args) == 0 {
			return errors.New("a command is needed")
		}
		return errHelp
	}
	cmd, ok := morpionCommands[args[0]]
	if !ok {
		return fmt.Errorf("unknown command %q (convert, validate, dna, layers, search)", args[0])
	}
	return cmd.run(ctx, args[1:], stdout, stderr)
}

// gridFlags are the flags every grid-reading command shares.
type gridFlags struct {
	*flags
	variant, from *string
}

func newGridFlags(name, help string, stderr io.Writer) gridFlags {
	f := newFlags("morpion "+name, help, stderr)
	return gridFlags{flags: f,
		variant: f.String("variant", "GAMEAI_MORPION_VARIANT", "5T", "5T or 5D"),
		from:    f.String("from", "GAMEAI_MORPION_FROM", "auto", "input format: pentasol, json, layers or auto"),
	}
}

// read parses the flags, then reads and checks the grid from FILE or stdin.
func (g gridFlags) read(args []string) (*morpion.Grid, error) {
	if err := g.parse(args, Getenv); err != nil {
		return nil, err
	}
	v, err := morpion.ParseVariant(*g.variant)
	if err != nil {
		return nil, err
	}
	text, name, err := readInput(g.fs.Args())
	if err != nil {
		return nil, err
	}
	grid, err := morpion.Read(v, morpion.Format(*g.from), text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return grid, nil
}

func readInput(args []string) (text, name string, err error) {
	if len(args) > 1 {
		return "", "", fmt.Errorf("one input file at most, got %d", len(args))
	}
	var r io.Reader = Stdin
	name = "stdin"
	if len(args) == 1 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return "", "", err
		}
		defer f.Close()
		r, name = f, args[0]
	}
	b, err := io.ReadAll(io.LimitReader(r, morpion.MaxTextBytes+1))
	if err != nil {
		return "", "", err
	}
	if len(b) > morpion.MaxTextBytes {
		return "", "", fmt.Errorf("%s: more than %d bytes", name, morpion.MaxTextBytes)
	}
	return string(b), name, nil
}

func morpionConvert(_ context.Context, args []string, stdout, stderr io.Writer) error {
	g := newGridFlags("convert", "Converts a grid between formats and writes it to standard output.", stderr)
	to := g.String("to", "GAMEAI_MORPION_TO", "", "output format: pentasol, json, layers, svg or text")
	numbers := g.Bool("numbers", "GAMEAI_MORPION_NUMBERS", false, "svg: write move numbers beside the dots")
	grid, err := g.read(args)
	if err != nil {
		return err
	}
	if *to == "" {
		return errors.New("--to is required (pentasol, json, layers, svg or text)")
	}
	var out string
	if *to == string(morpion.FormatSVG) {
		out = morpion.SVG(grid, morpion.SVGOptions{Numbers: *numbers})
	} else if out, err = morpion.Write(grid, morpion.Format(*to)); err != nil {
		return err
	}
	_, err = io.WriteString(stdout, out)
	return err
}

// errInvalid makes validate exit 1 after it has said why.
var errInvalid = errors.New("the grid is not legal")

func morpionValidate(_ context.Context, args []string, stdout, stderr io.Writer) error {
	g := newGridFlags("validate", "Replays a grid by the rules. Prints its score, or the first illegal move and why; exits 1 when it is not legal.", stderr)
	grid, err := g.read(args)
	var me *morpion.MoveError
	var pe *morpion.ParseError
	if errors.As(err, &me) || errors.As(err, &pe) {
		fmt.Fprintf(stdout, "invalid: %v\n", err)
		return errInvalid
	}
	if err != nil {
		return err
	}
	b := grid.Board()
	state := "finished"
	if b.NumLegal() > 0 {
		state = fmt.Sprintf("not finished, %d legal moves left", b.NumLegal())
	}
	fmt.Fprintf(stdout, "valid: %v grid of %d moves, %s\n", grid.Variant, grid.Score(), state)
	return nil
}

func morpionDNA(_ context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morpion dna", "Interprets a DNA from the start position and writes the game.", stderr)
	variant := f.String("variant", "GAMEAI_MORPION_VARIANT", "5T", "5T or 5D")
	asc := f.Bool("ascending", "GAMEAI_MORPION_ASCENDING", false, "the ascending DNA (preference i for line i)")
	random := f.Bool("random", "GAMEAI_MORPION_RANDOM", false, "a random DNA drawn with --seed")
	seed := f.Uint64("seed", "GAMEAI_MORPION_SEED", 1, "seed of --random")
	to := f.String("to", "GAMEAI_MORPION_TO", "json", "output format: pentasol, json, layers, svg or text")
	if err := f.parse(args, Getenv); err != nil {
		return err
	}
	v, err := morpion.ParseVariant(*variant)
	if err != nil {
		return err
	}
	var dna *morpion.DNA
	switch {
	case *asc == *random:
		return errors.New("give exactly one of --ascending and --random")
	case *asc:
		dna = morpion.AscendingDNA()
	default:
		dna = morpion.RandomDNA(morpion.NewRand(*seed))
	}
	out, err := morpion.Write(dna.Interpret(v), morpion.Format(*to))
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, out)
	return err
}

func morpionLayers(_ context.Context, args []string, stdout, stderr io.Writer) error {
	g := newGridFlags("layers", "Prints a grid's layers: their sizes and the number of orders the grid can be played in.", stderr)
	grid, err := g.read(args)
	if err != nil {
		return err
	}
	st := morpion.AnalyzeLayers(grid)
	sizes := make([]string, len(st.Sizes))
	for i, s := range st.Sizes {
		sizes[i] = fmt.Sprint(s)
	}
	fmt.Fprintf(stdout, "moves:  %d\nlayers: %d\nsizes:  %s\norders: %s\ncode:   %s\n",
		grid.Score(), len(st.Sizes), strings.Join(sizes, " "), st.Orders, morpion.EncodeLayers(grid))
	return nil
}
