package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"gameai/ai/morrisdb"
	"gameai/arena"
	"gameai/arena/series"
	"gameai/competition"
	"gameai/games"
	"gameai/games/morris"
)

var matchCommands = map[string]command{
	"morris": {"a series of Nine Men's Morris games between two engines, strategies or programs", matchMorris},
}

type gameOutcome struct {
	aWhite bool
	res    arena.MorrisGame
	// slips are the moves the judging database says gave up a win or a
	// draw (--judge-db).
	slips []morrisdb.Slip
	// fault: the game was lost by the side that failed its move.
	fault bool
}

// side names the player of a colour in a game: A or B.
func (g gameOutcome) side(colour int) string {
	if (colour == morris.White) == g.aWhite {
		return "A"
	}
	return "B"
}

// slipsText is a game's slips for its progress line.
func slipsText(g gameOutcome) string {
	var b strings.Builder
	for _, s := range g.slips {
		fmt.Fprintf(&b, "; %s slipped at %v", g.side(s.Side), s)
	}
	return b.String()
}

// judgeSummary counts each player's slips, and the games it lost after
// one: a game lost from a position the database calls a draw or a win.
func judgeSummary(results []gameOutcome) string {
	wins, draws, lostAfter := map[string]int{}, map[string]int{}, map[string]int{}
	for _, g := range results {
		slipped := map[string]bool{}
		for _, s := range g.slips {
			who := g.side(s.Side)
			slipped[who] = true
			if s.Before.IsWin() {
				wins[who]++
			} else {
				draws[who]++
			}
		}
		if w := g.res.Winner; w >= 0 && slipped[g.side(1-w)] {
			lostAfter[g.side(1-w)]++
		}
	}
	return fmt.Sprintf("database: A gave up %d wins and %d draws, lost %d games after a slip; B gave up %d wins and %d draws, lost %d games after a slip",
		wins["A"], draws["A"], lostAfter["A"], wins["B"], draws["B"], lostAfter["B"])
}

// morrisMatch is a match's configuration, read from its flags.
type morrisMatch struct {
	a, b            arena.MorrisSpec
	games, threads  int
	plies, maxPlies int
	loops, quiet    bool
	seed            uint64
	out             string
	rules           *morris.Rules
	lim             arena.MorrisLimits
	judge           *morrisdb.DB // nil: no judging
	// drawn: the openings are proved draws (--drawn-openings); openings
	// are the pairs' then.
	drawn    bool
	openings [][]morris.Move
}

func matchMorris(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	m, err := parseMorrisMatch(args, stderr)
	if err != nil {
		return err
	}
	if m.judge != nil {
		defer m.judge.Close()
	}
	// Check both specs build before the games start.
	for _, ps := range []arena.MorrisSpec{m.a, m.b} {
		if ps.Engine == "exe" {
			continue
		}
		if _, _, err := ps.Build(ctx, m.lim, 0); err != nil {
			return err
		}
	}
	progress := &syncWriter{w: stderr}
	start := time.Now()
	if m.drawn {
		o := morrisdb.NewOpening(m.judge, drawnOpeningsTableBits)
		if m.openings, err = drawnOpenings(ctx, m.rules, m.plies, m.seed, (m.games+1)/2, o.Solve, progress); err != nil {
			return err
		}
	}
	results, err := series.Run(ctx, m.games, m.threads, func(ctx context.Context, i int) (gameOutcome, error) {
		return m.play(ctx, i, progress)
	})
	if err != nil {
		return err
	}
	return m.report(stdout, results, time.Since(start))
}

// parseMorrisMatch reads a match's flags.
func parseMorrisMatch(args []string, stderr io.Writer) (*morrisMatch, error) {
	f := newFlags("match morris", "Plays N games between players A and B, colours alternating, each pair of games from the same\n"+
		"random opening. "+arena.MorrisSpecHelp+
		"A program that fails its move (crashes, does not answer, holds the game over where the rules go on) loses that game.\n"+
		"Prints wins, draws and losses of A with the 95% interval of its score and the Elo difference.", stderr)
	aSpec := f.String("a", "GAMEAI_MATCH_A", "alphabeta:strategy=ga-2019-best", "player A")
	bSpec := f.String("b", "GAMEAI_MATCH_B", "alphabeta:strategy=petcu-e32", "player B")
	nGames := f.Int("games", "GAMEAI_MATCH_GAMES", 20, "number of games (even: each opening is played with both colours)")
	depth := f.Int("depth", "GAMEAI_MATCH_DEPTH", 0, "default search depth (alphabeta)")
	nodes := f.Int64("nodes", "GAMEAI_MATCH_NODES", 0, "default node budget a move (alphabeta)")
	iters := f.Int64("iterations", "GAMEAI_MATCH_ITERATIONS", 0, "default iterations a move (mcts)")
	tm := f.Duration("time", "GAMEAI_MATCH_TIME", 0, "default time a move")
	plies := f.Int("random-plies", "GAMEAI_MATCH_RANDOM_PLIES", 4, "random opening plies, for variety")
	maxPlies := f.Int("max-plies", "GAMEAI_MATCH_MAX_PLIES", 300, "adjudicate after this many plies (0: never): by the --judge-db database where it holds the position, else by piece count")
	loops := f.Bool("dead-loops", "GAMEAI_MATCH_DEAD_LOOPS", false, "adjudicate when both sides repeat two moves: by the --judge-db database where it holds the position, else by piece count")
	variant := f.String("variant", "GAMEAI_MATCH_VARIANT", "nine", "nine, twelve or lasker")
	rules := f.String("rules", "GAMEAI_MATCH_RULES", "", "rule options, name=value,... (see GET /v1/games)")
	threads := f.Int("threads", "GAMEAI_MATCH_THREADS", runtime.NumCPU(), "games played at once")
	seed := f.Uint64("seed", "GAMEAI_MATCH_SEED", 1, "seed of the openings (and of mcts and random players)")
	out := f.String("out", "GAMEAI_MATCH_OUT", "", "file to write the game records to")
	quiet := f.Bool("quiet", "GAMEAI_MATCH_QUIET", false, "no line per game on standard error")
	judgeDB := f.String("judge-db", "GAMEAI_MATCH_JUDGE_DB", "", "a perfect-play database (gameai morris db build) that judges\n"+
		"every move with both hands empty: each side's slips (a win given up, a draw lost), a game at a time and in all;\n"+
		"it also decides the games --max-plies and --dead-loops stop; the players do not see it (theirs is bot morris --morris-db)")
	drawn := f.Bool("drawn-openings", "GAMEAI_MATCH_DRAWN_OPENINGS", false, "draw each pair's random opening again until the --judge-db\n"+
		"database proves it a draw (a search of the placement phase, some seconds each): neither colour starts lost")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return nil, err
	}
	if *nGames < 1 || *threads < 1 || *plies < 0 || *maxPlies < 0 {
		return nil, fmt.Errorf("--games and --threads must be at least 1, --random-plies and --max-plies not negative")
	}
	m := &morrisMatch{games: *nGames, threads: *threads, plies: *plies, maxPlies: *maxPlies, loops: *loops, quiet: *quiet,
		seed: *seed, out: *out, lim: arena.MorrisLimits{Depth: *depth, Nodes: *nodes, Iterations: *iters, Time: *tm}}
	var err error
	if m.a, err = arena.ParseMorrisSpec(*aSpec); err != nil {
		return nil, fmt.Errorf("--a: %w", err)
	}
	if m.b, err = arena.ParseMorrisSpec(*bSpec); err != nil {
		return nil, fmt.Errorf("--b: %w", err)
	}
	if m.rules, err = parseMorrisRules(*variant, *rules); err != nil {
		return nil, err
	}
	if *judgeDB != "" {
		if m.judge, err = morrisdb.Open(*judgeDB); err != nil {
			return nil, fmt.Errorf("--judge-db: %w", err)
		}
		if len(m.judge.Spaces()) == 0 {
			m.judge.Close()
			return nil, fmt.Errorf("--judge-db %s: no space is built there (gameai morris db build --dir %s)", *judgeDB, *judgeDB)
		}
	}
	if m.drawn = *drawn; m.drawn {
		if err := m.canProveOpenings(*judgeDB); err != nil {
			if m.judge != nil {
				m.judge.Close()
			}
			return nil, err
		}
	}
	return m, nil
}

// parseMorrisRules reads --variant and --rules (name=value,...).
func parseMorrisRules(variant, rules string) (*morris.Rules, error) {
	v, err := morris.ParseVariant(variant)
	if err != nil {
		return nil, fmt.Errorf("--variant: %w", err)
	}
	given := map[string]string{}
	for _, kv := range strings.Split(rules, ",") {
		if kv == "" {
			continue
		}
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("--rules: %q is not name=value", kv)
		}
		given[k] = val
	}
	resolved, err := games.ResolveOptions(morris.OptionSpecs, given)
	if err != nil {
		return nil, fmt.Errorf("--rules: %w", err)
	}
	r, err := morris.NewRules(v, resolved)
	if err != nil {
		return nil, fmt.Errorf("--rules: %w", err)
	}
	return r, nil
}

// play plays game i: A white in even games, each pair of games from the
// same opening.
func (m *morrisMatch) play(ctx context.Context, i int, progress io.Writer) (gameOutcome, error) {
	pair := i / 2
	opening, _ := openingFor(m.rules, m.plies, m.seed, uint64(pair))
	if m.openings != nil {
		opening = m.openings[pair]
	}
	aWhite := i%2 == 0
	player := func(ps arena.MorrisSpec, seed uint64) arena.Entrant {
		return arena.Entrant{ID: ps.Text, Local: &arena.Local{Morris: func(ctx context.Context) (arena.MorrisPlayer, func(), error) {
			return ps.Build(ctx, m.lim, seed)
		}}}
	}
	seats := []arena.Entrant{player(m.a, m.seed+uint64(i)*2), player(m.b, m.seed+uint64(i)*2+1)}
	if !aWhite {
		seats[0], seats[1] = seats[1], seats[0]
	}
	// A player that fails its move (a program that crashed, did not
	// answer in time, or holds the game over where the rules go on)
	// loses the game, as in a competition: one program's fault does
	// not end the match.
	o, err := arena.Runner{}.Play(ctx, arena.Spec{Game: competition.Morris, N: i + 1, Seats: seats,
		Morris: &arena.MorrisOptions{Rules: m.rules, Opening: opening, MaxPlies: m.maxPlies, DeadLoops: m.loops,
			Adjudicate: m.adjudicator(), Tags: map[string]string{"Event": "gameai match", "Round": strconv.Itoa(i + 1)}}})
	if err != nil {
		return gameOutcome{}, err
	}
	res := *o.Morris
	if o.Fault != nil {
		res.Reason = fmt.Sprintf("%s lost by a fault: %s", [2]string{"white", "black"}[o.Fault.Seat], o.Fault.Reason)
	}
	out := gameOutcome{aWhite: aWhite, res: res, fault: o.Fault != nil}
	if res.Record == nil {
		return gameOutcome{}, fmt.Errorf("game %d: %s", i+1, o.Reason)
	}
	if m.judge != nil {
		if out.slips, err = m.judge.Slips(morris.NewPosition(m.rules), res.Record.Moves); err != nil {
			return gameOutcome{}, fmt.Errorf("--judge-db: game %d: %w", i+1, err)
		}
	}
	if !m.quiet {
		fmt.Fprintf(progress, "game %d: %s (%s) %s%s\n", i+1, res.Record.Tags["Result"], res.Reason,
			map[bool]string{true: "A white", false: "A black"}[aWhite], slipsText(out))
	}
	return out, nil
}

// adjudicator decides a stopped game by the judge's database where it
// holds the position (nil without one: material decides).
func (m *morrisMatch) adjudicator() func(*morris.Position) (int, string, bool) {
	if m.judge == nil {
		return nil
	}
	return m.judge.Adjudicate
}

// report prints A's score (in all, as white, as black), the time a move,
// the adjudications and faults, the judge's summary, and writes the
// records to --out.
func (m *morrisMatch) report(stdout io.Writer, results []gameOutcome, elapsed time.Duration) error {
	var all, asWhite, asBlack series.Tally
	adjudicated, faults := 0, 0
	var think [2]time.Duration // A, B
	var moves [2]int
	var recs strings.Builder
	for _, g := range results {
		score := 0.5
		switch g.res.Winner {
		case morris.White:
			score = map[bool]float64{true: 1, false: 0}[g.aWhite]
		case morris.Black:
			score = map[bool]float64{true: 0, false: 1}[g.aWhite]
		}
		all.Add(score)
		if g.aWhite {
			asWhite.Add(score)
		} else {
			asBlack.Add(score)
		}
		if g.res.Ending.Adjudicated() {
			adjudicated++
		}
		if g.fault {
			faults++
		}
		a := map[bool]int{true: morris.White, false: morris.Black}[g.aWhite]
		think[0] += g.res.Think[a]
		think[1] += g.res.Think[1-a]
		moves[0] += g.res.Moves[a]
		moves[1] += g.res.Moves[1-a]
		recs.WriteString(g.res.Record.String())
		recs.WriteByte('\n')
	}
	fmt.Fprintf(stdout, "A: %s\nB: %s\n", m.a.Text, m.b.Text)
	fmt.Fprintf(stdout, "A %s\n", all)
	fmt.Fprintf(stdout, "  as white %s\n  as black %s\n", asWhite, asBlack)
	perMove := func(i int) time.Duration {
		if moves[i] == 0 {
			return 0
		}
		return (think[i] / time.Duration(moves[i])).Round(time.Microsecond)
	}
	fmt.Fprintf(stdout, "mean time a move: A %v, B %v\n", perMove(0), perMove(1))
	fmt.Fprintf(stdout, "adjudicated %d of %d, lost by a fault %d; %s\n", adjudicated, len(results), faults, elapsed.Round(time.Millisecond))
	if m.judge != nil {
		fmt.Fprintln(stdout, judgeSummary(results))
	}
	if m.out != "" {
		return os.WriteFile(m.out, []byte(recs.String()), 0o644)
	}
	return nil
}
