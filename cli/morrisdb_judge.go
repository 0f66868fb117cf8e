package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

func morrisDBJudge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db judge", "Judges played games (a file of records, as gameai match morris --out writes them): for each,\n"+
		"White's outcome under perfect play at ply --from, and every move after it that lowered its mover's outcome, the\n"+
		"placements included (a search of the placement phase a placement, the database at its leaves; seconds each before\n"+
		"the 8th ply, about two minutes from the start). Where a lost game was lost: by the opening, or by a move, and whose.\n"+
		"Needs every space from 3-3 to 9-9 for the placement phase.", stderr)
	dir := dbDirFlag(f)
	file := f.String("games", "GAMEAI_MORRIS_JUDGE_GAMES", "", "the file of game records (required)")
	rounds := f.String("rounds", "GAMEAI_MORRIS_JUDGE_ROUNDS", "", "only the games whose Round tag is one of these, comma-separated (empty: all)")
	from := f.Int("from", "GAMEAI_MORRIS_JUDGE_FROM", 5, "the ply (from 1) whose position is valued first: 5 after a match's 4 random plies")
	tableBits := f.Int("table-bits", "GAMEAI_MORRIS_JUDGE_TABLE_BITS", 26, "the search's table, as a power of two of 8-byte entries (26 is 512 MiB)")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	switch {
	case *dir == "":
		return errNoDBDir
	case *file == "":
		return errors.New("--games FILE is required")
	case *from < 1:
		return errors.New("--from: a ply, from 1")
	case *tableBits < 10 || *tableBits > 32:
		return errors.New("--table-bits: 10 to 32")
	}
	text, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	recs, err := morris.ParseGameRecords(string(text))
	if err != nil {
		return fmt.Errorf("--games %s: %w", *file, err)
	}
	var want []string
	if *rounds != "" {
		want = strings.Split(*rounds, ",")
	}
	db, err := morrisdb.Open(*dir)
	if err != nil {
		return err
	}
	defer db.Close()
	o := morrisdb.NewOpening(db, *tableBits)
	for i, r := range recs {
		round := r.Tags["Round"]
		if want != nil && !slices.Contains(want, round) {
			continue
		}
		start, err := r.Start()
		if err != nil {
			return fmt.Errorf("record %d: %w", i+1, err)
		}
		first, mistakes, err := o.Mistakes(ctx, start, r.Moves, *from)
		if err != nil {
			return fmt.Errorf("record %d (round %s): %w", i+1, round, err)
		}
		result := r.Tags["Result"]
		if result == "" {
			result = morris.Unfinished
		}
		fmt.Fprintf(stdout, "round %s: %s (white) against %s (black), %s: at ply %d %s for White", round, r.Tags["White"],
			r.Tags["Black"], result, *from, outcomeWord(first))
		if len(mistakes) == 0 {
			fmt.Fprintln(stdout, "; no move lowered its mover's outcome")
			continue
		}
		for _, m := range mistakes {
			fmt.Fprintf(stdout, "; %v", m)
		}
		fmt.Fprintln(stdout)
	}
	return nil
}
