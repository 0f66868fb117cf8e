package api

import (
	"time"

	"gameai/arena"
	"gameai/competition"
)

// LadderRequest sets a game's ladder: whether it plays, its pace, its
// clock and the host's bots (our engines by id, and uploaded bots).
type LadderRequest struct {
	// State is running (games at the pace) or paused (no new game).
	State string `json:"state" validate:"required,oneof=running paused" example:"running"`
	// GamesPerMinute is the pace: games started a minute at most
	// (default 2).
	GamesPerMinute float64 `json:"games_per_minute,omitempty" validate:"omitempty,min=0.1,max=120" example:"6"`
	// Clock: Less {"game_ms": N}, Morris {"move_ms": N} (default as a
	// competition's).
	Clock *arena.Clock `json:"clock,omitempty"`
	// Bots are the host's entries: our engines (gameai:GAME:SPEC) and
	// ready uploaded bots. Owners enter their own with PUT
	// /v1/bots/{id}/ladder.
	Bots []string `json:"bots" validate:"max=64,dive,required,max=200" example:"gameai:less:greedy,gameai:less:uct,gameai:less:mcts,gameai:less:expectimax"`
	// Parallel is how many games may be in play at once (default 1; a
	// server with no workers plays at most half its cores' worth).
	Parallel int `json:"parallel,omitempty" validate:"omitempty,min=1,max=16" example:"1"`
}

// LadderRow is a bot version on a ladder: its rating (mu - 3 sigma, the
// order) with mu and sigma, and its record.
type LadderRow struct {
	Rank      int        `json:"rank"`
	Bot       string     `json:"bot"`
	Label     string     `json:"label"`
	Owner     string     `json:"owner"`
	Mu        float64    `json:"mu"`
	Sigma     float64    `json:"sigma"`
	Rating    float64    `json:"rating"`
	Games     int        `json:"games"`
	Wins      int        `json:"wins"`
	Draws     int        `json:"draws"`
	Losses    int        `json:"losses"`
	Irregular int        `json:"irregular"`
	LastGame  *time.Time `json:"last_game,omitempty"`
	// Left says why and when a version that left the ladder did:
	// replaced by a newer version, deleted, its author disabled, or
	// withdrawn (versions that left before the ladder kept this say
	// nothing).
	Left   string     `json:"left,omitempty" example:"replaced by ann/mill v3"`
	LeftAt *time.Time `json:"left_at,omitempty"`
}

// LadderResponse is a game's ladder: its settings, the bots on it ranked,
// and the versions that left it with their records.
type LadderResponse struct {
	Game           string      `json:"game"`
	ID             string      `json:"id"` // its job
	State          string      `json:"state" enums:"running,paused"`
	Status         string      `json:"status" enums:"queued,running,succeeded,failed,cancelled,interrupted"`
	GamesPerMinute float64     `json:"games_per_minute"`
	Clock          arena.Clock `json:"clock"`
	Parallel       int         `json:"parallel"`
	Bots           []string    `json:"bots"`
	Entered        []string    `json:"entered"`
	Played         int         `json:"played"`
	// InPlay is how many games are being played now, those still
	// starting their bots among them.
	InPlay int `json:"in_play"`
	// Playing are the games being played now that can be watched (GET
	// .../games/{n} follows each as it goes): a game still starting its
	// bots is counted in in_play and listed here at its first look.
	Playing []LadderPlaying `json:"playing,omitempty"`
	// Waiting says why no game is being played, when none is.
	Waiting string      `json:"waiting,omitempty"`
	Rows    []LadderRow `json:"rows"`
	Retired []LadderRow `json:"retired"`
	// Recent are the latest finished games, newest first (at most
	// LadderRecentGames), each replayed at GET /v1/ladders/{game}/games/{n}.
	Recent    []LadderFinished `json:"recent"`
	UpdatedAt time.Time        `json:"updated_at"`
}

// LadderEntryRequest enters a bot on its game's ladder or withdraws it.
type LadderEntryRequest struct {
	Entered *bool `json:"entered" validate:"required" example:"true"`
}

// LadderEntryResponse says where a bot stands.
type LadderEntryResponse struct {
	Bot     string `json:"bot"`
	Game    string `json:"game"`
	Entered bool   `json:"entered"`
}

// RatingsResponse is a bot version's ladder rating and its history.
type RatingsResponse struct {
	Bot    string  `json:"bot"`
	Game   string  `json:"game"`
	Rated  bool    `json:"rated"`
	Mu     float64 `json:"mu"`
	Sigma  float64 `json:"sigma"`
	Rating float64 `json:"rating"`
	Games  int     `json:"games"`
	// Points are its skill after its games (a point a game; the older
	// half thinned past 400).
	Points []competition.SkillPoint `json:"points"`
}

// BotGame is a game a bot played, seen from its side.
type BotGame struct {
	Source string `json:"source" enums:"ladder,competition,validation"`
	// Event is the competition's id, or the ladder's game; EventName the
	// competition's name.
	Event     string   `json:"event"`
	EventName string   `json:"event_name,omitempty"`
	N         int      `json:"n"`
	Seat      int      `json:"seat"`
	Partner   string   `json:"partner,omitempty"` // Less
	Opponents []string `json:"opponents"`
	Result    string   `json:"result" enums:"won,drawn,lost"`
	// FaultKind is the bot's own irregular loss, if it had one.
	FaultKind string `json:"fault_kind,omitempty"`
	Reason    string `json:"reason"`
	// Replay is where the whole game is.
	Replay string     `json:"replay"`
	At     *time.Time `json:"at,omitempty"`
}

// BotGamesResponse is a page of a bot's games: the ladder's newest first,
// then its competitions' (newest event first), then its validation games.
type BotGamesResponse struct {
	Games      []BotGame `json:"games"`
	NextCursor string    `json:"next_cursor,omitempty"`
}

// LadderPlaying is a ladder's game being played: its number, its bots by
// seat (ids and names) and when it began.
type LadderPlaying struct {
	N         int       `json:"n"`
	Seats     []string  `json:"seats"`
	Labels    []string  `json:"labels"`
	StartedAt time.Time `json:"started_at"`
}

// LadderRecentGames is how many finished games a ladder's answer lists.
const LadderRecentGames = 20

// LadderFinished is a finished ladder game: its bots by seat (ids and
// names), how it ended and when it began.
type LadderFinished struct {
	N      int       `json:"n"`
	Seats  []string  `json:"seats"`
	Labels []string  `json:"labels"`
	Score  []float64 `json:"score"`
	Reason string    `json:"reason"`
	// Faulted is the seat that lost irregularly, if one did.
	Faulted *int      `json:"faulted,omitempty"`
	At      time.Time `json:"at"`
}
