package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gameai/store"
)

// fill stores 5,000 bots of 1,000 owners, five each.
func fill(b *testing.B, st *store.Store) {
	ctx := context.Background()
	t0 := time.Now().UTC()
	for i := range 5000 {
		bot := &store.Bot{ID: fmt.Sprintf("bot_%04d", i), Game: "less", Name: "x", Owner: fmt.Sprintf("owner%03d", i%1000),
			Language: "c", Version: i/1000 + 1, Status: store.BotReady, Source: store.ContentHash([]byte{byte(i)}),
			Validation: []store.ValidationGame{{Seat: "Yellow", Opponents: "gameai:less:greedy", Result: "won"}},
			CreatedAt:  t0.Add(time.Duration(i) * time.Millisecond), UpdatedAt: t0}
		if err := st.Bots.Create(ctx, bot); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstPage reads the newest 50 of 5,000 bots, as GET /v1/bots
// does: a page from the store (Page), or every bot sorted then cut (List,
// what it did before).
func BenchmarkFirstPage(b *testing.B, st *store.Store) {
	fill(b, st)
	ctx := context.Background()
	b.Run("Page", func(b *testing.B) {
		for b.Loop() {
			if got, _, err := st.Bots.Page(ctx, store.BotFilter{}, 0, 50); err != nil || len(got) != 50 {
				b.Fatalf("%d bots, %v", len(got), err)
			}
		}
	})
	b.Run("List", func(b *testing.B) {
		for b.Loop() {
			if got, err := st.Bots.List(ctx, store.BotFilter{}); err != nil || len(got) != 5000 {
				b.Fatalf("%d bots, %v", len(got), err)
			}
		}
	})
}

// BenchmarkOwnersBots lists one owner's bots in a store of 5,000 bots of
// 1,000 owners, as a ladder does for each of its bots before every game.
func BenchmarkOwnersBots(b *testing.B, st *store.Store) {
	fill(b, st)
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		got, err := st.Bots.List(ctx, store.BotFilter{Game: "less", Owner: fmt.Sprintf("owner%03d", i%1000), Name: "x",
			Status: store.BotReady})
		if err != nil || len(got) != 5 {
			b.Fatalf("%d bots, %v; want 5", len(got), err)
		}
	}
}

// BenchmarkJobsFirstPage reads the newest 50 of 5,000 jobs, as GET
// /v1/jobs does.
func BenchmarkJobsFirstPage(b *testing.B, st *store.Store) {
	ctx := context.Background()
	t0 := time.Now().UTC()
	for i := range 5000 {
		j := &store.Job{ID: fmt.Sprintf("job_%04d", i), Kind: "less-match", Status: store.JobSucceeded,
			Params: []byte(`{"games":64,"seed":9101}`), CreatedAt: t0.Add(time.Duration(i) * time.Millisecond), UpdatedAt: t0}
		if err := st.Jobs.Create(ctx, j); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if js, _, err := st.Jobs.List(ctx, store.JobFilter{}, "", 50); err != nil || len(js) != 50 {
			b.Fatalf("%d jobs, %v", len(js), err)
		}
	}
}
