package cli

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"gameai/arena"
	"gameai/arena/series"
	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
)

var refereeCommands = map[string]command{
	"less": {"games of Less between four programs speaking the CodeCup protocol", refereeLess},
}

// multiFlag collects a repeated flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ", ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// parseProgram reads a --bot: gameai:SPEC (codecup.ParseSpec) runs our
// bot in this process, with budget as its clock unless the spec sets one;
// anything else is a command line.
func parseProgram(spec string, budget time.Duration) (arena.Entrant, error) {
	rest, ok := strings.CutPrefix(spec, "gameai:")
	if !ok {
		argv := strings.Fields(spec)
		if len(argv) == 0 {
			return arena.Entrant{}, fmt.Errorf("empty --bot")
		}
		return arena.Entrant{ID: spec, Local: &arena.Local{Less: codecup.Exec{Argv: argv}}}, nil
	}
	cfg, err := codecup.ParseSpec(rest, codecup.BotConfig{Budget: budget})
	if err != nil {
		return arena.Entrant{}, fmt.Errorf("--bot %q: %w", spec, err)
	}
	return arena.Entrant{ID: spec, Local: &arena.Local{Less: codecup.Internal{Label: spec, Config: cfg}}}, nil
}

func refereeLess(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("referee less", "Runs games of Less between four programs: --bot four times, in colour order Yellow, Black,\n"+
		"White, Red; the 1st and 3rd bots are side A, the 2nd and 4th side B. Each layout is played twice, the\n"+
		"sides swapping colours (four times with --exchange, the teammates also exchanging seats). A bot is a command line, or gameai:SPEC, ours in this process, SPEC being\n"+
		codecup.SpecHelp+"\n(e.g. gameai:uct:teammate=max,scale=3, the best measured for a side of two of ours; budget= gives\n"+
		"it another clock than --budget, the referee's). Prints each side's wins, draws, losses, margins and where its\n"+
		"points went (detours, unspent points); writes game records.", stderr)
	var bots multiFlag
	f.fs.Var(&bots, "bot", "a program (give four)")
	games := f.Int("games", "GAMEAI_REFEREE_GAMES", 2, "games (even: every layout twice; with --exchange a multiple of 4)")
	exchange := f.Bool("exchange", "GAMEAI_REFEREE_EXCHANGE", false, "play every layout four times, the teammates also exchanging seats")
	walls := f.String("walls", "GAMEAI_REFEREE_WALLS", "random", "random, or a file with one layout a line")
	density := f.Float("density", "GAMEAI_REFEREE_DENSITY", less.WallDensity, "random layouts: chance of a wall on an edge (the fixture has 0.27)")
	double := f.Float("double", "GAMEAI_REFEREE_DOUBLE", less.DoubleWalls, "random layouts: chance that a wall is double")
	seed := f.Uint64("seed", "GAMEAI_REFEREE_SEED", 1, "seed of the random layouts")
	budget := f.Duration("budget", "GAMEAI_REFEREE_BUDGET", codecup.Clock, "each program's thinking time per game")
	out := f.String("out", "GAMEAI_REFEREE_OUT", "", "file to write the game records to")
	parallel := f.Int("parallel", "GAMEAI_REFEREE_PARALLEL", 1, "games at once (each program's clock runs while it thinks)")
	quiet := f.Bool("quiet", "GAMEAI_REFEREE_QUIET", false, "no line per game on standard error")
	if err := f.parse(args, Getenv); err != nil {
		return err
	}
	if len(bots) != 4 {
		return fmt.Errorf("give --bot four times (got %d)", len(bots))
	}
	if *games < 1 || *parallel < 1 || *density < 0 || *density > 1 || *double < 0 || *double > 1 {
		return fmt.Errorf("--games and --parallel at least 1, --density and --double within 0..1")
	}
	if *budget < arena.MinGameMS*time.Millisecond || *budget > arena.MaxGameMS*time.Millisecond {
		return fmt.Errorf("--budget %v: want %v to %v", *budget, arena.MinGameMS*time.Millisecond, arena.MaxGameMS*time.Millisecond)
	}
	var progs [4]arena.Entrant
	for i, b := range bots {
		p, err := parseProgram(b, *budget)
		if err != nil {
			return err
		}
		progs[i] = p
	}
	per := 2
	if *exchange {
		per = 4
	}
	layouts, err := refereeLayouts(*walls, (*games+per-1)/per, *seed, *density, *double)
	if err != nil {
		return err
	}
	pairings := arena.Pairings(layouts, *exchange)[:*games]
	progress := &syncWriter{w: stderr}
	start := time.Now()
	recs, err := series.Run(ctx, len(pairings), *parallel, func(ctx context.Context, i int) (*arena.LessRecord, error) {
		pr := pairings[i]
		seats := arena.SidesSeats(pr, [2]arena.Entrant{progs[0], progs[2]}, [2]arena.Entrant{progs[1], progs[3]})
		o, err := arena.Runner{}.Play(ctx, arena.Spec{Game: competition.Less, N: i + 1, Seats: seats[:], Layout: pr.Walls.String(),
			Clock: arena.Clock{GameMS: budget.Milliseconds()}})
		if err != nil {
			return nil, err
		}
		rec := o.Less
		if !*quiet {
			note := ""
			if rec.Forfeit != nil {
				note = fmt.Sprintf(" (forfeit: %s %s)", less.PlayerNames[rec.Forfeit.Seat], rec.Forfeit.Reason)
			}
			fmt.Fprintf(progress, "game %d: teams %d-%d, margin for A %+d%s\n", i+1, rec.Teams[0], rec.Teams[1], arena.MarginForA(pr, rec), note)
		}
		return rec, nil
	})
	// Interrupted (Ctrl-C), the games that finished still count: a long
	// match stopped early keeps its summary and its records.
	stopped := err != nil && ctx.Err() != nil
	if err != nil && !stopped {
		return err
	}
	text, played := refereeReport(stdout, bots, pairings, recs, time.Since(start))
	if *out != "" {
		if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
			return err
		}
	}
	if stopped {
		return fmt.Errorf("stopped after %d of %d games (the summary and records above are of those): %w", played, len(pairings), context.Cause(ctx))
	}
	return nil
}

// refereeLayouts are n layouts: random ones from seed, or those of a file
// (one a line), in turn.
func refereeLayouts(walls string, n int, seed uint64, density, double float64) ([]*less.Walls, error) {
	var layouts []*less.Walls
	if walls == "random" {
		r := rand.New(rand.NewPCG(seed, 0x1e55))
		for range n {
			layouts = append(layouts, less.RandomWalls(density, double, r.Float64))
		}
		return layouts, nil
	}
	b, err := os.ReadFile(walls)
	if err != nil {
		return nil, fmt.Errorf("--walls: %w", err)
	}
	var all []*less.Walls
	for i, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w, err := less.ParseWalls(l)
		if err != nil {
			return nil, fmt.Errorf("--walls %s line %d: %w", walls, i+1, err)
		}
		all = append(all, w)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("--walls %s: no layout", walls)
	}
	for i := range n {
		layouts = append(layouts, all[i%len(all)])
	}
	return layouts, nil
}

// refereeReport prints each side's results of the games played (a nil
// record is a game not played) and returns their records as text and how
// many were played.
func refereeReport(stdout io.Writer, bots []string, pairings []arena.Pairing, recs []*arena.LessRecord, elapsed time.Duration) (string, int) {
	var a, b arena.TeamResult
	forfeits, played := 0, 0
	var text strings.Builder
	for i, rec := range recs {
		if rec == nil {
			continue
		}
		played++
		arena.AddGame(&a, &b, pairings[i], rec)
		if rec.Forfeit != nil {
			forfeits++
		}
		fmt.Fprintf(&text, "[Game \"%d\"]\n%s\n", i+1, rec)
	}
	n := float64(max(played, 1))
	for _, side := range []struct {
		name string
		r    arena.TeamResult
		bots string
	}{{"A", a, bots[0] + " + " + bots[2]}, {"B", b, bots[1] + " + " + bots[3]}} {
		mean, half := side.r.Mean()
		fmt.Fprintf(stdout, "side %s (%s): %s; margin %+.2f ± %.2f a game; detours %.2f, unspent %.2f points a game\n",
			side.name, side.bots, side.r.Tally, mean, half, float64(side.r.Detours)/n, float64(side.r.Wasted)/n)
	}
	fmt.Fprintf(stdout, "%d games, %d forfeits, %s\n", played, forfeits, elapsed.Round(time.Second))
	return text.String(), played
}
