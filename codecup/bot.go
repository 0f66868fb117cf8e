// Package codecup is Less over CodeCup 2017's protocol, standard input and
// output: the bot (ours, as a program), its settings (the spec language),
// and the programs a referee drives (a command, ours in process). The
// referee that runs four of them through a game, checking every action
// and clock, is arena's.
//
// The protocol: the referee sends the wall layout (112 digits), then the
// bot's colour (Yellow, Black, White or Red). Yellow moves at once; any
// other bot first reads the actions of the players before it. Then the
// loop: write its own action, read the other three players' actions. An
// action is one line: 1 to 3 moves joined by ':' (h2h3:h1f1) or Nil.
// Quit ends a bot. About 30 seconds of thinking per program per game.
package codecup

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"gameai/ai/lessai"
	"gameai/ai/mcts"
	"gameai/games/less"
)

// BotConfig sets how our bot plays.
type BotConfig struct {
	// Engine is uct (the default), mcts (the same tree search with RAVE),
	// expectimax or greedy.
	Engine string
	// Budget is the thinking time of a whole game (default 30 s); the bot
	// keeps Reserve of it unspent for the unexpected (default 6%: 1.8 s of
	// 30, where a turn's search overshoots its share by milliseconds).
	Budget  time.Duration
	Reserve float64
	Seed    uint64
	// Tree is the mcts and uct engines' settings (ParseSpec: the table's
	// defaults for the teammate and the scale, given ones for the rest).
	lessai.Tree
	// ReuseTree keeps the mcts and uct engines' tree from one turn to the
	// next: a turn's search starts from the node of its position in the
	// last turn's tree, where that tree reached it (mcts.Searcher).
	ReuseTree bool `json:"reuse_tree,omitempty"`
	// Iterations (mcts, uct) and Depth (expectimax), when set, bound each
	// turn's search instead of its share of the clock, so that the bot
	// plays the same game every time (a competition's reproducible
	// entrant); the clock still bounds it.
	Iterations int64 `json:"iterations,omitempty"`
	Depth      int   `json:"depth,omitempty"`
}

func (c BotConfig) withDefaults() BotConfig {
	if c.Engine == "" {
		c.Engine = lessai.Kinds[0]
	}
	if c.Budget <= 0 {
		c.Budget = Clock
	}
	if c.Reserve <= 0 {
		c.Reserve = 0.06
	}
	return c
}

// RunBot plays one game on in and out; diagnostics go to log (standard
// error: the referee ignores it). It never panics on what it reads: a line
// it cannot use is logged and the game goes on as well as it can.
func RunBot(ctx context.Context, in io.Reader, out io.Writer, log io.Writer, cfg BotConfig) (err error) {
	b := newBot(in, out, log, cfg)
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
			b.logf("internal error: %v", p)
		}
	}()
	return b.play(ctx)
}

func newBot(in io.Reader, out io.Writer, log io.Writer, cfg BotConfig) *bot {
	cfg = cfg.withDefaults()
	b := &bot{cfg: cfg, log: log, out: out, lines: bufio.NewScanner(in), began: time.Now()}
	b.lines.Buffer(make([]byte, 4096), 1<<20)
	if cfg.ReuseTree {
		b.trees = mcts.NewPool[*lessai.Node, less.Move](1, time.Hour)
	}
	return b
}

type bot struct {
	cfg   BotConfig
	log   io.Writer
	out   io.Writer
	lines *bufio.Scanner
	began time.Time
	spent time.Duration

	me    int
	model lessai.Model // what the other seats have shown (Tree.Learns)
	p     less.Position
	d     *less.Distances
	trees *mcts.Pool[*lessai.Node, less.Move] // with ReuseTree
}

func (b *bot) logf(format string, args ...any) {
	if b.log != nil {
		fmt.Fprintf(b.log, "gameai: "+format+"\n", args...)
	}
}

var errQuit = fmt.Errorf("quit")

// next returns the next non-empty line; Quit ends the game.
func (b *bot) next() (string, error) {
	for b.lines.Scan() {
		l := strings.TrimSpace(b.lines.Text())
		if l == "" {
			continue
		}
		if l == "Quit" {
			return "", errQuit
		}
		if l == "Move" {
			// A request for our route means nothing before the layout and
			// colour have come: there is no position to route in yet.
			if b.d == nil {
				b.logf("Move before the layout and colour: ignored")
				continue
			}
			b.say(b.route())
			continue
		}
		return l, nil
	}
	if err := b.lines.Err(); err != nil {
		return "", err
	}
	return "", io.EOF
}

func (b *bot) say(line string) { fmt.Fprintln(b.out, line) }

func (b *bot) play(ctx context.Context) error {
	layout, err := b.next()
	if err == errQuit {
		return nil
	}
	if err != nil {
		return err
	}
	w, err := less.ParseWalls(layout)
	if err != nil {
		return fmt.Errorf("layout: %w", err)
	}
	colour, err := b.next()
	if err == errQuit {
		return nil
	}
	if err != nil {
		return err
	}
	b.me = -1
	for i, n := range less.PlayerNames {
		if strings.EqualFold(colour, n) {
			b.me = i
		}
	}
	if b.me < 0 {
		return fmt.Errorf("colour %q: want Yellow, Black, White or Red", colour)
	}
	t0 := time.Now()
	b.d = less.DistancesFor(w)
	b.p = *less.NewPosition(w)
	b.spent += time.Since(t0)
	b.logf("%s on %s; tables in %v", less.PlayerNames[b.me], layout, time.Since(t0).Round(time.Millisecond))
	for turn := 0; turn < less.Turns; turn++ {
		pl := turn % 4
		if pl == b.me {
			a := b.choose(ctx)
			b.say(a.String())
			b.apply(pl, a)
			continue
		}
		line, err := b.next()
		if err == errQuit {
			return nil
		}
		if err != nil {
			return err
		}
		a, perr := less.ParseAction(line)
		if perr != nil {
			b.logf("%s sent %q: %v; taken as a pass", less.PlayerNames[pl], line, perr)
			a = less.Nil
		}
		b.observe(ctx, pl, a)
		b.apply(pl, a)
	}
	// Wait for Quit (or the end of input) so the referee's last lines are read.
	for {
		if _, err := b.next(); err != nil {
			return nil
		}
	}
}

// apply keeps our position in step with the game: a player's action, or a
// pass where the rules pass its turn.
func (b *bot) apply(pl int, a less.Action) {
	if b.p.Over() {
		return
	}
	if b.p.NilDue(pl) {
		if a.N != 0 {
			b.logf("%s played %s where its turn passes", less.PlayerNames[pl], a)
		}
		return
	}
	if err := b.p.Apply(a); err != nil {
		b.logf("%s's action %s: %v; taken as a pass", less.PlayerNames[pl], a, err)
		b.p.Pass()
	}
}

// observeShare is the part of a turn's share that the short search
// scoring another seat's turn takes: paid from our clock, three times a
// round (some 2% of the game's thinking).
const observeShare = 128

// observe scores another seat's action for the model of the seats the
// engine learns, before it is applied.
func (b *bot) observe(ctx context.Context, pl int, a less.Action) {
	learn := b.cfg.LearnTeammate && pl == b.me^2 || b.cfg.LearnOpponents && pl != b.me^2
	if !learn || pl == b.me || b.p.Over() || b.p.NilDue(pl) {
		return
	}
	start := time.Now()
	lim := mcts.Limits{Time: max(b.share()/observeShare, time.Millisecond)}
	if b.cfg.Iterations > 0 {
		lim = mcts.Limits{Iterations: max(b.cfg.Iterations/observeShare, 100)}
	}
	b.model.Observe(ctx, b.p, b.d, a, lim)
	b.spent += time.Since(start)
}

// share is this turn's share of the time left.
func (b *bot) share() time.Duration {
	left := time.Duration(float64(b.cfg.Budget)*(1-b.cfg.Reserve)) - b.spent
	return max(left/time.Duration(b.turnsToPlan()), 10*time.Millisecond)
}

// choose picks our action within this turn's share of the time left.
func (b *bot) choose(ctx context.Context) less.Action {
	if b.p.Over() || b.p.NilDue(b.me) {
		return less.Nil
	}
	start := time.Now()
	defer func() { b.spent += time.Since(start) }()
	left := time.Duration(float64(b.cfg.Budget)*(1-b.cfg.Reserve)) - b.spent
	c := lessai.Chooser{Kind: b.cfg.Engine, Tree: b.cfg.Tree, Seed: b.cfg.Seed + uint64(b.p.Turn()), Trees: b.trees}
	if b.cfg.Learns() {
		c.Model = &b.model
		b.logf("turn %d: %s", b.p.Turn(), b.cfg.Tree.DescribeModel(&b.model, b.me))
	}
	lim := lessai.Limits{Time: b.share()}
	if b.cfg.Iterations > 0 || b.cfg.Depth > 0 {
		lim = lessai.Limits{Iterations: b.cfg.Iterations, Depth: b.cfg.Depth, Time: left}
	}
	ch, err := c.Choose(ctx, b.p, b.d, lim, nil)
	if err != nil {
		b.logf("turn %d: %v; playing greedy", b.p.Turn(), err)
		return lessai.Greedy(b.p, b.d)
	}
	b.logf("turn %d: %s after %d nodes (value %.3f, found %v, %d visits reused) in %v", b.p.Turn(), ch.Action, ch.Nodes,
		ch.Value, ch.Found, ch.Reused, time.Since(start).Round(time.Millisecond))
	return ch.Action
}

// turnsToPlan is how many of our turns the clock left is shared over: the
// turns our pieces (or our teammate's, once ours are home) need alone on
// the board, 3 points a turn, and one more for the blocks on the way; at
// most the turns the game has left. Sharing over all the game's turns, as
// the first version did, left a third of the clock unspent: a game ends
// when the pieces are home, some 14 turns a player.
func (b *bot) turnsToPlan() int {
	mover := b.p.Mover()
	need := (b.d.Solo(mover, b.p.Pieces(mover))+less.PointsPerTurn-1)/less.PointsPerTurn + 1
	ownTurnsLeft := (less.Turns - b.p.Turn() + 3) / 4
	return max(1, min(need, ownTurnsLeft))
}

// route answers Move: our pieces' way home as if alone on the board, the
// moves joined by ':'.
func (b *bot) route() string {
	var parts []string
	for _, m := range less.SoloRoute(b.d, b.p.Walls(), b.me, b.p.Pieces(b.me)) {
		parts = append(parts, m.String())
	}
	if len(parts) == 0 {
		return "Nil"
	}
	return strings.Join(parts, ":")
}

// Engines are the bot's engines, the default first.
var Engines = lessai.Kinds

// ValidEngine reports whether name is one of Engines.
func ValidEngine(name string) bool { return lessai.ValidKind(name) }
