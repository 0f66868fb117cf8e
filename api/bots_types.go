package api

import "time"

// OwnerRequest creates an owner.
type OwnerRequest struct {
	Name string `json:"name" validate:"required" example:"ann"`
}

// OwnerResponse is a new owner with its token, shown this once.
type OwnerResponse struct {
	Name      string    `json:"name"`
	Token     string    `json:"token"`
	CreatedAt time.Time `json:"created_at"`
}

// TokenRequest makes an API token.
type TokenRequest struct {
	Name string `json:"name" validate:"required" example:"laptop"`
}

// TokenResponse is one of an owner's tokens. Token is the token itself,
// shown only in the answer that made it.
type TokenResponse struct {
	ID        string     `json:"id" example:"tok_3f9a0c1d2e4b5a69"`
	Name      string     `json:"name" example:"laptop"`
	Prefix    string     `json:"prefix" example:"gat_Zk3q"`
	CreatedAt time.Time  `json:"created_at"`
	LastUsed  *time.Time `json:"last_used,omitempty"`
	// Current: the token this request carries.
	Current bool   `json:"current,omitempty"`
	Token   string `json:"token,omitempty"`
}

// TokensResponse lists an owner's tokens, oldest first.
type TokensResponse struct {
	Tokens []TokenResponse `json:"tokens"`
}

// WhoAmIResponse names the owner of the token a request carries.
type WhoAmIResponse struct {
	Owner string `json:"owner"`
	// Admin: the server's own key, which owns no bot.
	Admin bool `json:"admin"`
	// SignedIn: the request came with a sign-in cookie, not a token.
	SignedIn bool `json:"signed_in,omitempty"`
	// Password: the account has a password to sign in with.
	Password bool `json:"password,omitempty"`
}

// LanguagesResponse says what this server builds.
type LanguagesResponse struct {
	// Confined is false where the machine cannot run programs in its
	// sandbox; Reason says why, and uploads are refused.
	Confined       bool               `json:"confined"`
	Reason         string             `json:"reason,omitempty"`
	MaxUploadBytes int                `json:"max_upload_bytes"`
	Games          map[string]string  `json:"games"`
	Languages      []LanguageResponse `json:"languages"`
	// Protocols are each game's protocol page; Starters lists the starter
	// bots (GET /v1/starters).
	Protocols []ProtocolLink `json:"protocols"`
	Starters  string         `json:"starters" example:"/v1/starters"`
}

// LanguageResponse is one language.
type LanguageResponse struct {
	Name      string `json:"name" example:"cpp"`
	Title     string `json:"title" example:"C++ (g++ -O2)"`
	File      string `json:"file" example:"main.cpp"`
	Toolchain string `json:"toolchain,omitempty"`
	Available bool   `json:"available"`
	Reason    string `json:"reason,omitempty"`
}

// BotResponse is a bot version. The games' records are in the answer for
// one bot, not in lists; BuildLog and the games' Stderr and Transcript are
// present for the bot's owner only.
type BotResponse struct {
	ID       string `json:"id" example:"bot_5d1c0e2f9a7b3c4d5e6f7a8b"`
	Name     string `json:"name"`
	Game     string `json:"game" example:"less"`
	Owner    string `json:"owner"`
	Language string `json:"language" example:"cpp"`
	Version  int    `json:"version"`
	// Status: building, validating, waiting (the server failed to carry out
	// its admission, not the bot: it is tried again), ready or rejected.
	Status string `json:"status" example:"ready"`
	Reason string `json:"reason"`
	// Rejection says in a word why a rejected version was refused:
	// language (not built here), build (the build failed), quota (its
	// build would take its owner over their bytes), validation (it
	// faulted in a validation game) or server (the server failed to admit
	// it, not the bot).
	Rejection  string                   `json:"rejection,omitempty" enums:"language,build,quota,validation,server" example:"validation"`
	Size       int64                    `json:"size"`
	Builtin    bool                     `json:"builtin"`
	BuildLog   *string                  `json:"build_log,omitempty"`
	Validation []ValidationGameResponse `json:"validation"`
	CreatedAt  *time.Time               `json:"created_at,omitempty"`
	UpdatedAt  *time.Time               `json:"updated_at,omitempty"`
}

// ValidationGameResponse is one admission game.
type ValidationGameResponse struct {
	Seat      string `json:"seat" example:"Yellow"`
	Opponents string `json:"opponents"`
	Result    string `json:"result"`
	Fault     string `json:"fault,omitempty"`
	// FaultKind is the fault as a value: crash, time, illegal, protocol,
	// false-claim, output, memory (killed at its memory limit) or cpu (at
	// its CPU time limit).
	FaultKind string `json:"fault_kind,omitempty" example:"illegal"`
	Turn      int    `json:"turn,omitempty"`
	Record    string `json:"record,omitempty"`
	ThinkMS   int64  `json:"think_ms"`
	// Used is what the bot's program used beside the box's limits.
	Used   string  `json:"used,omitempty" example:"37 MiB of 512 MiB memory at its peak, 0.84 s of CPU time (its limit 10s), 3.2 s in all"`
	Stderr *string `json:"stderr,omitempty"`
	// Transcript is, for the owner, the bot's conversation with the
	// referee: "> " before a line the referee sent, "< " before one the bot
	// wrote, each after its time in seconds since the start; its first 40
	// and last 200 lines.
	Transcript *string `json:"transcript,omitempty"`
	// The game to replay on a board (in the answer for one bot): its
	// start (a Less layout, a Morris opening), the seats' ids by colour,
	// the moves with their times, each seat's clock, and the positions in
	// the session notation, the start then after each move.
	Board     string   `json:"board,omitempty"`
	Seats     []string `json:"seats,omitempty"`
	Moves     []string `json:"moves,omitempty"`
	TimesMS   []int64  `json:"times_ms,omitempty"`
	Clocks    []int64  `json:"clocks_ms,omitempty"`
	Positions []string `json:"positions,omitempty"`
}

// BotListResponse is a page of bots.
type BotListResponse struct {
	Bots       []BotResponse `json:"bots"`
	NextCursor string        `json:"next_cursor,omitempty"`
}
