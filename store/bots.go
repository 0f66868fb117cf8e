package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"time"
)

// BotStatus is where an uploaded bot is on its way to play.
type BotStatus string

// A bot is built, then validated, then ready or rejected. One whose
// admission the server failed to carry out (its sandbox or its store, not
// the bot) waits for another try. A deleted version (by its owner, the
// host, or its author leaving) keeps its record, its reason and its games
// with its files gone, so that every link to it still says what it was.
const (
	BotBuilding   BotStatus = "building"
	BotValidating BotStatus = "validating"
	BotWaiting    BotStatus = "waiting"
	BotReady      BotStatus = "ready"
	BotRejected   BotStatus = "rejected"
	BotDeleted    BotStatus = "deleted"
)

// OnItsWay reports whether a bot is not yet ready or rejected.
func (s BotStatus) OnItsWay() bool { return s == BotBuilding || s == BotValidating || s == BotWaiting }

// Rejection is why a bot version was refused, a word a client can switch
// on (Bot.Reason says it in a sentence).
type Rejection string

// The rejections.
const (
	// RejectedLanguage: its language is not built where it was admitted.
	RejectedLanguage Rejection = "language"
	// RejectedBuild: its build failed (the compiler's verdict, a build
	// that took too long or grew too large).
	RejectedBuild Rejection = "build"
	// RejectedQuota: its build would take its owner over their bytes.
	RejectedQuota Rejection = "quota"
	// RejectedValidation: it faulted in a validation game.
	RejectedValidation Rejection = "validation"
	// RejectedServer: the server failed to admit it too many times.
	RejectedServer Rejection = "server"
)

// Bot is one version of an uploaded program. A new upload under the same
// owner, game and name is a new Bot with the next Version, so a game keeps
// pointing at the version it played.
type Bot struct {
	ID       string    `json:"id"`
	Game     string    `json:"game"`
	Name     string    `json:"name"`
	Owner    string    `json:"owner"`
	Language string    `json:"language"`
	Version  int       `json:"version"`
	Status   BotStatus `json:"status"`
	// Reason says why a bot was rejected: the compiler's verdict, or the
	// validation game, turn and fault; Rejection says it in a word.
	Reason    string    `json:"reason,omitempty"`
	Rejection Rejection `json:"rejection,omitempty"`
	// Source is the content hash of the uploaded file, Program of what
	// runs (the build's output; the upload itself for an executable or a
	// script); both are Artefacts.
	Source  string `json:"source"`
	Program string `json:"program,omitempty"`
	Size    int64  `json:"size"`
	// ProgramSize is Program's size where it is not the upload itself.
	ProgramSize int64 `json:"program_size,omitempty"`
	// FilesDropped: Source and Program are no longer kept (a rejected
	// version keeps its record, reason and details, not its files).
	FilesDropped bool `json:"files_dropped,omitempty"`
	// Validation sums up the admission games; their records, their stderr
	// and the build log are the bot's Details, kept apart.
	Validation []ValidationGame `json:"validation,omitempty"`
	CreatedAt  time.Time        `json:"created_at"`
	UpdatedAt  time.Time        `json:"updated_at"`
	// Tries counts the admissions the server failed to carry out.
	Tries int `json:"tries,omitempty"`
	// Rev counts writes; Update succeeds only on the revision it read.
	Rev int64 `json:"rev"`
}

// ValidationGame is one admission game of a bot.
type ValidationGame struct {
	// Seat is the bot's colour; Opponents who played the other seats.
	Seat      string `json:"seat"`
	Opponents string `json:"opponents"`
	// Fault is what the bot did wrong (empty: it played the game
	// through), FaultKind its kind (competition.FaultKind), Turn where.
	Fault     string `json:"fault,omitempty"`
	FaultKind string `json:"fault_kind,omitempty"`
	Turn      int    `json:"turn,omitempty"`
	Result    string `json:"result"`
	// Outcome is the result from the bot's side: won, drawn or lost.
	Outcome string `json:"outcome,omitempty"`
	// ThinkMS is the bot's time on its clock.
	ThinkMS int64 `json:"think_ms"`
	// Used is what its program used beside the box's limits ("37 MiB of
	// 512 MiB memory at its peak, 0.84 s of CPU time, 3.2 s in all").
	Used string `json:"used,omitempty"`
}

// BotDetails are a bot's bulky parts, kept apart from it so that a list of
// bots stays small: the compiler's output and, game by game, the record and
// the bot's stderr (up to a cap). The build log and the stderr are the
// owner's alone.
type BotDetails struct {
	BuildLog string        `json:"build_log,omitempty"`
	Games    []GameDetails `json:"games,omitempty"`
}

// GameDetails are one validation game's record and the bot's stderr in it.
type GameDetails struct {
	// Record is the game in the game's record notation.
	Record string `json:"record"`
	Stderr string `json:"stderr,omitempty"`
	// Transcript is the bot's conversation with the referee (capped).
	Transcript string `json:"transcript,omitempty"`
	// The game to replay on a board: its start (a Less layout, a Morris
	// opening), the seats' ids by colour, every move with its time, and
	// each seat's clock at the end.
	Board   string   `json:"board,omitempty"`
	Seats   []string `json:"seats,omitempty"`
	Moves   []string `json:"moves,omitempty"`
	TimesMS []int64  `json:"times_ms,omitempty"`
	ThinkMS []int64  `json:"think_ms,omitempty"`
}

// BotFilter selects bots; an empty field matches any. Kept leaves out
// deleted versions.
type BotFilter struct {
	Game, Owner, Name string
	Status            BotStatus
	Kept              bool
}

// Match reports whether b passes the filter.
func (f BotFilter) Match(b *Bot) bool {
	return (f.Game == "" || b.Game == f.Game) && (f.Owner == "" || b.Owner == f.Owner) &&
		(f.Name == "" || b.Name == f.Name) && (f.Status == "" || b.Status == f.Status) &&
		(!f.Kept || b.Status != BotDeleted)
}

// Bots keeps the uploaded bots, at most MaxBots of them.
type Bots interface {
	// Create stores b (ErrFull beyond MaxBots; ErrExists when its id, or
	// its owner's (game, name, version), is taken), its record and its
	// indexes in one write.
	Create(ctx context.Context, b *Bot) error
	// CreateChecked is Create once check accepts the bots of b.Owner as
	// stored, and UpdateChecked is Update once check accepts them with b
	// in place of its stored revision: no other checked write of the same
	// owner comes between what check saw and the write (a lock in memory,
	// WATCH and MULTI on Redis). check's error is returned and nothing
	// written. An owner's uploads decide their version, the bound on those
	// building and the quotas this way; a write that only moves a bot on
	// (building, validating, ready or rejected; its files dropped) needs no
	// check, since it can only lower what a check counts.
	CreateChecked(ctx context.Context, b *Bot, check func(mine []*Bot) error) error
	UpdateChecked(ctx context.Context, b *Bot, check func(mine []*Bot) error) error
	Get(ctx context.Context, id string) (*Bot, error)
	// Update writes b if its stored Rev equals b.Rev (else ErrConflict).
	// A bot's Owner never changes: the stores index bots by it.
	Update(ctx context.Context, b *Bot) error
	// Delete removes a bot and its details.
	Delete(ctx context.Context, id string) error
	// Changes is a count that every write of a bot, and of an owner's
	// record once created (disabled, enabled, left, modified), raises in
	// the same step as the write, never before it. A reader that keeps
	// what it made of them (a ladder's entrants) reads the count first,
	// then the bots, and reads them again only when the count has moved.
	Changes(ctx context.Context) (int64, error)
	// List returns the bots f matches, newest first (without details).
	// With an Owner it reads that owner's bots alone (an index by owner),
	// else every bot.
	List(ctx context.Context, f BotFilter) ([]*Bot, error)
	// Page pages through the bots f matches, newest first: at most limit,
	// from the from'th bot of the order it reads (that owner's bots when
	// f names an owner, else every bot), examining at most ListScan of
	// them, so a filter that matches few costs a bounded amount a page;
	// next is the from of the following page, -1 after the last (a
	// negative from is the first page).
	Page(ctx context.Context, f BotFilter, from, limit int) (bots []*Bot, next int, err error)
	// SetDetails replaces a bot's details; Details reads them (empty
	// details for a bot that has none yet).
	SetDetails(ctx context.Context, id string, d *BotDetails) error
	Details(ctx context.Context, id string) (*BotDetails, error)
}

// SortBots orders bots newest first (ties by id), the order of List.
func SortBots(bs []*Bot) {
	sort.Slice(bs, func(i, j int) bool {
		if !bs[i].CreatedAt.Equal(bs[j].CreatedAt) {
			return bs[i].CreatedAt.After(bs[j].CreatedAt)
		}
		return bs[i].ID > bs[j].ID
	})
}

// Owner is an account that uploads bots. Only a hash of its tokens is
// kept; a token itself is shown once, when it is made. TokenHash is the
// token made with the owner (a store written before Token records lists
// it as FirstToken).
type Owner struct {
	Name      string    `json:"name"`
	TokenHash string    `json:"token_hash"`
	CreatedAt time.Time `json:"created_at"`
	// Left is when the owner deleted its account: its name stays taken
	// (its games keep it in standings and records), its tokens open
	// nothing.
	Left time.Time `json:"left,omitzero"`
	// Disabled: the host stopped it; its tokens are refused and its bots
	// play nothing until the host enables it again.
	Disabled bool `json:"disabled,omitempty"`
	// DisabledWhy is the host's reason, told to the owner ("" when none
	// was given, or it is enabled).
	DisabledWhy string `json:"disabled_why,omitempty"`
	// PasswordHash is the argon2id hash of its password, in the PHC
	// string format ("": it signs in with no password, only tokens).
	PasswordHash string `json:"password_hash,omitempty"`
	// QuotaFree: the host lifted its quotas of versions and bytes.
	QuotaFree bool `json:"quota_free,omitempty"`
	// SignedIn is when it last signed in with its password.
	SignedIn time.Time `json:"signed_in,omitzero"`
}

// Token is one of an owner's API tokens, as its owner lists it: the hash
// of the token and its first characters (to tell tokens apart), never
// the token.
type Token struct {
	ID        string    `json:"id"`
	Owner     string    `json:"owner"`
	Name      string    `json:"name"`
	Prefix    string    `json:"prefix"`
	Hash      string    `json:"hash"`
	CreatedAt time.Time `json:"created_at"`
	LastUsed  time.Time `json:"last_used,omitzero"`
}

// FirstToken is the id under which an owner created before tokens had
// records lists the token it was created with.
const FirstToken = "tok_first"

// MaxTokens is how many tokens an owner may hold.
const MaxTokens = 20

// TokenHash is how an owner's token is kept and looked up.
func TokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// Owners keeps the owners.
type Owners interface {
	// Create stores o; ErrExists when its name is taken.
	Create(ctx context.Context, o *Owner) error
	// ByToken finds the owner of a live token's hash (ErrNotFound: none,
	// or revoked).
	ByToken(ctx context.Context, tokenHash string) (*Owner, error)
	// AddToken gives an owner one more token (ErrFull past MaxTokens).
	AddToken(ctx context.Context, t *Token) error
	// Tokens lists an owner's live tokens, oldest first.
	Tokens(ctx context.Context, owner string) ([]*Token, error)
	// RevokeToken ends one of an owner's tokens at once (ErrNotFound: the
	// owner has no live token of that id).
	RevokeToken(ctx context.Context, owner, id string) error
	// TokenUsed records when a token was last used (the callers write it
	// at most once a minute a token).
	TokenUsed(ctx context.Context, tokenHash string, at time.Time) error
	// Leave ends an owner's account at at: every token of it is refused
	// from then on and its records dropped; its name stays taken
	// (ErrNotFound: no such owner, or it has left).
	Leave(ctx context.Context, owner string, at time.Time) error
	// Get reads an owner, List every owner (those that left included).
	Get(ctx context.Context, name string) (*Owner, error)
	List(ctx context.Context) ([]*Owner, error)
	// SetDisabled disables an owner saying why (the host's words, shown
	// to it), or enables it (ErrNotFound).
	SetDisabled(ctx context.Context, name string, disabled bool, why string) error
	// Modify rewrites an owner's record with f, atomically (ErrNotFound;
	// an owner that left is not found). f may not change the name or the
	// token hash, which the store indexes.
	Modify(ctx context.Context, name string, f func(*Owner)) error
}

// AuditEntry is one act of the host's: who (the server's key), what, on
// whom, when.
type AuditEntry struct {
	At     time.Time `json:"at"`
	Action string    `json:"action"`
	Target string    `json:"target"`
	Detail string    `json:"detail,omitempty"`
	// Client is the address the act came from.
	Client string `json:"client"`
}

// MaxAudit is how many of the latest entries the audit log keeps.
const MaxAudit = 10_000

// Audit is the host's log of its moderation.
type Audit interface {
	Add(ctx context.Context, e AuditEntry) error
	// Latest lists at most n entries, newest first.
	Latest(ctx context.Context, n int) ([]AuditEntry, error)
}

// Artefacts keeps files by content hash (sources, executables, builds),
// so a worker on any machine fetches a program by its hash.
type Artefacts interface {
	// Put stores data and returns its hash (ErrFull past the store's cap).
	Put(ctx context.Context, data []byte) (string, error)
	Get(ctx context.Context, hash string) ([]byte, error)
	// Delete drops a file and gives its bytes back to the cap (a
	// missing one is no error). The caller knows no bot needs it.
	Delete(ctx context.Context, hash string) error
}

// ContentHash names an artefact.
func ContentHash(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// PageOf is the page of bs (the matching bots, in order) from from: at
// most limit bots, and the next page's from (-1 after the last).
func PageOf(bs []*Bot, from, limit int) ([]*Bot, int) {
	from = max(from, 0)
	end := min(from+limit, len(bs))
	if from >= end {
		return nil, -1
	}
	return bs[from:end], NextRank(end, len(bs))
}

// NextRank is the next page's from when a page ended before rank next of
// total: -1 when nothing is left.
func NextRank(next, total int) int {
	if next >= total {
		return -1
	}
	return next
}
