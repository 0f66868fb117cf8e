// Package storetest is the behaviour every store implementation must have,
// run by the tests of package memory and package redisstore alike.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"gameai/internal/waitfor"
	"gameai/store"
)

// Factory opens an empty store with the given config.
type Factory func(t *testing.T, cfg store.Config) *store.Store

// Run runs the whole suite.
func Run(t *testing.T, open Factory) {
	t.Run("Sessions", func(t *testing.T) { testSessions(t, open) })
	t.Run("SessionExpiry", func(t *testing.T) { testSessionExpiry(t, open) })
	t.Run("SessionConcurrentUpdates", func(t *testing.T) { testConcurrentUpdates(t, open) })
	t.Run("SessionBounds", func(t *testing.T) { testSessionBounds(t, open) })
	t.Run("SessionLives", func(t *testing.T) { testSessionLives(t, open) })
	t.Run("Analyses", func(t *testing.T) { testAnalyses(t, open) })
	t.Run("Strategies", func(t *testing.T) { testStrategies(t, open) })
	t.Run("Jobs", func(t *testing.T) { testJobs(t, open) })
	t.Run("JobList", func(t *testing.T) { testJobList(t, open) })
	t.Run("JobKindPages", func(t *testing.T) { testJobKindPages(t, open) })
	t.Run("JobLeases", func(t *testing.T) { testJobLeases(t, open) })
	t.Run("UnleasedJobs", func(t *testing.T) { testUnleasedJobs(t, open) })
	t.Run("Records", func(t *testing.T) { testRecords(t, open) })
	t.Run("Transpositions", func(t *testing.T) { testTranspositions(t, open) })
	t.Run("LiveGames", func(t *testing.T) { testLiveGames(t, open) })
	t.Run("GameLogs", func(t *testing.T) { testGameLogs(t, open) })
	t.Run("GameLogsAtOnce", func(t *testing.T) { testGameLogsAtOnce(t, open) })
	t.Run("Seats", func(t *testing.T) { testSeats(t, open) })
	t.Run("Bots", func(t *testing.T) { testBots(t, open) })
	t.Run("CheckedBotWrites", func(t *testing.T) { testCheckedBotWrites(t, open) })
	t.Run("BotChanges", func(t *testing.T) { testBotChanges(t, open) })
	t.Run("BotChangesAtOnce", func(t *testing.T) { testBotChangesAtOnce(t, open) })
	t.Run("BotPages", func(t *testing.T) { testBotPages(t, open) })
	t.Run("OwnersAndArtefacts", func(t *testing.T) { testOwnersAndArtefacts(t, open) })
	t.Run("Audit", func(t *testing.T) { testAudit(t, open) })
	t.Run("Accounts", func(t *testing.T) { testAccounts(t, open) })
	t.Run("Ping", func(t *testing.T) {
		if err := open(t, store.Config{}).Ping(context.Background()); err != nil {
			t.Fatalf("Ping: %v", err)
		}
	})
}

func testSessions(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Sessions
	sess := &store.Session{ID: "s1", Game: "g", Variant: "v", Options: map[string]string{"a": "1"},
		Start: "start", Position: "start", CreatedAt: time.Unix(100, 0).UTC(),
		Engines: []*store.SessionEngine{nil, {Engine: "e", Options: map[string]string{"o": "2"}, TimeMS: 250}}}
	if err := s.Create(ctx, sess); err != nil {
		t.Fatalf("Create: %v", err)
	}
	if sess.Rev != 1 {
		t.Errorf("version after create = %d, want 1", sess.Rev)
	}
	if err := s.Create(ctx, &store.Session{ID: "s1"}); !errors.Is(err, store.ErrExists) {
		t.Errorf("second Create = %v, want ErrExists", err)
	}
	got, err := s.Get(ctx, "s1")
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	if got.Game != "g" || got.Options["a"] != "1" || !got.CreatedAt.Equal(sess.CreatedAt) || got.Rev != 1 ||
		len(got.Engines) != 2 || got.Engines[0] != nil || got.Engines[1].Engine != "e" || got.Engines[1].Options["o"] != "2" || got.Engines[1].TimeMS != 250 {
		t.Errorf("Get = %+v, want what was created", got)
	}
	// What a caller does to its copy must not reach the store.
	got.Moves = append(got.Moves, "m1")
	got.Position = "after m1"
	again, _ := s.Get(ctx, "s1")
	if len(again.Moves) != 0 {
		t.Errorf("stored session changed without Update: %+v", again)
	}
	if err := s.Update(ctx, got); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if got.Rev != 2 {
		t.Errorf("version after update = %d, want 2", got.Rev)
	}
	stale := again // still at version 1
	stale.Moves = []string{"other"}
	if err := s.Update(ctx, stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("stale Update = %v, want ErrConflict", err)
	}
	final, _ := s.Get(ctx, "s1")
	if len(final.Moves) != 1 || final.Moves[0] != "m1" || final.Rev != 2 {
		t.Errorf("after stale update: %+v, want moves [m1] version 2", final)
	}
	if err := s.Update(ctx, &store.Session{ID: "nope", Rev: 1}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Update of missing = %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, "s1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := s.Get(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get after Delete = %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second Delete = %v, want ErrNotFound", err)
	}
}

func testSessionExpiry(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{SessionTTL: 300 * time.Millisecond}).Sessions
	if err := s.Create(ctx, &store.Session{ID: "short"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "short"); err != nil {
		t.Fatalf("Get before expiry: %v", err)
	}
	waitfor.Check(t, 5*time.Second, "the session gone after its TTL", func() bool {
		_, err := s.Get(ctx, "short")
		return errors.Is(err, store.ErrNotFound)
	})
}

// testSessionBounds: a client's live sessions are bounded, and all of
// them; ErrClientFull is the client's own, ErrFull everyone's; a deleted
// session frees its place.
func testSessionBounds(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{MaxSessions: 5, MaxSessionsPerClient: 2}).Sessions
	create := func(id, client string, want error) {
		t.Helper()
		if err := s.Create(ctx, &store.Session{ID: id, Client: client}); !errors.Is(err, want) {
			t.Errorf("Create %s of %q = %v, want %v", id, client, err, want)
		}
	}
	create("a1", "A", nil)
	create("a2", "A", nil)
	create("a3", "A", store.ErrClientFull)
	create("b1", "B", nil)
	create("b2", "B", nil)
	create("c1", "C", nil)
	create("d1", "D", store.ErrFull)
	create("n1", "", store.ErrFull)
	if _, err := s.Get(ctx, "a3"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused session was stored: %v", err)
	}
	if err := s.Delete(ctx, "a1"); err != nil {
		t.Fatal(err)
	}
	create("a3", "A", nil)
	create("a4", "A", store.ErrClientFull)
	create("d1", "D", store.ErrFull)
	if err := s.Delete(ctx, "c1"); err != nil {
		t.Fatal(err)
	}
	create("d1", "D", nil)

	// An account's session counts against the network it asked from too:
	// two accounts on one network share its bound, and an account at its
	// bound is refused from another network.
	s = open(t, store.Config{MaxSessions: 20, MaxSessionsPerClient: 2}).Sessions
	counted := func(id, client, network string, want error) {
		t.Helper()
		if err := s.Create(ctx, &store.Session{ID: id, Client: client, Network: network}); !errors.Is(err, want) {
			t.Errorf("Create %s of %q from %q = %v, want %v", id, client, network, err, want)
		}
	}
	counted("x1", "account:ann", "N", nil)
	counted("x2", "account:bob", "N", nil)
	counted("x3", "account:cy", "N", store.ErrClientFull)
	counted("x4", "N", "", store.ErrClientFull)
	counted("x5", "account:ann", "M", nil)
	counted("x6", "account:ann", "M2", store.ErrClientFull)
	if err := s.Delete(ctx, "x2"); err != nil {
		t.Fatal(err)
	}
	counted("x7", "N", "N", nil) // counted once, not twice
}

// testSessionLives: a session in play lives SessionTTL after its last
// write; one over, or not moved in yet, SessionIdleTTL; an expired one no
// longer counts against its client.
func testSessionLives(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{SessionTTL: 5 * time.Second, SessionIdleTTL: 300 * time.Millisecond, MaxSessionsPerClient: 3}).Sessions
	for _, sess := range []*store.Session{{ID: "idle", Client: "X"}, {ID: "played", Moves: []string{"m"}, Client: "X"},
		{ID: "over", Moves: []string{"m"}, Over: true, Client: "X"}} {
		if err := s.Create(ctx, sess); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Create(ctx, &store.Session{ID: "fourth", Client: "X"}); !errors.Is(err, store.ErrClientFull) {
		t.Fatalf("a fourth session of a client of three: %v", err)
	}
	waitfor.Check(t, 4*time.Second, "the idle and the finished sessions gone after the idle time (TTL 5 s)", func() bool {
		_, idle := s.Get(ctx, "idle")
		_, over := s.Get(ctx, "over")
		return errors.Is(idle, store.ErrNotFound) && errors.Is(over, store.ErrNotFound)
	})
	for id, want := range map[string]error{"idle": store.ErrNotFound, "over": store.ErrNotFound, "played": nil} {
		if _, err := s.Get(ctx, id); !errors.Is(err, want) {
			t.Errorf("%s after the idle time: %v, want %v", id, err, want)
		}
	}
	if err := s.Create(ctx, &store.Session{ID: "fourth", Client: "X"}); err != nil {
		t.Errorf("the expired sessions still count against their client: %v", err)
	}
	// A write rescores: the session in play, updated as over, lives the
	// idle time from then.
	played, err := s.Get(ctx, "played")
	if err != nil {
		t.Fatal(err)
	}
	played.Over = true
	if err := s.Update(ctx, played); err != nil {
		t.Fatal(err)
	}
	waitfor.Check(t, 4*time.Second, "a session updated as over, gone after the idle time (its TTL 5 s)", func() bool {
		_, err := s.Get(ctx, "played")
		return errors.Is(err, store.ErrNotFound)
	})
}

// testConcurrentUpdates has writers append to one session with
// read-modify-write and retry on conflict: no append may be lost.
func testConcurrentUpdates(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Sessions
	if err := s.Create(ctx, &store.Session{ID: "race"}); err != nil {
		t.Fatal(err)
	}
	const writers, each = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				for {
					cur, err := s.Get(ctx, "race")
					if err != nil {
						errs <- err
						return
					}
					cur.Moves = append(cur.Moves, fmt.Sprintf("%d.%d", w, i))
					err = s.Update(ctx, cur)
					if err == nil {
						break
					}
					if !errors.Is(err, store.ErrConflict) {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	got, _ := s.Get(ctx, "race")
	if len(got.Moves) != writers*each {
		t.Errorf("%d moves stored, want %d: updates were lost", len(got.Moves), writers*each)
	}
	if got.Rev != writers*each+1 {
		t.Errorf("version %d, want %d", got.Rev, writers*each+1)
	}
}

func testAnalyses(t *testing.T, open Factory) {
	ctx := context.Background()
	a := open(t, store.Config{}).Analyses
	k := store.AnalysisKey{Game: "g", Variant: "v", Options: "x=1", Engine: "e", EngineVersion: "1", Hash: 0xdeadbeef}
	if _, err := a.Get(ctx, k); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get of empty cache = %v, want ErrNotFound", err)
	}
	an := &store.Analysis{Position: "p", Move: "m", Score: 0.5, PV: []string{"m", "n"}, Depth: 4, Nodes: 99, Limits: "depth=4"}
	if err := a.Put(ctx, k, an); err != nil {
		t.Fatal(err)
	}
	got, err := a.Get(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	if got.Move != "m" || got.Score != 0.5 || len(got.PV) != 2 || got.Depth != 4 || got.Position != "p" {
		t.Errorf("Get = %+v", got)
	}
	for _, other := range []store.AnalysisKey{
		{Game: "g", Variant: "v", Options: "x=1", Engine: "e", EngineVersion: "2", Hash: 0xdeadbeef},
		{Game: "g", Variant: "v", Options: "x=2", Engine: "e", EngineVersion: "1", Hash: 0xdeadbeef},
		{Game: "g", Variant: "w", Options: "x=1", Engine: "e", EngineVersion: "1", Hash: 0xdeadbeef},
		{Game: "g", Variant: "v", Options: "x=1", Engine: "f", EngineVersion: "1", Hash: 0xdeadbeef},
	} {
		if _, err := a.Get(ctx, other); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Get(%+v) = %v: a different engine version, rule or variant must miss", other, err)
		}
	}
	an.Depth = 6
	if err := a.Put(ctx, k, an); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.Get(ctx, k); got.Depth != 6 {
		t.Errorf("after overwrite depth = %d, want 6", got.Depth)
	}
}

func testStrategies(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Strategies
	fit := 12.5
	for _, name := range []string{"zeta", "alpha"} {
		if err := s.Put(ctx, &store.Strategy{Game: "morris", Name: name, Params: json.RawMessage(`[1,2,3]`), Fitness: &fit, Lineage: []string{"p"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Put(ctx, &store.Strategy{Game: "less", Name: "x", Params: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	list, err := s.List(ctx, "morris")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Name != "alpha" || list[1].Name != "zeta" {
		t.Fatalf("List = %v, want alpha, zeta", list)
	}
	got, err := s.Get(ctx, "morris", "alpha")
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Params) != `[1,2,3]` || got.Fitness == nil || *got.Fitness != 12.5 || got.Lineage[0] != "p" {
		t.Errorf("Get = %+v", got)
	}
	if _, err := s.Get(ctx, "less", "alpha"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get of another game's strategy = %v, want ErrNotFound", err)
	}
	if list, _ := s.List(ctx, "nothing"); len(list) != 0 {
		t.Errorf("List of unknown game = %v, want empty", list)
	}
}

func testJobs(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Jobs
	t0 := time.Unix(1000, 0).UTC()
	a := &store.Job{ID: "a", Kind: "k", Status: store.JobRunning, Params: json.RawMessage(`{"n":1}`), CreatedAt: t0}
	b := &store.Job{ID: "b", Kind: "k", Status: store.JobQueued, CreatedAt: t0.Add(time.Second)}
	for _, j := range []*store.Job{b, a} {
		if err := s.Create(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	live, err := s.Live(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(live) != 2 || live[0].ID != "a" || live[1].ID != "b" {
		t.Fatalf("Live = %v, want a, b in creation order", live)
	}
	a.Progress = store.Progress{Fraction: 0.5, Message: "half", Best: json.RawMessage(`{"score":3}`)}
	a.Checkpoint = json.RawMessage(`{"gen":4}`)
	if err := s.Update(ctx, a); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Get(ctx, "a")
	if got.Progress.Fraction != 0.5 || string(got.Checkpoint) != `{"gen":4}` || got.Rev != 2 {
		t.Errorf("Get = %+v", got)
	}
	a.Status = store.JobSucceeded
	a.Result = json.RawMessage(`"done"`)
	if err := s.Update(ctx, a); err != nil {
		t.Fatal(err)
	}
	live, _ = s.Live(ctx)
	if len(live) != 1 || live[0].ID != "b" {
		t.Errorf("Live after a finished = %v, want only b", live)
	}
	if got, _ := s.Get(ctx, "a"); got.Status != store.JobSucceeded || string(got.Result) != `"done"` {
		t.Errorf("finished job = %+v", got)
	}
	stale := *got
	stale.Rev = 1
	if err := s.Update(ctx, &stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("stale job Update = %v, want ErrConflict", err)
	}
	if _, err := s.Get(ctx, "zzz"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get missing job = %v, want ErrNotFound", err)
	}
}

// A job's lease is held by one owner at a time: renewed by it, refused to
// others until released or lapsed, and won by exactly one of many owners
// claiming it at once.
func testJobLeases(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Jobs
	claim := func(id, owner string, ttl time.Duration) bool {
		t.Helper()
		ok, err := s.Claim(ctx, id, owner, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !claim("j", "a", time.Minute) {
		t.Fatal("a cannot claim a free lease")
	}
	if !claim("j", "a", time.Minute) {
		t.Fatal("a cannot renew its lease")
	}
	if claim("j", "b", time.Minute) {
		t.Fatal("b took a's lease")
	}
	if !claim("k", "b", time.Minute) {
		t.Error("b cannot claim another job's lease")
	}
	if err := s.Release(ctx, "j", "b"); err != nil || claim("j", "b", time.Minute) {
		t.Fatalf("b released a's lease (%v)", err)
	}
	if err := s.Release(ctx, "j", "a"); err != nil || !claim("j", "b", 50*time.Millisecond) {
		t.Fatalf("b cannot claim a lease a released (%v)", err)
	}
	// b's lease lapses unless renewed.
	if !waitfor.Until(5*time.Second, func() bool { return claim("j", "a", time.Minute) }) {
		t.Fatal("b's 50 ms lease never lapsed")
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := range 16 {
		wg.Go(func() {
			ok, err := s.Claim(ctx, "race", fmt.Sprint("owner", i), time.Minute)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Error(err)
			}
			if ok {
				won++
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("%d of 16 owners claiming at once hold the lease, want 1", won)
	}
}

// Unleased lists the live jobs no owner holds: not one held, one whose
// lease was released or lapsed, nor a finished one.
func testUnleasedJobs(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Jobs
	t0 := time.Unix(3000, 0).UTC()
	for i, id := range []string{"held", "free", "done", "short"} {
		j := &store.Job{ID: id, Kind: "k", Status: store.JobRunning, CreatedAt: t0.Add(time.Duration(i) * time.Second)}
		if id == "done" {
			j.Status = store.JobSucceeded
		}
		if err := s.Create(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	unleased := func() []string {
		t.Helper()
		js, err := s.Unleased(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return jobIDs(js)
	}
	for _, c := range []struct {
		id  string
		ttl time.Duration
	}{{"held", time.Minute}, {"short", 50 * time.Millisecond}} {
		if ok, err := s.Claim(ctx, c.id, "a", c.ttl); !ok || err != nil {
			t.Fatalf("claim %s: %v %v", c.id, ok, err)
		}
	}
	if got := unleased(); !slices.Equal(got, []string{"free"}) && !slices.Equal(got, []string{"free", "short"}) {
		t.Errorf("Unleased with held and short claimed = %v, want [free] (or short too, had its 50 ms passed)", got)
	}
	if !waitfor.Until(5*time.Second, func() bool { return slices.Equal(unleased(), []string{"free", "short"}) }) {
		t.Errorf("Unleased after short's lease lapsed = %v, want [free short]", unleased())
	}
	if err := s.Release(ctx, "held", "a"); err != nil {
		t.Fatal(err)
	}
	if got := unleased(); !slices.Equal(got, []string{"held", "free", "short"}) {
		t.Errorf("Unleased after held's release = %v, want [held free short]", got)
	}
}

// jobIDs is the ids of js, in their order.
func jobIDs(js []*store.Job) []string {
	var ids []string
	for _, j := range js {
		ids = append(ids, j.ID)
	}
	return ids
}

func testJobList(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Jobs
	t0 := time.Unix(2000, 0).UTC()
	// Seven jobs a second apart, two of them at the same time (ordered by
	// id), kinds alternating, the odd ones finished.
	for i := range 7 {
		at := t0.Add(time.Duration(min(i, 5)) * time.Second)
		j := &store.Job{ID: fmt.Sprintf("j%d", i), Kind: []string{"a", "b"}[i%2], Status: store.JobRunning, CreatedAt: at}
		if i%2 == 1 {
			j.Status = store.JobSucceeded
		}
		if err := s.Create(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	page := func(f store.JobFilter, cursor string, limit int) ([]string, string) {
		t.Helper()
		js, next, err := s.List(ctx, f, cursor, limit)
		if err != nil {
			t.Fatal(err)
		}
		return jobIDs(js), next
	}
	var all []string
	cursor := ""
	for range 10 {
		got, next := page(store.JobFilter{}, cursor, 3)
		all = append(all, got...)
		if next == "" {
			break
		}
		cursor = next
	}
	if fmt.Sprint(all) != "[j6 j5 j4 j3 j2 j1 j0]" {
		t.Errorf("pages of 3, newest first = %v", all)
	}
	if got, _ := page(store.JobFilter{Kind: "a"}, "", 10); fmt.Sprint(got) != "[j6 j4 j2 j0]" {
		t.Errorf("kind a = %v", got)
	}
	if got, _ := page(store.JobFilter{Kind: "b", Status: store.JobSucceeded}, "", 10); fmt.Sprint(got) != "[j5 j3 j1]" {
		t.Errorf("kind b, succeeded = %v", got)
	}
	if got, next := page(store.JobFilter{Status: store.JobFailed}, "", 10); len(got) != 0 || next != "" {
		t.Errorf("failed = %v, next %q", got, next)
	}
}

// testJobKindPages: a job behind more than ListScan newer jobs of another
// kind is on the first page of its kind (a stopped ladder behind a day of
// competitions' games), while a page of every job still stops at ListScan.
func testJobKindPages(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{}).Jobs
	t0 := time.Unix(3000, 0).UTC()
	mk := func(i int, kind string) {
		t.Helper()
		j := &store.Job{ID: fmt.Sprintf("job_%05d", i), Kind: kind, Status: store.JobSucceeded, CreatedAt: t0.Add(time.Duration(i) * time.Millisecond)}
		if err := s.Create(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	mk(0, "ladder")
	for i := 1; i <= store.ListScan+5; i++ {
		mk(i, "game")
	}
	js, next, err := s.List(ctx, store.JobFilter{Kind: "ladder"}, "", 50)
	if err != nil || len(js) != 1 || js[0].ID != "job_00000" || next != "" {
		t.Fatalf("the ladders' first page: %d jobs, next %q, %v; want job_00000 alone and no next page", len(js), next, err)
	}
	js, next, err = s.List(ctx, store.JobFilter{Kind: "game"}, "", 3)
	if err != nil || len(js) != 3 || js[0].ID != fmt.Sprintf("job_%05d", store.ListScan+5) || next == "" {
		t.Fatalf("the games' first page: %d jobs, next %q, %v", len(js), next, err)
	}
	if js, _, err = s.List(ctx, store.JobFilter{Kind: "game"}, next, 3); err != nil || len(js) != 3 ||
		js[0].ID != fmt.Sprintf("job_%05d", store.ListScan+2) {
		t.Fatalf("the games' second page: %d jobs, %v", len(js), err)
	}
	js, next, err = s.List(ctx, store.JobFilter{Status: store.JobFailed}, "", 50)
	if err != nil || len(js) != 0 || next == "" {
		t.Fatalf("a filter of no kind examines every job, ListScan a page: %d jobs, next %q, %v", len(js), next, err)
	}
	if js, next, err = s.List(ctx, store.JobFilter{Status: store.JobFailed}, next, 50); err != nil || len(js) != 0 || next != "" {
		t.Fatalf("the second page of no kind: %d jobs, next %q, %v; want the end", len(js), next, err)
	}
	if js, _, err := s.List(ctx, store.JobFilter{Kind: "tuning"}, "", 50); err != nil || len(js) != 0 {
		t.Fatalf("a kind with no jobs: %d, %v", len(js), err)
	}
}

func testRecords(t *testing.T, open Factory) {
	ctx := context.Background()
	s := open(t, store.Config{MaxRecords: 4}).Records
	t0 := time.Unix(5000, 0).UTC()
	add := func(key string, score float64, at int) bool {
		t.Helper()
		ok, err := s.Add(ctx, &store.Record{Game: "morpion", Variant: "5T", Score: score, Key: key,
			Source: "test", FoundAt: t0.Add(time.Duration(at) * time.Second)})
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	top := func(n int) string {
		t.Helper()
		rs, err := s.Top(ctx, "morpion", "5T", n)
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, r := range rs {
			out += fmt.Sprintf("%s:%g ", r.Key, r.Score)
		}
		return out
	}
	if got := top(10); got != "" {
		t.Errorf("empty hall = %q", got)
	}
	for i, c := range []struct {
		key   string
		score float64
		want  bool
	}{{"a", 150, true}, {"b", 160, true}, {"c", 150, true}, {"a", 170, false}, {"d", 140, true}} {
		if got := add(c.key, c.score, i); got != c.want {
			t.Errorf("Add %s %g = %v, want %v", c.key, c.score, got, c.want)
		}
	}
	// Best first; a and c tie at 150 and a was found first.
	if got, want := top(10), "b:160 a:150 c:150 d:140 "; got != want {
		t.Errorf("Top = %q, want %q", got, want)
	}
	if got, want := top(2), "b:160 a:150 "; got != want {
		t.Errorf("Top(2) = %q, want %q", got, want)
	}
	// Full at 4: a lower result is refused, a tie with the lowest too (the
	// earlier stays), a better one drops the lowest.
	if add("e", 100, 10) || add("f", 140, 11) {
		t.Error("a full hall took a result no better than its lowest")
	}
	if !add("g", 155, 12) {
		t.Error("a full hall refused a better result")
	}
	if got, want := top(10), "b:160 g:155 a:150 c:150 "; got != want {
		t.Errorf("after g: Top = %q, want %q", got, want)
	}
	// A new 150 found later than a and c: the latest of the lowest goes.
	if !add("h", 151, 13) {
		t.Error("refused 151")
	}
	if got, want := top(10), "b:160 g:155 h:151 a:150 "; got != want {
		t.Errorf("after h: Top = %q, want %q", got, want)
	}
	if rs, _ := s.Top(ctx, "morpion", "5D", 10); len(rs) != 0 {
		t.Errorf("another variant's hall = %v, want empty", rs)
	}
	rs, _ := s.Top(ctx, "morpion", "5T", 1)
	if len(rs) != 1 || rs[0].Source != "test" || !rs[0].FoundAt.Equal(t0.Add(time.Second)) || rs[0].Game != "morpion" {
		t.Errorf("record fields not kept: %+v", rs[0])
	}
}

// testTranspositions: entries read back by table and hash, tables apart,
// a rewrite wins, and entries expire.
func testTranspositions(t *testing.T, open Factory) {
	ctx := context.Background()
	tt := open(t, store.Config{TranspositionTTL: 400 * time.Millisecond}).Transpositions
	if got, err := tt.Load(ctx, "a", []uint64{1, 2}); err != nil || len(got) != 0 {
		t.Fatalf("Load of an empty table = %v, %v", got, err)
	}
	if got, err := tt.Load(ctx, "a", nil); err != nil || len(got) != 0 {
		t.Fatalf("Load of no hashes = %v, %v", got, err)
	}
	if err := tt.Store(ctx, "a", map[uint64][]byte{1: []byte("one"), 1 << 63: []byte("high")}); err != nil {
		t.Fatal(err)
	}
	if err := tt.Store(ctx, "b", map[uint64][]byte{1: []byte("other table")}); err != nil {
		t.Fatal(err)
	}
	got, err := tt.Load(ctx, "a", []uint64{1, 2, 1 << 63})
	if err != nil || len(got) != 2 || string(got[1]) != "one" || string(got[1<<63]) != "high" {
		t.Fatalf("Load = %v, %v; want entries 1 and 1<<63 of table a", got, err)
	}
	// The caller's copy is its own.
	got[1][0] = 'X'
	if err := tt.Store(ctx, "a", map[uint64][]byte{1 << 63: []byte("deeper")}); err != nil {
		t.Fatal(err)
	}
	got, err = tt.Load(ctx, "a", []uint64{1, 1 << 63})
	if err != nil || string(got[1]) != "one" || string(got[1<<63]) != "deeper" {
		t.Fatalf("Load after a rewrite = %v, %v", got, err)
	}
	if got, _ := tt.Load(ctx, "b", []uint64{1}); string(got[1]) != "other table" {
		t.Errorf("table b = %v", got)
	}
	waitfor.Check(t, 5*time.Second, "the table empty after its TTL", func() bool {
		got, err := tt.Load(ctx, "a", []uint64{1, 1 << 63})
		return err == nil && len(got) == 0
	})
}

func testLiveGames(t *testing.T, open Factory) {
	ctx := context.Background()
	lg := open(t, store.Config{LiveTTL: 400 * time.Millisecond}).Live
	if _, err := lg.Get(ctx, "competition:a:1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Get of a game never put: %v, want ErrNotFound", err)
	}
	if err := lg.Put(ctx, "competition:a:1", []byte("one move")); err != nil {
		t.Fatal(err)
	}
	if err := lg.Put(ctx, "competition:a:2", []byte("other game")); err != nil {
		t.Fatal(err)
	}
	if err := lg.Put(ctx, "competition:a:1", []byte("two moves")); err != nil {
		t.Fatal(err)
	}
	got, err := lg.Get(ctx, "competition:a:1")
	if err != nil || string(got) != "two moves" {
		t.Fatalf("Get = %q, %v; want the last put", got, err)
	}
	got[0] = 'X' // the caller's copy is its own
	if got, _ := lg.Get(ctx, "competition:a:1"); string(got) != "two moves" {
		t.Errorf("after changing a copy, Get = %q", got)
	}
	if err := lg.Put(ctx, "big", make([]byte, store.MaxLiveBytes+1)); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("Put of %d bytes: %v, want ErrTooLarge", store.MaxLiveBytes+1, err)
	}
	if err := lg.Delete(ctx, "competition:a:2"); err != nil {
		t.Fatal(err)
	}
	if _, err := lg.Get(ctx, "competition:a:2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get after Delete: %v, want ErrNotFound", err)
	}
	// A game kept written lives on; one left alone is gone after the TTL.
	kept := func() {
		if err := lg.Put(ctx, "competition:a:3", []byte("still played")); err != nil {
			t.Fatal(err)
		}
	}
	kept()
	waitfor.Check(t, 5*time.Second, "a game not written for its TTL gone", func() bool {
		kept()
		_, err := lg.Get(ctx, "competition:a:1")
		return errors.Is(err, store.ErrNotFound)
	})
	if got, err := lg.Get(ctx, "competition:a:3"); err != nil || string(got) != "still played" {
		t.Errorf("Get of a game written all along = %q, %v", got, err)
	}
}
