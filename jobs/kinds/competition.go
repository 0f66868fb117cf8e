package kinds

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"unicode/utf8"

	"gameai/arena"
	"gameai/competition"
	"gameai/jobs"
	"gameai/store"
)

// Competition is the kind of a competition between bots.
const Competition = "competition"

// CompetitionParams are a competition's settings (already checked): the
// plan (its field holds the bots' ids), each bot as a game needs it (by
// field index), the clock and a name.
type CompetitionParams struct {
	Name     string           `json:"name"`
	Plan     competition.Plan `json:"plan"`
	Entrants []arena.Entrant  `json:"entrants"`
	Clock    arena.Clock      `json:"clock"`
	// Parallel is how many games are played at once in process (default
	// 1; a server plays at most half its cores, as a ladder does);
	// workers take the games as they are free.
	Parallel int `json:"parallel,omitempty"`
}

// MaxCompetitionParallel bounds a competition's games at once.
const MaxCompetitionParallel = 16

// CompetitionGame is a finished game: its place in the schedule and
// what happened.
type CompetitionGame struct {
	competition.Game
	Outcome arena.Outcome `json:"outcome"`
}

// CompetitionState is the competition so far, its checkpoint and its
// result: the schedule drawn (a round robin's whole at the start, Swiss
// rounds one by one), the byes, and the games played, in the order they
// finished.
type CompetitionState struct {
	Schedule []competition.Game `json:"schedule"`
	Rounds   int                `json:"rounds_drawn"`
	Byes     []competition.Bye  `json:"byes,omitempty"`
	Played   []CompetitionGame  `json:"played"`
}

// A competition's state is written after every game, so the uploaded
// bots' words in it are bounded as the ladder's are: a seat's last
// CompetitionStderrBytes of stderr and its conversation with the referee
// (arena.Outcome.Transcripts: its first 40 and last 200 lines, 1.8 KB in
// an 80-ply Less game, some 5 KB at most), in each bot's latest
// CompetitionStderrGames games (at most 64 bots × 10 games × 21 KiB, where
// keeping it all was up to 256 KiB a game for 20,000 games).
const (
	CompetitionStderrGames = 10
	CompetitionStderrBytes = 16 << 10
)

// add appends a played game, its stderr cut to its tail, and drops the
// words (stderr and transcript) of each of its bots' games beyond their
// latest CompetitionStderrGames.
func (s *CompetitionState) add(g CompetitionGame) {
	tailStderr(g.Outcome.Stderr, CompetitionStderrBytes)
	s.Played = append(s.Played, g)
	for seat, b := range g.Seats {
		if !keepsWords(&g.Outcome, seat) {
			continue
		}
		// Each bot kept at most CompetitionStderrGames before this game,
		// so the one to drop is the first found past them: the walk
		// stops there rather than crossing the whole competition.
		kept := 0
	walk:
		for i := len(s.Played) - 1; i >= 0; i-- {
			o := &s.Played[i].Outcome
			for k, c := range s.Played[i].Seats {
				if c != b || !keepsWords(o, k) {
					continue
				}
				if kept++; kept > CompetitionStderrGames {
					dropWords(o, k)
					break walk
				}
			}
		}
	}
}

// keepsWords reports whether seat k of a game still keeps its bot's
// stderr or transcript.
func keepsWords(o *arena.Outcome, k int) bool {
	return k < len(o.Stderr) && o.Stderr[k] != "" || k < len(o.Transcripts) && o.Transcripts[k] != ""
}

// dropWords drops seat k's stderr and transcript, and a game's lists once
// no seat keeps any.
func dropWords(o *arena.Outcome, k int) {
	if k < len(o.Stderr) {
		o.Stderr[k] = ""
	}
	if k < len(o.Transcripts) {
		o.Transcripts[k] = ""
	}
	if !slices.ContainsFunc(o.Stderr, said) {
		o.Stderr = nil
	}
	if !slices.ContainsFunc(o.Transcripts, said) {
		o.Transcripts = nil
	}
}

// said: a seat's stderr or transcript holds something.
func said(e string) bool { return e != "" }

// tailStderr cuts each seat's stderr to its last max bytes, marked with
// an ellipsis (a bot's last words say most about how its game ended).
func tailStderr(stderr []string, max int) {
	for i, e := range stderr {
		if len(e) > max {
			start := len(e) - max
			for start < len(e) && !utf8.RuneStart(e[start]) {
				start++
			}
			stderr[i] = "…" + e[start:]
		}
	}
}

// Results are the played games' results.
func (s *CompetitionState) Results() []competition.Result {
	out := make([]competition.Result, len(s.Played))
	for i, g := range s.Played {
		out[i] = g.Outcome.Result
	}
	return out
}

// DecodeCompetition reads a competition job's settings and its state (the
// result once it has ended, else the checkpoint).
func DecodeCompetition(j *store.Job) (CompetitionParams, CompetitionState, error) {
	var st CompetitionState
	p, err := DecodeCompetitionParams(j)
	if err != nil {
		return p, st, err
	}
	return p, st, decodeState(j, &st)
}

// decodeState reads a job's state: its result once it has ended, else its
// checkpoint (nothing yet: st stays as it is).
func decodeState(j *store.Job, st any) error {
	raw := j.Checkpoint
	if len(j.Result) > 0 && string(j.Result) != "null" {
		raw = j.Result
	}
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, st); err != nil {
			return fmt.Errorf("state: %w", err)
		}
	}
	return nil
}

// DecodeCompetitionParams reads a competition job's settings only, and
// how many games it has played (from its progress): what a list shows,
// without decoding every game's record.
func DecodeCompetitionParams(j *store.Job) (CompetitionParams, error) {
	var p CompetitionParams
	if err := json.Unmarshal(j.Params, &p); err != nil {
		return p, fmt.Errorf("params: %w", err)
	}
	return p, nil
}

// PlayedSoFar is how many games a competition job's last progress counted
// (0 before its first report).
func PlayedSoFar(j *store.Job) (int, error) {
	var pr competitionProgress
	if len(j.Progress.Best) == 0 || string(j.Progress.Best) == "null" {
		return 0, nil
	}
	if err := json.Unmarshal(j.Progress.Best, &pr); err != nil {
		return 0, fmt.Errorf("competition %s: its progress: %w", j.ID, err)
	}
	return pr.Played, nil
}

// competitionProgress is a competition's progress detail: the games
// played of those planned, and the leader with its points.
type competitionProgress struct {
	Played  int     `json:"played"`
	Planned int     `json:"planned"`
	Leader  string  `json:"leader,omitempty"`
	Points  float64 `json:"points"`
}

func competitionJob(d Deps) jobs.Handler {
	return func(ctx context.Context, j *store.Job, rep *jobs.Reporter) (any, error) {
		p, st, err := DecodeCompetition(j)
		if err != nil {
			return nil, err
		}
		if err := p.Plan.Check(); err != nil {
			return nil, err
		}
		if len(p.Entrants) != len(p.Plan.Field) {
			return nil, fmt.Errorf("params: %d entrants for a field of %d", len(p.Entrants), len(p.Plan.Field))
		}
		planned := p.Plan.PlannedGames()
		save := func() {
			rows := competition.Standings(p.Plan, st.Schedule, st.Results(), st.Byes)
			pr := competitionProgress{Played: len(st.Played), Planned: planned}
			msg := fmt.Sprintf("%d of %d games", len(st.Played), planned)
			if len(rows) > 0 && len(st.Played) > 0 {
				pr.Leader, pr.Points = p.Plan.Field[rows[0].Bot], rows[0].Points
				// Said with the bot's name (owner/name vN): the id of an
				// upload means nothing to a reader of the jobs list.
				msg += fmt.Sprintf("; first %s with %g points", p.Entrants[rows[0].Bot].Label(), pr.Points)
			}
			if err := rep.Checkpoint(float64(len(st.Played))/float64(max(planned, 1)), msg, pr, st); err != nil {
				d.Log.Warn("checkpoint", "job", j.ID, "err", err)
			}
		}
		p.Parallel = d.players().Parallel(p.Parallel)
		if err := RunCompetition(ctx, d, j.ID, p, &st, save); err != nil {
			if ctx.Err() != nil {
				return st, ctx.Err() // keeps the games finished
			}
			return nil, err
		}
		return st, nil
	}
}

// RunCompetition plays a competition on from st: a round robin's whole
// schedule drawn at the start, Swiss rounds drawn as the rounds before
// them end. saved is called after each game and each draw, with st up to
// date; st.Played ends in game order.
func RunCompetition(ctx context.Context, d Deps, job string, p CompetitionParams, st *CompetitionState, saved func()) error {
	if p.Plan.Format == competition.RoundRobin && st.Rounds == 0 {
		st.Schedule, st.Rounds = p.Plan.Schedule(), p.Plan.Rounds
		saved()
	}
	for {
		todo := st.Unplayed()
		if len(todo) == 0 {
			if p.Plan.Format != competition.Swiss || st.Rounds >= p.Plan.Rounds {
				break
			}
			// The next Swiss round, from the results so far.
			round := st.Rounds + 1
			games, byes := p.Plan.SwissRound(round, st.Schedule, st.Results(), st.Byes)
			st.Schedule, st.Byes, st.Rounds = append(st.Schedule, games...), append(st.Byes, byes...), round
			saved()
			continue
		}
		if err := PlayCompetition(ctx, d, job, p, todo, func(g CompetitionGame) {
			st.add(g)
			saved()
		}); err != nil {
			return err
		}
	}
	slices.SortFunc(st.Played, func(a, b CompetitionGame) int { return cmp.Compare(a.N, b.N) })
	return nil
}

// Unplayed are the scheduled games not yet played, in schedule order.
func (st CompetitionState) Unplayed() []competition.Game {
	done := map[int]bool{}
	for _, g := range st.Played {
		done[g.N] = true
	}
	var out []competition.Game
	for _, g := range st.Schedule {
		if !done[g.N] {
			out = append(out, g)
		}
	}
	return out
}

// Spec is the game of the competition as any machine plays it.
func (p CompetitionParams) Spec(g competition.Game) arena.Spec {
	s := arena.Spec{Game: p.Plan.Game, N: g.N, Board: g.Board, Seed: p.Plan.Seed, Clock: p.Clock}
	for _, b := range g.Seats {
		s.Seats = append(s.Seats, p.Entrants[b])
	}
	return s
}

// PlayCompetition plays games of a competition where d.Players plays them
// (on workers all at once, each a task; here p.Parallel at a time: bots'
// clocks are wall time, and more games than cores would slow every bot).
// done hears of each game as it finishes, in any order, one at a time; a
// game that cannot be played stops the others, and the games that
// finished are still heard of.
func PlayCompetition(ctx context.Context, d Deps, job string, p CompetitionParams, games []competition.Game, done func(CompetitionGame)) error {
	specs := make([]arena.Spec, len(games))
	for i, g := range games {
		specs[i] = p.Spec(g)
	}
	return d.playGames(ctx, job, specs, p.Parallel, func(i int, o arena.Outcome) {
		done(CompetitionGame{Game: games[i], Outcome: o})
	})
}

// playGames plays a competition's or a ladder's games with watchers seeing
// them: a game leaves the live games once done has it (so a watcher never
// finds it in neither), and every game still live when play stops early.
func (d Deps) playGames(ctx context.Context, job string, specs []arena.Spec, parallel int, done func(i int, o arena.Outcome)) error {
	live := liveGames(ctx, d, job)
	var mu sync.Mutex
	inPlay := map[int]bool{}
	err := d.players().Job(job).Games(ctx, specs, parallel, func(i int, o arena.Outcome) error {
		done(i, o)
		live.over(specs[i].N)
		mu.Lock()
		delete(inPlay, specs[i].N)
		mu.Unlock()
		return nil
	}, func(o arena.Outcome) {
		live.put(o)
		mu.Lock()
		inPlay[o.Result.N] = true
		mu.Unlock()
	})
	if err != nil {
		for n := range inPlay {
			live.over(n)
		}
	}
	return err
}

// LiveKey names game n of a competition's or a ladder's job while it is
// played, in the store's live games (store.LiveGames).
func LiveKey(job string, n int) string { return fmt.Sprintf("game:%s:%d", job, n) }

// live writes a competition's or a ladder's games in play to the store for watchers:
// best effort, a game goes on whether its watchers see it or not. A job
// without a store or an id (the command line's) writes nothing.
type live struct {
	ctx context.Context
	lg  store.LiveGames
	job string
}

func liveGames(ctx context.Context, d Deps, job string) live {
	l := live{ctx: ctx, job: job}
	if d.Store != nil && job != "" {
		l.lg = d.Store.Live
	}
	return l
}

func (l live) put(o arena.Outcome) {
	if l.lg == nil {
		return
	}
	// A watcher's view only: the game goes on without it, and its result
	// is recorded by the job.
	if b, err := json.Marshal(o); err == nil {
		_ = l.lg.Put(l.ctx, LiveKey(l.job, o.Result.N), b)
	}
}

func (l live) over(n int) {
	if l.lg != nil {
		_ = l.lg.Delete(context.WithoutCancel(l.ctx), LiveKey(l.job, n)) // expires on its own besides
	}
}
