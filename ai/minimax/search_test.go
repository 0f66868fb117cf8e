package minimax

import (
	"context"
	"testing"
	"time"
)

// nim is the subtraction game: take 1, 2 or 3 from a pile; who takes the
// last one wins. A pile that is a multiple of 4 is lost for the side to
// move; otherwise taking pile%4 wins.
type nim struct {
	pile  int
	taken []int
	evals *int
}

func (n *nim) GenMoves(buf []int) []int {
	for k := 1; k <= 3 && k <= n.pile; k++ {
		buf = append(buf, k)
	}
	return buf
}
func (n *nim) Make(k int)   { n.pile -= k; n.taken = append(n.taken, k) }
func (n *nim) Unmake(k int) { n.pile += k; n.taken = n.taken[:len(n.taken)-1] }
func (n *nim) Hash() uint64 { return nimHash(n.pile) }
func (n *nim) HashAfter(k int) uint64 {
	return nimHash(n.pile - k)
}
func nimHash(pile int) uint64 { return uint64(pile)*0x9e3779b97f4a7c15 + 1 }
func (n *nim) OrderKeys(ms []int, keys []int32) []int32 {
	for _, k := range ms {
		keys = append(keys, int32(k))
	}
	return keys
}
func (n *nim) KeySpace() int   { return 4 }
func (n *nim) Evaluate() Score { *n.evals++; return 0 }
func (n *nim) Terminal(int) (bool, Score) {
	if n.pile == 0 {
		return true, -Mate // the opponent took the last one
	}
	return false, 0
}

func TestNimWinsByTheShortestWay(t *testing.T) {
	for pile := 1; pile <= 21; pile++ {
		evals := 0
		s := NewSearcher[*nim, int](1 << 12)
		res := s.Search(context.Background(), &nim{pile: pile, evals: &evals}, Limits{Depth: 30})
		if pile%4 == 0 {
			if res.Score > -MateBound {
				t.Errorf("pile %d: score %d, want a loss", pile, res.Score)
			}
			continue
		}
		if res.Move != pile%4 || res.Score < MateBound {
			t.Errorf("pile %d: move %d score %d, want take %d and a win", pile, res.Move, res.Score, pile%4)
		}
		// Both sides take the most they can once lost or winning: the
		// win comes at an odd distance.
		if plies := int(Mate - res.Score); plies%2 != 1 || plies > pile {
			t.Errorf("pile %d: win in %d plies", pile, plies)
		}
	}
}

func TestStopsOnTheContextAndTheClock(t *testing.T) {
	evals := 0
	s := NewSearcher[*nim, int](1 << 10)
	// A huge pile with a table too small to hold it: depth 60 is far
	// beyond what finishes quickly without the table.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := s.Search(ctx, &nim{pile: 1 << 20, evals: &evals}, Limits{Depth: 60})
	if time.Since(start) > 2*time.Second || !res.HasMove {
		t.Errorf("cancelled search took %v, move %v", time.Since(start), res.HasMove)
	}
	start = time.Now()
	res = s.Search(context.Background(), &nim{pile: 1 << 20, evals: &evals}, Limits{Time: 50 * time.Millisecond})
	if time.Since(start) > 2*time.Second || !res.HasMove || res.Depth < 1 {
		t.Errorf("timed search took %v, depth %d", time.Since(start), res.Depth)
	}
	res = s.Search(context.Background(), &nim{pile: 1 << 20, evals: &evals}, Limits{Nodes: 5000})
	if res.Nodes > 5000+MaxPly || !res.HasMove {
		t.Errorf("node-limited search ran %d nodes", res.Nodes)
	}
}
