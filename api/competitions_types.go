package api

import (
	"time"

	"gameai/arena"
	"gameai/competition"
)

// CompetitionRequest starts a competition.
type CompetitionRequest struct {
	Name string `json:"name,omitempty" validate:"max=80" example:"autumn cup"`
	// Game is less or morris.
	Game string `json:"game" validate:"required,oneof=less morris" example:"morris"`
	// Bots are bot ids (GET /v1/bots): uploaded bots that are ready, or
	// our engines as gameai:GAME:SPEC as GET /v1/bots lists them, or
	// gameai:SPEC with any spec the game's bots take (e.g.
	// gameai:alphabeta:strategy=ga-2019-best,depth=4 or
	// gameai:uct:teammate=max). Less needs at least 4.
	Bots []string `json:"bots" validate:"required,min=2,max=64,dive,required,max=200" example:"gameai:alphabeta:strategy=ga-2019-best,depth=3,gameai:alphabeta:strategy=petcu-e32,depth=3"`
	// Format is round-robin (the default) or swiss.
	Format string `json:"format,omitempty" validate:"omitempty,oneof=round-robin swiss" example:"round-robin"`
	// Rounds: how many times a round robin's schedule is played (default
	// 1), or how many Swiss rounds (default enough to find a winner:
	// log2 of the field, rounded up, plus one).
	Rounds int `json:"rounds,omitempty" validate:"omitempty,min=1,max=50" example:"1"`
	// Clock: Less {"game_ms": 30000} (CodeCup's 30 s a player a game, the
	// default), Morris {"move_ms": 1000} (the default).
	Clock *arena.Clock `json:"clock,omitempty"`
	// Seed draws the schedule, the layouts or openings and our engines'
	// seeds: the same seed and bots give the same competition.
	Seed uint64 `json:"seed,omitempty"`
	// Parallel: how many games are played at once (default 1). A server
	// without workers plays at most half its cores' worth, so that the
	// others answer requests; with workers every free worker takes one.
	Parallel int `json:"parallel,omitempty" validate:"omitempty,min=1,max=16" example:"2"`
}

// CompetitionBot is a bot of a competition's field.
type CompetitionBot struct {
	ID    string `json:"id"`
	Label string `json:"label"` // owner/name vN, or our engine's id
	Owner string `json:"owner"`
}

// StandingRow is a bot's line of the standings.
type StandingRow struct {
	Rank   int     `json:"rank"`
	Bot    string  `json:"bot"`
	Label  string  `json:"label"`
	Games  int     `json:"games"`
	Points float64 `json:"points"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	// Irregular counts games lost by a fault of its own (a crash, a
	// timeout, an illegal move, a protocol error): the first tiebreak.
	Irregular int `json:"irregular"`
	Byes      int `json:"byes"`
	// MeanMargin is Less's mean margin a game (the other team's points
	// minus its own team's; higher is better).
	MeanMargin float64 `json:"mean_margin"`
	// Rating is a Bradley-Terry fit over all games, teams as the sum of
	// their players, on the Elo scale with the field's mean at 1500;
	// Rating95 the half-width of its 95% interval.
	Rating   float64 `json:"rating"`
	Rating95 float64 `json:"rating_95"`
}

// CompetitionResponse is a competition: its settings, its status as a
// job's, and the standings so far.
type CompetitionResponse struct {
	ID     string      `json:"id"`
	Name   string      `json:"name"`
	Game   string      `json:"game"`
	Format string      `json:"format"`
	Rounds int         `json:"rounds"`
	Clock  arena.Clock `json:"clock"`
	Seed   uint64      `json:"seed"`
	// Parallel is the games at once asked for (a server without workers
	// plays at most half its cores' worth).
	Parallel int              `json:"parallel"`
	Bots     []CompetitionBot `json:"bots"`
	Status   string           `json:"status" enums:"queued,running,succeeded,failed,cancelled,interrupted"`
	Progress JobProgress      `json:"progress"`
	Error    string           `json:"error,omitempty"`
	Played   int              `json:"played"`
	Planned  int              `json:"planned"`
	// Standings, best first: points, then fewer irregular losses, then
	// mean margin (Less), then rating.
	Standings []StandingRow `json:"standings"`
	// Balance (a Less round robin, once drawn): how evenly its schedule
	// seats the field; "whist" is every two bots partners once and
	// opponents twice a round, "double-whist" twice and four times.
	Balance *competition.Balance `json:"balance,omitempty"`
	// Playing are the games being played now (GET .../games/{n} follows
	// each as it goes).
	Playing []CompetitionPlaying `json:"playing,omitempty"`
	// Crosstable (Morris): row i, column j is what bots[i] scored against
	// bots[j]; null where they have not met.
	Crosstable [][]*float64 `json:"crosstable,omitempty"`
	// Partners (Less): row i, column j is what bots[i] scored in its games
	// beside bots[j], and how many; null where they have not partnered.
	// A row sums to the bot's points (byes aside).
	Partners  [][]*competition.PartnerTally `json:"partners,omitempty"`
	CreatedAt time.Time                     `json:"created_at"`
	UpdatedAt time.Time                     `json:"updated_at"`
	Version   int64                         `json:"version"`
}

// CompetitionListResponse is a page of competitions, newest first.
type CompetitionListResponse struct {
	Competitions []CompetitionResponse `json:"competitions"`
	NextCursor   string                `json:"next_cursor,omitempty"`
}

// CompetitionGameResponse is one game. Moves, TimesMS, Record, Stderr and
// Transcripts are in the one game's answer only. Stderr holds, by seat,
// what a bot wrote on standard error, and Transcripts its conversation
// with the referee ("> " before a line the referee sent, "< " before one
// the bot wrote, each after its time in seconds since the start; its first
// 40 and last 200 lines): each shown to that bot's owner alone, kept for
// each bot's 10 latest games of a competition (the stderr's last 16 KiB),
// a ladder's 10 latest games.
type CompetitionGameResponse struct {
	N     int      `json:"n"`
	Round int      `json:"round"`
	Seats []string `json:"seats"` // bot ids by colour
	// Board is the layout (Less, 112 digits) or the opening's moves
	// (Morris).
	Board  string    `json:"board"`
	Score  []float64 `json:"score"`
	Margin []int     `json:"margin,omitempty"`
	// Points are each seat's team's total (Less; the lower wins).
	Points []int        `json:"points,omitempty"`
	Reason string       `json:"reason"`
	Fault  *arena.Fault `json:"fault,omitempty"`
	Plies  int          `json:"plies"`
	// ThinkMS is each seat's time on its clock.
	ThinkMS []int64  `json:"think_ms"`
	Moves   []string `json:"moves,omitempty"`
	TimesMS []int64  `json:"times_ms,omitempty"`
	// Positions are the game's positions in its session notation (as
	// GET /v1/sessions/{id} shows them): the start, then after each move.
	Positions   []string `json:"positions,omitempty"`
	Record      string   `json:"record,omitempty"`
	Stderr      []string `json:"stderr,omitempty"`
	Transcripts []string `json:"transcripts,omitempty"`
	// Live: the game is being played; it is shown as far as it has gone,
	// with no result yet.
	Live bool `json:"live,omitempty"`
}

// CompetitionGamesResponse is a page of a competition's games, in
// schedule order.
type CompetitionGamesResponse struct {
	Games      []CompetitionGameResponse `json:"games"`
	NextCursor string                    `json:"next_cursor,omitempty"`
}

// CompetitionPlaying is a competition's game being played: its number,
// round and bots by seat.
type CompetitionPlaying struct {
	N     int      `json:"n"`
	Round int      `json:"round"`
	Seats []string `json:"seats"`
}
