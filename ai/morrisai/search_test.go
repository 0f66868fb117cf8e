package morrisai

import (
	"context"
	"math/rand/v2"
	"testing"

	"gameai/ai/minimax"
	"gameai/games/morris"
)

func mustPos(t *testing.T, text string) *morris.Position {
	t.Helper()
	p, err := morris.ParsePosition(morris.StandardRules, text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// plain is negamax without pruning, table or ordering: what alpha-beta
// must equal at the same depth.
func plain(p Pos, depth, ply int) minimax.Score {
	if ply > 0 {
		if over, sc := p.Terminal(ply); over {
			switch {
			case sc >= minimax.Mate:
				return minimax.Mate - minimax.Score(ply)
			case sc <= -minimax.Mate:
				return -minimax.Mate + minimax.Score(ply)
			}
			return sc
		}
	}
	if depth == 0 {
		return p.Evaluate()
	}
	ms := p.GenMoves(nil)
	if len(ms) == 0 {
		return -minimax.Mate + minimax.Score(ply)
	}
	best := -minimax.Inf
	for _, m := range ms {
		p.Make(m)
		best = max(best, -plain(p, depth-1, ply+1))
		p.Unmake(m)
	}
	return best
}

// randomPositions plays seeded random games to various lengths.
func randomPositions(n int) []*morris.Position {
	var out []*morris.Position
	rng := rand.New(rand.NewPCG(1, 2))
	for len(out) < n {
		p := morris.NewPosition(morris.StandardRules)
		plies := 4 + rng.IntN(40)
		for range plies {
			ms := p.GenMoves(nil)
			if len(ms) == 0 || p.Outcome().Over {
				break
			}
			p.Make(ms[rng.IntN(len(ms))])
		}
		if !p.Outcome().Over {
			out = append(out, p)
		}
	}
	return out
}

func TestAlphaBetaEqualsPlainMinimax(t *testing.T) {
	coef := morris.Presets[0].Coefficients
	s := NewSearcher()
	for i, p := range randomPositions(24) {
		depth := 3
		if p.PhaseOf(p.SideToMove()) != morris.Placing {
			depth = 4
		}
		want := plain(Pos{P: p, C: &coef}, depth, 0)
		before := p.String()
		res := s.Search(context.Background(), Pos{P: p, C: &coef}, minimax.Limits{Depth: depth})
		if res.Score != want {
			t.Errorf("position %d %s depth %d: alpha-beta %d, minimax %d", i, p, depth, res.Score, want)
		}
		if p.String() != before {
			t.Fatalf("search changed the position: %s", p)
		}
		// The move played leads to the score.
		p.Make(res.Move)
		if got := -plain(Pos{P: p, C: &coef}, depth-1, 1); got != want {
			t.Errorf("position %d: best move %s scores %d, not %d", i, res.Move, got, want)
		}
		p.Unmake(res.Move)
	}
}

func TestFindsTheWinningMill(t *testing.T) {
	// White to move closes a7-d7-g7 with d6-d7 and takes black's third
	// piece of three: an immediate win.
	p := mustPos(t, "W.W/.W./.../B...../B../.../B.. w 0 0 10 60 -")
	coef := morris.Presets[0].Coefficients
	res := NewSearcher().Search(context.Background(), Pos{P: p, C: &coef}, minimax.Limits{Depth: 4})
	if res.Score != minimax.Mate-1 || res.Move.String()[:5] != "d6-d7" {
		t.Errorf("move %s score %d, want d6-d7 with a win in 1", res.Move, res.Score)
	}
}

func TestFixedDepthIsDeterministic(t *testing.T) {
	coef := morris.Presets[4].Coefficients
	p := mustPos(t, "W../BBB/.WB/.B..WB/W../B../.BB w 0 0 0 30 b")
	a := NewSearcher().Search(context.Background(), Pos{P: p, C: &coef}, minimax.Limits{Depth: 7})
	s := NewSearcher()
	s.Search(context.Background(), Pos{P: mustPos(t, "WB./.../.../WB..../.../.B./W.B w 0 0 4 50 -"), C: &coef}, minimax.Limits{Depth: 5})
	b := s.Search(context.Background(), Pos{P: p, C: &coef}, minimax.Limits{Depth: 7})
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || len(a.PV) != len(b.PV) {
		t.Errorf("two searches at depth 7: %v %d %d, then %v %d %d", a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
	}
}

// A shipped tuned strategy is taken by name like a published one.
func TestEngineTakesATunedStrategyByName(t *testing.T) {
	c, name, err := StrategyOption(map[string]string{"strategy": "gameai-2026-d4"})
	if err != nil || name != "gameai-2026-d4" || c != morris.Tuned[0].Coefficients {
		t.Fatalf("strategy gameai-2026-d4: %v %s %v", c, name, err)
	}
}

// The search's key tells apart positions that differ only in whose last
// move closed a mill, which the evaluation reads; HashAfter, with which the
// search fetches a child's slot, is the key the child has (over random
// games, every move that removes or does not).
func TestTheKeyCoversTheClosedMill(t *testing.T) {
	p := mustPos(t, "W.W/.../.../B....B/.../.../... w 6 6 0 6 -")
	q := mustPos(t, "W.W/.../.../B....B/.../.../... w 6 6 0 6 b")
	if (Pos{P: p}).Hash() == (Pos{P: q}).Hash() {
		t.Fatalf("%s and %s share a key", p, q)
	}
	rng := rand.New(rand.NewPCG(5, 9))
	checked := 0
	for range 40 {
		p := morris.NewPosition(morris.StandardRules)
		for ply := 0; ply < 120 && !p.Outcome().Over; ply++ {
			moves := p.GenMoves(nil)
			for _, m := range moves {
				after := (Pos{P: p}).HashAfter(m)
				p.Make(m)
				// A mill with nothing to remove is the one case HashAfter
				// does not foresee.
				if got := (Pos{P: p}).Hash(); got != after && (m.Removes() || p.LastMill() < 0) {
					t.Fatalf("%s: HashAfter %x, the key after it %x", p, after, got)
				}
				checked++
				p.Unmake(m)
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 10000 {
		t.Errorf("only %d moves checked", checked)
	}
}
