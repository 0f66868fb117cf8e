package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gameai/store"
)

// BenchmarkOwnersBots lists one owner's bots in a store of 5,000 bots of
// 1,000 owners, as a ladder does for each of its bots before every game.
func BenchmarkOwnersBots(b *testing.B, st *store.Store) {
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
	for i := 0; b.Loop(); i++ {
		got, err := st.Bots.List(ctx, store.BotFilter{Game: "less", Owner: fmt.Sprintf("owner%03d", i%1000), Name: "x",
			Status: store.BotReady})
		if err != nil || len(got) != 5 {
			b.Fatalf("%d bots, %v; want 5", len(got), err)
		}
	}
}
