package ladders

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"

	"gameai/hosting"
	"gameai/jobs/kinds"
	"gameai/store"
)

// Set applies set to game's running ladder, or starts one (started) whose
// owners' entries are the last ladder's: a ladder started again keeps
// them, as the job keeps its ratings and games.
func (s *Service) Set(ctx context.Context, game string, set func(*kinds.LadderParams)) (j *store.Job, started bool, err error) {
	j, err = s.Find(ctx, game)
	switch {
	case err == nil && !j.Status.Final():
		j, err = s.update(ctx, j, set)
		return j, false, err
	case err != nil && !errors.Is(err, ErrNoLadder):
		return nil, false, err
	}
	p := kinds.LadderParams{Seed: rand.Uint64()}
	if j != nil {
		var old kinds.LadderParams
		if json.Unmarshal(j.Params, &old) == nil {
			p.Entered = old.Entered
		}
	}
	set(&p)
	j, err = s.jobs.Submit(ctx, kinds.Ladder, p)
	return j, true, err
}

// Enter puts bot b on its game's running ladder, or takes it off (entered
// false): every version of it comes off, then b goes on; the ladder plays
// the newest ready version anyway. Ready is enough to enter: the ladder's
// games may be played by workers that run uploads where this server does
// not.
func (s *Service) Enter(ctx context.Context, b *store.Bot, entered bool) error {
	if entered && b.Status != store.BotReady {
		return &NotReadyError{Bot: b.ID, Status: b.Status}
	}
	j, err := s.running(ctx, b.Game)
	if err != nil {
		return err
	}
	versions, err := s.store.Bots.List(ctx, store.BotFilter{Game: b.Game, Owner: b.Owner, Name: b.Name})
	if err != nil {
		return err
	}
	same := map[string]bool{b.ID: true}
	for _, v := range versions {
		same[v.ID] = true
	}
	_, err = s.update(ctx, j, func(p *kinds.LadderParams) {
		p.Entered = slices.DeleteFunc(p.Entered, func(id string) bool { return same[id] })
		if entered {
			p.Entered = append(p.Entered, b.ID)
		}
	})
	return err
}

// WithdrawOwner takes every bot of owner off every running ladder (the
// host disabled the owner, or the owner left).
func (s *Service) WithdrawOwner(ctx context.Context, owner string) error {
	bots, err := s.store.Bots.List(ctx, store.BotFilter{Owner: owner})
	if err != nil || len(bots) == 0 {
		return err
	}
	mine := map[string]bool{}
	for _, b := range bots {
		mine[b.ID] = true
	}
	for game := range hosting.Games {
		j, err := s.running(ctx, game)
		if errors.Is(err, ErrNoLadder) {
			continue
		}
		if err != nil {
			return err
		}
		if _, err := s.update(ctx, j, func(p *kinds.LadderParams) {
			p.Entered = slices.DeleteFunc(p.Entered, func(id string) bool { return mine[id] })
		}); err != nil {
			return err
		}
	}
	return nil
}
