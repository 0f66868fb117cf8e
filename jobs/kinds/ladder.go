package kinds

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
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
	// (moves, record) in its log; ratings count them all. The uploaded
	// bots' stderr (its last LadderStderrBytes a seat) and conversations
	// with the referee are kept for the latest LadderStderrGames only.
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

// LadderState is a ladder's checkpoint: every version's rating, the games
// counted but not yet in its log, the next game's number, the bots on it
// now and why it waits (when it does).
type LadderState struct {
	Ladder competition.Ladder `json:"ladder"`
	// Unlogged are the games counted in the ratings that the game's log
	// (ladder_games.go) may not have yet: written there after the
	// checkpoint that counts them. A checkpoint of before the log held
	// the latest 300 games here: logged when it resumes.
	Unlogged []LadderGame `json:"games,omitempty"`
	Played   int          `json:"played"`
	Next     int          `json:"next"`
	Active   []string     `json:"active"`
	// InPlay is how many games are being played; Playing are they, by
	// number and seats (At: when they began), to watch.
	InPlay  int          `json:"in_play"`
	Playing []LadderGame `json:"playing,omitempty"`
	// Labels name every bot that has played (owner/name vN, or our
	// engine's id), Owners own them (gameai for ours).
	Labels  map[string]string `json:"labels"`
	Owners  map[string]string `json:"owners"`
	Waiting string            `json:"waiting,omitempty"`
	// Entries are the ids the bots on it were entered under, by the id
	// that plays (the newest ready version of what was entered); Left why
	// and when each version that was on it left.
	Entries map[string]string  `json:"entries,omitempty"`
	Left    map[string]Leaving `json:"left,omitempty"`
}

// Leaving is why and when a version left a ladder.
type Leaving struct {
	Why string    `json:"why"`
	At  time.Time `json:"at"`
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
		if err := d.logGames(ctx, p.Game, &st); err != nil {
			d.Log.Warn("ladder games not logged yet", "job", j.ID, "err", err) // kept, tried after the next game
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
		var seen entrantsSeen
		looks, stop := d.ladderLooks()
		defer stop()
		// now is the time of the look: a look's own, or the clock's
		// when a game's end woke the loop.
		now := time.Now()
		for {
			// The settings as they are now: a host or an owner may have
			// changed them since the last game.
			if fresh, err := d.Store.Jobs.Get(ctx, j.ID); err == nil {
				if np, _, err := DecodeLadder(fresh); err == nil {
					p = np
				}
			}
			if p.State == LadderRunning && inFlight < d.players().Parallel(p.Parallel) && now.Sub(lastStart) >= p.Interval() {
				waiting, was := st.Waiting, slices.Clone(st.Active)
				seats, spec, why := d.nextLadderGame(ctx, p, &st, &seen, rng)
				st.Waiting = why
				if seats != nil {
					inFlight++
					lastStart = now
					st.Playing = append(st.Playing, LadderGame{N: spec.N, At: time.Now().UTC(), Seats: seats})
					save()
					go func(n int) {
						o, err := d.playLadderGame(ctx, j.ID, spec)
						select {
						case results <- ladderResult{LadderGame{N: n, At: time.Now().UTC(), Seats: seats, Outcome: o}, err}:
						case <-ctx.Done():
						}
					}(spec.N)
				} else if why != waiting || !slices.Equal(was, st.Active) {
					save() // who is on it, and why one left, are shown
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
				if err := d.logGames(ctx, p.Game, &st); err != nil {
					d.Log.Warn("ladder games not logged yet", "job", j.ID, "err", err) // kept, tried after the next game
				}
				liveGames(ctx, d, j.ID).over(r.g.N)
				now = time.Now()
			case now = <-looks:
			}
		}
	}
}

// record counts a played game, unlogged until logGames writes it. While
// the store refuses the log, the checkpoint holds what the log would: the
// latest MaxLadderGames, stderr and conversations for the latest
// LadderStderrGames.
func (st *LadderState) record(game string, g LadderGame) {
	st.Ladder.Record(game, g.Seats, g.Outcome.Result.Score, g.Outcome.Result.Faults, g.At)
	st.Played++
	tailStderr(g.Outcome.Stderr, LadderStderrBytes)
	st.Unlogged = append(st.Unlogged, g)
	if len(st.Unlogged) > MaxLadderGames {
		st.Unlogged = slices.Clone(st.Unlogged[len(st.Unlogged)-MaxLadderGames:])
	}
	if k := len(st.Unlogged) - LadderStderrGames - 1; k >= 0 {
		st.Unlogged[k].Outcome.Stderr, st.Unlogged[k].Outcome.Transcripts = nil, nil
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

// nextLadderGame resolves the bots on the ladder (as seen, when nothing
// they depend on changed since) and picks the next game's seats; nil
// seats and why when no game can start.
func (d Deps) nextLadderGame(ctx context.Context, p LadderParams, st *LadderState, seen *entrantsSeen, rng *rand.Rand) ([]string, arena.Spec, string) {
	entrants, notes := d.entrantsOnce(ctx, p, seen)
	was := slices.Clone(st.Active)
	st.Active = st.Active[:0]
	if st.Labels == nil {
		st.Labels, st.Owners = map[string]string{}, map[string]string{}
	}
	entries := map[string]string{}
	for entered, e := range entrants {
		id := e.ID
		entries[id] = entered
		st.Active = append(st.Active, id)
		st.Labels[id] = e.Label()
		st.Owners[id] = arena.BuiltinOwner
		if e.Uploaded != nil {
			st.Owners[id] = e.Uploaded.Owner
		}
	}
	slices.Sort(st.Active)
	st.recordLeaving(was, entries, entrants, notes, func(id string) string { return d.unready(ctx, id) })
	seats := st.Ladder.Pick(p.Game, st.Active, rng)
	if seats == nil {
		why := fmt.Sprintf("waiting: %d bots can play, a game takes %d", len(st.Active), competition.Seats(p.Game))
		if ids := slices.Sorted(maps.Keys(notes)); len(ids) > 0 {
			why += fmt.Sprintf(" (%s: %s)", ids[0], notes[ids[0]])
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

// recordLeaving says why each version that was on the ladder (was) is no
// longer: a newer version of it plays instead, it cannot play (notes, by
// the id it was entered under), or its entry was withdrawn (by its
// author, the host, or the host disabling its author). A version back on
// the ladder has left no more. unready says why a version cannot play
// itself ("" when it could), for one whose entry plays another version:
// an older version plays again when the newer one is deleted.
func (st *LadderState) recordLeaving(was []string, entries map[string]string, entrants map[string]arena.Entrant, notes map[string]string,
	unready func(id string) string) {
	now := time.Now().UTC()
	for _, id := range was {
		if _, on := entries[id]; on {
			continue
		}
		entered := cmp.Or(st.Entries[id], id)
		why := "withdrawn from the ladder"
		if e, ok := entrants[entered]; ok {
			why = cmp.Or(unready(id), "replaced by "+e.Label())
		} else if note, ok := notes[entered]; ok {
			why = note
		}
		if st.Left == nil {
			st.Left = map[string]Leaving{}
		}
		st.Left[id] = Leaving{Why: why, At: now}
	}
	for id := range entries {
		delete(st.Left, id)
	}
	st.Entries = entries
}

// entrantsSeen are a ladder's entrants as last read and what they were
// read for: the settings' bots and the store's count of bot and owner
// writes (store.Bots.Changes).
type entrantsSeen struct {
	bots     []string
	changes  int64
	entrants map[string]arena.Entrant
	notes    map[string]string
	valid    bool
}

// entrantsOnce is ladderEntrants read once per change: with the same bots
// on the ladder and the store's count unmoved, the last read's. Three
// store reads per uploaded bot before every game were 384 a second at 64
// bots and two games a second; now it is one. A count that does not read,
// or a read of the bots that failed, is read again the next time.
func (d Deps) entrantsOnce(ctx context.Context, p LadderParams, seen *entrantsSeen) (map[string]arena.Entrant, map[string]string) {
	bots := slices.Concat(p.Bots, p.Entered)
	changes, err := d.Store.Bots.Changes(ctx)
	if err == nil && seen.valid && changes == seen.changes && slices.Equal(bots, seen.bots) {
		return seen.entrants, seen.notes
	}
	entrants, notes, whole := d.ladderEntrants(ctx, p)
	*seen = entrantsSeen{bots: bots, changes: changes, entrants: entrants, notes: notes, valid: err == nil && whole}
	return entrants, notes
}

// ladderEntrants are the bots that can play now, by the id they were
// entered under: our engines as listed, and each uploaded bot as its
// newest ready version; notes say why an entered bot cannot. whole is
// false when a read of the store failed (its error is a note).
func (d Deps) ladderEntrants(ctx context.Context, p LadderParams) (_ map[string]arena.Entrant, _ map[string]string, whole bool) {
	out, notes := map[string]arena.Entrant{}, map[string]string{}
	whole = true
	for _, id := range slices.Concat(p.Bots, p.Entered) {
		if ours, err := arena.CheckBuiltin(p.Game, id); ours {
			if err != nil {
				notes[id] = err.Error()
				continue
			}
			out[id] = arena.Entrant{ID: id}
			continue
		}
		e, why, err := d.ladderEntrant(ctx, p.Game, id)
		switch {
		case err != nil:
			notes[id] = err.Error()
			// A bot that is not there stays so; any other error is a
			// read that failed, to be tried again.
			whole = whole && errors.Is(err, store.ErrNotFound)
		case why != "":
			notes[id] = why
		default:
			out[id] = e
		}
	}
	return out, notes, whole
}

// unready says why bot id cannot play ("" when it is ready).
func (d Deps) unready(ctx context.Context, id string) string {
	b, err := d.Store.Bots.Get(ctx, id)
	switch {
	case err != nil:
		return err.Error()
	case b.Status == store.BotDeleted:
		return b.Reason
	case b.Status != store.BotReady:
		return fmt.Sprintf("%s, not ready", b.Status)
	}
	return ""
}

// ladderEntrant is the version that plays for the uploaded bot entered as
// id, or why none can.
func (d Deps) ladderEntrant(ctx context.Context, game, id string) (arena.Entrant, string, error) {
	b, err := d.Store.Bots.Get(ctx, id)
	if err != nil {
		return arena.Entrant{}, "", err
	}
	// An author with no record is enabled (bots stored before accounts);
	// one the store cannot read is not taken for enabled.
	switch o, err := d.Store.Owners.Get(ctx, b.Owner); {
	case err == nil && o.Disabled:
		return arena.Entrant{}, "its author's account is disabled by the host", nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return arena.Entrant{}, "", err
	}
	newest, err := d.Store.Bots.List(ctx, store.BotFilter{Game: b.Game, Owner: b.Owner, Name: b.Name, Status: store.BotReady})
	if err != nil {
		return arena.Entrant{}, "", err
	}
	newest = slices.DeleteFunc(newest, func(x *store.Bot) bool { return x.Version < b.Version })
	switch {
	case b.Game != game:
		return arena.Entrant{}, fmt.Sprintf("a %s bot, not a %s one", b.Game, game), nil
	case len(newest) == 0 && b.Status == store.BotDeleted:
		return arena.Entrant{}, b.Reason, nil
	case len(newest) == 0:
		return arena.Entrant{}, fmt.Sprintf("%s, not ready", b.Status), nil
	}
	latest := slices.MaxFunc(newest, func(x, y *store.Bot) int { return cmp.Compare(x.Version, y.Version) })
	u := hosting.UploadedOf(latest)
	return arena.Entrant{ID: latest.ID, Uploaded: &u}, "", nil
}

// playLadderGame plays one game where d.Players plays them; watchers see
// it as it goes (the ladder takes it out of the live games once it has
// recorded it).
func (d Deps) playLadderGame(ctx context.Context, job string, s arena.Spec) (arena.Outcome, error) {
	live := liveGames(ctx, d, job)
	var out arena.Outcome
	err := d.players().Job(job).Games(ctx, []arena.Spec{s}, 1, func(_ int, o arena.Outcome) error {
		out = o
		return nil
	}, live.put)
	return out, err
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
			var last int
			if last, err = lastLogged(ctx, d.Store, game); err == nil {
				if last > 0 {
					// An earlier ladder whose job is gone: its log
					// stays, and the numbers go on after it.
					st.Next = max(st.Next, last+1)
				}
				return st, nil
			}
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
				return st, nil // its unlogged games too: the log is the game's
			}
		}
		if next == "" {
			break
		}
		cursor = next
	}
	return LadderState{}, nil
}
