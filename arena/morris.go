package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gameai/ai/morrisai"
	"gameai/competition"
	"gameai/games/morris"
	"gameai/internal/xrand"
	"gameai/morrisuci"
)

// A Morris game of a competition starts from openingPlies random plies
// (both games of a pairing from the same ones), is adjudicated on
// material after maxPlies, and when both sides repeat two moves.
const (
	openingPlies = 4
	maxPlies     = morrisai.DefaultMaxPlies
)

// Opening is the opening of a board of a competition.
func Opening(seed uint64, board int) []morris.Move {
	return morrisai.RandomOpening(morris.StandardRules, openingPlies, xrand.New(boardRand(seed, board).Uint64()))
}

// timed records how long each of a player's moves took.
type timed struct {
	MorrisPlayer
	took *[]time.Duration
}

func (t timed) Move(ctx context.Context, p *morris.Position, h []morris.Move) (morris.Move, error) {
	start := time.Now()
	m, err := t.MorrisPlayer.Move(ctx, p, h)
	*t.took = append(*t.took, time.Since(start))
	return m, err
}

// morrisOptions are a game's rules, opening and adjudication: the spec's,
// or a competition's (standard rules, the board's opening, 200 plies,
// dead loops adjudicated).
func morrisOptions(s Spec) (MorrisOptions, error) {
	if s.Morris == nil {
		return MorrisOptions{Rules: morris.StandardRules, Opening: Opening(s.Seed, s.Board), MaxPlies: maxPlies, DeadLoops: true,
			Tags: map[string]string{"Event": "gameai competition", "Round": fmt.Sprint(s.N)}}, nil
	}
	o := *s.Morris
	if o.Rules == nil {
		o.Rules = morris.StandardRules
	}
	p := morris.NewPosition(o.Rules)
	for i, m := range o.Opening {
		if bad := p.Illegal(m); bad != nil {
			return o, fmt.Errorf("opening move %d %s: %s", i+1, m, bad.Reason)
		}
		p.Make(m)
	}
	return o, nil
}

// morrisTable is a game's two players as started: each move's time, the
// uploaded programs' traces, the first seat that did not start, and what
// ends them.
type morrisTable struct {
	players [2]MorrisPlayer
	traces  []func() Trace
	took    [2][]time.Duration
	fault   *Fault
	closers []func()
}

// close ends the players, once: before their traces are read, so that
// these hold the whole game, quit and the last of standard error included.
func (t *morrisTable) close() {
	for _, c := range t.closers {
		c()
	}
	t.closers = nil
}

// didNotStart marks a seat's player that did not start (the first such
// seat loses the game).
func (t *morrisTable) didNotStart(seat int, err error) {
	if t.fault == nil {
		t.fault = &Fault{Seat: seat, Kind: competition.Crash, Reason: "did not start: " + err.Error()}
	}
}

// seat starts the player of seat e. An error ends the game before it
// starts (not a player's fault: a spec that names no player, a program
// this runner cannot run, the context's end).
func (r Runner) seat(ctx context.Context, s Spec, t *morrisTable, seat int, e Entrant, moveTime, slack time.Duration) error {
	var p MorrisPlayer
	var closeP func()
	var err error
	switch {
	case e.Uploaded != nil:
		if r.Uploads == nil {
			return fmt.Errorf("seat %d: %w", seat, ErrNotRunnable)
		}
		var c *morrisuci.Client
		c, t.traces[seat], err = r.Uploads.MorrisBot(ctx, *e.Uploaded, moveTime, slack)
		if errors.Is(err, ErrNotRunnable) || ctx.Err() != nil {
			return fmt.Errorf("%s: %w", e.Label(), err)
		}
		if err == nil {
			p, closeP = c, c.Close
		}
	case e.Local != nil:
		if e.Local.Morris == nil {
			return fmt.Errorf("seat %d: %s is no Morris player", seat, e.Label())
		}
		if p, closeP, err = e.Local.Morris(ctx); err != nil && ctx.Err() != nil {
			return err
		}
	case len(e.Command) > 0:
		var c *morrisuci.Client
		if c, err = morrisuci.Start(ctx, e.ID, e.Command, nil); err == nil {
			c.MoveTime, c.Slack = moveTime, slack
			p, closeP = c, c.Close
		}
	default:
		spec, _ := BuiltinSpec(competition.Morris, e.ID)
		ps, err := ParseMorrisSpec(spec)
		if err == nil && ps.Engine == "exe" {
			err = errors.New("exe: a program is a Command, not one of our engines")
		}
		if err == nil {
			p, closeP, err = ps.Build(ctx, MorrisLimits{Time: moveTime}, seatSeed(s, seat))
		}
		if err != nil {
			return fmt.Errorf("%s: %w", e.ID, err)
		}
	}
	if err != nil {
		t.didNotStart(seat, err)
		return nil
	}
	t.closers = append(t.closers, closeP)
	t.players[seat] = timed{p, &t.took[seat]}
	return nil
}

func (r Runner) playMorris(ctx context.Context, s Spec) (Outcome, error) {
	opts, err := morrisOptions(s)
	if err != nil {
		return Outcome{}, err
	}
	moveTime := time.Duration(s.Clock.MoveMS) * time.Millisecond
	slack := r.MorrisSlack
	if slack <= 0 {
		slack = DefaultMorrisSlack
	}
	t := &morrisTable{traces: make([]func() Trace, 2)}
	defer t.close()
	for seat, e := range s.Seats {
		if err := r.seat(ctx, s, t, seat, e, moveTime, slack); err != nil {
			return Outcome{}, err
		}
	}
	opening := opts.Opening
	o := Outcome{Result: competition.Result{N: s.N, Score: make([]float64, 2)}, ThinkMS: make([]int64, 2)}
	for _, m := range opening {
		o.Board += m.String() + " "
	}
	o.Board = strings.TrimSpace(o.Board)
	if t.fault != nil {
		t.close()
		return r.morrisFault(o, s, t.fault, t.traces), nil
	}
	if s.Watch != nil {
		s.Watch(Outcome{Result: competition.Result{N: s.N}, Board: o.Board, ThinkMS: make([]int64, 2)}) // as in less.go
		opts.Watch = func(moves []morris.Move, think [2]time.Duration) {
			w := Outcome{Result: competition.Result{N: s.N}, Board: o.Board, ThinkMS: []int64{think[0].Milliseconds(), think[1].Milliseconds()}}
			for _, m := range moves {
				w.Moves = append(w.Moves, m.String())
			}
			book := min(len(moves), len(opening))
			w.TimesMS = append(make([]int64, book), interleave(t.took, len(opening)%2, len(moves)-book)...)
			s.Watch(w)
		}
	}
	res, err := refereeMorris(ctx, t.players[0], t.players[1], opts)
	if ctx.Err() != nil {
		return Outcome{}, ctx.Err()
	}
	o.Morris = &res
	if res.Record != nil {
		o.Record = res.Record.String()
		for _, m := range res.Record.Moves {
			o.Moves = append(o.Moves, m.String())
		}
		o.TimesMS = append(make([]int64, len(opening)), interleave(t.took, len(opening)%2, len(o.Moves)-len(opening))...)
	}
	for side := range 2 {
		o.ThinkMS[side] = res.Think[side].Milliseconds()
	}
	t.close()
	return r.morrisResult(o, s, opts, err, t.traces), nil
}

// morrisResult scores a refereed game: a player's failed move (err) or
// illegal move is its fault; a claim of a draw where the position repeats
// is forgiven where the spec says so.
func (r Runner) morrisResult(o Outcome, s Spec, opts MorrisOptions, err error, traces []func() Trace) Outcome {
	res := o.Morris
	var claim *morrisuci.ClaimError
	switch {
	case errors.As(err, &claim) && s.ForgiveRepetitionClaims && claimable(res.Record):
		o.Result.Score = []float64{0.5, 0.5}
		o.Reason = fmt.Sprintf("%s answered bestmove %s at ply %d, holding the game drawn where the position repeats; by these rules it goes on (a loss in a competition)",
			s.Seats[sideToMove(opts.Rules, res.Record)].Label(), claim.Token, len(res.Record.Moves)+1)
		res.Winner = -1
		o.Stderr, o.Transcripts, o.Used = collect(traces)
		return o
	case errors.As(err, &claim):
		side := sideToMove(opts.Rules, res.Record)
		return r.morrisFault(o, s, &Fault{Seat: side, Turn: len(res.Record.Moves) + 1, Kind: competition.FalseClaim,
			Reason: fmt.Sprintf("answered bestmove %s, holding the game over where the rules go on", claim.Token)}, traces)
	case err != nil:
		side := sideToMove(opts.Rules, res.Record)
		return r.morrisFault(o, s, &Fault{Seat: side, Turn: len(res.Record.Moves) + 1, Kind: faultKind(err), Reason: err.Error()}, traces)
	case res.Ending == morris.IllegalMove:
		return r.morrisFault(o, s, &Fault{Seat: 1 - res.Winner, Turn: res.Plies + 1, Kind: competition.Illegal, Reason: res.Reason}, traces)
	}
	switch res.Winner {
	case morris.White:
		o.Result.Score = []float64{1, 0}
	case morris.Black:
		o.Result.Score = []float64{0, 1}
	default:
		o.Result.Score = []float64{0.5, 0.5}
	}
	o.Reason = res.Reason
	o.Stderr, o.Transcripts, o.Used = collect(traces)
	return o
}

// morrisFault ends a game as an irregular loss of f's seat, in the
// outcome and in the game's record.
func (r Runner) morrisFault(o Outcome, s Spec, f *Fault, traces []func() Trace) Outcome {
	o.Fault = f
	o.Result.Faults = []int{f.Seat}
	o.Result.Score = []float64{0, 0}
	o.Result.Score[1-f.Seat] = 1
	o.Reason = fmt.Sprintf("%s (%s) lost irregularly at ply %d: %s", s.Seats[f.Seat].Label(),
		[2]string{"white", "black"}[f.Seat], f.Turn, f.Reason)
	if o.Morris == nil {
		o.Morris = &MorrisGame{}
	}
	// The game ended on the fault, whatever the rules' model saw before.
	o.Morris.Winner, o.Morris.Reason = 1-f.Seat, o.Reason
	if o.Morris.Ending != morris.IllegalMove {
		o.Morris.Ending = morris.Forfeit
	}
	if rec := o.Morris.Record; rec != nil {
		rec.Tags["Result"] = [2]string{morris.WhiteWins, morris.BlackWins}[1-f.Seat]
		rec.Tags["Termination"] = o.Reason
		o.Record = rec.String()
	}
	o.Stderr, o.Transcripts, o.Used = collect(traces)
	return o
}

// sideToMove is the side to move after a record's moves (a move carries
// its removal, so sides alternate).
func sideToMove(r *morris.Rules, rec *morris.GameRecord) int {
	if rec == nil {
		return morris.White
	}
	return morris.After(r, rec.Moves).SideToMove()
}

// interleave lists the sides' move times in play order, first the side
// to move after the opening.
func interleave(took [2][]time.Duration, first, n int) []int64 {
	out := make([]int64, 0, n)
	var k [2]int
	for i := range n {
		side := (first + i) % 2
		var ms int64
		if k[side] < len(took[side]) {
			ms = took[side][k[side]].Milliseconds()
		}
		k[side]++
		out = append(out, ms)
	}
	return out
}

// collect reads the uploaded seats' traces: each seat's standard error,
// transcript and what it used (empty for ours), or none when no seat is
// uploaded.
func collect(traces []func() Trace) (stderr, transcripts, used []string) {
	any := false
	for _, f := range traces {
		var tr Trace
		if f != nil {
			tr, any = f(), true
		}
		stderr, transcripts, used = append(stderr, tr.Stderr), append(transcripts, tr.Transcript), append(used, tr.Used)
	}
	if !any {
		return nil, nil, nil
	}
	return stderr, transcripts, used
}

// claimable reports whether the position after rec's moves is one where
// an engine may reasonably hold the game drawn: it has occurred before, or
// the N-move rule is a move pair from drawing it.
func claimable(rec *morris.GameRecord) bool {
	if rec == nil {
		return false
	}
	p := morris.After(morris.StandardRules, rec.Moves)
	n := morris.StandardRules.NMovePlies
	return p.Repetitions() > 0 || (n > 0 && p.Clock() >= n-4)
}
