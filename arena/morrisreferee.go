package arena

import (
	"context"
	"fmt"
	"time"

	"gameai/games/morris"
)

// MorrisPlayer chooses the moves of one side of a Morris game: one of our
// searches in process, or a program over Sanmill's protocol
// (morrisuci.Client).
type MorrisPlayer interface {
	// Name describes the player for records, e.g. "alphabeta
	// strategy=petcu-e32 depth=4".
	Name() string
	// Move returns the move to play in p, which is not over and was
	// reached by history from the game's start; p must be left as it was.
	Move(ctx context.Context, p *morris.Position, history []morris.Move) (morris.Move, error)
}

// MorrisOptions set how a Morris game is played and when it is
// adjudicated.
type MorrisOptions struct {
	Rules *morris.Rules
	// Opening moves are played first (they must be legal).
	Opening []morris.Move
	// MaxPlies adjudicates the game by material after that many plies
	// (0: only the rules end it).
	MaxPlies int
	// DeadLoops adjudicates by material a game in which both sides
	// alternately repeat the same two moves (4 plies, twice).
	DeadLoops bool
	// Adjudicate, when set, decides an adjudicated game where it can (a
	// perfect-play database: morrisdb.DB.Adjudicate); material decides
	// where it cannot.
	Adjudicate func(*morris.Position) (winner int, reason string, ok bool)
	// Tags are added to the record.
	Tags map[string]string
	// Watch, when set, sees the moves after each one (opening included)
	// and each side's thinking so far.
	Watch func(moves []morris.Move, think [2]time.Duration)
}

// MorrisGame is a played Morris game as its referee kept it.
type MorrisGame struct {
	Record *morris.GameRecord
	// Winner is White, Black or -1 for a draw.
	Winner int
	// Ending is how it ended (the rules', or the referee's: a ply limit,
	// a dead loop, an illegal move); Reason says it in words.
	Ending morris.Ending
	Reason string
	Plies  int
	// Think is each side's time spent choosing moves, Moves how many it
	// chose (opening moves excluded).
	Think [2]time.Duration
	Moves [2]int
}

// refereeMorris plays a game between white and black. An error is a
// player's failed move (the record holds the moves before it) or the
// context's end; an illegal move is a result, decided by the rules.
func refereeMorris(ctx context.Context, white, black MorrisPlayer, o MorrisOptions) (MorrisGame, error) {
	p := morris.NewPosition(o.Rules)
	rec := &morris.GameRecord{Tags: map[string]string{"White": white.Name(), "Black": black.Name(),
		"Variant": o.Rules.Variant.String()}}
	if t := morris.RulesTag(o.Rules); t != "" {
		rec.Tags["Rules"] = t
	}
	for k, v := range o.Tags {
		rec.Tags[k] = v
	}
	players := [2]MorrisPlayer{white, black}
	var think [2]time.Duration
	var moves [2]int
	finish := func(winner int, ending morris.Ending, reason string) (MorrisGame, error) {
		rec.Tags["Result"] = [3]string{morris.Draw, morris.WhiteWins, morris.BlackWins}[winner+1]
		rec.Tags["Termination"] = reason
		return MorrisGame{Record: rec, Winner: winner, Ending: ending, Reason: reason, Plies: len(rec.Moves),
			Think: think, Moves: moves}, nil
	}
	for ply := 0; ; ply++ {
		if err := ctx.Err(); err != nil {
			return MorrisGame{Record: rec}, err
		}
		if o.DeadLoops && deadLoop(rec.Moves) {
			w, why := o.adjudicate(p)
			return finish(w, morris.DeadLoop, "dead loop: "+why)
		}
		if out := p.Outcome(); out.Over {
			return finish(out.Winner, out.Ending, out.Reason)
		}
		if o.MaxPlies > 0 && ply >= o.MaxPlies {
			w, why := o.adjudicate(p)
			return finish(w, morris.PlyLimit, fmt.Sprintf("%d plies: %s", o.MaxPlies, why))
		}
		var m morris.Move
		if ply < len(o.Opening) {
			m = o.Opening[ply]
		} else {
			side := p.SideToMove()
			start := time.Now()
			var err error
			if m, err = players[side].Move(ctx, p, rec.Moves); err != nil {
				think[side] += time.Since(start)
				return MorrisGame{Record: rec, Plies: len(rec.Moves), Think: think, Moves: moves}, err
			}
			think[side] += time.Since(start)
			moves[side]++
		}
		if bad := p.Illegal(m); bad != nil {
			side := p.SideToMove()
			if ply < len(o.Opening) {
				return MorrisGame{Record: rec}, fmt.Errorf("opening move %d %s: %s", ply+1, m, bad.Reason)
			}
			return finish(1-side, morris.IllegalMove, fmt.Sprintf("%s played the illegal move %s: %s", players[side].Name(), m, bad.Reason))
		}
		p.Make(m)
		rec.Moves = append(rec.Moves, m)
		if o.Watch != nil {
			o.Watch(rec.Moves, think)
		}
	}
}

// deadLoop reports the last 8 plies being the same 4-ply cycle twice.
func deadLoop(ms []morris.Move) bool {
	n := len(ms)
	if n < 8 {
		return false
	}
	for i := 1; i <= 4; i++ {
		if ms[n-i] != ms[n-i-4] {
			return false
		}
	}
	return true
}

// adjudicate decides a game the referee stops: by o.Adjudicate where it
// says, else by material.
func (o MorrisOptions) adjudicate(p *morris.Position) (int, string) {
	if o.Adjudicate != nil {
		if w, why, ok := o.Adjudicate(p); ok {
			return w, why
		}
	}
	return byMaterial(p)
}

// byMaterial adjudicates: more pieces (board and hand) wins; equal draws.
func byMaterial(p *morris.Position) (int, string) {
	w, b := p.Material(morris.White), p.Material(morris.Black)
	switch {
	case w > b:
		return morris.White, fmt.Sprintf("white has more pieces (%d to %d)", w, b)
	case b > w:
		return morris.Black, fmt.Sprintf("black has more pieces (%d to %d)", b, w)
	}
	return -1, fmt.Sprintf("equal pieces (%d each)", w)
}
