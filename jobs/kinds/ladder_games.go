package kinds

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gameai/store"
)

// A ladder's finished games live in two logs of the store (GameLogs), by
// game, not by job: a ladder cancelled and started again goes on from its
// last number, its games with it. One holds each game without the bots'
// stderr and conversations (the latest MaxLadderGames), the other those
// (the latest LadderStderrGames): each game is written once, where the
// checkpoint rewrote up to 300 after every game. A game is counted in the
// checkpoint first, with the games not yet logged (Unlogged); logged, it
// leaves the next checkpoint. A crash between the two adds it again on
// resuming (an Add of the same number replaces), so no counted game is
// missing from the log and none is counted twice.

// LadderLog names game's ladder's log of finished games; the stderr and
// conversations of the latest are in LadderLog(game) + ":talk".
func LadderLog(game string) string { return "ladder:" + game }

func ladderTalkLog(game string) string { return LadderLog(game) + ":talk" }

// ladderTalk is what the uploaded bots of a game said, by seat: the tail of
// their stderr and their conversations with the referee.
type ladderTalk struct {
	Stderr      []string `json:"stderr,omitempty"`
	Transcripts []string `json:"transcripts,omitempty"`
}

// logGames writes the games the checkpoint holds unlogged to the game's
// logs, lowest number first, and keeps those whose write failed (said in
// the returned error) for the next try. A game the store refuses as too
// large is logged without its talk, then dropped: kept, it would be
// refused forever.
func (d Deps) logGames(ctx context.Context, game string, st *LadderState) error {
	slices.SortFunc(st.Unlogged, func(a, b LadderGame) int { return a.N - b.N })
	var failed []LadderGame
	var errs []error
	for _, g := range st.Unlogged {
		if err := d.logGame(ctx, game, g); err != nil {
			failed = append(failed, g)
			errs = append(errs, fmt.Errorf("game %d: %w", g.N, err))
		}
	}
	st.Unlogged = failed
	return errors.Join(errs...)
}

func (d Deps) logGame(ctx context.Context, game string, g LadderGame) error {
	talk := ladderTalk{Stderr: g.Outcome.Stderr, Transcripts: g.Outcome.Transcripts}
	g.Outcome.Stderr, g.Outcome.Transcripts = nil, nil
	// The talk first: a game a reader finds has its talk, if it had any.
	if slices.ContainsFunc(talk.Stderr, said) || slices.ContainsFunc(talk.Transcripts, said) {
		raw, err := json.Marshal(talk)
		if err != nil {
			return err
		}
		if err := d.addLogged(ctx, ladderTalkLog(game), g.N, raw, LadderStderrGames); err != nil {
			return err
		}
	}
	raw, err := json.Marshal(g)
	if err != nil {
		return err
	}
	return d.addLogged(ctx, LadderLog(game), g.N, raw, MaxLadderGames)
}

// addLogged adds a record of game n to log; one the store refuses as too
// large is said and dropped: kept unlogged, it would be refused forever.
func (d Deps) addLogged(ctx context.Context, log string, n int, raw []byte, keep int) error {
	err := d.Store.GameLogs.Add(ctx, log, n, raw, keep)
	if errors.Is(err, store.ErrTooLarge) {
		d.Log.Warn("a ladder game's record is past the store's bound: not kept", "log", log, "n", n, "bytes", len(raw))
		return nil
	}
	return err
}

// LadderGames are game's ladder's latest finished games, newest first, at
// most limit: those its checkpoint st holds unlogged and the log's, without
// the bots' stderr and conversations.
func LadderGames(ctx context.Context, s *store.Store, game string, st LadderState, limit int) ([]LadderGame, error) {
	raws, err := s.GameLogs.Latest(ctx, LadderLog(game), limit)
	if err != nil {
		return nil, err
	}
	out := make([]LadderGame, 0, len(raws)+len(st.Unlogged))
	for _, g := range st.Unlogged {
		g.Outcome.Stderr, g.Outcome.Transcripts = nil, nil
		out = append(out, g)
	}
	for _, raw := range raws {
		var g LadderGame
		if err := json.Unmarshal(raw, &g); err != nil {
			return nil, fmt.Errorf("a logged ladder game: %w", err)
		}
		if !slices.ContainsFunc(st.Unlogged, func(u LadderGame) bool { return u.N == g.N }) {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b LadderGame) int { return cmp.Compare(b.N, a.N) })
	return out[:min(len(out), limit)], nil
}

// LadderGameN is game n of game's ladder whole: the bots' stderr and
// conversations with it where they are kept; store.ErrNotFound when it is
// neither unlogged in st nor in the log.
func LadderGameN(ctx context.Context, s *store.Store, game string, st LadderState, n int) (LadderGame, error) {
	for _, g := range st.Unlogged {
		if g.N == n {
			return g, nil
		}
	}
	raw, err := s.GameLogs.Get(ctx, LadderLog(game), n)
	if err != nil {
		return LadderGame{}, err
	}
	var g LadderGame
	if err := json.Unmarshal(raw, &g); err != nil {
		return LadderGame{}, fmt.Errorf("ladder game %d: %w", n, err)
	}
	raw, err = s.GameLogs.Get(ctx, ladderTalkLog(game), n)
	if errors.Is(err, store.ErrNotFound) {
		return g, nil
	}
	if err != nil {
		return LadderGame{}, err
	}
	var talk ladderTalk
	if err := json.Unmarshal(raw, &talk); err != nil {
		return LadderGame{}, fmt.Errorf("ladder game %d's stderr: %w", n, err)
	}
	g.Outcome.Stderr, g.Outcome.Transcripts = talk.Stderr, talk.Transcripts
	return g, nil
}

// lastLogged is the highest number game's log holds (0 for none): a ladder
// whose earlier state is gone goes on after it, not over it.
func lastLogged(ctx context.Context, s *store.Store, game string) (int, error) {
	raws, err := s.GameLogs.Latest(ctx, LadderLog(game), 1)
	if err != nil || len(raws) == 0 {
		return 0, err
	}
	var g LadderGame
	if err := json.Unmarshal(raws[0], &g); err != nil {
		return 0, fmt.Errorf("a logged ladder game: %w", err)
	}
	return g.N, nil
}
