package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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

// BenchmarkTakeoverLook is what a server on a shared store does every
// few seconds to find jobs whose server died (jobs.Config.AdoptEvery),
// with 500 live jobs all held by other servers: reading every live job
// and trying its lease (what the look did first), or reading the jobs no
// one holds (Unleased, what it does).
func BenchmarkTakeoverLook(b *testing.B, st *store.Store) {
	ctx := context.Background()
	// A running search's progress is a few kilobytes: its best grid in
	// several notations and each run's state.
	progress := store.Progress{Fraction: 0.5, Message: "searching", Best: json.RawMessage(`{"grid":"` + strings.Repeat("x", 4000) + `"}`)}
	for _, id := range runningJobs(b, st, 500, progress) {
		if ok, err := st.Jobs.Claim(ctx, id, "other", time.Hour); !ok || err != nil {
			b.Fatalf("claim: %v %v", ok, err)
		}
	}
	b.Run("live-and-claim", func(b *testing.B) {
		for b.Loop() {
			live, err := st.Jobs.Live(ctx)
			if err != nil || len(live) != 500 {
				b.Fatalf("%d live, %v", len(live), err)
			}
			for _, j := range live {
				if ok, err := st.Jobs.Claim(ctx, j.ID, "me", time.Hour); ok || err != nil {
					b.Fatalf("claimed a held job: %v %v", ok, err)
				}
			}
		}
	})
	b.Run("unleased", func(b *testing.B) {
		for b.Loop() {
			if js, err := st.Jobs.Unleased(ctx); err != nil || len(js) != 0 {
				b.Fatalf("%d unleased, %v", len(js), err)
			}
		}
	})
}

// BenchmarkRenewals is what a job runner does every Lease/3 (5 s by
// default) for the jobs it holds: one claim each, in turn
// (jobs.Runner.renew), here for 100 jobs, the most a runner keeps live
// (jobs.Config.MaxLive's default).
func BenchmarkRenewals(b *testing.B, st *store.Store) {
	ctx := context.Background()
	ids := runningJobs(b, st, 100, store.Progress{})
	for b.Loop() {
		for _, id := range ids {
			if held, err := st.Jobs.Claim(ctx, id, "me", 15*time.Second); !held || err != nil {
				b.Fatalf("renewing %s: held %v, %v", id, held, err)
			}
		}
	}
}

// runningJobs stores n running searches with progress and returns their
// ids, oldest first.
func runningJobs(b *testing.B, st *store.Store, n int, progress store.Progress) []string {
	ctx := context.Background()
	t0 := time.Now().UTC()
	ids := make([]string, n)
	for i := range ids {
		j := &store.Job{ID: fmt.Sprintf("job_%04d", i), Kind: "morpion-search", Status: store.JobRunning,
			Progress: progress, CreatedAt: t0.Add(time.Duration(i) * time.Millisecond), UpdatedAt: t0}
		if err := st.Jobs.Create(ctx, j); err != nil {
			b.Fatal(err)
		}
		ids[i] = j.ID
	}
	return ids
}
