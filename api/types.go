package api

import (
	"encoding/json"
	"time"
)

// LimitsRequest bounds a search. With no field set the server's default time
// budget applies; every field is capped by the server's configuration.
type LimitsRequest struct {
	// Time budget in milliseconds.
	TimeMS int64 `json:"time_ms,omitempty" validate:"omitempty,min=1" example:"1000"`
	// Depth in plies (alpha-beta) or levels (nested searches).
	Depth int `json:"depth,omitempty" validate:"omitempty,min=1" example:"6"`
	// Nodes searched.
	Nodes int64 `json:"nodes,omitempty" validate:"omitempty,min=1"`
	// Iterations (MCTS) or playouts (nested searches).
	Iterations int64 `json:"iterations,omitempty" validate:"omitempty,min=1"`
}

// BestMoveRequest asks for the best move in a position.
type BestMoveRequest struct {
	// Position in the game's text format; empty means the start position.
	Position string `json:"position,omitempty" validate:"max=100000" example:""`
	// Variant of the game; empty means its default.
	Variant string `json:"variant,omitempty" validate:"max=64"`
	// Options are rule options (see GET /v1/games).
	Options map[string]string `json:"options,omitempty" validate:"max=64"`
	// Moves are played from Position before the search.
	Moves []string `json:"moves,omitempty" validate:"max=5000,dive,max=256"`
	// Engine name; empty means the game's default engine.
	Engine string `json:"engine,omitempty" validate:"max=64"`
	// EngineOptions are engine settings, such as a strategy name.
	EngineOptions map[string]string `json:"engine_options,omitempty" validate:"max=64"`
	Limits        LimitsRequest     `json:"limits"`
	// NoCache forces a new search even when a cached analysis exists.
	NoCache bool `json:"no_cache,omitempty"`
}

// SearchResult is what an engine found.
type SearchResult struct {
	Move          string   `json:"move" example:"b2"`
	Score         float64  `json:"score" example:"0"`
	PV            []string `json:"pv"`
	Depth         int      `json:"depth" example:"9"`
	Nodes         int64    `json:"nodes" example:"5478"`
	ElapsedMS     int64    `json:"elapsed_ms" example:"12"`
	Engine        string   `json:"engine" example:"alphabeta"`
	EngineVersion string   `json:"engine_version" example:"1"`
	// Cached is true when the answer came from the analysis cache.
	Cached bool `json:"cached"`
	// Reused is the visits an MCTS search inherited from the tree of an
	// earlier search that had reached this position (tree reuse), counted
	// in nodes beside its own iterations; absent for a new tree.
	Reused int64 `json:"reused,omitempty" example:"0"`
	// DB is the perfect-play database's value of the position for the side
	// to move, with the plies to the next capture or the end ("win in
	// 13", "draw", "loss in 4"): Morris with both hands empty on a server
	// started with --morris-db; absent elsewhere.
	DB string `json:"db,omitempty" example:"win in 13"`
	// Unchecked says a check the engine makes did not run (Morris's
	// refuter, which proves a placement does not lose, was busy with
	// another search): the answer is the search's alone, and is not
	// cached; absent when every check ran.
	Unchecked bool `json:"unchecked,omitempty" example:"false"`
}

// BestMoveResponse answers a best-move request.
type BestMoveResponse struct {
	SearchResult
	// Position is the position that was searched.
	Position string `json:"position"`
}

// OptionInfo describes one option, a rule of a game or a setting of an
// engine: kind bool, int (from min to max), float (above min, or from min
// when min_closed, and at most max),
// duration (100ms, 1.5s or seconds; from min to max milliseconds), choice
// (with choices) or text (free, checked by its engine); the default is ""
// where there is none.
type OptionInfo struct {
	Name        string `json:"name" example:"flying"`
	Kind        string `json:"kind" example:"bool"`
	Default     string `json:"default" example:"true"`
	Description string `json:"description"`
	Min         *int   `json:"min,omitempty"`
	Max         *int   `json:"max,omitempty"`
	// MinClosed: min itself is allowed (a float whose min means off).
	MinClosed bool     `json:"min_closed,omitempty"`
	Choices   []string `json:"choices,omitempty"`
}

// EngineInfo describes one engine of a game.
type EngineInfo struct {
	Name        string `json:"name" example:"alphabeta"`
	Description string `json:"description"`
	Version     string `json:"version" example:"1"`
	Default     bool   `json:"default"`
	// Options are the engine_options it takes: kind (int, bool, choice,
	// text), default, range or choices.
	Options []OptionInfo `json:"options"`
}

// GameInfo describes one game.
type GameInfo struct {
	Name     string       `json:"name" example:"morris"`
	Title    string       `json:"title" example:"Nine Men's Morris"`
	Variants []string     `json:"variants"`
	Players  int          `json:"players" example:"2"`
	Engines  []EngineInfo `json:"engines"`
	Options  []OptionInfo `json:"options"`
}

// GamesResponse lists the games.
type GamesResponse struct {
	Games []GameInfo `json:"games"`
}

// CreateSessionRequest starts a game.
type CreateSessionRequest struct {
	Variant string            `json:"variant,omitempty" validate:"max=64"`
	Options map[string]string `json:"options,omitempty" validate:"max=64"`
	// Position to start from; empty means the start position.
	Position string `json:"position,omitempty" validate:"max=100000"`
	// Engines, player by player (0 moves first), says which sides the
	// server's engines play; null or absent: a person or a program plays
	// it through moves. After each move the server plays the engines'
	// replies itself, before it answers, until a side without an engine is
	// to move (and at creation, when an engine moves first). A session whose
	// every side has an engine is played by engine-move requests only.
	Engines []*SessionEngineRequest `json:"engines,omitempty" validate:"max=8,dive"`
}

// SessionEngineRequest is the engine that plays one side of a session.
type SessionEngineRequest struct {
	// Engine name; empty means the game's default engine.
	Engine string `json:"engine,omitempty" validate:"max=64" example:"alphabeta"`
	// Bot is an uploaded bot of the game, ready, that plays this side
	// instead of an engine (Morris on the standard rules): its author
	// plays it, or watches it play one of ours. Its program lives while
	// the session is played and ends a few idle minutes after.
	Bot string `json:"bot,omitempty" validate:"max=64" example:"bot_3e2b94db"`
	// Label, in answers, names the bot as people read it (owner/name
	// vN); a request's is ignored.
	Label         string            `json:"label,omitempty" validate:"max=200" example:"ann/millbot v2"`
	EngineOptions map[string]string `json:"engine_options,omitempty" validate:"max=64"`
	// Limits of each of its moves; none means the server's default time.
	Limits LimitsRequest `json:"limits"`
}

// MoveRequest plays one move in a session.
type MoveRequest struct {
	Move string `json:"move" validate:"required,max=256" example:"d6"`
	// Ply, when set, is the number of moves played before this one: the move
	// is refused (409) if the game has moved on, so a client never plays a
	// move meant for another position.
	Ply *int `json:"ply,omitempty" validate:"omitempty,min=0" example:"0"`
}

// UndoRequest takes back the last moves of a session.
type UndoRequest struct {
	// Plies is how many moves to take back (default 1).
	Plies int `json:"plies,omitempty" validate:"omitempty,min=1,max=10000" example:"2"`
	// Ply, when set, is the number of moves the client has seen played: the
	// moves are not taken back (409) if the game has moved on.
	Ply *int `json:"ply,omitempty" validate:"omitempty,min=0" example:"6"`
}

// EngineMoveRequest lets an engine play the next move of a session.
type EngineMoveRequest struct {
	// Engine name; empty means the session's engine for the side to move,
	// with its limits when the request sets none, or else the game's
	// default engine.
	Engine        string            `json:"engine,omitempty" validate:"max=64"`
	EngineOptions map[string]string `json:"engine_options,omitempty" validate:"max=64"`
	Limits        LimitsRequest     `json:"limits"`
	// Ply, when set, is the number of moves the client has seen played: the
	// engine does not move (409) if the game has moved on.
	Ply *int `json:"ply,omitempty" validate:"omitempty,min=0" example:"4"`
}

// SessionResponse is a session's state.
type SessionResponse struct {
	ID       string            `json:"id"`
	Game     string            `json:"game"`
	Variant  string            `json:"variant"`
	Options  map[string]string `json:"options"`
	Start    string            `json:"start"`
	Moves    []string          `json:"moves"`
	Position string            `json:"position"`
	// ToMove is the index of the player to move, -1 when the game is over.
	ToMove   int  `json:"to_move"`
	Terminal bool `json:"terminal"`
	// Result is each player's outcome (1 win, 0.5 draw, 0 loss; the score in
	// one-player games); set when the game is over.
	Result []float64 `json:"result,omitempty"`
	// Scores are each player's score as the game stands, for games that keep
	// one (Less: points used plus the distance home; the lower team total wins).
	Scores []float64 `json:"scores,omitempty"`
	// LegalMoves lists the legal moves (at most LegalMovesShown of them).
	LegalMoves      []string `json:"legal_moves"`
	LegalMovesTotal int      `json:"legal_moves_total"`
	// Engines are the sides the server plays, as created (null: a person's).
	Engines []*SessionEngineRequest `json:"engines,omitempty"`
	// Replies are the searches of the engine moves this request made the
	// server play after the client's move, in order.
	Replies   []SearchResult `json:"replies,omitempty"`
	CreatedAt time.Time      `json:"created_at"`
	UpdatedAt time.Time      `json:"updated_at"`
}

// EngineMoveResponse is the session after the engine's move, and its search.
type EngineMoveResponse struct {
	Session SessionResponse `json:"session"`
	Search  SearchResult    `json:"search"`
}

// JobProgress is how far a job is.
type JobProgress struct {
	Fraction float64 `json:"fraction" example:"0.25"`
	Message  string  `json:"message,omitempty"`
	// Best is the best result so far, in the job kind's own shape.
	Best json.RawMessage `json:"best,omitempty" swaggertype:"object"`
}

// JobResponse is a job's state.
type JobResponse struct {
	ID string `json:"id"`
	// Version counts the job's writes: the id of its events, so a client
	// that reads it both by GET and by events keeps the newer.
	Version         int64           `json:"version" example:"7"`
	Kind            string          `json:"kind"`
	Status          string          `json:"status" enums:"queued,running,succeeded,failed,cancelled,interrupted"`
	Params          json.RawMessage `json:"params,omitempty" swaggertype:"object"`
	Progress        JobProgress     `json:"progress"`
	Result          json.RawMessage `json:"result,omitempty" swaggertype:"object"`
	Error           string          `json:"error,omitempty"`
	CancelRequested bool            `json:"cancel_requested,omitempty"`
	CreatedAt       time.Time       `json:"created_at"`
	UpdatedAt       time.Time       `json:"updated_at"`
}

// JobListResponse is a page of jobs, newest first.
type JobListResponse struct {
	Jobs []JobResponse `json:"jobs"`
	// NextCursor, when not empty, is the cursor query of the next page.
	NextCursor string `json:"next_cursor,omitempty"`
}

// HealthResponse answers /healthz and /readyz.
type HealthResponse struct {
	Status  string            `json:"status" example:"ok"`
	Version string            `json:"version,omitempty"`
	Checks  map[string]string `json:"checks,omitempty"`
}
