package morrisuci

// The search side of the bot: go, stop, and choosing a move or a removal
// within the limits.

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// goSearch starts the search in the background, so that stop, isready and
// quit are answered while it runs.
func (b *Bot) goSearch(ctx context.Context, f []string) {
	limit, depth := b.moveTime, b.depth
	clock := map[string]float64{}
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "infinite":
			limit = 0 // until stop
			continue
		case "movetime", "depth", "wtime", "btime", "winc", "binc":
		default:
			b.logf("go: unknown parameter %q", f[i])
			continue
		}
		if i+1 >= len(f) {
			b.logf("go: %s without a value", f[i])
			break
		}
		n, err := strconv.ParseFloat(f[i+1], 64)
		if err != nil || n < 0 || math.IsInf(n, 0) {
			b.logf("go: %s %q is not a number", f[i], f[i+1])
			i++
			continue
		}
		clock[f[i]] = n
		i++
	}
	if ms, ok := clock["movetime"]; ok {
		limit = time.Duration(ms * float64(time.Millisecond))
	}
	if d, ok := clock["depth"]; ok {
		depth = int(min(d, 64))
	}
	// A game clock: a 25th of what is left, plus the increment.
	side := [2]string{"w", "b"}[b.pos.SideToMove()]
	if left, ok := clock[side+"time"]; ok {
		limit = time.Duration((left/25 + clock[side+"inc"]*0.9) * float64(time.Millisecond))
	}
	if _, ok := clock["depth"]; ok && len(clock) == 1 {
		limit = 0 // "go depth N" alone: to that depth, whatever the time
	}
	if b.skill > 0 && (depth == 0 || depth > b.skill) {
		depth = b.skill
	}
	sctx, cancel := context.WithCancel(ctx)
	b.cancel, b.done = cancel, make(chan struct{})
	pos, pending := b.pos.Clone(), b.pending
	go func() {
		defer close(b.done)
		defer cancel()
		b.say("bestmove %s", b.best(sctx, pos, pending, limit, depth))
	}()
}

// stop ends a running search; its bestmove is written before stop returns.
func (b *Bot) stop() {
	if b.cancel == nil {
		return
	}
	b.cancel()
	<-b.done
	b.cancel, b.done = nil, nil
}

// best answers go: the first token of the best move (its removal comes at
// the next go, with the move pending), a removal token, draw or none.
func (b *Bot) best(ctx context.Context, p *morris.Position, pending *morris.Move, limit time.Duration, depth int) string {
	if pending != nil {
		return b.bestRemoval(ctx, p, *pending, limit, depth)
	}
	if o := p.Outcome(); o.Over {
		if o.Winner < 0 {
			return "draw"
		}
		return "none"
	}
	m, ok := b.searchMove(ctx, p, limit, depth, true)
	if !ok {
		return "none"
	}
	b.chosen, b.chosenHash, b.hasChosen = m, p.Hash(), true
	return m.Tokens()[0]
}

// searchMove searches p and reports info lines.
func (b *Bot) searchMove(ctx context.Context, p *morris.Position, limit time.Duration, depth int, info bool) (morris.Move, bool) {
	if b.engine == "mcts" {
		res := mcts.Search(ctx, &morrisai.Node{P: p, C: &b.coef}, func() *morrisai.Node { return &morrisai.Node{P: p.Clone()} },
			withThreads(morrisai.MCTSConfig(), b.threads), mcts.Limits{Time: limit}, nil)
		if info && res.HasMove {
			b.say("info score %d nodes %d time %d pv %s", int(math.Round(1000*res.Value)), res.Iterations,
				res.Elapsed.Milliseconds(), pvTokens(res.PV))
		}
		return res.Move, res.HasMove
	}
	if b.search == nil {
		b.search = morrisai.NewSearcherMB(b.hashMB)
	}
	s := b.search
	s.OnInfo = nil
	if info {
		s.OnInfo = func(in minimax.Info[morris.Move]) {
			nps := int64(float64(in.Nodes) / max(in.Elapsed.Seconds(), 1e-6))
			b.say("info depth %d score %s nodes %d nps %d time %d pv %s", in.Depth, scoreText(in.Score), in.Nodes, nps,
				in.Elapsed.Milliseconds(), pvTokens(in.PV))
		}
	}
	// A game's moves share the table, but a search to a depth answers
	// as it would alone.
	s.Keep = depth == 0
	lim := minimax.Limits{Depth: depth, Time: limit}
	// A position the perfect-play database decides needs one ply (each
	// move's value is the database's).
	if v, ok := b.know.Probe(p); ok {
		if info {
			b.say("info string db %s", v)
		}
		if v != morrisdb.Draw {
			lim = minimax.Limits{Depth: 1}
		}
	}
	res, c := b.know.SearchChecked(ctx, b.know.Pos(p, &b.coef), lim,
		func(pos morrisai.Pos, lim minimax.Limits) minimax.Result[morris.Move] { return s.Search(ctx, pos, lim) })
	s.OnInfo = nil
	if info && c.Ran {
		b.say("info string %s", c)
	}
	return res.Move, res.HasMove
}

// bestRemoval picks the removal of a pending mill: the one the search
// that chose the mill chose with it, at once, when this is that mill in
// that position; else the legal full move with the pending move's points
// whose resulting position searches best.
func (b *Bot) bestRemoval(ctx context.Context, p *morris.Position, pending morris.Move, limit time.Duration, depth int) string {
	if c := b.chosen; b.hasChosen && b.chosenHash == p.Hash() && c.Removes() && c.From() == pending.From() && c.To() == pending.To() {
		return c.Tokens()[1]
	}
	var cands []morris.Move
	for _, m := range p.GenMoves(nil) {
		if m.Removes() && m.To() == pending.To() && m.From() == pending.From() {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return "none"
	}
	best, bestScore := cands[0], minimax.Score(math.MinInt32)
	each := limit / time.Duration(len(cands))
	for _, m := range cands {
		p.Make(m)
		sc := minimax.Score(0)
		if o := p.Outcome(); o.Over {
			if o.Winner >= 0 {
				sc = minimax.Mate
			}
		} else {
			if b.search == nil {
				b.search = morrisai.NewSearcherMB(b.hashMB)
			}
			d := max(depth-1, 0)
			b.search.Keep = d == 0
			res := b.search.Search(ctx, b.know.Pos(p, &b.coef), minimax.Limits{Depth: d, Time: each})
			sc = -res.Score
		}
		p.Unmake(m)
		if sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best.Tokens()[1]
}

func withThreads(c mcts.Config, n int) mcts.Config { c.Threads = n; return c }

func pvTokens(ms []morris.Move) string {
	var parts []string
	for _, m := range ms {
		parts = append(parts, m.Tokens()...)
	}
	return strings.Join(parts, " ")
}

// scoreText is the score for info lines: "cp N", or "mate N" in moves
// (plies) with the sign of the side to move, as chess engines write it.
func scoreText(s minimax.Score) string {
	if minimax.IsMate(s) {
		plies := int(minimax.Mate - max(s, -s))
		if s < 0 {
			plies = -plies
		}
		return fmt.Sprintf("mate %d", plies)
	}
	return fmt.Sprintf("cp %d", s)
}
