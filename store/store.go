package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrNotFound is returned when a record does not exist (or has expired).
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned when a record changed since it was read: the
// caller re-reads and retries, so concurrent writers never lose an update.
var ErrConflict = errors.New("store: record changed concurrently")

// ErrExists is returned when creating a record whose id is taken.
var ErrExists = errors.New("store: record already exists")

// Store bundles the stores a server needs.
type Store struct {
	Sessions   Sessions
	Analyses   Analyses
	Strategies Strategies
	Jobs       Jobs
	Records    Records
	Bots       Bots
	Owners     Owners
	Accounts   Accounts
	Audit      Audit
	Artefacts  Artefacts
	// Transpositions is the shared shallow transposition table.
	Transpositions Transpositions
	// Live holds the games being played now, for watchers on any server.
	Live LiveGames
	// GameLogs keeps standing jobs' finished games (a ladder's latest).
	GameLogs GameLogs
	// Seats counts the uploaded bots playing sessions' seats on every
	// server.
	Seats Seats
	// Ping checks that the backing service answers (readiness).
	Ping func(ctx context.Context) error
	// Durability reads from the backing service what an acknowledged
	// write survives.
	Durability func(ctx context.Context) (Durability, error)
	// Close releases connections.
	Close func() error
	// Config is the configuration it was opened with, defaults filled
	// (what a refusal tells a client: the bounds, the lifetimes).
	Config Config
}

// Durability is what an acknowledged write survives, as the store can see
// it: where it is kept, on disk how, on how many replicas, and whether a
// failover replaces a dead primary; Warning says how such a write can
// still be lost ("" when nothing the store can see loses it).
type Durability struct {
	Kind string `json:"kind" enums:"memory,redis"`
	// Persistence is Redis's: "aof, fsync always", "aof, fsync everysec",
	// "aof, fsync no", "snapshots", "none" or "unknown" (CONFIG refused).
	Persistence string `json:"persistence,omitempty"`
	Replicas    int    `json:"replicas"`
	Failover    bool   `json:"failover"`
	Warning     string `json:"warning,omitempty"`
	// WaitsMissed counts the writes that must not be lost (an account, an
	// upload, a job's results) acknowledged without a replica's word in
	// 500 ms (where there are replicas), since the server started.
	WaitsMissed int64 `json:"waits_missed,omitempty"`
}

// Session is a game in progress played through the API.
type Session struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Variant string            `json:"variant"`
	Options map[string]string `json:"options"`
	// Start is the text of the start position; Moves replayed from it give
	// the current position, so a session can always be rebuilt and checked.
	Start    string   `json:"start"`
	Moves    []string `json:"moves"`
	Position string   `json:"position"`
	// Engines says, player by player, which engine plays that side (nil:
	// the client plays it). The server plays those sides' replies itself,
	// once, after the client's move, so no viewer's page has to.
	Engines []*SessionEngine `json:"engines,omitempty"`
	// Client is whom its creator counts as: its account ("account:" and
	// the name), else the network it asked from (a /24 or a /64). Create
	// bounds the live sessions of one (Config.MaxSessionsPerClient).
	Client string `json:"client,omitempty"`
	// Network is the network an account's session was asked from (""
	// where Client is that network already): it is counted against both,
	// so that accounts made cheaply on one network share its bound.
	Network string `json:"network,omitempty"`
	// Over: the game has ended. A session that is over, or that nobody
	// has moved in yet, lives Config.SessionIdleTTL after its last write;
	// one in play, Config.SessionTTL.
	Over      bool      `json:"over,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Rev counts writes; Update succeeds only on the revision it read
	// (as Bot.Rev; a bot's Version is its upload's number). Stored and
	// shown as "version".
	Rev int64 `json:"version"`
}

// SessionEngine is the engine of one side of a session and its settings.
type SessionEngine struct {
	Engine string `json:"engine"`
	// Bot, when set, is an uploaded bot that plays the seat (confined,
	// its program kept while the session is played).
	Bot string `json:"bot,omitempty"`
	// Label names the bot as people read it (owner/name vN).
	Label      string            `json:"label,omitempty"`
	Options    map[string]string `json:"options,omitempty"`
	TimeMS     int64             `json:"time_ms,omitempty"`
	Depth      int               `json:"depth,omitempty"`
	Nodes      int64             `json:"nodes,omitempty"`
	Iterations int64             `json:"iterations,omitempty"`
}

// Counted are the clients a session is counted against (Client, and
// Network where it differs), each bounded by Config.MaxSessionsPerClient.
func (s *Session) Counted() []string {
	var out []string
	for _, c := range []string{s.Client, s.Network} {
		if c != "" && (len(out) == 0 || out[0] != c) {
			out = append(out, c)
		}
	}
	return out
}

// Sessions keeps sessions; each expires after a period without writes
// (Config.SessionLife).
type Sessions interface {
	// Create stores s unless the store holds Config.MaxSessions live
	// sessions (ErrFull) or one of s.Counted() already has
	// Config.MaxSessionsPerClient (ErrClientFull); the count is exact
	// across the servers that share a store.
	Create(ctx context.Context, s *Session) error
	Get(ctx context.Context, id string) (*Session, error)
	// Update writes s if the stored version equals s.Rev, then
	// increments s.Rev; otherwise it returns ErrConflict.
	Update(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

// AnalysisKey names one finished analysis. Every part that could change the
// answer is in it: game, variant, rule options, engine and its version.
type AnalysisKey struct {
	Game          string `json:"game"`
	Variant       string `json:"variant"`
	Options       string `json:"options"`
	Engine        string `json:"engine"`
	EngineVersion string `json:"engine_version"`
	Hash          uint64 `json:"hash"`
}

// Analysis is a finished search of one position.
type Analysis struct {
	// Position is the full position text, compared on a hit so that a hash
	// collision never serves another position's move.
	Position string   `json:"position"`
	Move     string   `json:"move"`
	Score    float64  `json:"score"`
	PV       []string `json:"pv"`
	Depth    int      `json:"depth"`
	Nodes    int64    `json:"nodes"`
	// Limits is the canonical text of the limits that produced it.
	Limits    string `json:"limits"`
	ElapsedMS int64  `json:"elapsed_ms"`
	// DB is a perfect-play database's value of the position, when the
	// engine probed one ("win in 13").
	DB        string    `json:"db,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// Analyses is the cache of finished analyses (bounded, entries may vanish).
type Analyses interface {
	Get(ctx context.Context, k AnalysisKey) (*Analysis, error)
	Put(ctx context.Context, k AnalysisKey, a *Analysis) error
}

// Strategy is a named parameter set of an engine (e.g. Morris coefficients),
// with where it came from.
type Strategy struct {
	Game        string          `json:"game"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Params      json.RawMessage `json:"params"`
	Fitness     *float64        `json:"fitness,omitempty"`
	Generation  *int            `json:"generation,omitempty"`
	Opponents   []string        `json:"opponents,omitempty"`
	Lineage     []string        `json:"lineage,omitempty"`
	JobID       string          `json:"job_id,omitempty"`
	CreatedAt   time.Time       `json:"created_at"`
}

// Transpositions is the shallow part of searches' transposition tables,
// shared by every search of every server: entries by table and position
// hash, opaque here (the engine encodes them). A table's name carries
// everything that could change an entry (game, variant, rule options,
// engine, version, evaluation), so a change never reads an old one. Load
// and Store are one round trip each.
type Transpositions interface {
	// Load returns the entries found among hashes (none found: empty).
	Load(ctx context.Context, table string, hashes []uint64) (map[uint64][]byte, error)
	// Store writes the entries, each kept for TranspositionTTL.
	Store(ctx context.Context, table string, entries map[uint64][]byte) error
}

// LiveGames keeps the games being played now, each as far as it has
// gone (the player's own encoding), so that a watcher on any server
// follows them: a Put replaces the game's last, and a game not written for
// Config.LiveTTL is gone (whoever played it stopped). Games of at most
// MaxLiveBytes are kept; the in-memory store holds at most MaxLive.
type LiveGames interface {
	Put(ctx context.Context, key string, game []byte) error
	// Get returns ErrNotFound for a game not being played.
	Get(ctx context.Context, key string) ([]byte, error)
	Delete(ctx context.Context, key string) error
}

// MaxLiveBytes bounds one live game: a whole Less game's record with its
// times is some 3 KB, a long Morris game's less.
const MaxLiveBytes = 64 << 10

// ErrTooLarge is a record past its store's bound.
var ErrTooLarge = errors.New("store: record too large")

// Strategies keeps trained strategies; they never expire.
type Strategies interface {
	Put(ctx context.Context, s *Strategy) error
	Get(ctx context.Context, game, name string) (*Strategy, error)
	List(ctx context.Context, game string) ([]*Strategy, error)
}

// JobStatus is the life cycle of a job.
type JobStatus string

// Job statuses. Queued and Running are live; the others are final.
const (
	JobQueued      JobStatus = "queued"
	JobRunning     JobStatus = "running"
	JobSucceeded   JobStatus = "succeeded"
	JobFailed      JobStatus = "failed"
	JobCancelled   JobStatus = "cancelled"
	JobInterrupted JobStatus = "interrupted"
)

// Final reports whether no further change of status will happen.
func (s JobStatus) Final() bool { return s != JobQueued && s != JobRunning }

// Progress is how far a job is.
type Progress struct {
	Fraction float64         `json:"fraction"`
	Message  string          `json:"message,omitempty"`
	Best     json.RawMessage `json:"best,omitempty"`
}

// Job is long-running work kept in the store.
type Job struct {
	ID     string          `json:"id"`
	Kind   string          `json:"kind"`
	Status JobStatus       `json:"status"`
	Params json.RawMessage `json:"params,omitempty"`
	// Checkpoint is what the job needs to resume after a restart.
	Checkpoint      json.RawMessage `json:"checkpoint,omitempty"`
	Progress        Progress        `json:"progress"`
	Result          json.RawMessage `json:"result,omitempty"`
	Error           string          `json:"error,omitempty"`
	CancelRequested bool            `json:"cancel_requested,omitempty"`
	CreatedAt       time.Time       `json:"created_at"`
	UpdatedAt       time.Time       `json:"updated_at"`
	// Rev counts writes, as Session.Rev; stored and shown as "version".
	Rev int64 `json:"version"`
}

// Jobs keeps jobs. Final jobs expire after a retention period.
type Jobs interface {
	Create(ctx context.Context, j *Job) error
	Get(ctx context.Context, id string) (*Job, error)
	// Update writes j if the stored version equals j.Rev, then
	// increments j.Rev; otherwise it returns ErrConflict.
	Update(ctx context.Context, j *Job) error
	// Live lists the jobs that are queued or running (to resume them).
	Live(ctx context.Context) ([]*Job, error)
	// Claim gives owner the lease of job id for ttl when no other owner
	// holds it, and renews it when owner does, in one step; it reports
	// whether owner holds it now. A live job is run by the process that
	// holds its lease: servers sharing a store run each job once, and one
	// whose server died (its lease lapsed) is taken over (jobs.Runner).
	Claim(ctx context.Context, id, owner string, ttl time.Duration) (bool, error)
	// Release ends owner's lease of job id; another owner's stays.
	Release(ctx context.Context, id, owner string) error
	// Unleased lists the live jobs whose lease no owner holds now: those
	// a server looking for jobs to take over must read. It costs one read
	// of the live set however many jobs other servers hold, where Live
	// reads every live job whole.
	Unleased(ctx context.Context) ([]*Job, error)
	// List pages through the jobs newest first: at most limit of those
	// matching f, after the cursor ("" for the first page). It examines at
	// most ListScan jobs a call, so a page may hold fewer than limit while
	// next is not "": next is the cursor of the following page, "" at the end.
	// Jobs are indexed by kind: a filter that names one examines only jobs
	// of that kind, however many newer jobs of other kinds there are.
	List(ctx context.Context, f JobFilter, cursor string, limit int) (jobs []*Job, next string, err error)
}

// JobFilter selects jobs; an empty field matches any.
type JobFilter struct {
	Kind   string
	Status JobStatus
}

// Match reports whether j passes the filter.
func (f JobFilter) Match(j *Job) bool {
	return (f.Kind == "" || j.Kind == f.Kind) && (f.Status == "" || j.Status == f.Status)
}

// ListScan bounds the jobs one List call examines, so a filter that
// matches few jobs still costs a bounded amount a request.
const ListScan = 1000

// JobCursor is a job's place in the newest-first order: its creation time
// in milliseconds, zero-padded so that cursors sort as times do, and its id.
func JobCursor(j *Job) string { return fmt.Sprintf("%013d:%s", j.CreatedAt.UnixMilli(), j.ID) }

// ValidJobCursor reports whether c has JobCursor's shape: a page's cursor
// that the server did not give is refused, not read as "from the start".
func ValidJobCursor(c string) bool {
	ms, id, ok := strings.Cut(c, ":")
	if !ok || len(ms) != 13 || id == "" || len(id) > 64 {
		return false
	}
	for _, r := range ms {
		if r < '0' || r > '9' {
			return false
		}
	}
	for _, r := range id {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Record is a result kept in a game's hall of fame (Morpion: the longest
// grids found, per variant).
type Record struct {
	Game    string  `json:"game"`
	Variant string  `json:"variant"`
	Score   float64 `json:"score"`
	// Key identifies the result (Morpion: the grid's move-layer code): a
	// result already held is not added twice.
	Key string `json:"key"`
	// Source says what found it, e.g. "nrpa level 4".
	Source  string    `json:"source,omitempty"`
	JobID   string    `json:"job_id,omitempty"`
	FoundAt time.Time `json:"found_at"`
}

// Records is a hall of fame per game and variant, bounded to the best
// MaxRecords: adding to a full one drops the lowest.
type Records interface {
	// Add keeps r unless its key is already held or the hall is full of
	// better results; it reports whether r was added.
	Add(ctx context.Context, r *Record) (bool, error)
	// Top lists at most n records, best score first (ties: found first).
	Top(ctx context.Context, game, variant string, n int) ([]*Record, error)
}

// Config sets how long records live.
type Config struct {
	// SessionTTL is how long a session in play lives after its last
	// write; SessionIdleTTL one that is over or not yet moved in.
	SessionTTL     time.Duration
	SessionIdleTTL time.Duration
	AnalysisTTL    time.Duration
	JobRetention   time.Duration
	// MaxSessions bounds the live sessions (both stores: a visitor may
	// make them), MaxSessionsPerClient those of one client (Session.Client).
	MaxSessions          int
	MaxSessionsPerClient int
	// MaxAnalyses bounds the in-memory store's analyses.
	MaxAnalyses int
	// MaxRecords bounds each hall of fame (game and variant).
	MaxRecords int
	// TranspositionTTL is how long a shared table entry lasts;
	// MaxTranspositions bounds the in-memory table (Redis is bounded by
	// the TTL and its maxmemory: some 100 bytes an entry).
	TranspositionTTL  time.Duration
	MaxTranspositions int
	// LiveTTL is how long a live game lasts after its last move; MaxLive
	// bounds the in-memory ones.
	LiveTTL time.Duration
	MaxLive int
	// MaxBots bounds the uploaded bots (versions); MaxArtefactBytes the
	// bytes of the in-memory artefacts (Redis: its maxmemory).
	MaxBots          int
	MaxArtefactBytes int64
}

// DefaultConfig is used when a field is zero.
var DefaultConfig = Config{
	// An hour without a move ends a game in play; a game over, or one
	// nobody moved in, a quarter of an hour.
	SessionTTL:     time.Hour,
	SessionIdleTTL: 15 * time.Minute,
	AnalysisTTL:    7 * 24 * time.Hour,
	JobRetention:   7 * 24 * time.Hour,
	// Some 1 KB a session: 20 MB in all, 200 KB a network, which a
	// class of thirty behind one address does not fill.
	MaxSessions:          20_000,
	MaxSessionsPerClient: 200,
	MaxAnalyses:          1_000_000,
	MaxRecords:           1000,
	// A day: a position's entries serve the requests of a game in
	// progress and its neighbours, not last week's.
	TranspositionTTL:  24 * time.Hour,
	MaxTranspositions: 1 << 20,
	// A Morris bot may think a minute a move; a game whose player stopped
	// is gone a little after.
	LiveTTL:          2 * time.Minute,
	MaxLive:          10_000,
	MaxBots:          10_000,
	MaxArtefactBytes: 1 << 30,
}

// WithDefaults fills zero fields from DefaultConfig.
func (c Config) WithDefaults() Config {
	d := DefaultConfig
	if c.SessionTTL > 0 {
		d.SessionTTL = c.SessionTTL
	}
	if c.SessionIdleTTL > 0 {
		d.SessionIdleTTL = c.SessionIdleTTL
	}
	if d.SessionIdleTTL > d.SessionTTL {
		d.SessionIdleTTL = d.SessionTTL
	}
	if c.MaxSessionsPerClient > 0 {
		d.MaxSessionsPerClient = c.MaxSessionsPerClient
	}
	if c.AnalysisTTL > 0 {
		d.AnalysisTTL = c.AnalysisTTL
	}
	if c.JobRetention > 0 {
		d.JobRetention = c.JobRetention
	}
	if c.MaxSessions > 0 {
		d.MaxSessions = c.MaxSessions
	}
	if c.MaxAnalyses > 0 {
		d.MaxAnalyses = c.MaxAnalyses
	}
	if c.MaxRecords > 0 {
		d.MaxRecords = c.MaxRecords
	}
	if c.TranspositionTTL > 0 {
		d.TranspositionTTL = c.TranspositionTTL
	}
	if c.MaxTranspositions > 0 {
		d.MaxTranspositions = c.MaxTranspositions
	}
	if c.LiveTTL > 0 {
		d.LiveTTL = c.LiveTTL
	}
	if c.MaxLive > 0 {
		d.MaxLive = c.MaxLive
	}
	if c.MaxBots > 0 {
		d.MaxBots = c.MaxBots
	}
	if c.MaxArtefactBytes > 0 {
		d.MaxArtefactBytes = c.MaxArtefactBytes
	}
	return d
}

// SessionLife is how long s lives after this write.
func (c Config) SessionLife(s *Session) time.Duration {
	if s.Over || len(s.Moves) == 0 {
		return c.SessionIdleTTL
	}
	return c.SessionTTL
}

// ErrFull is returned when a bounded store has no room for a new record.
var ErrFull = errors.New("store: full")

// ErrClientFull is Sessions.Create's answer when the session's client
// holds its share of the live sessions.
var ErrClientFull = errors.New("store: this client's share of sessions is full")
