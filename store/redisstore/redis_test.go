package redisstore_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gameai/internal/redistest"
	"gameai/store"
	"gameai/store/redisstore"
	"gameai/store/storetest"

	"github.com/redis/go-redis/v9"
)

func TestSuite(t *testing.T) {
	url := redistest.URL(t)
	storetest.Run(t, func(t *testing.T, cfg store.Config) *store.Store {
		s, err := redisstore.New(context.Background(), url, redistest.Prefix(t), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}

func TestBadURL(t *testing.T) {
	if _, err := redisstore.New(context.Background(), "http://nope", "p:", store.Config{}); err == nil {
		t.Error("New with a non-redis URL succeeded")
	}
}

// A store written before bots were indexed by owner has only the index of
// all bots: opening it builds the owners' indexes once, so an owner's
// bots are listed as before.
func TestBotsAreIndexedByOwnerInAStoreWrittenBefore(t *testing.T) {
	url, prefix := redistest.URL(t), redistest.Prefix(t)
	ctx := context.Background()
	st := redistest.Store(t, url, prefix)
	t0 := time.Now().UTC().Truncate(time.Millisecond)
	for i, owner := range []string{"ann", "bob", "ann"} {
		b := &store.Bot{ID: fmt.Sprintf("bot_%d", i), Game: "less", Name: "x", Owner: owner, Language: "c", Version: i + 1,
			Status: store.BotReady, CreatedAt: t0.Add(time.Duration(i) * time.Second), UpdatedAt: t0}
		if err := st.Bots.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	_ = st.Close()
	c := redistest.Client(t, url)
	// As the store was before: no owners' indexes.
	if err := c.Del(ctx, prefix+"owner-bots:ann", prefix+"owner-bots:bob", prefix+"bots:owner-index").Err(); err != nil {
		t.Fatal(err)
	}
	st = redistest.Store(t, url, prefix)
	got, err := st.Bots.List(ctx, store.BotFilter{Owner: "ann"})
	if err != nil || len(got) != 2 || got[0].ID != "bot_2" || got[1].ID != "bot_0" {
		t.Fatalf("ann's bots after the index was built: %d %v", len(got), err)
	}
	if got, _ := st.Bots.List(ctx, store.BotFilter{Owner: "bob"}); len(got) != 1 || got[0].ID != "bot_1" {
		t.Errorf("bob's bots: %d", len(got))
	}
	// Built once: an index entry removed by hand stays removed.
	if err := c.ZRem(ctx, prefix+"owner-bots:bob", "bot_1").Err(); err != nil {
		t.Fatal(err)
	}
	again := redistest.Store(t, url, prefix)
	if got, _ := again.Bots.List(ctx, store.BotFilter{Owner: "bob"}); len(got) != 0 {
		t.Errorf("the index was built again at the next open: %d of bob's bots", len(got))
	}
}

// A store written before jobs were indexed by kind has only the index of
// all jobs: opening it indexes them by kind once, so a kind's jobs are
// listed as before (and a page of one kind reads only that kind).
func TestJobsAreIndexedByKindInAStoreWrittenBefore(t *testing.T) {
	url, prefix := redistest.URL(t), redistest.Prefix(t)
	ctx := context.Background()
	st := redistest.Store(t, url, prefix)
	t0 := time.Now().UTC().Truncate(time.Millisecond)
	for i, kind := range []string{"ladder", "competition", "ladder"} {
		j := &store.Job{ID: fmt.Sprintf("job_%d", i), Kind: kind, Status: store.JobRunning, CreatedAt: t0.Add(time.Duration(i) * time.Second)}
		if err := st.Jobs.Create(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	_ = st.Close()
	c := redistest.Client(t, url)
	// As the store was before: no kinds' indexes.
	if err := c.Del(ctx, prefix+"jobs:index:kind:ladder", prefix+"jobs:index:kind:competition", prefix+"jobs:index:kinds-built").Err(); err != nil {
		t.Fatal(err)
	}
	ids := func(st *store.Store, kind string) []string {
		t.Helper()
		js, _, err := st.Jobs.List(ctx, store.JobFilter{Kind: kind}, "", 10)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, j := range js {
			out = append(out, j.ID)
		}
		return out
	}
	st = redistest.Store(t, url, prefix)
	if got := ids(st, "ladder"); fmt.Sprint(got) != "[job_2 job_0]" {
		t.Errorf("the ladders after the index was built: %v", got)
	}
	if got := ids(st, "competition"); fmt.Sprint(got) != "[job_1]" {
		t.Errorf("the competitions after the index was built: %v", got)
	}
	// Built once: an index entry removed by hand stays removed.
	if err := c.Del(ctx, prefix+"jobs:index:kind:competition").Err(); err != nil {
		t.Fatal(err)
	}
	again := redistest.Store(t, url, prefix)
	if got := ids(again, "competition"); len(got) != 0 {
		t.Errorf("the index was built again at the next open: %v", got)
	}
}

func BenchmarkOwnersBots(b *testing.B) { storetest.BenchmarkOwnersBots(b, benchStore(b)) }

func BenchmarkFirstPage(b *testing.B) { storetest.BenchmarkFirstPage(b, benchStore(b)) }

func BenchmarkJobsFirstPage(b *testing.B) { storetest.BenchmarkJobsFirstPage(b, benchStore(b)) }

// benchStore is a store on the test server with room for the benchmarks'
// bots, closed when the benchmark ends.
func benchStore(b *testing.B) *store.Store {
	st, err := redisstore.New(context.Background(), redistest.URL(b), redistest.Prefix(b), store.Config{MaxBots: 10_000})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = st.Close() })
	return st
}

// Invitations listed in a store written before their index was scored in
// microseconds (it was in milliseconds) are scored again at the next
// invitation, not dropped as too old, and listed in their order.
func TestInvitationsScoredInMillisecondsAreKept(t *testing.T) {
	url, prefix := redistest.URL(t), redistest.Prefix(t)
	ctx := context.Background()
	st := redistest.Store(t, url, prefix)
	now := time.Now()
	if err := st.Accounts.Invite(ctx, &store.Invitation{Hash: "old", CreatedAt: now.Add(-time.Minute), Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	c := redistest.Client(t, url)
	// As the store wrote it before.
	if err := c.ZAdd(ctx, prefix+"invitations", redis.Z{Score: float64(now.Add(-time.Minute).UnixMilli()), Member: "old"}).Err(); err != nil {
		t.Fatal(err)
	}
	if err := st.Accounts.Invite(ctx, &store.Invitation{Hash: "new", CreatedAt: now, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	list, err := st.Accounts.Invitations(ctx)
	if err != nil || len(list) != 2 || list[0].Hash != "new" || list[1].Hash != "old" {
		t.Fatalf("the invitations: %d, %v", len(list), err)
	}
	if s := c.ZScore(ctx, prefix+"invitations", "old").Val(); s != float64(now.Add(-time.Minute).UnixMilli())*1000 {
		t.Errorf("the old one's score %v, want it in microseconds", s)
	}
}

func BenchmarkTakeoverLook(b *testing.B) { storetest.BenchmarkTakeoverLook(b, benchStore(b)) }

func BenchmarkRenewals(b *testing.B) { storetest.BenchmarkRenewals(b, benchStore(b)) }
