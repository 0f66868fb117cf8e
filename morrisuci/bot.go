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
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

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
	know    *morrisai.Knowledge
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
	// hashMB is the transposition table's size (Hash), in megabytes.
	hashMB int

	pos     *morris.Position
	history []morris.Move
	pending *morris.Move
	search  *minimax.Searcher[morrisai.Pos, morris.Move]
	// chosen is the last move the search chose and the position it was
	// chosen in: a mill's removal, asked for at the next go, is the one
	// that search chose with it.
	chosen     morris.Move
	chosenHash uint64
	hasChosen  bool

	cancel context.CancelFunc
	done   chan struct{}
}

// The table's size (option Hash, megabytes), as chess engines give it.
const (
	DefaultHashMB = morrisai.TableMB
	MaxHashMB     = 4096
)

// Options are the engine's own options (uci lists them, then the rules'
// options, morris.OptionSpecs); setoption checks a value against them.
var Options = []games.OptionSpec{
	{Name: "MoveTime", Kind: games.OptionFloat, Default: "1", Min: 0, Max: 3600, Description: "seconds a move when go gives no time"},
	{Name: "SkillLevel", Kind: games.OptionInt, Default: "0", Min: 0, Max: 30, Description: "Sanmill's skill level, here a depth cap (0: none)"},
	{Name: "Depth", Kind: games.OptionInt, Default: "0", Min: 0, Max: 64, Description: "a depth cap (0: none)"},
	{Name: "Strategy", Kind: games.OptionText, Default: morris.DefaultStrategy, Description: "a shipped strategy's name, or 19 integers"},
	{Name: "Engine", Kind: games.OptionChoice, Default: "alphabeta", Choices: []string{"alphabeta", "mcts"}, Description: "the search"},
	{Name: "Threads", Kind: games.OptionInt, Default: "1", Min: 1, Max: 256, Description: "MCTS threads"},
	{Name: "Hash", Kind: games.OptionInt, Default: strconv.Itoa(DefaultHashMB), Min: 1, Max: MaxHashMB, Description: "the transposition table, MB"},
	{Name: "Variant", Kind: games.OptionChoice, Default: "nine", Choices: morris.Game.Variants(), Description: "the board and pieces"},
}

// OptionLine is an option as the protocol's uci lists it.
func OptionLine(o games.OptionSpec) string {
	switch o.Kind {
	case games.OptionBool:
		return fmt.Sprintf("option name %s type check default %s", o.Name, o.Default)
	case games.OptionInt:
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.Name, o.Default, o.Min, o.Max)
	case games.OptionChoice:
		return fmt.Sprintf("option name %s type combo default %s var %s", o.Name, o.Default, strings.Join(o.Choices, " var "))
	}
	// text, and float: the protocol has no number type but spin's integers
	return fmt.Sprintf("option name %s type string default %s", o.Name, o.Default)
}

// NewBot returns a bot with Sanmill's defaults: standard rules, one
// second a move; its alpha-beta knows k (nil: the evaluation alone).
func NewBot(out, log io.Writer, version string, k *morrisai.Knowledge) *Bot {
	b := &Bot{Out: out, Log: log, Version: version, know: k, opts: map[string]string{}, engine: "alphabeta",
		moveTime: time.Second, threads: 1, hashMB: DefaultHashMB, stratNm: morris.DefaultStrategy}
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
		for _, o := range Options {
			b.say("%s", OptionLine(o))
		}
		for _, o := range morris.OptionSpecs {
			b.say("%s", OptionLine(o))
		}
		b.say("uciok")
	case "isready":
		b.say("readyok")
	case "ucinewgame":
		b.stop()
		b.resetRules()
		b.search = nil // a new game starts from an empty table
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
	// The engine's own options are checked against their table (kind,
	// range, choices); the rules' below against the rules'.
	var n int
	var x float64
	if i := slices.IndexFunc(Options, func(o games.OptionSpec) bool { return strings.EqualFold(o.Name, name) }); i >= 0 {
		o := Options[i]
		v, err := games.ResolveOptions([]games.OptionSpec{o}, map[string]string{o.Name: value})
		if err != nil {
			b.logf("%v", err)
			return
		}
		value, n, x = v[o.Name], v.Int(o.Name), v.Float(o.Name)
	}
	switch strings.ToLower(name) {
	case "movetime":
		b.moveTime = time.Duration(x * float64(time.Second))
	case "skilllevel":
		b.skill = n
	case "depth":
		b.depth = n
	case "threads":
		b.threads = n
	case "hash":
		b.hashMB, b.search = n, nil
	case "engine":
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
	played, pending, err := replayTokens(p, tokens)
	if err != nil {
		b.logf("position: %v (kept the %d moves before it)", err, len(played))
	}
	b.pos, b.history, b.pending = p, played, pending
}
