package cli

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
)

// A pair keeps its first random opening when it is a draw, and otherwise
// takes the next one its generator draws that is: every opening returned
// is one the solver calls a draw, and the log names the ones skipped.
func TestDrawnOpeningsAreDrawnAgainUntilADraw(t *testing.T) {
	r := morris.StandardRules
	// A stand-in for the database: the openings whose first placement is
	// on the outer square are "won" for the side to move.
	outer := morris.Bits(0)
	for _, pt := range []string{"a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4"} {
		m, err := morris.ParseMove(pt)
		if err != nil {
			t.Fatal(err)
		}
		outer |= 1 << uint(m.To())
	}
	solve := func(_ context.Context, p *morris.Position) (int, error) {
		if p.Pieces(morris.White)&outer != 0 {
			return morrisdb.Won, nil
		}
		return morrisdb.Drawn, nil
	}
	var log strings.Builder
	const seed, pairs = 11, 12
	ops, err := drawnOpenings(t.Context(), r, 4, seed, pairs, solve, &log)
	if err != nil {
		t.Fatal(err)
	}
	kept, redrawn := 0, 0
	for pair, op := range ops {
		p := morris.NewPosition(r)
		for _, m := range op {
			p.Make(m)
		}
		if v, _ := solve(t.Context(), p); v != morrisdb.Drawn || len(op) != 4 {
			t.Fatalf("pair %d: %v is not a drawn 4-ply opening", pair, op)
		}
		first, rng := openingFor(r, 4, seed, uint64(pair))
		if slices.Equal(first, op) {
			kept++
			continue
		}
		redrawn++
		// The same generator, drawn on until the first draw.
		for {
			next := morrisai.RandomOpening(r, 4, rng)
			q := morris.NewPosition(r)
			for _, m := range next {
				q.Make(m)
			}
			if v, _ := solve(t.Context(), q); v == morrisdb.Drawn {
				if !slices.Equal(next, op) {
					t.Fatalf("pair %d: %v, the generator's next draw is %v", pair, op, next)
				}
				break
			}
		}
	}
	if kept == 0 || redrawn == 0 {
		t.Errorf("kept %d, drawn again %d: the sample shows only one way", kept, redrawn)
	}
	if n := strings.Count(log.String(), "\n"); n != pairs || strings.Count(log.String(), "drawn again after") != redrawn {
		t.Errorf("log (%d lines):\n%s", n, log.String())
	}

	always := func(context.Context, *morris.Position) (int, error) { return morrisdb.Lost, nil }
	if _, err := drawnOpenings(t.Context(), r, 4, seed, 1, always, &log); err == nil || !strings.Contains(err.Error(), "no drawn opening") {
		t.Errorf("no draw anywhere: %v", err)
	}
	broken := errors.New("a space is missing")
	failing := func(context.Context, *morris.Position) (int, error) { return 0, broken }
	if _, err := drawnOpenings(t.Context(), r, 4, seed, 1, failing, &log); !errors.Is(err, broken) {
		t.Errorf("a solver's error: %v", err)
	}
}

// --drawn-openings needs a database with every space the placements
// reach, the standard rules and an opening to draw; each refusal says why.
func TestDrawnOpeningsSayWhatTheyNeed(t *testing.T) {
	dir := morrisdbtest.Dir(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--drawn-openings"}, "needs --judge-db"},
		{[]string{"--drawn-openings", "--judge-db", dir, "--variant", "twelve"}, "standard rules only"},
		{[]string{"--drawn-openings", "--judge-db", dir, "--random-plies", "0"}, "no opening to draw"},
		{[]string{"--drawn-openings", "--judge-db", dir}, "lacks 45 of the 49 spaces"},
	} {
		out, code := run(t, "", append([]string{"match", "morris", "--games", "2"}, c.args...)...)
		if code == 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: %d %q, want %q", c.args, code, out, c.want)
		}
	}
}
