package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// maxRedraws bounds the openings drawn for one pair before the match
// gives up: some nine in ten random 4-ply openings are draws.
const maxRedraws = 100

// drawnOpeningsTableBits sizes the proofs' table: 2^25 entries, 256 MB.
const drawnOpeningsTableBits = 25

// canProveOpenings checks what --drawn-openings needs: a judge database
// with every space the placements reach, the database's rules, and an
// opening to draw.
func (m *morrisMatch) canProveOpenings(dir string) error {
	switch {
	case m.judge == nil:
		return fmt.Errorf("--drawn-openings: needs --judge-db, the database that proves them")
	case !morrisdb.Covers(m.rules):
		return fmt.Errorf("--drawn-openings: the database solves the standard rules only")
	case m.plies == 0:
		return fmt.Errorf("--drawn-openings: --random-plies is 0, there is no opening to draw")
	}
	if missing := m.judge.MissingForStart(); len(missing) > 0 {
		return fmt.Errorf("--drawn-openings: --judge-db %s lacks %d of the 49 spaces the placements reach (%v the first; gameai morris db build --dir %s --up-to 9-9)",
			dir, len(missing), missing[0], dir)
	}
	return nil
}

// openingFor is pair's first random opening, as a match without
// --drawn-openings plays it, and the generator that draws the next.
func openingFor(r *morris.Rules, plies int, seed, pair uint64) ([]morris.Move, *xrand.Rand) {
	rng := xrand.New(seed*0x9e3779b97f4a7c15 + pair)
	return morrisai.RandomOpening(r, plies, rng), rng
}

// drawnOpenings are the openings of the match's pairs, each drawn again
// from the pair's generator until solve (the value for the side to move
// after it) says it is a draw: a pair whose first opening is a draw plays
// what a match without the option plays. Progress goes to log, a line a
// pair.
func drawnOpenings(ctx context.Context, r *morris.Rules, plies int, seed uint64, pairs int,
	solve func(context.Context, *morris.Position) (int, error), log io.Writer) ([][]morris.Move, error) {
	out := make([][]morris.Move, pairs)
	for pair := range pairs {
		op, rng := openingFor(r, plies, seed, uint64(pair))
		var skipped []string
		for {
			p := morris.NewPosition(r)
			for _, m := range op {
				p.Make(m)
			}
			v, err := solve(ctx, p)
			if err != nil {
				return nil, fmt.Errorf("--drawn-openings: the opening %s: %w", moveText(op), err)
			}
			if v == morrisdb.Drawn {
				break
			}
			skipped = append(skipped, fmt.Sprintf("%s (%s for %s)", moveText(op), morrisdb.OutcomeName(v),
				[2]string{"white", "black"}[p.SideToMove()]))
			if len(skipped) == maxRedraws {
				return nil, fmt.Errorf("--drawn-openings: no drawn opening for games %d and %d in %d tries", 2*pair+1, 2*pair+2, maxRedraws)
			}
			op = morrisai.RandomOpening(r, plies, rng)
		}
		out[pair] = op
		line := fmt.Sprintf("opening of games %d and %d: %s, a draw", 2*pair+1, 2*pair+2, moveText(op))
		if len(skipped) > 0 {
			line += "; drawn again after " + strings.Join(skipped, ", ")
		}
		fmt.Fprintln(log, line)
	}
	return out, nil
}

func moveText(ms []morris.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}
