package morrisai

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// Player chooses the moves of one side of a game.
type Player interface {
	// Name describes the player for records, e.g. "alphabeta
	// strategy=petcu-e32 depth=4".
	Name() string
	// Move returns the move to play in p, which is not over and was
	// reached by history from the game's start; p must be left as it was.
	Move(ctx context.Context, p *morris.Position, history []morris.Move) (morris.Move, error)
}

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
		cfg := MCTSConfig
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
	res := sp.s.Search(ctx, NewPos(p, &sp.Coef), sp.Limits)
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

// GameOptions set how a game is played and when it is adjudicated.
type GameOptions struct {
	Rules *morris.Rules
	// Opening moves are played first (they must be legal).
	Opening []morris.Move
	// MaxPlies adjudicates the game by material after that many plies
	// (0: only the rules end it).
	MaxPlies int
	// DeadLoops adjudicates by material a game in which both sides
	// alternately repeat the same two moves (4 plies, twice).
	DeadLoops bool
	// Tags are added to the record.
	Tags map[string]string
}

// GameResult is a finished game.
type GameResult struct {
	Record *morris.GameRecord
	// Winner is White, Black or -1 for a draw.
	Winner int
	Reason string
	// Adjudicated: ended by MaxPlies or a dead loop, decided on material.
	Adjudicated bool
	// Illegal: the loser played a move the rules forbid (the rules'
	// model decided it, whatever the player said).
	Illegal bool
	Plies   int
	// Think is each side's time spent choosing moves, Moves how many it
	// chose (opening moves excluded).
	Think [2]time.Duration
	Moves [2]int
}

// Play plays a game between white and black.
func Play(ctx context.Context, white, black Player, o GameOptions) (GameResult, error) {
	p := morris.NewPosition(o.Rules)
	rec := &morris.GameRecord{Tags: map[string]string{"White": white.Name(), "Black": black.Name(),
		"Variant": o.Rules.Variant.String()}}
	if t := morris.RulesTag(o.Rules); t != "" {
		rec.Tags["Rules"] = t
	}
	for k, v := range o.Tags {
		rec.Tags[k] = v
	}
	players := [2]Player{white, black}
	var think [2]time.Duration
	var moves [2]int
	finish := func(winner int, reason string, adjudicated bool) (GameResult, error) {
		rec.Tags["Result"] = [3]string{morris.Draw, morris.WhiteWins, morris.BlackWins}[winner+1]
		rec.Tags["Termination"] = reason
		return GameResult{Record: rec, Winner: winner, Reason: reason, Adjudicated: adjudicated, Plies: len(rec.Moves),
			Think: think, Moves: moves}, nil
	}
	for ply := 0; ; ply++ {
		if err := ctx.Err(); err != nil {
			return GameResult{Record: rec}, err
		}
		if o.DeadLoops && deadLoop(rec.Moves) {
			w, why := byMaterial(p)
			return finish(w, "dead loop: "+why, true)
		}
		if out := p.Outcome(); out.Over {
			return finish(out.Winner, out.Reason, false)
		}
		if o.MaxPlies > 0 && ply >= o.MaxPlies {
			w, why := byMaterial(p)
			return finish(w, fmt.Sprintf("%d plies: %s", o.MaxPlies, why), true)
		}
		var m morris.Move
		if ply < len(o.Opening) {
			m = o.Opening[ply]
		} else {
			side := p.SideToMove()
			start := time.Now()
			var err error
			if m, err = players[side].Move(ctx, p, rec.Moves); err != nil {
				think[side] += time.Since(start)
				return GameResult{Record: rec, Plies: len(rec.Moves), Think: think, Moves: moves}, err
			}
			think[side] += time.Since(start)
			moves[side]++
		}
		if why := p.WhyIllegal(m); why != "" {
			side := p.SideToMove()
			if ply < len(o.Opening) {
				return GameResult{Record: rec}, fmt.Errorf("opening move %d %s: %s", ply+1, m, why)
			}
			res, err := finish(1-side, fmt.Sprintf("%s played the illegal move %s: %s", players[side].Name(), m, why), false)
			res.Illegal = true
			return res, err
		}
		p.Make(m)
		rec.Moves = append(rec.Moves, m)
	}
}

// deadLoop reports the last 8 plies being the same 4-ply cycle twice.
func deadLoop(ms []morris.Move) bool {
	n := len(ms)
	if n < 8 {
		return false
	}
	for i := 1; i <= 4; i++ {
		if ms[n-i] != ms[n-i-4] {
			return false
		}
	}
	return true
}

// byMaterial adjudicates: more pieces (board and hand) wins; equal draws.
func byMaterial(p *morris.Position) (int, string) {
	w, b := p.Material(morris.White), p.Material(morris.Black)
	switch {
	case w > b:
		return morris.White, fmt.Sprintf("white has more pieces (%d to %d)", w, b)
	case b > w:
		return morris.Black, fmt.Sprintf("black has more pieces (%d to %d)", b, w)
	}
	return -1, fmt.Sprintf("equal pieces (%d each)", w)
}

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
