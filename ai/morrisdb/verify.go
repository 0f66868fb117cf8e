package morrisdb

import (
	"context"
	"fmt"
	"strings"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// Verify checks samples random placements of the space s, either colour
// to move, against the game's own rules: moves and captures made by
// games/morris, not by the solver. A win has a move into a loss of the
// opponent one ply shorter (a capture: one ply) and none into a shorter
// one; a loss moves only into wins of the opponent, the longest one ply
// shorter, or has no move; a draw has no move into a loss and one into a
// draw. The spaces its moves lead to must be built. It returns the first
// placement that disagrees, and is the same check for the same seed.
func (db *DB) Verify(ctx context.Context, s Space, samples int, seed uint64) error {
	vals := db.values(s)
	if vals == nil {
		return fmt.Errorf("%v is not built", s)
	}
	r := xrand.New(seed)
	var buf []morris.Move
	for k := range samples {
		if k%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		// Placements, not cells, are drawn: a placement and its cell's
		// representative (and the index that joins them) are both checked.
		m, o := s.placementAt(r.Uint64() % s.Placements())
		i := s.Index(m, o)
		p, err := placement(m, o, r.Uint64()&1 == 0)
		if err != nil {
			return fmt.Errorf("%v %d: %w", s, i, err)
		}
		v := vals.at(i)
		buf = p.GenMoves(buf[:0])
		best, worst, draws := -1, -1, 0
		for _, mv := range buf {
			w, err := db.after(p, mv)
			if err != nil {
				return fmt.Errorf("%v %d (%s), after %v: %w", s, i, p, mv, err)
			}
			switch x := moveValue(w, mv.Removes()); {
			case x.IsWin():
				if best < 0 || x.Distance() < best {
					best = x.Distance()
				}
			case x.IsLoss():
				worst = max(worst, x.Distance())
			default:
				draws++
			}
		}
		var want Value
		switch {
		case best > 0:
			want = Win(best)
		case len(buf) == 0:
			want = Loss(0)
		case draws == 0:
			want = Loss(worst)
		}
		if v != want {
			return fmt.Errorf("%v %d (%s): %v, but its moves make it %v", s, i, p, v, want)
		}
	}
	return nil
}

// after is the value, for the side to move, of the position after m (a
// capture takes its removal with it): a loss in 0 when the mover has left
// the other side two pieces.
func (db *DB) after(p *morris.Position, m morris.Move) (Value, error) {
	us := p.SideToMove()
	p.Make(m)
	defer p.Unmake(m)
	them := 1 - us
	if p.Pieces(them).Count() < 3 {
		return Loss(0), nil
	}
	v, ok := db.Lookup(p.Pieces(them), p.Pieces(us))
	if !ok {
		return 0, fmt.Errorf("%d-%d is not built", p.Pieces(them).Count(), p.Pieces(us).Count())
	}
	return v, nil
}

// placement is the game's own Position of a placement, the mover White
// or Black, both hands empty, standard rules.
func placement(mover, other morris.Bits, moverWhite bool) (*morris.Position, error) {
	if moverWhite {
		return Placement(morris.StandardRules, mover, other, morris.White)
	}
	return Placement(morris.StandardRules, other, mover, morris.Black)
}

// Placement is the position of White's and Black's pieces under rules r,
// both hands empty, side to move: a database space's placement as the
// game sees it.
func Placement(r *morris.Rules, white, black morris.Bits, side int) (*morris.Position, error) {
	var text strings.Builder
	for i := range morris.NPoints {
		if i == 3 || i == 6 || i == 9 || i == 15 || i == 18 || i == 21 {
			text.WriteByte('/')
		}
		switch {
		case white.Has(i):
			text.WriteByte('W')
		case black.Has(i):
			text.WriteByte('B')
		default:
			text.WriteByte('.')
		}
	}
	text.WriteString([]string{" w", " b"}[side] + " 0 0 0 30 -")
	return morris.ParsePosition(r, text.String())
}
