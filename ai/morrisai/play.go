package morrisai

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// SearchPlayer plays with alpha-beta or MCTS under fixed limits. It keeps
// its searcher between moves and is not safe for concurrent use.
type SearchPlayer struct {
	// Engine is "alphabeta" (default) or "mcts".
	Engine   string
	Strategy string
	Coef     morris.Coefficients
	// Depth, Nodes and Time bound alpha-beta; Iterations and Time MCTS.
	Limits minimax.Limits
	// Iterations bound MCTS.
	Iterations int64
	// TTEntries sizes alpha-beta's table (default 1<<16: enough for the
	// shallow searches of tournaments, and quick to clear every move).
	TTEntries int
	Seed      uint64
	// Know is what alpha-beta knows beyond the evaluation (nil: nothing;
	// never the refuter: a match's or a tournament's players would race
	// for its one table, and the loser would play without it).
	Know *Knowledge

	s *Searcher
}

// Name describes the player.
func (sp *SearchPlayer) Name() string {
	var b strings.Builder
	b.WriteString(map[bool]string{true: "mcts", false: "alphabeta"}[sp.Engine == "mcts"])
	if sp.Strategy != "" {
		fmt.Fprintf(&b, " strategy=%s", sp.Strategy)
	}
	if sp.Limits.Depth > 0 {
		fmt.Fprintf(&b, " depth=%d", sp.Limits.Depth)
	}
	if sp.Limits.Nodes > 0 {
		fmt.Fprintf(&b, " nodes=%d", sp.Limits.Nodes)
	}
	if sp.Iterations > 0 {
		fmt.Fprintf(&b, " iterations=%d", sp.Iterations)
	}
	if sp.Limits.Time > 0 {
		fmt.Fprintf(&b, " time=%s", sp.Limits.Time)
	}
	return b.String()
}

// Move searches p.
func (sp *SearchPlayer) Move(ctx context.Context, p *morris.Position, _ []morris.Move) (morris.Move, error) {
	if sp.Engine == "mcts" {
		root := &Node{P: p.Clone(), C: &sp.Coef}
		cfg := MCTSConfig()
		cfg.Seed = sp.Seed + uint64(p.Ply())
		res := mcts.Search(ctx, root, func() *Node { return &Node{P: p.Clone()} }, cfg,
			mcts.Limits{Iterations: sp.Iterations, Time: sp.Limits.Time}, nil)
		if !res.HasMove {
			return 0, fmt.Errorf("%s found no move in %s", sp.Name(), p)
		}
		return res.Move, nil
	}
	if sp.s == nil {
		if sp.TTEntries == 0 {
			sp.s = smallSearchers.Get().(*Searcher)
		} else {
			sp.s = minimax.NewSearcher[Pos, morris.Move](sp.TTEntries)
		}
	}
	res := sp.s.Search(ctx, sp.Know.Pos(p, &sp.Coef), sp.Limits)
	if !res.HasMove {
		return 0, fmt.Errorf("%s found no move in %s", sp.Name(), p)
	}
	return res.Move, nil
}

// smallSearchers keeps the searchers of players with the default table, so
// that tournaments of thousands of games do not allocate one each.
var smallSearchers = sync.Pool{New: func() any { return minimax.NewSearcher[Pos, morris.Move](1 << 16) }}

// Release gives the player's searcher back for reuse; the player may still
// move after (it takes another).
func (sp *SearchPlayer) Release() {
	if sp.s != nil && sp.TTEntries == 0 {
		smallSearchers.Put(sp.s)
	}
	sp.s = nil
}

// RandomPlayer plays uniformly random legal moves.
type RandomPlayer struct{ R *xrand.Rand }

// Name describes the player.
func (RandomPlayer) Name() string { return "random" }

// Move picks a legal move at random.
func (rp RandomPlayer) Move(_ context.Context, p *morris.Position, _ []morris.Move) (morris.Move, error) {
	ms := p.GenMoves(nil)
	if len(ms) == 0 {
		return 0, fmt.Errorf("no legal move in %s", p)
	}
	return ms[rp.R.Intn(len(ms))], nil
}

// DefaultMaxPlies is where a game between programs (a tournament's, a
// competition's, an admission's) is adjudicated on material unless told
// otherwise: far past where a decided game ends, short of an endless one.
const DefaultMaxPlies = 200

// RandomOpening plays n random legal plies from the start and returns them
// (fewer if the game ends first).
func RandomOpening(r *morris.Rules, n int, rng *xrand.Rand) []morris.Move {
	p := morris.NewPosition(r)
	var out []morris.Move
	for range n {
		if p.Outcome().Over {
			break
		}
		ms := p.GenMoves(nil)
		m := ms[rng.Intn(len(ms))]
		p.Make(m)
		out = append(out, m)
	}
	return out
}
