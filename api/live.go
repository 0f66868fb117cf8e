package api

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"gameai/arena"
	"gameai/competition"
	"gameai/jobs/kinds"
	"gameai/store"
)

// Games watched as they are played (lichess's way): whoever plays a
// competition's or a ladder's game, here or on a worker, has it written to
// the store's live games after its moves (kinds.LiveKey), so a page on
// any server of the same store follows it. A game's answer says "live"
// until it is over; then it is a played game like any other.

// liveLooked bounds how many of a competition's unplayed games one request
// looks for among the games in play: the first in schedule order, the
// order the games are played in, here or by the workers.
const liveLooked = 8

// liveGame is game n of job as far as it has been played; false when it is
// not being played.
func (s *Server) liveGame(ctx context.Context, job string, n int) (arena.Outcome, bool, error) {
	b, err := s.store.Live.Get(ctx, kinds.LiveKey(job, n))
	if errors.Is(err, store.ErrNotFound) {
		return arena.Outcome{}, false, nil
	}
	if err != nil {
		return arena.Outcome{}, false, problemFor(err, "game")
	}
	var o arena.Outcome
	if json.Unmarshal(b, &o) != nil || o.Result.N != n {
		return arena.Outcome{}, false, nil
	}
	return o, true, nil
}

// competitionPlaying lists the games of a live competition being played
// now, among the first liveLooked not yet played.
func (s *Server) competitionPlaying(ctx context.Context, j *store.Job, p kinds.CompetitionParams,
	st kinds.CompetitionState) ([]CompetitionPlaying, error) {
	if j.Status.Final() {
		return nil, nil
	}
	todo := st.Unplayed()
	slices.SortFunc(todo, func(a, b competition.Game) int { return a.N - b.N })
	var out []CompetitionPlaying
	for _, g := range todo[:min(len(todo), liveLooked)] {
		_, ok, err := s.liveGame(ctx, j.ID, g.N)
		if err != nil {
			return nil, err
		}
		if ok {
			cp := CompetitionPlaying{N: g.N, Round: g.Round}
			for _, b := range g.Seats {
				cp.Seats = append(cp.Seats, p.Plan.Field[b])
			}
			out = append(out, cp)
		}
	}
	return out, nil
}

// wholeGame is a game's answer with its moves and positions to replay:
// played, or live as far as it has gone.
func (s *Server) wholeGame(p kinds.CompetitionParams, g kinds.CompetitionGame, who caller, live bool) CompetitionGameResponse {
	out := gameResponse(p, g, true, who)
	out.Positions = s.positions(p.Plan.Game, g.Outcome)
	out.Live = live
	return out
}
