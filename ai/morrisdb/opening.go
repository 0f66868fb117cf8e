package morrisdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"gameai/games/morris"
)

// Opening works out game-theoretic values of the placement phase: an
// alpha-beta search of win, draw or loss (for the side to move) over the
// placements, whose leaves are the positions where both hands are empty,
// valued by the database; a transposition table keyed by the class of a
// position under the board's symmetries (exact keys: the canonical
// placement and the hands) keeps what is proved of each. It is Gasser's way
// to the value of the start (1996: an 18-ply search on his database).
type Opening struct {
	db    *DB
	table []uint64
	mask  uint64
	// Nodes counts the positions searched; Leaves those read from the
	// database.
	Nodes, Leaves uint64
	// OnNodes, when set, hears the nodes searched every 2^22 of them.
	OnNodes func(nodes uint64)
	// Threats orders the placements that threaten a mill before the
	// quiet ones. Proofs that a side wins come out smaller (that each of
	// 13 placements lost to Sanmill loses: 6.0 M nodes in all, 3.9 M
	// with threats), proofs of a draw larger (8 random 4-ply openings:
	// 76 M, 152 M with threats): set for refuting a move, not for values.
	Threats bool
	ctx     context.Context
	buf     [19][]morris.Move
}

// Outcomes, for the side to move.
const (
	Lost  = -1
	Drawn = 0
	Won   = 1
)

// NewOpening searches on db with a table of 2^bits entries (8 bytes each).
func NewOpening(db *DB, tableBits int) *Opening {
	return &Opening{db: db, table: make([]uint64, 1<<tableBits), mask: 1<<tableBits - 1}
}

// Warm writes to every page of the table: the memory a new table is
// given comes page by page at the first write, and on a virtual machine
// those faults cost the first proof a third of its speed (a proof of 1 M
// nodes with 2^25 entries). A program that proves within a move's time
// warms its table before the game. It zeroes one entry a page: on a table
// in use, a bound lost, to be proved again.
func (o *Opening) Warm() {
	const perPage = 4096 / 8
	for i := 0; i < len(o.table); i += perPage {
		o.table[i] = 0
	}
}

// ErrOpeningSpace is a leaf whose space is not built.
var ErrOpeningSpace = errors.New("a space the placements lead to is not built")

// Solve is the value of p (standard rules, in the placement phase or with
// both hands empty) for the side to move: Won, Drawn or Lost. A search
// stopped by ctx returns its error.
func (o *Opening) Solve(ctx context.Context, p *morris.Position) (v int, err error) {
	return o.SolveWithin(ctx, p, Lost, Won)
}

// SolveWithin is Solve within the window [alpha, beta] (fail-soft: a
// value at or below alpha is an upper bound of p's, one at or above beta
// a lower bound): with alpha = v-1 and beta = v it answers only whether
// p's value is below v, often at a fraction of the cost.
func (o *Opening) SolveWithin(ctx context.Context, p *morris.Position, alpha, beta int) (v int, err error) {
	if !Covers(p.Rules()) {
		return 0, fmt.Errorf("the opening is solved under the database's rules only")
	}
	// The search looks at ctx every 1,024 nodes; a proof asked past its
	// deadline is refused before it starts.
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	o.ctx = ctx
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(openingStop)
			if !ok {
				panic(r)
			}
			err = e.err
		}
	}()
	return o.search(p.Clone(), alpha, beta, 0), nil
}

// openingStop unwinds a search that cannot go on (panic and recover: the
// recursion is deep and the check is rare).
type openingStop struct{ err error }

// Entry: the key (the canonical mover's and other's sets, 48 bits, and
// their hands, 4 bits each) and the bounds proved, lower and upper (each
// value + 1, in 2 bits).
const (
	keyBits   = 56
	boundMask = 1<<keyBits - 1
)

func openingKey(p *morris.Position) uint64 {
	us := p.SideToMove()
	m, oth, _ := morris.Canonical(p.Pieces(us), p.Pieces(1-us))
	return uint64(m)<<24 | uint64(oth) | uint64(p.InHand(us))<<48 | uint64(p.InHand(1-us))<<52
}

// slot is the key's place in the table (a multiplicative hash of it).
func (o *Opening) slot(key uint64) uint64 { return (key * 0x9E3779B97F4A7C15 >> 20) & o.mask }

func (o *Opening) probe(key uint64) (lo, hi int, ok bool) {
	e := o.table[o.slot(key)]
	if e == 0 || e&boundMask != key {
		return Lost, Won, false
	}
	return int(e>>keyBits&3) - 1, int(e>>(keyBits+2)&3) - 1, true
}

func (o *Opening) store(key uint64, lo, hi int) {
	o.table[o.slot(key)] = key | uint64(lo+1)<<keyBits | uint64(hi+1)<<(keyBits+2)
}

// search is the value of p for the side to move within [alpha, beta]
// (fail-soft: a value at or below alpha is an upper bound, at or above
// beta a lower one).
func (o *Opening) search(p *morris.Position, alpha, beta, depth int) int {
	o.Nodes++
	// Every 1,024 nodes: a leaf whose page is not in memory costs a
	// read from disk, and a proof with a deadline must stop near it.
	if o.Nodes&0x3ff == 0 {
		if o.ctx.Err() != nil {
			panic(openingStop{o.ctx.Err()})
		}
		if o.OnNodes != nil && o.Nodes&(1<<22-1) == 0 {
			o.OnNodes(o.Nodes)
		}
	}
	us := p.SideToMove()
	switch {
	case p.Material(us) < 3:
		return Lost
	case p.Material(1-us) < 3:
		return Won
	}
	if p.InHand(morris.White) == 0 && p.InHand(morris.Black) == 0 {
		o.Leaves++
		v, ok := o.db.Lookup(p.Pieces(us), p.Pieces(1-us))
		if !ok {
			panic(openingStop{fmt.Errorf("%w: %d-%d", ErrOpeningSpace, p.Pieces(us).Count(), p.Pieces(1-us).Count())})
		}
		return v.Outcome()
	}
	key := openingKey(p)
	lo, hi, _ := o.probe(key)
	if lo >= beta || lo == hi {
		return lo
	}
	if hi <= alpha {
		return hi
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	a0, b0 := alpha, beta
	// A buffer a depth: a placement phase is 18 plies at most.
	moves := orderOpening(p, p.GenMoves(o.buf[depth][:0]), o.Threats)
	o.buf[depth] = moves
	best := Lost - 1
	for _, m := range moves {
		p.Make(m)
		v := -o.search(p, -beta, -alpha, depth+1)
		p.Unmake(m)
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	if len(moves) == 0 {
		best = Lost
	}
	switch {
	case best <= a0:
		hi = min(hi, best)
	case best >= b0:
		lo = max(lo, best)
	default:
		lo, hi = best, best
	}
	o.store(key, lo, hi)
	return best
}

// orderOpening puts first the placements that close a mill, then those
// that stop one of the opponent's, then (with threats) those that make a
// mill's second piece with its third point free, then those on the points
// with most neighbours: the moves that decide most often, for the
// cut-offs.
func orderOpening(p *morris.Position, moves []morris.Move, threats bool) []morris.Move {
	us := p.SideToMove()
	them := p.Pieces(1 - us)
	ours := p.Pieces(us)
	// Each move scored once (a placement phase has at most 24 moves and
	// their removals), then an insertion sort on the scores: the scores
	// had been worked out again at each comparison, a sixth of a proof's
	// time.
	var buf [64]int
	scores := buf[:]
	if len(moves) > len(buf) {
		scores = make([]int, len(moves))
	}
	for i, m := range moves {
		s := 0
		if m.Removes() {
			s += 100
		}
		to := m.To()
		if morris.Closes(to, them|1<<uint(to)) {
			s += 50
		}
		if threats {
			for _, pp := range morris.MillPartners(to) {
				if (ours&pp).Count() == 1 && them&pp == 0 {
					s += 20
				}
			}
		}
		scores[i] = s + bits.OnesCount32(uint32(morris.Adjacent(to)))
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
			scores[j], scores[j-1] = scores[j-1], scores[j]
		}
	}
	return moves
}

// StartLine is one of the start's second plies: White's first placement
// and Black's reply, one of each class under the symmetries, with its
// value for White once solved.
type StartLine struct {
	White  string `json:"white"`
	Black  string `json:"black"`
	Solved bool   `json:"solved"`
	// Value is Won, Drawn or Lost for White, the side to move after it.
	Value   int     `json:"value"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// StartLines are the classes of the start's first two placements: White's
// first placement up to symmetry, then Black's replies up to the
// symmetries that keep White's point.
func StartLines() []StartLine {
	var out []StartLine
	seen := map[[2]morris.Bits]bool{}
	for w := range morris.NPoints {
		for b := range morris.NPoints {
			if b == w {
				continue
			}
			cw, cb, _ := morris.Canonical(1<<uint(w), 1<<uint(b))
			if seen[[2]morris.Bits{cw, cb}] {
				continue
			}
			seen[[2]morris.Bits{cw, cb}] = true
			out = append(out, StartLine{White: morris.Place(bits.TrailingZeros32(uint32(cw))).String(),
				Black: morris.Place(bits.TrailingZeros32(uint32(cb))).String()})
		}
	}
	return out
}

// lineOf is the index in lines of the class of White's first placement w
// and Black's reply b.
func lineOf(lines []StartLine, w, b int) int {
	cw, cb, _ := morris.Canonical(1<<uint(w), 1<<uint(b))
	name := [2]string{morris.Place(bits.TrailingZeros32(uint32(cw))).String(), morris.Place(bits.TrailingZeros32(uint32(cb))).String()}
	for i, l := range lines {
		if l.White == name[0] && l.Black == name[1] {
			return i
		}
	}
	return -1
}

// StartBounds are the start's value for White as far as the lines solved
// prove it: White picks a first placement, Black the reply worst for
// White; an unsolved line may be anything.
func StartBounds(lines []StartLine) (lo, hi int) {
	lo, hi = Lost, Lost
	for w := range morris.NPoints {
		wlo, whi := Won, Won
		for b := range morris.NPoints {
			if b == w {
				continue
			}
			l := lines[lineOf(lines, w, b)]
			llo, lhi := Lost, Won
			if l.Solved {
				llo, lhi = l.Value, l.Value
			}
			wlo, whi = min(wlo, llo), min(whi, lhi)
		}
		lo, hi = max(lo, wlo), max(hi, whi)
	}
	return lo, hi
}

// SolveLine solves one line: the value, for White, of the position after
// its two placements.
func (o *Opening) SolveLine(ctx context.Context, l *StartLine) error {
	p, err := morris.ParsePosition(morris.StandardRules, ".../.../.../....../.../.../... w 9 9 0 0 -")
	if err != nil {
		return err
	}
	for _, text := range []string{l.White, l.Black} {
		m, err := morris.ParseMove(text)
		if err != nil || !p.IsLegal(m) {
			return fmt.Errorf("line %s %s: %q is no placement here", l.White, l.Black, text)
		}
		p.Make(m)
	}
	n := o.Nodes
	v, err := o.Solve(ctx, p)
	if err != nil {
		return err
	}
	l.Solved, l.Value, l.Nodes = true, v, l.Nodes+o.Nodes-n
	return nil
}

// MissingForStart are the spaces the placement phase can lead to that db
// lacks: every space from 3-3 to 9-9 (captures while placing reach them
// all), checked before hours of search meet the one that is missing.
func (db *DB) MissingForStart() []Space {
	return db.MissingUpTo(9)
}

// MissingUpTo are the spaces from 3-3 to n-n db lacks: those a placement
// phase with n pieces a side can lead to.
func (db *DB) MissingUpTo(n int) []Space {
	return missingUpTo(n, func(s Space) bool { return db.values(s) != nil })
}

// MissingForStartIn is MissingForStart for the directory dir, read by its
// files' names without mapping them (Open maps the same names).
func MissingForStartIn(dir string) ([]Space, error) {
	spaces, err := filed(dir)
	if err != nil {
		return nil, err
	}
	return missingUpTo(9, func(s Space) bool { return slices.Contains(spaces, s) }), nil
}

func missingUpTo(n int, has func(Space) bool) []Space {
	var out []Space
	for w := 3; w <= n; w++ {
		for b := 3; b <= n; b++ {
			if s := (Space{w, b}); !has(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// ProveStart solves the lines not yet solved, in order, until the ones
// solved decide the start (StartBounds) or ctx ends; solved hears of each
// line as it is solved (to keep them: an error from it stops the search).
func (o *Opening) ProveStart(ctx context.Context, lines []StartLine, solved func(i int) error) error {
	for i := range lines {
		if lo, hi := StartBounds(lines); lo == hi {
			return nil
		}
		if lines[i].Solved {
			continue
		}
		start := time.Now()
		if err := o.SolveLine(ctx, &lines[i]); err != nil {
			return err
		}
		lines[i].Seconds = time.Since(start).Seconds()
		if err := solved(i); err != nil {
			return err
		}
	}
	return nil
}
