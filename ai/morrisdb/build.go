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
)

// Stats are a solved space's counts, over all its placements.
type Stats struct {
	Space       string `json:"space"`
	Positions   uint64 `json:"positions"`
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
}

func (st Stats) String() string {
	return fmt.Sprintf("%s win %d draw %d loss %d longest win %d loss %d", st.Space, st.Wins, st.Draws, st.Losses,
		st.LongestWin, st.LongestLoss)
}

func count(s Space, vals *values) Stats {
	st := Stats{Space: s.String(), Positions: vals.len(), Bytes: headerSize + int64(vals.len()) + 10*int64(len(vals.long))}
	for i := range vals.len() {
		v := vals.at(i)
		switch {
		case v.IsWin():
			st.Wins++
			st.LongestWin = max(st.LongestWin, v.Distance())
		case v.IsLoss():
			st.Losses++
			st.LongestLoss = max(st.LongestLoss, v.Distance())
		default:
			st.Draws++
		}
	}
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
		spaces := []Space{pair}
		if pair.W != pair.B {
			spaces = append(spaces, Space{pair.B, pair.W})
		}
		if db.has(spaces...) {
			var sts []Stats
			for _, s := range spaces {
				st, err := readStats(dir, s)
				if err != nil {
					return err
				}
				sts = append(sts, st)
			}
			report(Progress{Pair: pair, Level: -1, Finished: true, Skipped: true, Stats: sts, PairIndex: k, Pairs: len(plan)})
			continue
		}
		total := uint64(0)
		for _, s := range spaces {
			total += s.Size()
		}
		start := time.Now()
		done := uint64(0)
		lastReport := time.Time{}
		vals, err := solve(ctx, pair, db.values, func(n uint64, level int) {
			done += n
			if time.Since(lastReport) >= time.Second {
				lastReport = time.Now()
				report(Progress{Pair: pair, Done: done, Total: total, Level: level, PairIndex: k, Pairs: len(plan)})
			}
		})
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		var sts []Stats
		for _, s := range spaces {
			if err := write(dir, s, vals[s]); err != nil {
				return err
			}
			st := count(s, vals[s])
			st.BuildSeconds, st.PositionsPerS = secs, float64(total)/secs
			if err := writeStats(dir, s, st); err != nil {
				return err
			}
			sts = append(sts, st)
		}
		if err := db.load(spaces...); err != nil {
			return err
		}
		report(Progress{Pair: pair, Done: total, Total: total, Level: -1, Finished: true, Stats: sts, PairIndex: k, Pairs: len(plan)})
	}
	return nil
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
			st = Stats{Space: s.String(), Positions: s.Size()}
		}
		out = append(out, st)
	}
	return out, nil
}

// PeakBytes is the most memory a build up to up takes: its largest pair,
// two bytes a placement while it is solved.
func PeakBytes(up Space) uint64 {
	plan, _ := Plan(up)
	peak := uint64(0)
	for _, s := range plan {
		n := s.Size()
		if s.W != s.B {
			n += Space{s.B, s.W}.Size()
		}
		peak = max(peak, 2*n)
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
