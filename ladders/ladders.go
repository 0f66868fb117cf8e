// Package ladders is the ladders' policy one floor below HTTP: which job is
// a game's ladder, starting and setting it (its owners' entries kept when
// it starts again), an owner's entry and withdrawal, and the host's
// withdrawal of a disabled owner's bots. The ladder's games are the job
// kind's (jobs/kinds/ladder.go), which reads the entries written here;
// api binds the requests and turns the errors here into problems.
package ladders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"gameai/jobs"
	"gameai/jobs/kinds"
	"gameai/store"
)

// ErrNoLadder: the game has no ladder yet (Find, State), or none runs
// (Enter).
var ErrNoLadder = errors.New("ladders: no ladder")

// A NotReadyError is a bot entered that cannot play: it is not ready.
type NotReadyError struct {
	Bot    string
	Status store.BotStatus
}

func (e *NotReadyError) Error() string { return fmt.Sprintf("%s is %s, not ready", e.Bot, e.Status) }

// Service finds and changes the games' ladders.
type Service struct {
	store *store.Store
	jobs  *jobs.Runner
}

// New is the ladders of st, started through r.
func New(st *store.Store, r *jobs.Runner) *Service { return &Service{store: st, jobs: r} }

// ladderScan bounds how far back a stopped ladder is looked for: 20 pages
// of 50 jobs of the kind.
const ladderScan = 20

// Find is the ladder of game that runs, else the newest stopped one
// (ErrNoLadder: none yet).
func (s *Service) Find(ctx context.Context, game string) (*store.Job, error) {
	of := func(j *store.Job) bool {
		var p kinds.LadderParams
		return j.Kind == kinds.Ladder && json.Unmarshal(j.Params, &p) == nil && p.Game == game
	}
	// A ladder that runs is a live job, found among the few live ones
	// however many jobs the store keeps; only a stopped one is looked
	// for among the rest, a bounded way back.
	live, err := s.store.Jobs.Live(ctx)
	if err != nil {
		return nil, err
	}
	var newest *store.Job
	for _, j := range live {
		if of(j) && (newest == nil || j.CreatedAt.After(newest.CreatedAt)) {
			newest = j
		}
	}
	if newest != nil {
		return newest, nil
	}
	cursor := ""
	for range ladderScan {
		js, next, err := s.store.Jobs.List(ctx, store.JobFilter{Kind: kinds.Ladder}, cursor, 50)
		if err != nil {
			return nil, err
		}
		for _, j := range js {
			if of(j) {
				return j, nil
			}
		}
		if next == "" {
			break
		}
		cursor = next
	}
	return nil, ErrNoLadder
}

// running is game's ladder when it runs, ErrNoLadder when none does.
func (s *Service) running(ctx context.Context, game string) (*store.Job, error) {
	j, err := s.Find(ctx, game)
	if err == nil && j.Status.Final() {
		return nil, ErrNoLadder
	}
	return j, err
}

// State is game's ladder (as Find), its settings and its checkpoint.
func (s *Service) State(ctx context.Context, game string) (*store.Job, kinds.LadderParams, kinds.LadderState, error) {
	j, err := s.Find(ctx, game)
	if err != nil {
		return nil, kinds.LadderParams{}, kinds.LadderState{}, err
	}
	p, st, err := kinds.DecodeLadder(j)
	return j, p, st, err
}

// update rewrites a live ladder's settings, re-reading on a conflict (the
// job writes its state between games).
func (s *Service) update(ctx context.Context, j *store.Job, change func(*kinds.LadderParams)) (*store.Job, error) {
	for range 10 {
		var p kinds.LadderParams
		if err := json.Unmarshal(j.Params, &p); err != nil {
			return nil, err
		}
		change(&p)
		raw, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		j.Params = raw
		err = s.store.Jobs.Update(ctx, j)
		if !errors.Is(err, store.ErrConflict) {
			return j, err
		}
		if j, err = s.store.Jobs.Get(ctx, j.ID); err != nil {
			return nil, err
		}
	}
	return nil, store.ErrConflict
}
