package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gameai/codecup"
	"gameai/competition"
	"gameai/games/less"
)

// LessRecord is a refereed Less game as CodeCup kept it: the layout, the
// programs by colour, every action, the scores, the clocks, and where each
// team's points went.
type LessRecord struct {
	Layout  string    `json:"layout"`
	Seats   [4]string `json:"seats"` // the programs, by colour
	Actions []string  `json:"actions"`
	Scores  [4]int    `json:"scores"`
	// Teams are the totals of Yellow+White and Black+Red; the lower wins.
	Teams    [2]int   `json:"teams"`
	Forfeit  *Fault   `json:"forfeit,omitempty"`
	ClocksMS [4]int64 `json:"clocks_ms"`
	// TimesMS is each turn's thinking time, in turn order (as Actions).
	TimesMS []int64 `json:"times_ms,omitempty"`
	// Where a team's points went (by team, as Teams): a total is the two
	// players' solo distances from the start, plus Detours (points spent,
	// and distances left at the end, beyond those: routes blocked, pieces
	// moved out of their way, less the jumps over others' pieces), plus
	// Wasted (points of its turns left unspent). A forfeit's total is set
	// apart from them.
	Detours [2]int `json:"detours"`
	Wasted  [2]int `json:"wasted"`
}

// String writes the record: the header, then one action a line, in turn
// order.
func (g *LessRecord) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Layout %q]\n", g.Layout)
	for pl, s := range g.Seats {
		fmt.Fprintf(&b, "[%s %q]\n", less.PlayerNames[pl], s)
	}
	fmt.Fprintf(&b, "[Scores \"%d %d %d %d\"]\n[Teams \"%d %d\"]\n", g.Scores[0], g.Scores[1], g.Scores[2], g.Scores[3], g.Teams[0], g.Teams[1])
	fmt.Fprintf(&b, "[Clocks \"%s %s %s %s\"]\n", clockText(g.ClocksMS[0]), clockText(g.ClocksMS[1]), clockText(g.ClocksMS[2]), clockText(g.ClocksMS[3]))
	fmt.Fprintf(&b, "[Detours \"%d %d\"]\n[Wasted \"%d %d\"]\n", g.Detours[0], g.Detours[1], g.Wasted[0], g.Wasted[1])
	if g.Forfeit != nil {
		fmt.Fprintf(&b, "[Forfeit %q]\n", fmt.Sprintf("%s: %s", less.PlayerNames[g.Forfeit.Seat], g.Forfeit.Reason))
	}
	b.WriteByte('\n')
	for i, a := range g.Actions {
		fmt.Fprintf(&b, "%d %s %s\n", i+1, less.PlayerNames[i%4], a)
	}
	return b.String()
}

// clockText is a clock in seconds with milliseconds, as CodeCup's
// competition pages show the time a bot used.
func clockText(ms int64) string { return fmt.Sprintf("%d.%03d", ms/1000, ms%1000) }

// refereeLess plays one game between four programs (by colour) on a
// layout, each with budget for its thinking in the whole game; watch
// (optional) sees the record after every action. A program
// that crashes, runs out of time or plays an illegal action loses the game
// for its team with the worst score it could have had.
func refereeLess(ctx context.Context, programs [4]codecup.Program, w *less.Walls, budget time.Duration,
	watch func(*LessRecord)) (*LessRecord, error) {
	rec := &LessRecord{Layout: w.String()}
	d := less.DistancesFor(w)
	p := less.NewPosition(w)
	var seats [4]*LessSeat
	defer func() {
		for _, s := range seats {
			if s != nil {
				s.Close()
			}
		}
	}()
	var spent [4]int // points spent on moves, by the player who moved
	turn := -1
	forfeit := func(pl int, kind competition.FaultKind, why string) (*LessRecord, error) {
		rec.Forfeit = &Fault{Seat: pl, Kind: kind, Reason: why, Turn: turn + 1}
		lessScore(rec, p, d, spent)
		return rec, nil
	}
	for pl, prog := range programs {
		rec.Seats[pl] = prog.Name()
		s, err := StartLessSeat(ctx, prog, rec.Layout, pl, budget)
		if err != nil {
			return forfeit(pl, competition.Crash, "did not start: "+err.Error())
		}
		seats[pl] = s
	}
	for turn = 0; turn < less.Turns && !p.Over(); turn++ {
		pl := turn % 4
		line, took, err := seats[pl].Ask(ctx, 0)
		rec.ClocksMS[pl] = seats[pl].Used().Milliseconds()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var fe *FaultError
		if errors.As(err, &fe) {
			return forfeit(pl, fe.Fault.Kind, fe.Fault.Reason)
		}
		a, perr := less.ParseAction(line)
		switch {
		case perr != nil:
			return forfeit(pl, competition.Protocol, fmt.Sprintf("illegal action at turn %d: %v", turn+1, perr))
		case p.NilDue(pl) && a.N != 0:
			return forfeit(pl, competition.Illegal, fmt.Sprintf("illegal action at turn %d: %s where its turn passes (Nil)", turn+1, line))
		case !p.NilDue(pl):
			cost := actionCost(*p, a)
			if err := p.Apply(a); err != nil {
				return forfeit(pl, competition.Illegal, fmt.Sprintf("illegal action at turn %d %s: %v", turn+1, line, err))
			}
			spent[pl] += cost
		}
		rec.Actions = append(rec.Actions, a.String())
		rec.TimesMS = append(rec.TimesMS, took.Milliseconds())
		if watch != nil {
			watch(rec)
		}
		for _, s := range seats {
			s.Tell(a.String())
		}
	}
	lessScore(rec, p, d, spent)
	return rec, nil
}

// actionCost is what a legal action's moves cost, played on a copy.
func actionCost(p less.Position, a less.Action) int {
	cost := 0
	for _, m := range a.Moves() {
		c := p.Cost(m)
		if c < 0 {
			break // illegal: Apply says why
		}
		cost += c
		p.Play(m)
	}
	return cost
}

// score fills the scores: the game's own, or after a forfeit the worst the
// offender's team could have had (every turn used and never a step home),
// always above the other team's; and where each team's points went.
func lessScore(rec *LessRecord, p *less.Position, d *less.Distances, spent [4]int) {
	rec.Scores = p.Scores(d)
	rec.Teams = less.TeamScores(rec.Scores)
	for team := range 2 {
		for _, pl := range []int{team, team + 2} {
			left := rec.Scores[pl] - p.Used(pl) // its distance home at the end
			rec.Detours[team] += spent[pl] + left - d.Solo(pl, less.Starts[pl])
			rec.Wasted[team] += p.Used(pl) - spent[pl]
		}
	}
	if rec.Forfeit == nil {
		return
	}
	team := less.Team(rec.Forfeit.Seat)
	worst := 0
	for _, pl := range []int{team, team + 2} {
		worst += less.Turns / 4 * less.PointsPerTurn
		worst += d.Solo(pl, less.Starts[pl])
	}
	rec.Teams[team] = max(worst, rec.Teams[team], rec.Teams[1-team]+1)
}
