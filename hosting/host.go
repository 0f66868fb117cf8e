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
	sb    *sandbox.Sandbox
	why   error // why uploads are refused (no sandbox), or nil
	store *store.Store
	langs []*Language
	work  string // builds' and programs' directory
	// admissions waiting for a slot, served round-robin across owners:
	// this process's own and, on a worker, those AdmitNow waits for.
	queue   *queue
	waitMu  sync.Mutex
	waiters map[string]*waiter
	wg      sync.WaitGroup
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
	h := &Host{cfg: cfg, store: st, langs: detectLanguages(), queue: newQueue(cfg.Admissions), waiters: map[string]*waiter{}}
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
	h.sb, h.work = sb, work
	return h
}

// Off is hosting on a server that takes no uploads (why says so): it
// still lists the bots in the store and our engines.
func Off(st *store.Store, why error) *Host {
	h := &Host{cfg: Config{}.withDefaults(), store: st, langs: detectLanguages(), why: why, queue: newQueue(1),
		waiters: map[string]*waiter{}}
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
	h.stop()
	h.resumer.Wait()
	drained := h.queue.close()
	h.waitMu.Lock()
	for _, id := range drained {
		h.wg.Done()
		if w := h.waiters[id]; w != nil {
			delete(h.waiters, id)
			if !w.abandoned {
				w.turn <- false
			}
		}
	}
	h.waitMu.Unlock()
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

// Resume restarts the admissions a stopped server left unfinished: bots
// still building or validating that nobody has touched for stale.
func (h *Host) Resume(ctx context.Context, stale time.Duration) error {
	return h.resume(ctx, stale, store.BotBuilding, store.BotValidating, store.BotWaiting)
}

func (h *Host) resume(ctx context.Context, stale time.Duration, statuses ...store.BotStatus) error {
	if h.why != nil {
		return nil
	}
	for _, st := range statuses {
		bs, err := h.store.Bots.List(ctx, store.BotFilter{Status: st})
		if err != nil {
			return err
		}
		for _, b := range bs {
			if time.Since(b.UpdatedAt) <= stale {
				continue
			}
			if h.claim(ctx, b) {
				h.admitLater(b) // for the workers: queued again unless it is queued or under way
			}
		}
	}
	return nil
}

// ResumeEvery runs Resume every period until Close: a bot waiting after
// our failure is tried again, and, where admissions go to workers
// (Config.Remote), a task that ran out of retries because no worker could
// confine programs (some days of them) is archived, and its bot would stay
// building until this server restarted; Resume queues it afresh.
func (h *Host) ResumeEvery(period, stale time.Duration) {
	if h.why != nil {
		return
	}
	h.resumer.Add(1)
	go func() {
		defer h.resumer.Done()
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-h.ctx.Done():
				return
			case <-tick.C:
				// A server that admits bots itself takes up only those
				// waiting after its failure: the others building are in its
				// queue, and would be queued twice.
				statuses := []store.BotStatus{store.BotWaiting}
				if h.cfg.Remote != nil {
					statuses = []store.BotStatus{store.BotBuilding, store.BotValidating, store.BotWaiting}
				}
				if err := h.resume(h.ctx, stale, statuses...); err != nil && h.ctx.Err() == nil {
					h.cfg.Log.Error("resuming bot admissions", "err", err)
				}
				h.passes.Add(1)
			}
		}
	}()
}

// claim takes up b at the revision read: of several servers sharing the
// store that read it, one succeeds, the others get ErrConflict.
func (h *Host) claim(ctx context.Context, b *store.Bot) bool {
	b.UpdatedAt = time.Now().UTC()
	if b.Status == store.BotWaiting {
		b.Status, b.Reason, b.Rejection = store.BotBuilding, "", "" // taken up: no loop takes it again
	}
	return h.store.Bots.Update(ctx, b) == nil
}

// admitLater queues b's admission: for the workers when there are
// (Config.Remote), else for a slot here, whose goroutine takes it up.
func (h *Host) admitLater(b *store.Bot) {
	if h.cfg.Remote != nil {
		if err := h.cfg.Remote.Admit(h.ctx, b.Owner, b.ID, b.Language); err != nil {
			h.cfg.Log.Error("bot admission: queueing it for the workers", "bot", b.ID, "err", err)
			_ = h.failed(b.ID, err) // logged; a failure unrecorded is Resume's to take up
		}
		return
	}
	h.wg.Add(1)
	if !h.queue.push(b.Owner, b.ID) {
		h.wg.Done() // closing: it stays building, for Resume
		return
	}
	h.dispatch()
}

// A waiter is an AdmitNow waiting for its slot: turn says true when it
// has one, false when the host closed first. One abandoned (its task's
// context ended) gives its slot straight back.
type waiter struct {
	turn      chan bool
	abandoned bool
}

// dispatch starts admissions while slots are free: an AdmitNow's is
// handed to it, any other runs here.
func (h *Host) dispatch() {
	for {
		id, ok := h.queue.next()
		if !ok {
			return
		}
		h.waitMu.Lock()
		w := h.waiters[id]
		abandoned := w != nil && w.abandoned // read here: its AdmitNow may mark it after the send
		if w != nil {
			delete(h.waiters, id)
			if !abandoned {
				w.turn <- true
			}
		}
		h.waitMu.Unlock()
		if w != nil {
			if abandoned {
				h.queue.done()
				h.wg.Done()
			}
			continue
		}
		go func() {
			defer h.wg.Done()
			defer h.dispatch()
			defer h.queue.done()
			if err := h.admit(h.ctx, id); err != nil && h.ctx.Err() == nil {
				h.cfg.Log.Error("bot admission", "bot", id, "err", err)
				_ = h.failed(id, err) // logged; a failure unrecorded is Resume's to take up
			}
		}()
	}
}

// ErrClosing is AdmitNow's answer once the host is closing: the
// admission is left to another worker.
var ErrClosing = errors.New("hosting: closing")

// ErrNotBuiltHere is AdmitNow's answer for a bot in a language this
// machine does not build: the admission is left to a worker that does.
var ErrNotBuiltHere = errors.New("hosting: this machine does not build the bot's language")

// AdmitNow admits bot id of owner's here, as a worker handed its task:
// it waits for a slot among this process's admissions (the owners served
// in turn, as for uploads taken here) and returns once the verdict is
// stored, nil even when the bot is rejected; a machine's failure rejects
// it saying so. It returns ctx's error when ctx ends first (the task is
// then tried again), ErrClosing when the host closes, and ErrNotBuiltHere
// for a bot whose language it does not build.
func (h *Host) AdmitNow(ctx context.Context, owner, id string) error {
	if h.why != nil {
		return h.why
	}
	// A bot in a language this worker does not build goes back to the
	// queue for one that does, not rejected for this machine's lack.
	if b, err := h.store.Bots.Get(ctx, id); err == nil {
		if l, ok := h.Language(b.Language); ok && !l.Available {
			return fmt.Errorf("%w: %s: %s", ErrNotBuiltHere, l.Name, l.Reason)
		}
	}
	h.waitMu.Lock()
	w := h.waiters[id]
	switch {
	case w != nil && w.abandoned:
		w.abandoned = false // still queued: wait on in its place
		h.waitMu.Unlock()
	case w != nil:
		h.waitMu.Unlock()
		return fmt.Errorf("hosting: %s is already waiting for an admission here", id)
	default:
		w = &waiter{turn: make(chan bool, 1)}
		h.waiters[id] = w
		h.waitMu.Unlock()
		h.wg.Add(1)
		if !h.queue.push(owner, id) {
			h.waitMu.Lock()
			delete(h.waiters, id)
			h.waitMu.Unlock()
			h.wg.Done()
			return ErrClosing
		}
		h.dispatch()
	}
	var ok bool
	select {
	case ok = <-w.turn:
	case <-ctx.Done():
		h.waitMu.Lock()
		w.abandoned = true
		select {
		case ok = <-w.turn: // given a slot meanwhile: give it back
		default:
		}
		h.waitMu.Unlock()
		if ok {
			h.queue.done()
			h.wg.Done()
			h.dispatch()
		}
		return ctx.Err()
	}
	if !ok {
		return ErrClosing
	}
	defer func() {
		h.queue.done()
		h.wg.Done()
		h.dispatch()
	}()
	if err := h.admit(ctx, id); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		h.cfg.Log.Error("bot admission", "bot", id, "err", err)
		// A failure that could not even be recorded (the store away, as
		// while Redis fails over) goes back to the queue, which tries the
		// task again later: the bot would stay validating until a
		// server's Resume, twenty minutes on.
		if ferr := h.failed(id, err); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return nil
}

// Wait waits for the admissions under way and queued (tests).
func (h *Host) Wait() { h.wg.Wait() }

// admit builds a bot, plays its validation games and records the verdict.
func (h *Host) admit(ctx context.Context, id string) error {
	b, err := h.store.Bots.Get(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == store.BotReady || b.Status == store.BotRejected || b.Status == store.BotDeleted {
		return nil // admitted already (a task delivered twice), or deleted meanwhile
	}
	if b.Status == store.BotWaiting {
		b.Status, b.Reason, b.Rejection = store.BotBuilding, "", ""
		if err := h.save(ctx, b); err != nil {
			return err
		}
	}
	l, ok := h.Language(b.Language)
	if !ok || !l.Available {
		return h.reject(ctx, b, store.RejectedLanguage, fmt.Sprintf("language %q is not built on this machine", b.Language))
	}
	src, err := h.store.Artefacts.Get(ctx, b.Source)
	if err != nil {
		return err
	}
	h.cfg.Log.Info("bot building", "bot", id, "language", b.Language)
	w := h.watchAdmission(ctx, id)
	defer w.end()
	w.step(stepBuild, 0, 0, admissionGame{})
	program, log, err := h.build(ctx, l, src)
	details := &store.BotDetails{BuildLog: log}
	var be *errBuild
	if errors.As(err, &be) {
		if err := h.store.Bots.SetDetails(ctx, b.ID, details); err != nil {
			return err
		}
		return h.reject(ctx, b, store.RejectedBuild, be.why)
	}
	if err != nil {
		return err
	}
	if b.Program, err = h.store.Artefacts.Put(ctx, program); err != nil {
		return err
	}
	if b.Program != b.Source {
		b.ProgramSize = int64(len(program))
	}
	b.Status = store.BotValidating
	if err := h.store.Bots.SetDetails(ctx, b.ID, details); err != nil {
		return err
	}
	var qe *QuotaError
	if err := h.saveBuilt(ctx, b); errors.As(err, &qe) {
		return h.reject(ctx, b, store.RejectedQuota, fmt.Sprintf("its build is %.1f MiB: %s", float64(b.ProgramSize)/(1<<20), qe.Error()))
	} else if err != nil {
		return err
	}
	if err := h.rekeep(ctx, program); err != nil {
		return err
	}
	h.cfg.Log.Info("bot validating", "bot", id)
	games, played, err := h.validate(ctx, b, w)
	if err != nil {
		return err
	}
	details.Games = played
	for i := range games {
		games[i].Fault, games[i].Result = PublicText(games[i].Fault), PublicText(games[i].Result)
	}
	if err := h.store.Bots.SetDetails(ctx, b.ID, details); err != nil {
		return err
	}
	b.Validation = games
	for i, g := range games {
		if g.Fault != "" {
			return h.reject(ctx, b, store.RejectedValidation, fmt.Sprintf("validation game %d (as %s), turn %d: %s", i+1, g.Seat, g.Turn, g.Fault))
		}
	}
	b.Status, b.Reason = store.BotReady, ""
	h.cfg.Log.Info("bot ready", "bot", id)
	return h.save(ctx, b)
}

// failed ends an admission the server could not carry out (its sandbox
// or store failed, not the bot): the bot waits for another try (Resume,
// ResumeEvery), saying the failure was ours; after maxTries such failures
// it is rejected saying so, rather than tried for ever.
func (h *Host) failed(id string, err error) error {
	b, gerr := h.store.Bots.Get(h.ctx, id)
	if gerr != nil || !b.Status.OnItsWay() {
		if gerr != nil {
			h.cfg.Log.Error("bot admission: recording our failure", "bot", id, "err", gerr)
		}
		return gerr
	}
	b.Tries++
	if b.Tries >= maxTries {
		rerr := h.reject(h.ctx, b, store.RejectedServer, fmt.Sprintf("the server failed %d times to build or validate it, not the bot: %v; upload it again",
			b.Tries, err))
		if rerr != nil {
			h.cfg.Log.Error("bot admission: recording our failure", "bot", id, "err", rerr)
		}
		return rerr
	}
	b.Status, b.Reason = store.BotWaiting, PublicText("the server failed to build or validate it, not the bot ("+err.Error()+"): it is tried again within minutes")
	serr := h.save(h.ctx, b)
	if serr != nil {
		h.cfg.Log.Error("bot admission: recording our failure", "bot", id, "err", serr)
	}
	return serr
}

// maxTries is how many of our failures a bot's admission outlives.
const maxTries = 5

// reject records why b is refused and drops its files: what a rejected
// version leaves is its record, its reason and its details. The files go
// before the record says so, so that whoever reads "rejected" (the owner's
// poll, a quota count) finds them gone; the record is written even when a
// drop failed, and the failure returned.
func (h *Host) reject(ctx context.Context, b *store.Bot, cause store.Rejection, why string) error {
	b.Status, b.Reason, b.Rejection, b.FilesDropped = store.BotRejected, PublicText(why), cause, true
	h.cfg.Log.Info("bot rejected", "bot", b.ID, "reason", why)
	dropErr := h.dropFiles(ctx, b)
	if err := h.save(ctx, b); err != nil {
		return errors.Join(err, dropErr)
	}
	return dropErr
}

// saveBuilt saves b with its build, checked against its owner's quota of
// bytes, which counts what a version keeps: the build too (three small
// sources building at once into 31 MB each kept 94 MB under 64 MiB).
func (h *Host) saveBuilt(ctx context.Context, b *store.Bot) error {
	free := false
	switch o, err := h.store.Owners.Get(ctx, b.Owner); {
	case errors.Is(err, store.ErrNotFound):
		free = true // our own engines' bots have no account
	case err != nil:
		return err
	default:
		free = o.QuotaFree
	}
	cur, err := h.store.Bots.Get(ctx, b.ID)
	if err != nil {
		return err
	}
	if cur.Status == store.BotDeleted {
		return store.ErrNotFound
	}
	b.Rev, b.UpdatedAt = cur.Rev, time.Now().UTC()
	return h.store.Bots.UpdateChecked(ctx, b, func(mine []*store.Bot) error {
		if used := keptBytes(mine); !free && used > h.cfg.OwnerBytes {
			return &QuotaError{Limit: "bytes", Max: h.cfg.OwnerBytes, Used: used - b.ProgramSize}
		}
		return nil
	})
}

// save writes b over whatever revision is stored: admission is the only
// writer of a bot's status but Delete, so a conflict is its own earlier
// write. A bot deleted meanwhile stays deleted (ErrNotFound).
func (h *Host) save(ctx context.Context, b *store.Bot) error {
	cur, err := h.store.Bots.Get(ctx, b.ID)
	if err != nil {
		return err
	}
	if cur.Status == store.BotDeleted {
		return store.ErrNotFound
	}
	b.Rev, b.UpdatedAt = cur.Rev, time.Now().UTC()
	return h.store.Bots.Update(ctx, b)
}
