package morrisai

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"gameai/ai"
	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games"
	"gameai/games/morris"
)

// AlphaBetaVersion changes whenever the alpha-beta engine's answers may
// change (search or evaluation), so cached analyses of older versions are
// not served.
const AlphaBetaVersion = "2"

// ttEntries is the transposition table of one search (16 MB).
const ttEntries = 1 << 20

// EntryBytes is the size of a table entry, TableMB the table's.
const (
	EntryBytes = 16
	TableMB    = ttEntries * EntryBytes >> 20
)

// NewSearcherMB returns a searcher with a table of about mb megabytes.
func NewSearcherMB(mb int) *Searcher {
	return minimax.NewSearcher[Pos, morris.Move](mb << 20 / EntryBytes)
}

// DefaultTime is the budget of a search given no limit at all.
const DefaultTime = time.Second

// Searcher is the alpha-beta searcher for Morris positions.
type Searcher = minimax.Searcher[Pos, morris.Move]

// NewSearcher returns a searcher with the engine's table size.
func NewSearcher() *Searcher { return minimax.NewSearcher[Pos, morris.Move](ttEntries) }

// AlphaBeta is the alpha-beta engine. Searchers are pooled, so that the
// engine serves concurrent requests without allocating a table for each.
type AlphaBeta struct {
	pool sync.Pool
	know *Knowledge
}

// NewAlphaBeta returns the engine, knowing k (nil: the evaluation alone).
func NewAlphaBeta(k *Knowledge) *AlphaBeta {
	return &AlphaBeta{pool: sync.Pool{New: func() any { return NewSearcher() }}, know: k}
}

// Search finds the best move within the limits of time, depth or nodes
// (iterations do not apply; with no other limit the search takes
// DefaultTime). Options: strategy (a preset name) or coefficients (19
// integers, comma-separated).
func (e *AlphaBeta) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	st, ok := req.State.(*morris.State)
	if !ok {
		return ai.Result{}, fmt.Errorf("alphabeta plays morris, not %s", req.State.Game().Name())
	}
	if _, err := ai.ResolveOptions(strategyOptions, req.Options); err != nil {
		return ai.Result{}, err
	}
	coef, _, err := StrategyOption(req.Options)
	if err != nil {
		return ai.Result{}, err
	}
	p := st.P.Clone()
	if p.Outcome().Over {
		return ai.Result{}, ai.ErrNoMove
	}
	lim := minimax.Limits{Depth: req.Limits.Depth, Nodes: req.Limits.Nodes, Time: req.Limits.Time}
	if lim.Depth == 0 && lim.Nodes == 0 && lim.Time == 0 {
		lim.Time = DefaultTime
	}
	s := e.pool.Get().(*Searcher)
	defer e.pool.Put(s)
	s.OnInfo = nil
	if req.Progress != nil {
		s.OnInfo = func(in minimax.Info[morris.Move]) {
			req.Progress(ai.Info{Depth: in.Depth, Score: float64(in.Score), Nodes: in.Nodes, PV: toGames(in.PV), Elapsed: in.Elapsed})
		}
	}
	pos := e.know.Pos(p, &coef)
	// A position the database decides needs one ply: each move's value is
	// the database's, and the shortest win (or longest loss) is the best.
	v, covered := pos.probe()
	if covered && v != morrisdb.Draw {
		lim = minimax.Limits{Depth: 1}
	}
	// Only a search bounded by time alone starts from the shared table: at
	// a fixed depth or node count the answer must repeat.
	shared := req.Shared != nil && lim.Depth == 0 && lim.Nodes == 0
	var seed []minimax.Entry[morris.Move]
	if shared {
		seed = LoadShared(ctx, req.Shared, pos)
	}
	res, checked := e.know.SearchChecked(ctx, pos, lim,
		func(pos Pos, lim minimax.Limits) minimax.Result[morris.Move] {
			return s.SearchFrom(ctx, pos, lim, seed)
		})
	s.OnInfo = nil
	if shared {
		StoreShared(ctx, req.Shared, s, pos, SharedPlies, SharedMinDepth)
	}
	if !res.HasMove {
		return ai.Result{}, ai.ErrNoMove
	}
	out := ai.Result{Move: res.Move, Score: float64(res.Score), PV: toGames(res.PV), Depth: res.Depth,
		Nodes: res.Nodes, Elapsed: res.Elapsed, Unchecked: checked.Busy}
	if covered {
		out.DB = v.String()
	}
	return out, nil
}

func toGames(ms []morris.Move) []games.Move {
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// strategyOptions are the options that choose the evaluation (StrategyOption
// reads them).
var strategyOptions = []games.OptionSpec{
	{Name: "strategy", Kind: games.OptionText, Default: morris.DefaultStrategy,
		Description: "a shipped strategy (" + strings.Join(shippedNames(), ", ") + ") or, through the service, a trained one's name"},
	{Name: "coefficients", Kind: games.OptionText,
		Description: "19 integers, comma-separated: the evaluation's coefficients, instead of a strategy"},
}

func shippedNames() []string {
	var names []string
	for _, p := range morris.Shipped() {
		names = append(names, p.Name)
	}
	return names
}

// StrategyOption reads the strategy of engine options: coefficients (19
// integers) win over strategy (a preset name); neither gives the default
// preset. It returns the coefficients and a name for them.
func StrategyOption(opts map[string]string) (morris.Coefficients, string, error) {
	if text, ok := opts["coefficients"]; ok {
		c, err := ParseCoefficients(text)
		if err != nil {
			return c, "", &ai.OptionError{Name: "coefficients", Reason: err.Error()}
		}
		return c, "custom", nil
	}
	name := opts["strategy"]
	if name == "" {
		name = morris.DefaultStrategy
	}
	s, ok := morris.Preset(name)
	if !ok {
		return morris.Coefficients{}, "", &ai.OptionError{Name: "strategy",
			Reason: fmt.Sprintf("no strategy %q (presets: %s; trained strategies are named through the service)", name, strings.Join(shippedNames(), ", "))}
	}
	return s.Coefficients, name, nil
}

// ParseCoefficients reads 19 integers separated by commas or spaces (a JSON
// array's brackets are allowed).
func ParseCoefficients(text string) (morris.Coefficients, error) {
	var c morris.Coefficients
	fields := strings.FieldsFunc(strings.Trim(strings.TrimSpace(text), "[]"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	if len(fields) != morris.NumCoefficients {
		return c, fmt.Errorf("want %d integers, got %d", morris.NumCoefficients, len(fields))
	}
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return c, fmt.Errorf("coefficient %d: %q is not an integer", i, f)
		}
		c[i] = n
	}
	return c, morris.CheckCoefficients(c)
}

// AlphaBetaInfo registers the engine knowing k; its version names the
// database it probes, whose answers differ from the search's alone.
func AlphaBetaInfo(k *Knowledge) ai.EngineInfo {
	version := AlphaBetaVersion
	if name := k.Name(); name != "" {
		version += "+" + name
	}
	return ai.EngineInfo{Game: "morris", Name: "alphabeta", Version: version, Deterministic: true,
		Description: fmt.Sprintf("negamax alpha-beta with PVS, iterative deepening, a transposition table of %d entries and "+
			"the 19-coefficient evaluation, strategy %s unless one is named (limits: time, depth, nodes; %s)",
			ttEntries, morris.DefaultStrategy, ai.DescribeOptions(strategyOptions)),
		Options: strategyOptions, Engine: NewAlphaBeta(k)}
}
