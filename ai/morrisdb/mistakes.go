package morrisdb

import (
	"context"
	"fmt"

	"gameai/games/morris"
)

// Mistake is a move that lowered its mover's outcome under perfect play
// (Won, Drawn, Lost, for the mover before and after it), in either phase.
type Mistake struct {
	Ply    int // from 1, the move's place in the game
	Side   int // morris.White or morris.Black
	Move   morris.Move
	Before int
	After  int
}

func (m Mistake) String() string {
	return fmt.Sprintf("ply %d, %s %v: %s before, %s after", m.Ply, []string{"white", "black"}[m.Side], m.Move,
		OutcomeName(m.Before), OutcomeName(m.After))
}

// Mistakes replays moves from start and values each position from the
// one before move from (counted from 1) to the end: by this search in the
// placement phase, by the database once both hands are empty (the N-move
// rule read as Slips reads it). It returns White's outcome at that first
// position and every move that lowered its mover's. Slips says the same of
// the moving phase with the distances; this sees the placements too, at
// the cost of a search a placement (seconds each before the 8th ply).
func (o *Opening) Mistakes(ctx context.Context, start *morris.Position, moves []morris.Move, from int) (first int, out []Mistake, err error) {
	if !Covers(start.Rules()) {
		return 0, nil, fmt.Errorf("%w: it holds Nine Men's Morris under the standard rules", ErrNotCovered)
	}
	p := start.Clone()
	from = max(from, 1)
	var before int // the mover's outcome before its move
	for i := 0; i <= len(moves); i++ {
		if i+1 >= from {
			mover := p.SideToMove()
			v, err := o.outcome(ctx, p, mover)
			if err != nil {
				return 0, out, fmt.Errorf("ply %d: %w", i+1, err)
			}
			if i+1 == from {
				first = v
				if mover != morris.White {
					first = -v
				}
			} else if after := -v; after < before {
				m := moves[i-1]
				out = append(out, Mistake{Ply: i, Side: 1 - mover, Move: m, Before: before, After: after})
			}
			before = v
		}
		if i == len(moves) || p.Outcome().Over {
			break
		}
		if !p.IsLegal(moves[i]) {
			return 0, out, fmt.Errorf("ply %d: %v is not legal in %s", i+1, moves[i], p)
		}
		p.Make(moves[i])
	}
	return first, out, nil
}

// outcome is p's outcome for side.
func (o *Opening) outcome(ctx context.Context, p *morris.Position, side int) (int, error) {
	if out := p.Outcome(); out.Over {
		switch out.Winner {
		case side:
			return Won, nil
		case -1:
			return Drawn, nil
		}
		return Lost, nil
	}
	if p.InHand(morris.White) == 0 && p.InHand(morris.Black) == 0 {
		v, ok := o.db.value(p, side)
		if !ok {
			us := p.SideToMove()
			return 0, fmt.Errorf("%w: the space %d-%d is not built", ErrNotCovered, p.Pieces(us).Count(), p.Pieces(1-us).Count())
		}
		return v.Outcome(), nil
	}
	v, err := o.Solve(ctx, p)
	if err != nil {
		return 0, err
	}
	if side != p.SideToMove() {
		v = -v
	}
	return v, nil
}
