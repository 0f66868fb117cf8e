package morrisdb

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"gameai/games/morris"
)

// Stats are a solved space's counts, over all its placements (each cell
// counted as the placements of its class), and its classes.
type Stats struct {
	Space       string `json:"space"`
	Positions   uint64 `json:"positions"`
	Classes     uint64 `json:"classes"`
	Wins        uint64 `json:"wins"`
	Draws       uint64 `json:"draws"`
	Losses      uint64 `json:"losses"`
	LongestWin  int    `json:"longest_win"`
	LongestLoss int    `json:"longest_loss"`
	Bytes       int64  `json:"bytes"`
	// BuildSeconds is the time the pair of spaces took to solve (both
	// spaces of a pair show the pair's), and PositionsPerS the pair's
	// positions over it.
	BuildSeconds  float64 `json:"build_seconds"`
	PositionsPerS float64 `json:"positions_per_s"`
	// SHA256 is the digest of the space's two files (the values, then the
	// long values) as its build wrote them: a copy is checked against it.
	SHA256 string `json:"sha256,omitempty"`
}

func (st Stats) String() string {
	return fmt.Sprintf("%s win %d draw %d loss %d longest win %d loss %d", st.Space, st.Wins, st.Draws, st.Losses,
		st.LongestWin, st.LongestLoss)
}

func count(s Space, vals *values) Stats {
	st := Stats{Space: s.String(), Bytes: headerSize + int64(vals.len()) + 10*int64(len(vals.long))}
	s.each(0, s.rows(), func(i uint64, _, _ morris.Bits, orbit uint64) {
		st.Positions += orbit
		st.Classes++
		v := vals.at(i)
		switch {
		case v.IsWin():
			st.Wins += orbit
			st.LongestWin = max(st.LongestWin, v.Distance())
		case v.IsLoss():
			st.Losses += orbit
			st.LongestLoss = max(st.LongestLoss, v.Distance())
		default:
			st.Draws += orbit
		}
	})
	return st
}

// Plan is the pairs of spaces to solve for up, in an order in which every
// pair comes after the pairs its captures lead to: the space up and every
// space it depends on, each pair once (named by its first space, W ≥ B).
func Plan(up Space) ([]Space, error) {
	if !up.valid() {
		return nil, fmt.Errorf("%v: each side needs 3 to 9 pieces", up)
	}
	seen := map[Space]bool{}
	var walk func(s Space)
	walk = func(s Space) {
		if s.W < s.B {
			s = Space{s.B, s.W}
		}
		if !s.valid() || seen[s] {
			return
		}
		seen[s] = true
		walk(Space{s.B - 1, s.W})
		walk(Space{s.W - 1, s.B})
	}
	walk(up)
	var out []Space
	for s := range seen {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Space) int { return cmp.Or(cmp.Compare(a.W+a.B, b.W+b.B), cmp.Compare(a.W, b.W)) })
	return out, nil
}

// Progress is a build's report: the pair being solved, the positions
// worked through of its first pass, then the level (distance) of the
// retrograde pass reached, and each pair as it is written or found
// already built.
type Progress struct {
	Pair  Space
	Done  uint64
	Total uint64
	// Level is -1 in the first pass, then the distance taken back.
	Level     int
	Finished  bool
	Skipped   bool
	Stats     []Stats
	PairIndex int
	Pairs     int
}

// Build solves up and everything it depends on into dir, pair by pair in
// the order of Plan. A pair whose files are there is not solved again, so
// a build that was stopped goes on where it stopped.
func Build(ctx context.Context, dir string, up Space, progress func(Progress)) error {
	return build(ctx, dir, up, progress, lockDir)
}

// BuildWaiting is Build, but a build of dir in progress elsewhere is
// waited for (then what it filed is kept) instead of refused: for a
// directory that many processes may ask for at once and each only needs
// built, as the tests' shared database. A person's build keeps Build's
// ErrBusy, which says at once that their command would only wait.
func BuildWaiting(ctx context.Context, dir string, up Space, progress func(Progress)) error {
	return build(ctx, dir, up, progress, func(dir string) (func(), error) {
		for {
			unlock, err := lockDir(dir)
			if !errors.Is(err, ErrBusy) {
				return unlock, err
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
}

func build(ctx context.Context, dir string, up Space, progress func(Progress), lock func(string) (func(), error)) error {
	plan, err := Plan(up)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	unlock, err := lock(dir)
	if err != nil {
		return err
	}
	defer unlock()
	db, err := Open(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	report := func(p Progress) {
		if progress != nil {
			progress(p)
		}
	}
	for k, pair := range plan {
		err := func() error {
			unlock, err := waitPair(ctx, dir, pair)
			if err != nil {
				return err
			}
			defer unlock()
			if err := db.load(filedOf(dir, pairSpaces(pair))...); err != nil {
				return err
			}
			_, err = solvePair(ctx, dir, db, pair, func(p Progress) {
				p.PairIndex, p.Pairs = k, len(plan)
				report(p)
			})
			return err
		}()
		if err != nil {
			return err
		}
	}
	return nil
}

// pairSpaces are the pair's spaces: W-B, and B-W when it is another.
func pairSpaces(pair Space) []Space {
	if pair.W != pair.B {
		return []Space{pair, {pair.B, pair.W}}
	}
	return []Space{pair}
}

// filedOf is those of spaces whose files are in dir (a worker sharing the
// directory may have written them since it was opened).
func filedOf(dir string, spaces []Space) []Space {
	var out []Space
	for _, s := range spaces {
		if _, err := os.Stat(filepath.Join(dir, fileName(s))); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// waitPair takes the pair's lock, waiting while another process (a
// worker sharing the directory) holds it.
func waitPair(ctx context.Context, dir string, pair Space) (func(), error) {
	for {
		unlock, err := lockPair(dir, pair)
		if !errors.Is(err, ErrBusy) {
			return unlock, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// solvePair solves the pair into dir unless its files are there (then
// reports it skipped), with the spaces its captures lead to in db, and
// loads it into db. The caller holds the pair's lock.
func solvePair(ctx context.Context, dir string, db *DB, pair Space, report func(Progress)) ([]Stats, error) {
	spaces := pairSpaces(pair)
	if db.has(spaces...) {
		var sts []Stats
		for _, s := range spaces {
			st, err := readStats(dir, s)
			if err != nil {
				return nil, err
			}
			sts = append(sts, st)
		}
		report(Progress{Pair: pair, Level: -1, Finished: true, Skipped: true, Stats: sts})
		return sts, nil
	}
	total := uint64(0)
	// Rates are in placements, to compare with builds by placement.
	placements := uint64(0)
	for _, s := range spaces {
		total += s.Size()
		placements += s.Placements()
	}
	start := time.Now()
	done := uint64(0)
	lastReport := time.Time{}
	vals, err := solve(ctx, pair, db.values, func(n uint64, level int) {
		done += n
		if time.Since(lastReport) >= time.Second {
			lastReport = time.Now()
			report(Progress{Pair: pair, Done: done, Total: total, Level: level})
		}
	})
	if err != nil {
		return nil, err
	}
	secs := time.Since(start).Seconds()
	var sts []Stats
	for _, s := range spaces {
		sum, err := write(dir, s, vals[s])
		if err != nil {
			return nil, err
		}
		st := count(s, vals[s])
		st.BuildSeconds, st.PositionsPerS, st.SHA256 = secs, float64(placements)/secs, sum
		if err := writeStats(dir, s, st); err != nil {
			return nil, err
		}
		sts = append(sts, st)
	}
	if err := db.load(spaces...); err != nil {
		return nil, err
	}
	report(Progress{Pair: pair, Done: total, Total: total, Level: -1, Finished: true, Stats: sts})
	return sts, nil
}

// Needs are the spaces a pair's captures lead to: each must be built
// before the pair is solved.
func Needs(pair Space) []Space {
	var out []Space
	for _, s := range pairSpaces(pair) {
		if s.B > 3 {
			out = append(out, Space{s.B - 1, s.W})
		}
	}
	return out
}

// ErrNeeds is a pair asked of a directory without the spaces its captures
// lead to.
var ErrNeeds = errors.New("the spaces its captures lead to are not built")

// BuildPair solves one pair (named by either of its spaces) into dir,
// whose spaces its captures lead to (Needs) must be there: the unit of a
// build spread over workers that share the directory. It waits for the
// pair's lock while another process holds it, and a pair already there is
// not solved again (its stats come back, Skipped). Only the spaces it
// reads are mapped.
func BuildPair(ctx context.Context, dir string, pair Space, progress func(Progress)) ([]Stats, error) {
	if !pair.valid() {
		return nil, fmt.Errorf("%v: each side needs 3 to 9 pieces", pair)
	}
	if pair.W < pair.B {
		pair = Space{pair.B, pair.W}
	}
	needs := Needs(pair)
	if have := filedOf(dir, needs); len(have) != len(needs) {
		return nil, fmt.Errorf("%v: %w in %s (it needs %v, has %v)", pair, ErrNeeds, dir, needs, have)
	}
	unlock, err := waitPair(ctx, dir, pair)
	if err != nil {
		return nil, err
	}
	defer unlock()
	db := &DB{dir: dir, spaces: map[Space]*mapped{}}
	defer db.Close()
	if err := db.load(append(needs, filedOf(dir, pairSpaces(pair))...)...); err != nil {
		return nil, err
	}
	return solvePair(ctx, dir, db, pair, func(p Progress) {
		if progress != nil {
			progress(p)
		}
	})
}

// Waves are the pairs of Plan(up) in the order a build spread over
// workers takes them: a pair's captures lead to pairs of one piece fewer,
// so the pairs of one count of pieces need only the waves before theirs
// and can be solved at once.
func Waves(up Space) ([][]Space, error) {
	plan, err := Plan(up)
	if err != nil {
		return nil, err
	}
	var out [][]Space
	for i, p := range plan {
		if i == 0 || p.W+p.B != plan[i-1].W+plan[i-1].B {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], p)
	}
	return out, nil
}

func writeStats(dir string, s Space, st Stats) error {
	b, _ := json.MarshalIndent(st, "", "  ")
	tmp := filepath.Join(dir, statsName(s)+".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, statsName(s)))
}

func readStats(dir string, s Space) (Stats, error) {
	var st Stats
	b, err := os.ReadFile(filepath.Join(dir, statsName(s)))
	if err != nil {
		return st, err
	}
	return st, json.Unmarshal(b, &st)
}

// SpaceStats are the stats of the spaces filed in dir, fewest pieces
// first, read from their sidecars without reading the spaces; a space whose
// sidecar is lost is counted again from its file when recount is set (a
// pass over the whole space), or else listed with no counts.
func SpaceStats(dir string, recount bool) ([]Stats, error) {
	spaces, err := filed(dir)
	if err != nil {
		return nil, err
	}
	out := make([]Stats, 0, len(spaces))
	for _, s := range spaces {
		st, err := readStats(dir, s)
		switch {
		case err == nil:
		case recount:
			m, err := open(dir, s)
			if err != nil {
				return nil, fmt.Errorf("%v: %w", s, err)
			}
			st = count(s, m.vals)
			m.close()
		default:
			st = Stats{Space: s.String(), Positions: s.Placements()}
		}
		out = append(out, st)
	}
	return out, nil
}

// PeakBytes is the most memory a build up to up takes: its largest pair,
// three bytes a cell while it is solved.
func PeakBytes(up Space) uint64 {
	plan, _ := Plan(up)
	peak := uint64(0)
	for _, s := range plan {
		n := s.Size()
		if s.W != s.B {
			n += Space{s.B, s.W}.Size()
		}
		peak = max(peak, 3*n)
	}
	return peak
}

// ParseSpace reads W-B, the pieces of the side to move and of the other.
func ParseSpace(s string) (Space, error) {
	var sp Space
	if _, err := fmt.Sscanf(s, "%d-%d", &sp.W, &sp.B); err != nil || sp.String() != s {
		return sp, fmt.Errorf("%q: want W-B, the pieces of the side to move and of the other, e.g. 7-7", s)
	}
	if !sp.valid() {
		return sp, fmt.Errorf("%v: each side needs 3 to 9 pieces", sp)
	}
	return sp, nil
}
