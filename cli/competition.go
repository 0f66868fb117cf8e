package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"gameai/arena"
	"gameai/codecup"
	"gameai/competition"
	"gameai/jobs/kinds"
)

var competitionCommands = map[string]command{
	"less":   {"a CodeCup-style competition of Less between programs and our engines", competitionLess},
	"morris": {"a competition of Nine Men's Morris between programs and our engines", competitionMorris},
}

func competitionLess(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runCompetition(ctx, competition.Less, args, stdout, stderr)
}

func competitionMorris(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runCompetition(ctx, competition.Morris, args, stdout, stderr)
}

// competitionHelp says what a bot of each game is.
var competitionHelp = map[string]string{
	competition.Less: "A bot is gameai:SPEC, ours in this process, SPEC being\n" + codecup.SpecHelp +
		"\n(iterations= and depth= make ours play the same game every time), or a command line speaking CodeCup's protocol.",
	competition.Morris: "A bot is gameai:SPEC, ours in this process, SPEC being one of\n" +
		ourMorrisSpecs() +
		"(depth= or iterations= make ours play the same game every time), or a command line speaking Sanmill's protocol.",
}

func runCompetition(ctx context.Context, game string, args []string, stdout, stderr io.Writer) error {
	f := newFlags("competition "+game, "Runs a competition between bots, --bot once for each (at least "+
		map[string]string{competition.Less: "4", competition.Morris: "2"}[game]+"): a round robin (Morris: every pair with both\n"+
		"colours on one opening; Less: tables of two against two, every bot every colour equally often, teammates and\n"+
		"opponents balanced, each layout with the teams swapped) or Swiss rounds, as POST /v1/competitions does.\n"+
		competitionHelp[game]+"\nCommand lines run unconfined, as the operator's own programs; upload others' bots to a server instead.\n"+
		"Prints a line a game on standard error and the standings (and Morris's crosstable) at the end.", stderr)
	var bots multiFlag
	f.fs.Var(&bots, "bot", "a bot (give one for each)")
	format := f.String("format", "GAMEAI_COMPETITION_FORMAT", competition.RoundRobin, "round-robin or swiss")
	rounds := f.Int("rounds", "GAMEAI_COMPETITION_ROUNDS", 1, "times the round robin is played, or Swiss rounds")
	seed := f.Uint64("seed", "GAMEAI_COMPETITION_SEED", 1, "seed of the schedule, the boards and our engines")
	def := arena.DefaultClock(game)
	clock := f.Duration("clock", "GAMEAI_COMPETITION_CLOCK", time.Duration(def.GameMS+def.MoveMS)*time.Millisecond,
		map[string]string{competition.Less: "each bot's thinking time for a game", competition.Morris: "the time a move"}[game])
	out := f.String("out", "GAMEAI_COMPETITION_OUT", "", "file to write every game's record to")
	parallel := f.Int("parallel", "GAMEAI_COMPETITION_PARALLEL", 1,
		"games at once (each bot's clock runs while it thinks: at most one game a core)")
	if err := f.parseNoArgs(args, Getenv); err != nil {
		return err
	}
	if *parallel < 1 || *parallel > kinds.MaxCompetitionParallel {
		return fmt.Errorf("--parallel: %d; 1 to %d games at once", *parallel, kinds.MaxCompetitionParallel)
	}
	p := kinds.CompetitionParams{Name: "gameai competition " + game, Parallel: *parallel,
		Plan: competition.Plan{Game: game, Format: *format, Rounds: *rounds, Seed: *seed}}
	if game == competition.Less {
		p.Clock.GameMS = clock.Milliseconds()
	} else {
		p.Clock.MoveMS = clock.Milliseconds()
	}
	if err := p.Clock.Check(game); err != nil {
		return fmt.Errorf("--clock: %w", err)
	}
	for i, b := range bots {
		id := strings.TrimSpace(b)
		e := arena.Entrant{ID: id}
		ours, err := arena.CheckBuiltin(game, id)
		switch {
		case ours && err != nil:
			return fmt.Errorf("--bot %q: %w", b, err)
		case !ours:
			if e.Command = strings.Fields(id); len(e.Command) == 0 {
				return fmt.Errorf("--bot %d is empty", i+1)
			}
		}
		p.Plan.Field = append(p.Plan.Field, id)
		p.Entrants = append(p.Entrants, e)
	}
	if err := p.Plan.Check(); err != nil {
		return fmt.Errorf("--%s", strings.Replace(strings.Replace(err.Error(), "bots:", "bot:", 1), "rounds:", "rounds:", 1))
	}
	progress := &syncWriter{w: stderr}
	var st kinds.CompetitionState
	seen := 0
	start := time.Now()
	err := kinds.RunCompetition(ctx, kinds.Deps{Players: kinds.Here{Arena: &arena.Runner{}}}, "", p, &st, func() {
		for ; seen < len(st.Played); seen++ {
			g := st.Played[seen]
			var seats []string
			for _, b := range g.Seats {
				seats = append(seats, p.Plan.Field[b])
			}
			fmt.Fprintf(progress, "game %d of %d (round %d) %s: %s\n", g.N, p.Plan.PlannedGames(), g.Round,
				strings.Join(seats, " | "), g.Outcome.Reason)
		}
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	printStandings(stdout, p, st)
	if b := competition.ScheduleBalance(p.Plan, st.Schedule); b != nil {
		fmt.Fprintf(stdout, "schedule: %s design; a bot at %s tables, two bots partners at %s of them and opponents at %s\n",
			b.Design, span(b.Tables), span(b.Partners), span(b.Opponents))
	}
	fmt.Fprintf(stdout, "%d of %d games in %s\n", len(st.Played), p.Plan.PlannedGames(), time.Since(start).Round(time.Millisecond))
	if *out != "" {
		var b strings.Builder
		for _, g := range st.Played {
			b.WriteString(strings.TrimRight(g.Outcome.Record, "\n"))
			b.WriteString("\n\n")
		}
		if werr := os.WriteFile(*out, []byte(b.String()), 0o644); werr != nil {
			return werr
		}
	}
	if err != nil {
		return fmt.Errorf("stopped after %d of %d games", len(st.Played), p.Plan.PlannedGames())
	}
	return nil
}

// span is a fewest-to-most range, one number when they agree.
func span(r [2]int) string {
	if r[0] == r[1] {
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d to %d", r[0], r[1])
}

// printStandings writes the table, and Morris's crosstable or Less's
// partners.
func printStandings(w io.Writer, p kinds.CompetitionParams, st kinds.CompetitionState) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	less := p.Plan.Game == competition.Less
	margin := map[bool]string{true: "margin\t"}[less]
	fmt.Fprintf(tw, "rank\tpoints\tgames\twon\tdrawn\tlost\tirregular\tbyes\t%srating\t\t  bot\n", margin)
	for k, r := range competition.Standings(p.Plan, st.Schedule, st.Results(), st.Byes) {
		if less {
			margin = fmt.Sprintf("%+.1f\t", r.MeanMargin)
		}
		fmt.Fprintf(tw, "%d\t%g\t%d\t%d\t%d\t%d\t%d\t%d\t%s%.0f\t±%.0f\t  %s\n", k+1, r.Points, r.Games, r.Wins, r.Draws,
			r.Losses, r.Irregular, r.Byes, margin, r.Rating, r.Half, p.Plan.Field[r.Bot])
	}
	tw.Flush()
	field := p.Plan.Field
	if less {
		partners := competition.Partners(p.Plan, st.Schedule, st.Results())
		printGrid(w, "partners (row's points in its games beside column / games)", field, func(i, j int) string {
			if c := partners[i][j]; c.Games > 0 {
				return fmt.Sprintf("%g/%d", c.Points, c.Games)
			}
			return "-"
		})
		return
	}
	cross := competition.Crosstable(p.Plan, st.Schedule, st.Results())
	printGrid(w, "crosstable (row's points against column)", field, func(i, j int) string {
		if v := cross[i][j]; v >= 0 {
			return fmt.Sprint(v)
		}
		return "-"
	})
}

// printGrid writes a bot-by-bot table under its title: columns by number,
// rows by number and name.
func printGrid(w io.Writer, title string, field []string, cell func(i, j int) string) {
	fmt.Fprintf(w, "\n%s:\n", title)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for i := range field {
		fmt.Fprintf(tw, "%d\t", i+1)
	}
	fmt.Fprintln(tw)
	for i, name := range field {
		fmt.Fprintf(tw, "%d\t", i+1)
		for j := range field {
			fmt.Fprintf(tw, "%s\t", cell(i, j))
		}
		fmt.Fprintf(tw, "  %s\n", name)
	}
	tw.Flush()
}

// ourMorrisSpecs are the lines of arena.MorrisSpecHelp for our engines: a
// program is a bot of its own in a competition, not an exe: spec.
func ourMorrisSpecs() string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(arena.MorrisSpecHelp, "\n")[1:] {
		if !strings.HasPrefix(line, "  exe:") {
			b.WriteString(line)
		}
	}
	return b.String()
}
