package kinds

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"gameai/arena"
	"gameai/competition"
	"gameai/hosting"
	"gameai/jobs"
	"gameai/store"
)

// Ladder is the kind of a game's ladder: a standing job (it runs until
// cancelled) that keeps playing rated games among the bots on it.
const Ladder = "ladder"

// A ladder is running (games at its pace) or paused (no new game).
const (
	LadderRunning = "running"
	LadderPaused  = "paused"
)

// Bounds of a ladder's settings.
const (
	MaxLadderBots        = 64
	MaxLadderParallel    = 16
	MinLadderGamesPerMin = 0.1
	MaxLadderGamesPerMin = 120
	// MaxLadderGames is how many of its latest games a ladder keeps whole
	// (moves, record); ratings count them all. The uploaded bots' stderr
	// is kept for the latest LadderStderrGames only, its last
	// LadderStderrBytes a seat: the state is written after every game.
	MaxLadderGames    = 300
	LadderStderrGames = 10
	LadderStderrBytes = 16 << 10
)

// LadderParams are a ladder's settings. The host rewrites them (PUT
// /v1/ladders/{game}), owners enter and withdraw their bots; the running
// job reads them again before every game.
type LadderParams struct {
	Game           string      `json:"game"`
	State          string      `json:"state"`
	GamesPerMinute float64     `json:"games_per_minute"`
	Clock          arena.Clock `json:"clock"`
	// Bots are the host's: our engines and uploaded bots.
	Bots []string `json:"bots"`
	// Entered are uploaded bots their owners entered. An uploaded bot
	// plays as its newest ready version: a version replaced leaves the
	// ladder, its record kept.
	Entered []string `json:"entered,omitempty"`
	// Parallel is how many games may be in play at once (default 1).
	Parallel int    `json:"parallel"`
	Seed     uint64 `json:"seed"`
}

// LadderGame is a game of a ladder: its number, when it ended, the bots
// by seat and what happened.
type LadderGame struct {
	N       int           `json:"n"`
	At      time.Time     `json:"at"`
	Seats   []string      `json:"seats"`
	Outcome arena.Outcome `json:"outcome"`
}

// LadderState is a ladder's checkpoint: every version's rating, the
// latest games, the next game's number, the bots on it now and why it
// waits (when it does).
type LadderState struct {
	Ladder competition.Ladder `json:"ladder"`
	Games  []LadderGame       `json:"games"`
	Played int                `json:"played"`
	Next   int                `json:"next"`
	Active []string           `json:"active"`
	// InPlay is how many games are being played; Playing are they, by
	// number and seats (At: when they began), to watch.
	InPlay  int          `json:"in_play"`
	Playing []LadderGame `json:"playing,omitempty"`
	// Labels name every bot that has played (owner/name vN, or our
	// engine's id), Owners own them (gameai for ours).
	Labels  map[string]string `json:"labels"`
	Owners  map[string]string `json:"owners"`
	Waiting string            `json:"waiting,omitempty"`
}

// DecodeLadder reads a ladder job's settings and its state.
func DecodeLadder(j *store.Job) (LadderParams, LadderState, error) {
	var p LadderParams
	var st LadderState
	if err := json.Unmarshal(j.Params, &p); err != nil {
		return p, st, fmt.Errorf("params: %w", err)
	}
	return p, st, decodeState(j, &st)
}

// Interval is the time between two games' starts at the ladder's pace.
func (p LadderParams) Interval() time.Duration {
	return time.Duration(float64(time.Minute) / max(p.GamesPerMinute, MinLadderGamesPerMin))
}

// ladderProgress is a ladder's progress detail.
type ladderProgress struct {
	Played int     `json:"played"`
	Bots   int     `json:"bots"`
	Leader string  `json:"leader,omitempty"`
	Rating float64 `json:"rating"`
}

type ladderResult struct {
	g   LadderGame
	err error
}

func ladderJob(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		p, st, err := DecodeLadder(j)
		if err != nil {
			return nil, err
		}
		if st.Next == 0 {
			say := func(msg string) { _ = rep.Progress(0, msg, nil) } // a failure here is the store's, which resumeLadder reports
			if st, err = d.resumeLadder(ctx, say, p.Game, j.ID); err != nil {
				return nil, err
			}
			st.Next = max(st.Next, 1)
		}
		st.Playing = nil // a resumed ladder's games in play were abandoned
		rng := rand.New(rand.NewPCG(p.Seed, uint64(st.Next)))
		results := make(chan ladderResult)
		inFlight := 0
		var lastStart time.Time
		save := func() {
			st.InPlay = inFlight
			pr := ladderProgress{Played: st.Played, Bots: len(st.Active)}
			msg := fmt.Sprintf("%d games, %d bots on the ladder", st.Played, len(st.Active))
			if rows := st.Rows(true); len(rows) > 0 && rows[0].Games > 0 {
				pr.Leader, pr.Rating = rows[0].Bot, rows[0].Conservative()
				msg += fmt.Sprintf("; first %s at %.1f", st.Labels[pr.Leader], pr.Rating)
			}
			if st.Waiting != "" {
				msg += "; " + st.Waiting
			}
			if err := rep.Checkpoint(0, msg, pr, st); err != nil {
				d.Log.Warn("checkpoint", "job", j.ID, "err", err)
			}
		}
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			// The settings as they are now: a host or an owner may have
			// changed them since the last game.
			if fresh, err := d.Store.Jobs.Get(ctx, j.ID); err == nil {
				if np, _, err := DecodeLadder(fresh); err == nil {
					p = np
				}
			}
			if p.State == LadderRunning && inFlight < d.parallel(p.Parallel) && time.Since(lastStart) >= p.Interval() {
				waiting := st.Waiting
				seats, spec, why := d.nextLadderGame(ctx, p, &st, rng)
				st.Waiting = why
				if seats != nil {
					inFlight++
					lastStart = time.Now()
					st.Playing = append(st.Playing, LadderGame{N: spec.N, At: lastStart.UTC(), Seats: seats})
					save()
					go func(n int) {
						o, err := d.playLadderGame(ctx, j.ID, spec)
						select {
						case results <- ladderResult{LadderGame{N: n, At: time.Now().UTC(), Seats: seats, Outcome: o}, err}:
						case <-ctx.Done():
						}
					}(spec.N)
				} else if why != waiting {
					save()
				}
			}
			select {
			case <-ctx.Done():
				for _, g := range st.Playing {
					liveGames(ctx, d, j.ID).over(g.N) // abandoned: no longer watched
				}
				return st, ctx.Err()
			case r := <-results:
				inFlight--
				st.Playing = slices.DeleteFunc(st.Playing, func(g LadderGame) bool { return g.N == r.g.N })
				if r.err != nil {
					// Not a bot's fault (those are outcomes): a machine
					// that cannot run a bot, a store away. Said, not
					// counted; the next game tries again.
					st.Waiting = fmt.Sprintf("game %d not played: %v", r.g.N, r.err)
					d.Log.Warn("ladder game", "job", j.ID, "game", r.g.N, "err", r.err)
				} else {
					st.record(p.Game, r.g)
				}
				save()
				liveGames(ctx, d, j.ID).over(r.g.N)
			case <-tick.C:
			}
		}
	}
}

// parallel is how many of a ladder's or a competition's games may be in
// play: the setting, and in process (no workers) at most half the cores,
// so that best-move requests keep the rest.
func (d Deps) parallel(setting int) int {
	n := max(setting, 1)
	if d.Tasks == nil {
		n = min(n, max(1, runtime.NumCPU()/2))
	}
	return n
}

// record counts a played game.
func (st *LadderState) record(game string, g LadderGame) {
	st.Ladder.Record(game, g.Seats, g.Outcome.Result.Score, g.Outcome.Result.Faults, g.At)
	st.Played++
	tailStderr(g.Outcome.Stderr, LadderStderrBytes)
	st.Games = append(st.Games, g)
	if len(st.Games) > MaxLadderGames {
		st.Games = slices.Clone(st.Games[len(st.Games)-MaxLadderGames:])
	}
	if k := len(st.Games) - LadderStderrGames - 1; k >= 0 {
		st.Games[k].Outcome.Stderr = nil
	}
}

// Rows are the ladder's rows, best first; onlyActive keeps the bots on it
// now.
func (st *LadderState) Rows(onlyActive bool) []*competition.LadderRow {
	var rows []*competition.LadderRow
	for id, r := range st.Ladder.Rows {
		if !onlyActive || slices.Contains(st.Active, id) {
			rows = append(rows, r)
		}
	}
	if onlyActive {
		for _, id := range st.Active {
			if st.Ladder.Rows[id] == nil {
				rows = append(rows, &competition.LadderRow{Bot: id, Skill: competition.NewSkill()})
			}
		}
	}
	competition.Order(rows)
	return rows
}

// nextLadderGame resolves the bots on the ladder and picks the next
// game's seats; nil seats and why when no game can start.
func (d Deps) nextLadderGame(ctx context.Context, p LadderParams, st *LadderState, rng *rand.Rand) ([]string, arena.Spec, string) {
	entrants, notes := d.ladderEntrants(ctx, p)
	st.Active = st.Active[:0]
	if st.Labels == nil {
		st.Labels, st.Owners = map[string]string{}, map[string]string{}
	}
	for id, e := range entrants {
		st.Active = append(st.Active, id)
		st.Labels[id] = e.Label()
		st.Owners[id] = arena.BuiltinOwner
		if e.Uploaded != nil {
			st.Owners[id] = e.Uploaded.Owner
		}
	}
	slices.Sort(st.Active)
	seats := st.Ladder.Pick(p.Game, st.Active, rng)
	if seats == nil {
		why := fmt.Sprintf("waiting: %d bots can play, a game takes %d", len(st.Active), competition.Seats(p.Game))
		if len(notes) > 0 {
			why += " (" + notes[0] + ")"
		}
		return nil, arena.Spec{}, why
	}
	spec := arena.Spec{Game: p.Game, N: st.Next, Board: st.Next, Seed: p.Seed, Clock: p.Clock}
	for _, id := range seats {
		spec.Seats = append(spec.Seats, entrants[id])
	}
	st.Next++
	return seats, spec, ""
}

// ladderEntrants are the bots that can play now, by id: our engines as
// listed, and each uploaded bot as its newest ready version; notes say
// why a listed bot cannot.
func (d Deps) ladderEntrants(ctx context.Context, p LadderParams) (map[string]arena.Entrant, []string) {
	out := map[string]arena.Entrant{}
	var notes []string
	for _, id := range slices.Concat(p.Bots, p.Entered) {
		if ours, err := arena.CheckBuiltin(p.Game, id); ours {
			if err != nil {
				notes = append(notes, fmt.Sprintf("%s: %v", id, err))
				continue
			}
			out[id] = arena.Entrant{ID: id}
			continue
		}
		b, err := d.Store.Bots.Get(ctx, id)
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s: %v", id, err))
			continue
		}
		if o, err := d.Store.Owners.Get(ctx, b.Owner); err == nil && o.Disabled {
			notes = append(notes, fmt.Sprintf("%s: its owner's account is disabled by the host", id))
			continue
		}
		newest, err := d.Store.Bots.List(ctx, store.BotFilter{Game: b.Game, Owner: b.Owner, Name: b.Name, Status: store.BotReady})
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s: %v", id, err))
			continue
		}
		newest = slices.DeleteFunc(newest, func(x *store.Bot) bool { return x.Version < b.Version })
		if len(newest) == 0 || b.Game != p.Game {
			notes = append(notes, fmt.Sprintf("%s is %s, not a ready %s bot", id, b.Status, p.Game))
			continue
		}
		latest := slices.MaxFunc(newest, func(x, y *store.Bot) int { return cmp.Compare(x.Version, y.Version) })
		u := hosting.UploadedOf(latest)
		out[latest.ID] = arena.Entrant{ID: latest.ID, Uploaded: &u}
	}
	return out, notes
}

// playLadderGame plays one game: on the workers when the server has
// Redis, else here; watchers see it as it goes (the ladder takes it out of
// the live games once it has recorded it).
func (d Deps) playLadderGame(ctx context.Context, job string, s arena.Spec) (arena.Outcome, error) {
	live := liveGames(ctx, d, job)
	if d.Tasks != nil {
		var out arena.Outcome
		err := d.Tasks.CompetitionGames(job).Play(ctx, []arena.Spec{s}, func(_ int, o arena.Outcome) error {
			out = o
			return nil
		}, func(_ int, o arena.Outcome) { live.put(o) })
		return out, err
	}
	if d.Arena == nil {
		return arena.Outcome{}, errNoArena
	}
	s.Watch = live.put
	return d.Arena.Play(ctx, s)
}

// resumeLadder reads the earlier ladder's state, waiting for a store that
// does not answer (saying so in the job's progress) until ctx ends; any
// other error (an earlier ladder's record that does not read) fails it: a
// ladder started on "no earlier ladder" when the store failed to say would
// start every rating again and fork the ladder's history.
func (d Deps) resumeLadder(ctx context.Context, say func(string), game, except string) (LadderState, error) {
	wait := ladderStoreWait
	for {
		st, err := d.previousLadder(ctx, game, except)
		if err == nil {
			return st, nil
		}
		if !errors.Is(err, store.ErrUnavailable) {
			return LadderState{}, err // a record that does not read: the job fails saying so
		}
		d.Log.Warn("the ladder waits for the store to read its earlier state", "game", game, "err", err)
		say("waiting for the store to read the ladder's earlier state")
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return LadderState{}, ctx.Err()
		case <-t.C:
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// ladderStoreWait is resumeLadder's first wait for the store; it doubles
// up to 30 s.
var ladderStoreWait = time.Second

// previousLadder is the state of the newest earlier ladder of game (a
// ladder cancelled and started again goes on from where it was); an empty
// state when there is none, an error when the store cannot say.
func (d Deps) previousLadder(ctx context.Context, game, except string) (LadderState, error) {
	cursor := ""
	for range 10 {
		js, next, err := d.Store.Jobs.List(ctx, store.JobFilter{Kind: Ladder}, cursor, 50)
		if err != nil {
			return LadderState{}, fmt.Errorf("the earlier ladders: %w", err)
		}
		for _, j := range js {
			if j.ID == except {
				continue
			}
			p, st, err := DecodeLadder(j)
			if err != nil {
				return LadderState{}, fmt.Errorf("ladder %s: %w", j.ID, err)
			}
			if p.Game == game && st.Next > 0 {
				st.Games = nil // its games stay with its job
				return st, nil
			}
		}
		if next == "" {
			break
		}
		cursor = next
	}
	return LadderState{}, nil
}
