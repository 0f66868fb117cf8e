// Package hosting takes other people's bots: an upload (a source file or
// a static executable) is checked, stored within its owner's quotas, built
// inside the sandbox, played in validation games against our engines
// through the referee (package arena) on its real protocol and clock, and
// then ready to play or rejected with the reason. Every run of an uploaded
// program, compile and game alike, is confined (package sandbox); Host
// implements arena.Uploads, so the referee sees a bot only as a program
// that speaks lines.
package hosting

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gameai/arena"
	"gameai/codecup"
	"gameai/sandbox"
	"gameai/store"
)

// Games a bot may be uploaded for, and the protocol each speaks.
var Games = map[string]string{
	"less":   "CodeCup 2017 (stdin/stdout: the layout, the colour, then actions)",
	"morris": "Sanmill's engine protocol (uci, position, go, bestmove)",
}

// MaxUpload caps an uploaded file.
const MaxUpload = 8 << 20

// MaxPendingPerOwner bounds an owner's bots that are building or
// validating: a queue one owner cannot fill for everyone.
const MaxPendingPerOwner = 3

// NamePattern is what a bot's name may be.
var NamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$`)

// Config sets the clocks of the validation games.
type Config struct {
	// LessClock is a Less bot's thinking time in a validation game
	// (CodeCup's 30 s by default).
	LessClock time.Duration
	// MorrisMoveTime is sent as go movetime; a Morris bot must answer
	// within MorrisMoveTime+MorrisSlack.
	MorrisMoveTime, MorrisSlack time.Duration
	// BotMemory bounds an uploaded bot's memory in its games, scratch
	// included (DefaultBotMemory when 0).
	BotMemory int64
	// PoolMemory bounds every confined program of the machine together
	// (sandbox.Options.Memory; 0: half the machine's memory).
	PoolMemory int64
	// OwnerVersions bounds an owner's bot versions, rejected ones
	// included, and OwnerBytes the files its versions keep (uploads and
	// builds): DefaultOwnerVersions and DefaultOwnerBytes when 0. An
	// owner deletes old versions to make room.
	OwnerVersions int
	OwnerBytes    int64
	// Admissions is how many builds and validations run at once (the
	// machine's cores when 0); BuildWall bounds a build's wall time
	// (DefaultBuildWall when 0).
	Admissions int
	BuildWall  time.Duration
	// Remote, when set, sends each admission to whichever worker takes
	// it (a task on the servers' Redis) instead of this process's queue;
	// a worker admits it with AdmitNow.
	Remote Remote
	// Log gets the admissions' progress.
	Log *slog.Logger
}

// Remote queues an admission for the workers: once for a bot however
// often it is asked (a server's restart asks again).
type Remote interface {
	Admit(ctx context.Context, owner, bot, language string) error
	// Toolchains is, for each machine whose workers said what they build
	// lately, the languages it builds with each toolchain's version line
	// (none: it cannot confine programs).
	Toolchains(ctx context.Context) ([]map[string]string, error)
}

func (c Config) withDefaults() Config {
	if c.LessClock <= 0 {
		c.LessClock = codecup.Clock
	}
	if c.MorrisMoveTime <= 0 {
		c.MorrisMoveTime = 200 * time.Millisecond
	}
	if c.MorrisSlack <= 0 {
		c.MorrisSlack = arena.DefaultMorrisSlack
	}
	if c.BotMemory <= 0 {
		c.BotMemory = DefaultBotMemory
	}
	if c.Admissions <= 0 {
		c.Admissions = runtime.NumCPU()
	}
	if c.BuildWall <= 0 {
		c.BuildWall = DefaultBuildWall
	}
	if c.OwnerVersions <= 0 {
		c.OwnerVersions = DefaultOwnerVersions
	}
	if c.OwnerBytes <= 0 {
		c.OwnerBytes = DefaultOwnerBytes
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return c
}

// DefaultBotMemory is a bot's memory limit unless the host sets one.
const DefaultBotMemory = 512 << 20

// An owner's quotas unless the host sets others: room for a few dozen
// versions of a few bots, and eight uploads at the largest.
const (
	DefaultOwnerVersions = 50
	DefaultOwnerBytes    = 64 << 20
)

// Host builds, admits and runs uploaded bots.
type Host struct {
	cfg   Config
	sb    boxes
	why   error // why uploads are refused (no sandbox), or nil
	store *store.Store
	langs []*Language
	work  string // builds' and programs' directory
	// turns gives the admission slots, owners in turn: to this process's
	// own admissions and, on a worker, to those AdmitNow waits for.
	turns *turns
	// goSeed is the compiled standard library Go builds start from
	// (goseed.go), made at the first Go build.
	goSeed struct {
		once sync.Once
		dir  string // "" when it could not be made
	}
	// mu guards closing and here, the bots AdmitNow is waiting for or
	// admitting in this process (a task delivered twice waits once).
	mu      sync.Mutex
	closing bool
	here    map[string]bool
	wg      sync.WaitGroup // admissions waiting or under way
	resumer sync.WaitGroup // ResumeEvery's loop
	// passes counts ResumeEvery's passes over the store, so that a test
	// waits for the loop to have looked rather than for time to pass.
	passes atomic.Int64
	ctx    context.Context
	stop   context.CancelFunc
}

// New prepares hosting over a store. When the machine cannot confine
// programs the Host still lists languages and bots, and Unavailable says
// why uploads are refused.
func New(st *store.Store, cfg Config) *Host {
	cfg = cfg.withDefaults()
	h := &Host{cfg: cfg, store: st, langs: detectLanguages(), turns: newTurns(cfg.Admissions), here: map[string]bool{}}
	h.ctx, h.stop = context.WithCancel(context.Background())
	sb, err := sandbox.NewWith(sandbox.Options{Memory: cfg.PoolMemory})
	if err != nil {
		h.why = err
		return h
	}
	work, err := sandbox.MkdirTemp("gameai-bots-") // the sandbox's users read programs under it
	if err == nil {
		err = os.Mkdir(filepath.Join(work, "programs"), 0o755)
	}
	if err != nil {
		sb.Close()
		h.why = fmt.Errorf("%w: its work directory: %v", sandbox.ErrUnavailable, err)
		return h
	}
	h.sb, h.work = sandboxBoxes{sb}, work
	return h
}

// Off is hosting on a server that takes no uploads (why says so): it
// still lists the bots in the store and our engines.
func Off(st *store.Store, why error) *Host {
	h := &Host{cfg: Config{}.withDefaults(), store: st, langs: detectLanguages(), why: why, turns: newTurns(1),
		here: map[string]bool{}}
	h.ctx, h.stop = context.WithCancel(context.Background())
	return h
}

// Unavailable says why this machine refuses uploads (nil: it takes them).
func (h *Host) Unavailable() error { return h.why }

// Referee plays games with this host's uploaded bots on the clocks it
// admitted them on: a competition gives a Morris bot the slack its
// admission did (MorrisSlack), not the referee's tighter default.
func (h *Host) Referee() *arena.Runner {
	return &arena.Runner{Uploads: h, MorrisSlack: h.cfg.MorrisSlack}
}

// Rules are the limits this host's bots of game play under.
func (h *Host) Rules(game string) []Rule { return h.cfg.Rules(game) }

// Languages lists the languages and whether this machine builds them.
func (h *Host) Languages() []Language {
	out := make([]Language, len(h.langs))
	for i, l := range h.langs {
		out[i] = *l
		if h.why != nil && out[i].Available {
			out[i].Available, out[i].Reason = false, h.why.Error()
		}
	}
	return out
}

// Toolchains names the languages this machine builds, each with its
// toolchain's version line: none when it cannot confine programs. A worker
// says it to the servers (workers.Admitter).
func (h *Host) Toolchains() map[string]string {
	out := map[string]string{}
	if h.why != nil {
		return out
	}
	for _, l := range h.langs {
		if l.Available {
			out[l.Name] = l.Toolchain
		}
	}
	return out
}

// Offered lists the languages an upload may be in: those this machine
// builds, or, when admissions go to the workers (Config.Remote), those a
// worker's machine builds, with their toolchains. Until any worker has said
// what it builds (a new deployment), this machine's own stand: an upload
// waits in the queue for a worker. The error is the workers' Redis not
// answering.
func (h *Host) Offered(ctx context.Context) ([]Language, error) {
	out := h.Languages()
	if h.cfg.Remote == nil || h.why != nil {
		return out, nil
	}
	machines, err := h.cfg.Remote.Toolchains(ctx)
	if err != nil {
		return nil, err
	}
	if len(machines) == 0 {
		return out, nil
	}
	confining := 0
	for _, m := range machines {
		if len(m) > 0 {
			confining++
		}
	}
	for i := range out {
		l := &out[i]
		var lines []string
		for _, m := range machines {
			if line, ok := m[l.Name]; ok && !slices.Contains(lines, line) {
				lines = append(lines, line)
			}
		}
		slices.Sort(lines)
		l.Available, l.Toolchain, l.Reason = len(lines) > 0, strings.Join(lines, "; "), ""
		switch {
		case l.Available:
		case confining == 0:
			l.Reason = fmt.Sprintf("no machine of the workers (%d) can confine programs", len(machines))
		default:
			l.Reason = fmt.Sprintf("no machine of the workers that admit bots (%d) has its toolchain", confining)
		}
	}
	return out, nil
}

// Language finds a language by name.
func (h *Host) Language(name string) (*Language, bool) {
	for _, l := range h.langs {
		if l.Name == name {
			return l, true
		}
	}
	return nil, false
}

// Close stops the admissions under way and removes the sandbox's files;
// the queued ones stay building in the store, for Resume.
func (h *Host) Close() {
	h.mu.Lock()
	h.closing = true // no admission starts waiting after this
	h.mu.Unlock()
	h.stop()
	h.resumer.Wait()
	h.turns.close()
	h.wg.Wait()
	if h.sb != nil {
		h.sb.Close()
		_ = os.RemoveAll(h.work)
	}
}

// Upload is a new bot version.
type Upload struct {
	Game, Name, Language, Owner string
	File                        []byte
	// QuotaFree: the host lifted the owner's quotas of versions and
	// bytes (the store's own caps and the pending bound still hold).
	QuotaFree bool
}

// ErrPending is returned when an owner already has MaxPendingPerOwner
// bots on their way.
var ErrPending = errors.New("hosting: too many bots building or validating")

// Submit stores an upload as the next version of its name and starts its
// admission in the background; the bot it returns is building. What can
// be checked before storing is (an *UploadError), and the owner's quotas
// (a *QuotaError).
func (h *Host) Submit(ctx context.Context, u Upload) (*store.Bot, error) {
	if h.why != nil {
		return nil, h.why
	}
	l, ok := h.Language(u.Language)
	if !ok {
		return nil, &UploadError{Field: "language", Why: fmt.Sprintf("no language %q", u.Language)}
	}
	if why := checkUpload(l, u.File); why != "" {
		return nil, &UploadError{Field: "file", Why: why}
	}
	// A look first, to refuse most uploads past a bound before their
	// file is stored; the decision itself is the store's checked create.
	mine, err := h.store.Bots.List(ctx, store.BotFilter{Owner: u.Owner})
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	b := &store.Bot{ID: newID(), Game: u.Game, Name: u.Name, Owner: u.Owner, Language: u.Language,
		Status: store.BotBuilding, Size: int64(len(u.File)), CreatedAt: now, UpdatedAt: now}
	if err := h.admissible(b, mine, u.QuotaFree); err != nil {
		return nil, err
	}
	if b.Source, err = h.store.Artefacts.Put(ctx, u.File); err != nil {
		return nil, err
	}
	if err := h.store.Bots.CreateChecked(ctx, b, func(mine []*store.Bot) error { return h.admissible(b, mine, u.QuotaFree) }); err != nil {
		// Refused meanwhile (another upload of the owner's came first):
		// its file goes unless another version keeps the same bytes.
		if derr := h.dropFiles(ctx, &store.Bot{ID: b.ID, Source: b.Source}); derr != nil {
			h.cfg.Log.Warn("dropping a refused upload's file", "err", derr)
		}
		return nil, err
	}
	if err := h.rekeep(ctx, u.File); err != nil {
		_ = h.store.Bots.Delete(ctx, b.ID)
		return nil, err
	}
	h.admitLater(b)
	return b, nil
}

// admissible gives b the next version of its owner's (game, name) among
// mine, the owner's bots, or says which bound refuses it: MaxPendingPerOwner
// on their way, and unless quotaFree, the versions and bytes an owner keeps.
func (h *Host) admissible(b *store.Bot, mine []*store.Bot, quotaFree bool) error {
	b.Version = 1
	pending, kept := 0, 0
	for _, m := range mine {
		// A deleted version's number is not given again: its games name it.
		if m.Game == b.Game && m.Name == b.Name && m.Version >= b.Version {
			b.Version = m.Version + 1
		}
		if m.Status.OnItsWay() {
			pending++
		}
		if m.Status != store.BotDeleted {
			kept++
		}
	}
	switch {
	case pending >= MaxPendingPerOwner:
		return ErrPending
	case quotaFree:
		return nil
	case kept >= h.cfg.OwnerVersions:
		return &QuotaError{Limit: "versions", Max: int64(h.cfg.OwnerVersions), Used: int64(kept)}
	}
	if used := keptBytes(mine); used+b.Size > h.cfg.OwnerBytes {
		return &QuotaError{Limit: "bytes", Max: h.cfg.OwnerBytes, Used: used}
	}
	return nil
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "bot_" + hex.EncodeToString(b[:])
}
