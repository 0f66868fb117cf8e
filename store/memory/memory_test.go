package memory_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"gameai/store"
	"gameai/store/memory"
	"gameai/store/storetest"
)

func TestSuite(t *testing.T) {
	storetest.Run(t, func(_ *testing.T, cfg store.Config) *store.Store { return memory.New(cfg) })
}

func TestAnalysesEvictLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	a := memory.New(store.Config{MaxAnalyses: 3}).Analyses
	key := func(i int) store.AnalysisKey { return store.AnalysisKey{Game: "g", Hash: uint64(i)} }
	for i := range 3 {
		if err := a.Put(ctx, key(i), &store.Analysis{Move: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Get(ctx, key(0)); err != nil { // 0 becomes the most recent
		t.Fatal(err)
	}
	if err := a.Put(ctx, key(3), &store.Analysis{Move: "3"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Get(ctx, key(1)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("entry 1 should have been evicted, got %v", err)
	}
	for _, i := range []int{0, 2, 3} {
		if _, err := a.Get(ctx, key(i)); err != nil {
			t.Errorf("entry %d evicted: %v", i, err)
		}
	}
}

func TestSessionsBounded(t *testing.T) {
	ctx := context.Background()
	s := memory.New(store.Config{MaxSessions: 2}).Sessions
	for i := range 2 {
		if err := s.Create(ctx, &store.Session{ID: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Create(ctx, &store.Session{ID: "x"}); !errors.Is(err, store.ErrFull) {
		t.Errorf("Create beyond the cap = %v, want ErrFull", err)
	}
}

// The in-memory live games are bounded: past MaxLive, the game written
// longest ago makes room.
func TestLiveGamesAreBounded(t *testing.T) {
	ctx := context.Background()
	at := time.Unix(1_800_000_000, 0)
	lg := memory.NewWithClock(store.Config{MaxLive: 2}, func() time.Time { return at }).Live
	for _, k := range []string{"a", "b", "a", "c"} {
		if err := lg.Put(ctx, k, []byte(k)); err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Millisecond) // distinct write times
	}
	for k, want := range map[string]bool{"a": true, "b": false, "c": true} {
		if _, err := lg.Get(ctx, k); (err == nil) != want {
			t.Errorf("game %s kept: %v, want %v", k, err == nil, want)
		}
	}
}

func BenchmarkOwnersBots(b *testing.B) {
	storetest.BenchmarkOwnersBots(b, memory.New(store.Config{MaxBots: 10_000}))
}

func BenchmarkFirstPage(b *testing.B) {
	storetest.BenchmarkFirstPage(b, memory.New(store.Config{MaxBots: 10_000}))
}

func BenchmarkJobsFirstPage(b *testing.B) {
	storetest.BenchmarkJobsFirstPage(b, memory.New(store.Config{}))
}
