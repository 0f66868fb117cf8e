// Package morrisuci speaks the command-line engine protocol of Sanmill, the
// strongest open Nine Men's Morris engine: Bot is our engine behind it
// (gameai bot morris), Client drives any engine that speaks it (for
// matches against other programs).
//
// One command per line: uci, isready, ucinewgame, setoption name N value
// V, position startpos|fen TEXT [moves T...], go [movetime MS] [depth N],
// stop, quit. Moves are tokens: d6, d6-d5, and a removal xb4 as its own
// token right after the move that closed the mill.
package morrisuci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"gameai/ai/mcts"
	"gameai/ai/minimax"
	"gameai/ai/morrisai"
	"gameai/games"
	"gameai/games/morris"
)

// Bot is the engine side of the protocol. Its output goes to Out, its
// diagnostics to Log (stderr in the binary: the other side ignores it).
type Bot struct {
	Out     io.Writer
	Log     io.Writer
	Version string

	mu      sync.Mutex // serialises writes to Out
	variant morris.Variant
	opts    map[string]string
	rules   *morris.Rules
	engine  string
	coef    morris.Coefficients
	stratNm string
	// moveTime per move, depth cap (Depth, and SkillLevel's), threads.
	moveTime time.Duration
	depth    int
	skill    int
	threads  int

	pos     *morris.Position
	history []morris.Move
	pending *morris.Move
	search  *minimax.Searcher[morrisai.Pos, morris.Move]

	cancel context.CancelFunc
	done   chan struct{}
}

// NewBot returns a bot with Sanmill's defaults: standard rules, one
// second a move.
func NewBot(out, log io.Writer, version string) *Bot {
	b := &Bot{Out: out, Log: log, Version: version, opts: map[string]string{}, engine: "alphabeta",
		moveTime: time.Second, threads: 1, stratNm: morris.DefaultStrategy}
	s, _ := morris.Preset(morris.DefaultStrategy)
	b.coef = s.Coefficients
	b.resetRules()
	return b
}

func (b *Bot) resetRules() {
	o, err := games.ResolveOptions(morris.OptionSpecs, b.opts)
	if err != nil {
		b.logf("options: %v", err)
		return
	}
	r, err := morris.NewRules(b.variant, o)
	if err != nil {
		b.logf("options: %v", err)
		return
	}
	b.rules = r
	b.pos, b.history, b.pending = morris.NewPosition(r), nil, nil
}

func (b *Bot) say(format string, args ...any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	fmt.Fprintf(b.Out, format+"\n", args...)
}

func (b *Bot) logf(format string, args ...any) {
	if b.Log != nil {
		b.mu.Lock()
		fmt.Fprintf(b.Log, "gameai: "+format+"\n", args...)
		b.mu.Unlock()
	}
}

// Run reads commands until quit, the end of input or ctx. Nothing the
// other side sends crashes it: a bad command is reported on Log.
func (b *Bot) Run(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if ctx.Err() != nil {
			break
		}
		if quit := b.handle(ctx, sc.Text()); quit {
			break
		}
	}
	b.stop()
	return sc.Err()
}

// handle runs one command; it reports quit.
func (b *Bot) handle(ctx context.Context, line string) (quit bool) {
	defer func() {
		if p := recover(); p != nil {
			b.logf("internal error on %q: %v", line, p)
		}
	}()
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "uci":
		b.say("id name gameai %s", b.Version)
		b.say("id author gameai")
		for _, o := range []string{
			"option name MoveTime type string default 1",
			"option name SkillLevel type spin default 0 min 0 max 30",
			"option name Depth type spin default 0 min 0 max 64",
			"option name Strategy type string default " + morris.DefaultStrategy,
			"option name Engine type combo default alphabeta var alphabeta var mcts",
			"option name Threads type spin default 1 min 1 max 256",
			"option name Variant type combo default nine var nine var twelve var lasker",
		} {
			b.say("%s", o)
		}
		for _, o := range morris.OptionSpecs {
			switch o.Kind {
			case games.OptionBool:
				b.say("option name %s type check default %s", o.Name, o.Default)
			case games.OptionInt:
				b.say("option name %s type spin default %s min %d max %d", o.Name, o.Default, o.Min, o.Max)
			}
		}
		b.say("uciok")
	case "isready":
		b.say("readyok")
	case "ucinewgame":
		b.stop()
		b.resetRules()
	case "setoption":
		b.stop()
		b.setOption(f[1:])
	case "position":
		b.stop()
		b.position(f[1:])
	case "go":
		b.stop()
		b.goSearch(ctx, f[1:])
	case "stop":
		b.stop()
	case "d":
		b.say("info string %s", b.pos)
	case "quit":
		return true
	default:
		b.logf("unknown command %q", f[0])
	}
	return false
}

// setOption reads "name N value V" (names may hold spaces).
func (b *Bot) setOption(f []string) {
	line := strings.Join(f, " ")
	name, value, _ := strings.Cut(strings.TrimPrefix(line, "name "), " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	spin := func(lo, hi int) (int, bool) {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			b.logf("option %s: %q is not an integer in %d..%d", name, value, lo, hi)
			return 0, false
		}
		return n, true
	}
	switch strings.ToLower(name) {
	case "movetime":
		s, err := strconv.ParseFloat(value, 64)
		if err != nil || s <= 0 || s > 3600 || math.IsNaN(s) {
			b.logf("option MoveTime: %q is not a number of seconds in (0, 3600]", value)
			return
		}
		b.moveTime = time.Duration(s * float64(time.Second))
	case "skilllevel":
		if n, ok := spin(0, 30); ok {
			b.skill = n
		}
	case "depth":
		if n, ok := spin(0, 64); ok {
			b.depth = n
		}
	case "threads":
		if n, ok := spin(1, 256); ok {
			b.threads = n
		}
	case "engine":
		if value != "alphabeta" && value != "mcts" {
			b.logf("option Engine: %q is not alphabeta or mcts", value)
			return
		}
		b.engine = value
	case "strategy":
		c, name, err := morrisai.StrategyOption(strategyOpts(value))
		if err != nil {
			b.logf("option Strategy: %v", err)
			return
		}
		b.coef, b.stratNm = c, name
	case "variant":
		v, err := morris.ParseVariant(value)
		if err != nil {
			b.logf("option Variant: %v", err)
			return
		}
		b.variant = v
		b.resetRules()
	default:
		for _, o := range morris.OptionSpecs {
			if strings.EqualFold(o.Name, name) {
				old, had := b.opts[o.Name]
				b.opts[o.Name] = value
				if _, err := games.ResolveOptions(morris.OptionSpecs, b.opts); err != nil {
					b.logf("option %s: %v", name, err)
					if had {
						b.opts[o.Name] = old
					} else {
						delete(b.opts, o.Name)
					}
					return
				}
				b.resetRules()
				return
			}
		}
		b.logf("unknown option %q", name)
	}
}

// strategyOpts reads a Strategy value: a preset name, or 19 integers.
func strategyOpts(v string) map[string]string {
	if strings.ContainsAny(v, ", ") || (v != "" && v[0] >= '0' && v[0] <= '9') {
		return map[string]string{"coefficients": v}
	}
	return map[string]string{"strategy": v}
}

// position sets the position: startpos or fen TEXT (our position text),
// then moves. An illegal token is reported and the moves before it kept.
func (b *Bot) position(f []string) {
	p := morris.NewPosition(b.rules)
	i := 0
	switch {
	case len(f) > 0 && f[0] == "startpos":
		i = 1
	case len(f) > 0 && f[0] == "fen":
		end := 1
		for end < len(f) && f[end] != "moves" {
			end++
		}
		q, err := morris.ParsePosition(b.rules, strings.Join(f[1:end], " "))
		if err != nil {
			b.logf("position fen: %v", err)
			return
		}
		p, i = q, end
	default:
		b.logf("position: want startpos or fen TEXT")
		return
	}
	var tokens []string
	if i < len(f) && f[i] == "moves" {
		tokens = f[i+1:]
	}
	played, pending, err := morris.ReplayTokens(p, tokens)
	if err != nil {
		b.logf("position: %v (kept the %d moves before it)", err, len(played))
	}
	b.pos, b.history, b.pending = p, played, pending
}

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
	return m.Tokens()[0]
}

// searchMove searches p and reports info lines.
func (b *Bot) searchMove(ctx context.Context, p *morris.Position, limit time.Duration, depth int, info bool) (morris.Move, bool) {
	if b.engine == "mcts" {
		res := mcts.Search(ctx, &morrisai.Node{P: p, C: &b.coef}, func() *morrisai.Node { return &morrisai.Node{P: p.Clone()} },
			withThreads(morrisai.MCTSConfig, b.threads), mcts.Limits{Time: limit}, nil)
		if info && res.HasMove {
			b.say("info score %d nodes %d time %d pv %s", int(math.Round(1000*res.Value)), res.Iterations,
				res.Elapsed.Milliseconds(), pvTokens(res.PV))
		}
		return res.Move, res.HasMove
	}
	if b.search == nil {
		b.search = morrisai.NewSearcher()
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
	res := s.Search(ctx, morrisai.Pos{P: p, C: &b.coef}, minimax.Limits{Depth: depth, Time: limit})
	s.OnInfo = nil
	return res.Move, res.HasMove
}

// bestRemoval picks the removal of a pending mill: the legal full move
// with the pending move's points whose resulting position searches best.
func (b *Bot) bestRemoval(ctx context.Context, p *morris.Position, pending morris.Move, limit time.Duration, depth int) string {
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
				b.search = morrisai.NewSearcher()
			}
			d := max(depth-1, 0)
			res := b.search.Search(ctx, morrisai.Pos{P: p, C: &b.coef}, minimax.Limits{Depth: d, Time: each})
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
