package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// BookFile is the book's name in a database's directory: the bot and the
// server play from it when it is there.
const BookFile = "book.jsonl"

func morrisDBBook(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("morris db book", "Builds the book of the first placements: each class of the position where both sides have\n"+
		"placed --placed pieces (standard: 2, after the 4th ply) is solved (the placement phase searched, the database at\n"+
		"its leaves), and the proof gives White's placement that keeps the value and Black's reply to each of White's. One\n"+
		"JSON line a class, appended to --file as it is solved: a run stopped (--time, Ctrl-C, a kill) goes on where it\n"+
		"stopped. The bot and the server (--morris-db DIR) play from DIR/"+BookFile+" when it is there.", stderr)
	dir := dbDirFlag(f)
	file := f.String("file", "GAMEAI_MORRIS_BOOK_FILE", "", "the book's file (default DIR/"+BookFile+")")
	placed := f.Int("placed", "GAMEAI_MORRIS_BOOK_PLACED", 2, "the pieces each side has placed at the book's roots (0 to 2)")
	inHand := f.Int("in-hand", "GAMEAI_MORRIS_BOOK_IN_HAND", 7, "the pieces each side holds at the roots (standard: 9 less --placed)")
	threads := f.Int("threads", "GAMEAI_MORRIS_BOOK_THREADS", 1, "roots solved at once, each with a table of its own")
	tableBits := f.Int("table-bits", "GAMEAI_MORRIS_BOOK_TABLE_BITS", 25, "each table's entries, as a power of two (8 bytes each: 25 is 256 MiB)")
	budget := f.Duration("time", "GAMEAI_MORRIS_BOOK_TIME", 0, "stop after this long (0: when every root is solved)")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *dir == "" {
		return errNoDBDir
	}
	if *tableBits < 10 || *tableBits > 32 {
		return errors.New("--table-bits: 10 to 32")
	}
	if *threads < 1 || *threads > 64 {
		return errors.New("--threads: 1 to 64")
	}
	roots, err := morrisdb.BookRoots(*placed, *inHand)
	if err != nil {
		return fmt.Errorf("--placed, --in-hand: %w", err)
	}
	if *file == "" {
		*file = filepath.Join(*dir, BookFile)
	}
	done, err := bookDone(*file)
	if err != nil {
		return err
	}
	db, err := morrisdb.Open(*dir)
	if err != nil {
		return err
	}
	defer db.Close()
	total := *placed + *inHand
	if missing := db.MissingUpTo(total); len(missing) > 0 {
		return fmt.Errorf("the roots' placements lead to every space from 3-3 to %d-%d; %s lacks %d of them (%v first): gameai morris db build --dir %s --up-to %d-%d",
			total, total, *dir, len(missing), missing[0], *dir, total, total)
	}
	var todo []int
	for i, r := range roots {
		if !done[r.String()] {
			todo = append(todo, i)
		}
	}
	fmt.Fprintf(stdout, "%d roots (%d placed, %d in hand a side), %d solved before, %d to go\n", len(roots), *placed, *inHand, len(roots)-len(todo), len(todo))
	if len(todo) == 0 {
		return nil
	}
	if *budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *budget)
		defer cancel()
	}
	out, err := os.OpenFile(*file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	run := &bookRun{roots: roots, todo: todo, out: out, stdout: stdout, started: time.Now()}
	err = run.solve(ctx, db, *threads, *tableBits)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		fmt.Fprintf(stdout, "stopped after %d roots (%d nodes); %s keeps them, and a run again goes on\n", run.solved, run.nodes, *file)
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "the book is whole: %d roots, %d solved in this run (%d nodes, %s)\n", len(roots), run.solved, run.nodes,
		time.Since(run.started).Round(time.Second))
	return nil
}

// bookRun is one run of the book's build: the roots left, handed to the
// threads in turn, each line appended as it is solved.
type bookRun struct {
	roots   []*morris.Position
	todo    []int
	out     io.Writer
	stdout  io.Writer
	started time.Time

	mu     sync.Mutex
	next   int
	solved int
	nodes  uint64
	err    error
}

// solve runs threads searches, each with a table of its own, until the
// roots are solved or one fails (ctx's end included).
func (r *bookRun) solve(ctx context.Context, db *morrisdb.DB, threads, tableBits int) error {
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			o := morrisdb.NewOpening(db, tableBits)
			for {
				i, ok := r.take()
				if !ok {
					return
				}
				r.keep(o.SolveBookLine(ctx, r.roots[i]))
			}
		})
	}
	wg.Wait()
	return r.err
}

func (r *bookRun) take() (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.next == len(r.todo) || r.err != nil {
		return 0, false
	}
	r.next++
	return r.todo[r.next-1], true
}

// keep appends a root's line, one write a line: a kill leaves at most the
// last line cut short, and the next run drops it.
func (r *bookRun) keep(l morrisdb.BookLine, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return
	}
	if err != nil {
		r.err = err
		return
	}
	b, err := json.Marshal(l)
	if err == nil {
		_, err = r.out.Write(append(b, '\n'))
	}
	if err != nil {
		r.err = err
		return
	}
	r.solved++
	r.nodes += l.Nodes
	el := time.Since(r.started)
	left := time.Duration(float64(el) / float64(r.solved) * float64(len(r.todo)-r.solved))
	fmt.Fprintf(r.stdout, "%d/%d %s: %s for White, %s; %d nodes in %.1f s (%s, about %s left)\n",
		len(r.roots)-len(r.todo)+r.solved, len(r.roots), l.Root, morrisdb.OutcomeName(l.Value), l.Move, l.Nodes, l.Seconds,
		el.Round(time.Second), left.Round(time.Minute))
}

// bookDone reads the roots a book file has solved, and cuts off a last line
// a killed run left short.
func bookDone(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	_, lines, cut, err := morrisdb.ReadBook(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if cut > 0 {
		if err := os.Truncate(path, int64(len(data)-cut)); err != nil {
			return nil, err
		}
	}
	done := map[string]bool{}
	for _, l := range lines {
		done[l.Root] = true
	}
	return done, nil
}

// readMorrisBook is the book in dir, nil when there is none: a book that
// does not read is an error (a stale or damaged file would otherwise go
// unnoticed).
func readMorrisBook(dir string) (*morrisdb.Book, error) {
	path := filepath.Join(dir, BookFile)
	fh, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, _, _, err := morrisdb.ReadBook(fh)
	if err != nil {
		return nil, fmt.Errorf("--morris-db: %s: %w", path, err)
	}
	return b, nil
}
