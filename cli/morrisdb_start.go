package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gameai/ai/morrisdb"
)

// startState is what `morris db start` keeps between runs: every line of
// the start's first two placements, with the values solved so far.
type startState struct {
	Lines []morrisdb.StartLine `json:"lines"`
}

func morrisDBStart(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db start", "Works out the value of the start of Nine Men's Morris (standard rules): an alpha-beta search\n"+
		"of win, draw or loss over the placement phase, the database at its leaves (where both hands are empty), a\n"+
		"transposition table by class under the board's symmetries. The work is split into the classes of the first two\n"+
		"placements (lines), each solved whole and kept in --state, so a run stopped (--time, Ctrl-C) goes on where it\n"+
		"stopped; it ends when the lines solved decide the start. Needs every space the placements lead to (up to 9-9).", stderr)
	dir := dbDirFlag(f)
	state := f.String("state", "GAMEAI_MORRIS_START_STATE", "", "the file of the lines solved (default DIR/start.json)")
	tableBits := f.Int("table-bits", "GAMEAI_MORRIS_START_TABLE_BITS", 26, "the transposition table's entries, as a power of two (8 bytes each: 26 is 512 MiB)")
	budget := f.Duration("time", "GAMEAI_MORRIS_START_TIME", 0, "stop after this long (0: until the start is decided)")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *dir == "" {
		return errNoDBDir
	}
	if *tableBits < 10 || *tableBits > 32 {
		return errors.New("--table-bits: 10 to 32")
	}
	if *state == "" {
		*state = filepath.Join(*dir, "start.json")
	}
	st, err := readStartState(*state)
	if err != nil {
		return err
	}
	db, err := morrisdb.Open(*dir)
	if err != nil {
		return err
	}
	defer db.Close()
	if missing := db.MissingForStart(); len(missing) > 0 {
		return fmt.Errorf("the placements lead to every space from 3-3 to 9-9; %s lacks %d of them (%v first): gameai morris db build --dir %s --up-to 9-9",
			*dir, len(missing), missing[0], *dir)
	}
	if *budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *budget)
		defer cancel()
	}
	o := morrisdb.NewOpening(db, *tableBits)
	say := func() {
		lo, hi := morrisdb.StartBounds(st.Lines)
		solved, nodes, secs := 0, uint64(0), 0.0
		for _, l := range st.Lines {
			if l.Solved {
				solved++
				nodes += l.Nodes
				secs += l.Seconds
			}
		}
		fmt.Fprintf(stdout, "the start, for White: %s (%d of %d lines solved, %d nodes in %.0f s)\n", boundsText(lo, hi),
			solved, len(st.Lines), nodes, secs)
	}
	err = o.ProveStart(ctx, st.Lines, func(i int) error {
		l := st.Lines[i]
		fmt.Fprintf(stdout, "%s %s: %s for White, %d nodes in %.1f s\n", l.White, l.Black, outcomeWord(l.Value), l.Nodes, l.Seconds)
		return writeStartState(*state, st)
	})
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		say()
		fmt.Fprintf(stdout, "stopped; --state %s keeps the lines solved\n", *state)
		return nil
	}
	if err != nil {
		return err
	}
	say()
	return nil
}

func outcomeWord(v int) string { return "a " + morrisdb.OutcomeName(v) }

func boundsText(lo, hi int) string {
	if lo == hi {
		return outcomeWord(lo)
	}
	return fmt.Sprintf("at least %s, at most %s", outcomeWord(lo), outcomeWord(hi))
}

// readStartState reads the lines solved, or starts them all afresh when
// the file is not there.
func readStartState(path string) (startState, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return startState{Lines: morrisdb.StartLines()}, nil
	}
	if err != nil {
		return startState{}, err
	}
	var st startState
	if err := json.Unmarshal(b, &st); err != nil {
		return st, fmt.Errorf("%s: %w", path, err)
	}
	if want := morrisdb.StartLines(); len(st.Lines) != len(want) {
		return st, fmt.Errorf("%s: %d lines, want %d: not a state of this command", path, len(st.Lines), len(want))
	}
	return st, nil
}

// writeStartState writes st through a temporary file: a run killed while
// writing leaves the last state whole.
func writeStartState(path string, st startState) error {
	b, err := json.MarshalIndent(st, "", " ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
