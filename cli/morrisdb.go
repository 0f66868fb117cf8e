package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
)

var morrisCommands = map[string]command{
	"db": {"the perfect-play database of the moving and flying phases: build, stats, check, classes, start, judge", byGame("morris db", morrisDBCommands)},
}

var morrisDBCommands = map[string]command{
	"build":   {"solve the spaces up to W-B by retrograde analysis into a directory (resumable)", morrisDBBuild},
	"stats":   {"print each built space's wins, draws and losses for the side to move", morrisDBStats},
	"check":   {"check random positions of each built space against the game's own rules", morrisDBCheck},
	"classes": {"print each space's placements and the classes the board's 16 symmetries make of them", morrisDBClasses},
	"start":   {"work out the start's value: the placement phase searched, the database at its leaves (resumable)", morrisDBStart},
	"book":    {"build the book of the first placements: each 4-ply position's class solved (resumable)", morrisDBBook},
	"judge":   {"judge played games: where each was lost under perfect play, the placements included", morrisDBJudge},
}

func morrisDBClasses(_ context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db classes", "Prints, for every space W-B from 3-3 to 9-9, its placements (C(24,W)·C(24−W,B)), the\n"+
		"classes the board's 16 symmetries (the square's 8 times the swap of the inner and outer squares) make of them,\n"+
		"counted by Burnside's lemma, and the cells of its file (a row for each class of the mover's sets, a cell for each\n"+
		"set of the other side's: a class each, or a hole where the mover's set has symmetries of its own), a byte a cell.\n"+
		"Then the totals up to 7-7 and in all, and the largest pair {W-B, B-W}.", stderr)
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	var all, allClasses, allCells, to7, to7Classes, to7Cells, pair uint64
	var largest morrisdb.Space
	fmt.Fprintln(stdout, "space  placements  classes  cells  placements/class  holes")
	for w := 3; w <= 9; w++ {
		for b := 3; b <= 9; b++ {
			s := morrisdb.Space{W: w, B: b}
			n, c, cells := s.Placements(), s.Classes(), s.Size()
			fmt.Fprintf(stdout, "%v  %d  %d  %d  %.2f  %.1f%%\n", s, n, c, cells, float64(n)/float64(c), 100*float64(cells-c)/float64(cells))
			all, allClasses, allCells = all+n, allClasses+c, allCells+cells
			if w <= 7 && b <= 7 {
				to7, to7Classes, to7Cells = to7+n, to7Classes+c, to7Cells+cells
			}
			p := cells
			if w != b {
				p += morrisdb.Space{W: b, B: w}.Size()
			}
			if p > pair {
				pair, largest = p, s
			}
		}
	}
	fmt.Fprintf(stdout, "3-3 to 7-7: %d placements, %d classes, %d cells (%.2f GB)\n", to7, to7Classes, to7Cells, float64(to7Cells)/1e9)
	fmt.Fprintf(stdout, "3-3 to 9-9: %d placements, %d classes, %d cells (%.2f GB)\n", all, allClasses, allCells, float64(allCells)/1e9)
	fmt.Fprintf(stdout, "largest pair {%v, %d-%d}: %d cells (%.2f GB of files, %.2f GB to solve at three bytes a cell)\n",
		largest, largest.B, largest.W, pair, float64(pair)/1e9, 3*float64(pair)/1e9)
	return nil
}

func morrisDBBuild(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db build", "Solves Nine Men's Morris (standard rules) with both hands empty by retrograde analysis: the\n"+
		"space W-B (the side to move has W pieces on the board, the other B) and every space it depends on, each pair\n"+
		"{W-B, B-W} after the spaces its captures lead to, each written once to DIR/W-B.mdb (a byte a placement:\n"+
		"win, draw or loss for the side to move and the plies to the next capture or the end; DIR/W-B.long the few whose\n"+
		"distance does not fit) with DIR/W-B.json, its counts. A build that was stopped goes on where it stopped: a space whose file is there is not solved again.", stderr)
	dir := dbDirFlag(f)
	upTo := f.String("up-to", "GAMEAI_MORRIS_DB_UP_TO", "4-4", "the largest space W-B, e.g. 7-7")
	quiet := f.Bool("quiet", "GAMEAI_MORRIS_DB_QUIET", false, "no progress line")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *dir == "" {
		return errNoDBDir
	}
	up, err := morrisdb.ParseSpace(*upTo)
	if err != nil {
		return fmt.Errorf("--up-to: %w", err)
	}
	start := time.Now()
	err = morrisdb.Build(ctx, *dir, up, func(p morrisdb.Progress) {
		switch {
		case p.Finished:
			if !*quiet {
				fmt.Fprintf(stderr, "\r%s\r", strings.Repeat(" ", 50))
			}
			how := fmt.Sprintf("%.1f s", p.Stats[0].BuildSeconds)
			if p.Skipped {
				how = "already built"
			}
			for _, st := range p.Stats {
				fmt.Fprintf(stdout, "%s (%d positions, %s)\n", st, st.Positions, how)
			}
		case !*quiet && p.Level < 0:
			fmt.Fprintf(stderr, "\r[%d/%d] %v: %5.1f%% of its first pass   ", p.PairIndex+1, p.Pairs, p.Pair,
				100*float64(p.Done)/float64(max(p.Total, 1)))
		case !*quiet:
			fmt.Fprintf(stderr, "\r[%d/%d] %v: retrograde pass, distance %d   ", p.PairIndex+1, p.Pairs, p.Pair, p.Level)
		}
	})
	if err != nil {
		if !*quiet {
			fmt.Fprintln(stderr)
		}
		return err
	}
	fmt.Fprintf(stdout, "up to %v built in %s in %s\n", up, *dir, time.Since(start).Round(time.Millisecond))
	return nil
}

func morrisDBStats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db stats", "Prints a line a built space W-B: of all C(24,W)·C(24−W,B) placements (no symmetry\n"+
		"reduction, no reachability filter), the wins, draws and losses for the side to move, and the longest win and loss\n"+
		"in plies to the next capture or the end; then the build time and rate, and the file's size.", stderr)
	dir := dbDirFlag(f)
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *dir == "" {
		return errNoDBDir
	}
	sts, err := morrisdb.SpaceStats(*dir, true)
	if err != nil {
		return err
	}
	if len(sts) == 0 {
		return fmt.Errorf("no space is built in %s (gameai morris db build --dir %s)", *dir, *dir)
	}
	for _, st := range sts {
		fmt.Fprintf(stdout, "%s  (%d positions; built in %.1f s, %.0f positions/s; %d bytes)\n", st, st.Positions,
			st.BuildSeconds, st.PositionsPerS, st.Bytes)
	}
	return nil
}

func morrisDBCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db check", "Checks random placements of each built space (or of --space), either colour to move,\n"+
		"against the game's own rules, not the solver's: a win has a move into a loss of the opponent one ply shorter (a\n"+
		"capture: one ply) and none shorter, a loss moves only into wins of the opponent, the longest one ply shorter,\n"+
		"a draw has no move into a loss and one into a draw. Prints a line a space; stops at the first placement that\n"+
		"disagrees, naming it. Then each space's files are read whole and their SHA-256 compared with the one its\n"+
		"build recorded (--record records it where there is none). Files copied from another machine can be checked before a server uses them.", stderr)
	dir := dbDirFlag(f)
	samples := f.Int("samples", "GAMEAI_MORRIS_DB_SAMPLES", 20000, "placements checked a space")
	seed := f.Uint64("seed", "GAMEAI_MORRIS_DB_SEED", 1, "seed of the placements")
	only := f.String("space", "GAMEAI_MORRIS_DB_SPACE", "", "check this space W-B alone (the spaces its moves lead to must be built)")
	sums := f.Bool("checksums", "GAMEAI_MORRIS_DB_CHECKSUMS", true, "read each space's files whole and compare their SHA-256 with the one its build recorded")
	record := f.Bool("record", "GAMEAI_MORRIS_DB_RECORD", false, "record the SHA-256 of a space that has none (built before they were kept) once its placements agree")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *dir == "" {
		return errNoDBDir
	}
	if *samples < 1 {
		return errors.New("--samples: at least 1")
	}
	db, err := morrisdb.Open(*dir)
	if err != nil {
		return err
	}
	defer db.Close()
	spaces := db.Spaces()
	if *only != "" {
		s, err := morrisdb.ParseSpace(*only)
		if err != nil {
			return fmt.Errorf("--space: %w", err)
		}
		spaces = []morrisdb.Space{s}
	}
	if len(spaces) == 0 {
		return fmt.Errorf("no space is built in %s (gameai morris db build --dir %s)", *dir, *dir)
	}
	for _, s := range spaces {
		start := time.Now()
		if err := db.Verify(ctx, s, *samples, *seed); err != nil {
			return err
		}
		sum := "checksum not read"
		if *sums {
			ok, err := morrisdb.Checksum(*dir, s)
			switch {
			case err != nil:
				return err
			case ok:
				sum = "its files' SHA-256 is its build's"
			case *record:
				if err := morrisdb.RecordChecksum(*dir, s); err != nil {
					return err
				}
				sum = "its files' SHA-256 recorded"
			default:
				sum = "no checksum on record (built before they were kept, or its sidecar lost)"
			}
		}
		fmt.Fprintf(stdout, "%v: %d placements agree with their moves; %s (%s)\n", s, *samples, sum, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// dbDirFlag is the database directory every morris db command takes.
func dbDirFlag(f *flags) *string {
	return f.String("dir", "GAMEAI_MORRIS_DB", "", "the database's directory (required)")
}

// errNoDBDir is a morris db command run without --dir.
var errNoDBDir = errors.New("--dir DIR is required")

// morrisDBFlag is --morris-db, for the commands whose Morris engines play.
func morrisDBFlag(f *flags) *string {
	return f.String("morris-db", "GAMEAI_MORRIS_DB", "", "the Nine Men's Morris perfect-play database (a directory of\n"+
		"gameai morris db build) that the alpha-beta engine probes with both hands empty, and that a server's database\n"+
		"builds write into (on a worker: the pairs it takes, in a directory shared with the others); empty: none")
}

// openMorrisDB opens dir and its book as what the engines know (nil: no
// directory, or nothing built in it); done closes it. An empty directory
// is an error unless empty is allowed (a server or a worker, whose jobs may
// build into it).
func openMorrisDB(dir string, empty bool) (k *morrisai.Knowledge, done func(), err error) {
	if dir == "" {
		return nil, func() {}, nil
	}
	db, err := morrisdb.Open(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("--morris-db: %w", err)
	}
	if len(db.Spaces()) == 0 && !empty {
		db.Close()
		return nil, nil, fmt.Errorf("--morris-db %s: no space is built there (gameai morris db build --dir %s)", dir, dir)
	}
	book, err := readMorrisBook(dir)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return morrisai.NewKnowledge(db, book), func() { db.Close() }, nil
}
