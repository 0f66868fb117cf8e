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
	"gameai/internal/lineio"
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
	morrisai.Player
	took *[]time.Duration
}

func (t timed) Move(ctx context.Context, p *morris.Position, h []morris.Move) (morris.Move, error) {
	start := time.Now()
	m, err := t.Player.Move(ctx, p, h)
	*t.took = append(*t.took, time.Since(start))
	return m, err
}

func (r Runner) playMorris(ctx context.Context, s Spec) (Outcome, error) {
	moveTime := time.Duration(s.Clock.MoveMS) * time.Millisecond
	slack := r.MorrisSlack
	if slack <= 0 {
		slack = time.Second
	}
	var players [2]morrisai.Player
	stderr := make([]func() string, 2)
	var took [2][]time.Duration
	var fault *Fault
	defer func() {
		for _, p := range players {
			if c, ok := p.(timed); ok {
				if cl, ok := c.Player.(*morrisuci.Client); ok {
					cl.Close()
				}
			}
		}
	}()
	for seat, e := range s.Seats {
		if e.Uploaded != nil {
			if r.Uploads == nil {
				return Outcome{}, fmt.Errorf("seat %d: %w", seat, ErrNotRunnable)
			}
			c, errs, err := r.Uploads.MorrisBot(ctx, *e.Uploaded, moveTime, slack)
			stderr[seat] = errs
			switch {
			case errors.Is(err, ErrNotRunnable) || ctx.Err() != nil:
				return Outcome{}, fmt.Errorf("%s: %w", e.Label(), err)
			case err != nil:
				if fault == nil {
					fault = &Fault{Seat: seat, Kind: competition.Crash, Reason: "did not start: " + err.Error()}
				}
				continue
			}
			players[seat] = timed{c, &took[seat]}
			continue
		}
		if len(e.Command) > 0 {
			c, err := morrisuci.Start(ctx, e.ID, e.Command, nil)
			if err != nil {
				if fault == nil {
					fault = &Fault{Seat: seat, Kind: competition.Crash, Reason: "did not start: " + err.Error()}
				}
				continue
			}
			c.MoveTime, c.Slack = moveTime, slack
			players[seat] = timed{c, &took[seat]}
			continue
		}
		spec, _ := BuiltinSpec(competition.Morris, e.ID)
		ps, err := ParseMorrisSpec(spec)
		if err == nil && ps.Engine == "exe" {
			err = errors.New("exe: a program is a Command, not one of our engines")
		}
		if err != nil {
			return Outcome{}, fmt.Errorf("%s: %w", e.ID, err)
		}
		p, closeP, err := ps.Build(ctx, MorrisLimits{Time: moveTime}, seatSeed(s, seat))
		if err != nil {
			return Outcome{}, fmt.Errorf("%s: %w", e.ID, err)
		}
		defer closeP()
		players[seat] = timed{p, &took[seat]}
	}
	opening := Opening(s.Seed, s.Board)
	o := Outcome{Result: competition.Result{N: s.N, Score: make([]float64, 2)}, ThinkMS: make([]int64, 2)}
	for _, m := range opening {
		o.Board += m.String() + " "
	}
	o.Board = strings.TrimSpace(o.Board)
	if fault != nil {
		return r.morrisFault(o, s, fault, stderr), nil
	}
	res, err := morrisai.Play(ctx, players[0], players[1], morrisai.GameOptions{Rules: morris.StandardRules,
		Opening: opening, MaxPlies: maxPlies, DeadLoops: true,
		Tags: map[string]string{"Event": "gameai competition", "Round": fmt.Sprint(s.N)}})
	if ctx.Err() != nil {
		return Outcome{}, ctx.Err()
	}
	if res.Record != nil {
		o.Record = res.Record.String()
		for _, m := range res.Record.Moves {
			o.Moves = append(o.Moves, m.String())
		}
		o.TimesMS = append(make([]int64, len(opening)), interleave(took, len(opening)%2, len(o.Moves)-len(opening))...)
	}
	for side := range 2 {
		o.ThinkMS[side] = res.Think[side].Milliseconds()
	}
	var claim *morrisuci.ClaimError
	switch {
	case errors.As(err, &claim) && s.ForgiveRepetitionClaims && claimable(res.Record):
		o.Result.Score = []float64{0.5, 0.5}
		o.Reason = fmt.Sprintf("%s answered bestmove %s at ply %d, holding the game drawn where the position repeats; by these rules it goes on (a loss in a competition)",
			s.Seats[sideToMove(res.Record)].Label(), claim.Token, len(res.Record.Moves)+1)
		o.Stderr = collect(stderr)
		return o, nil
	case errors.As(err, &claim):
		side := sideToMove(res.Record)
		return r.morrisFault(o, s, &Fault{Seat: side, Turn: len(res.Record.Moves) + 1, Kind: competition.FalseClaim,
			Reason: fmt.Sprintf("answered bestmove %s, holding the game over where the rules go on", claim.Token)}, stderr), nil
	case err != nil:
		side := sideToMove(res.Record)
		return r.morrisFault(o, s, &Fault{Seat: side, Turn: len(res.Record.Moves) + 1, Kind: faultKind(err), Reason: err.Error()}, stderr), nil
	case res.Illegal:
		return r.morrisFault(o, s, &Fault{Seat: 1 - res.Winner, Turn: res.Plies + 1, Kind: competition.Illegal, Reason: res.Reason}, stderr), nil
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
	o.Stderr = collect(stderr)
	return o, nil
}

// morrisFault ends a game as an irregular loss of f's seat.
func (r Runner) morrisFault(o Outcome, s Spec, f *Fault, stderr []func() string) Outcome {
	o.Fault = f
	o.Result.Faults = []int{f.Seat}
	o.Result.Score = []float64{0, 0}
	o.Result.Score[1-f.Seat] = 1
	o.Reason = fmt.Sprintf("%s (%s) lost irregularly at ply %d: %s", s.Seats[f.Seat].Label(),
		[2]string{"white", "black"}[f.Seat], f.Turn, f.Reason)
	o.Stderr = collect(stderr)
	return o
}

// sideToMove is the side to move after a record's moves (a move carries
// its removal, so sides alternate).
func sideToMove(rec *morris.GameRecord) int {
	if rec == nil {
		return morris.White
	}
	return morris.After(morris.StandardRules, rec.Moves).SideToMove()
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

func collect(stderr []func() string) []string {
	var out []string
	any := false
	for _, f := range stderr {
		s := ""
		if f != nil {
			s, any = f(), true
		}
		out = append(out, s)
	}
	if !any {
		return nil
	}
	return out
}

// faultKind is what a program's failed move was: past its clock, a line
// over the protocol's limit, not a move of the protocol, or else a crash.
func faultKind(err error) competition.FaultKind {
	switch {
	case errors.Is(err, lineio.ErrTimeout):
		return competition.TimeOut
	case errors.Is(err, lineio.ErrLineTooLong):
		return competition.OutputLimit
	case errors.Is(err, morrisuci.ErrProtocol):
		return competition.Protocol
	}
	return competition.Crash
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
