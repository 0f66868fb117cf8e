package storetest

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"gameai/store"
)

// testGameLogs: a log keeps its keep highest numbers, a game added again
// is replaced, Latest goes from the highest down, logs are apart, and a
// game past the bound is refused without changing the log.
func testGameLogs(t *testing.T, open Factory) {
	ctx := context.Background()
	gl := open(t, store.Config{}).GameLogs
	if got, err := gl.Latest(ctx, "ladder:less", 5); err != nil || len(got) != 0 {
		t.Fatalf("Latest of an empty log: %q, %v", got, err)
	}
	if _, err := gl.Get(ctx, "ladder:less", 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Get of a game never added: %v, want ErrNotFound", err)
	}
	// Out of order, as games that end out of order are added.
	for _, n := range []int{2, 1, 4, 3, 5} {
		if err := gl.Add(ctx, "ladder:less", n, []byte("game "+strconv.Itoa(n)), 3); err != nil {
			t.Fatal(err)
		}
	}
	if err := gl.Add(ctx, "ladder:morris", 1, []byte("morris 1"), 3); err != nil {
		t.Fatal(err)
	}
	latest := func(log string, limit int) string {
		t.Helper()
		got, err := gl.Latest(ctx, log, limit)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%q", got)
	}
	if got := latest("ladder:less", 10); got != `["game 5" "game 4" "game 3"]` {
		t.Errorf("Latest = %s, want the 3 highest, highest first", got)
	}
	if got := latest("ladder:less", 2); got != `["game 5" "game 4"]` {
		t.Errorf("Latest(2) = %s", got)
	}
	if _, err := gl.Get(ctx, "ladder:less", 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get of a trimmed game: %v, want ErrNotFound", err)
	}
	// Added again (its writer could not tell whether the first landed):
	// replaced, not kept twice.
	if err := gl.Add(ctx, "ladder:less", 4, []byte("game 4 again"), 3); err != nil {
		t.Fatal(err)
	}
	if got := latest("ladder:less", 10); got != `["game 5" "game 4 again" "game 3"]` {
		t.Errorf("after adding 4 again, Latest = %s", got)
	}
	got, err := gl.Get(ctx, "ladder:less", 4)
	if err != nil || string(got) != "game 4 again" {
		t.Fatalf("Get(4) = %q, %v", got, err)
	}
	got[0] = 'X' // the caller's copy is its own
	if got, _ := gl.Get(ctx, "ladder:less", 4); string(got) != "game 4 again" {
		t.Errorf("after changing a copy, Get = %q", got)
	}
	if got := latest("ladder:morris", 10); got != `["morris 1"]` {
		t.Errorf("the other log: %s", got)
	}
	if err := gl.Add(ctx, "ladder:less", 6, make([]byte, store.MaxLoggedGame+1), 3); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("Add of %d bytes: %v, want ErrTooLarge", store.MaxLoggedGame+1, err)
	}
	if got := latest("ladder:less", 10); got != `["game 5" "game 4 again" "game 3"]` {
		t.Errorf("after a refused Add, Latest = %s", got)
	}
	// A smaller keep drops down to it.
	if err := gl.Add(ctx, "ladder:less", 6, []byte("game 6"), 1); err != nil {
		t.Fatal(err)
	}
	if got := latest("ladder:less", 10); got != `["game 6"]` {
		t.Errorf("after keep 1, Latest = %s", got)
	}
}

// testGameLogsAtOnce: adds at once from many writers keep exactly keep
// games, the highest numbers, none half-written.
func testGameLogsAtOnce(t *testing.T, open Factory) {
	ctx := context.Background()
	gl := open(t, store.Config{}).GameLogs
	var wg sync.WaitGroup
	for n := 1; n <= 40; n++ {
		wg.Go(func() {
			if err := gl.Add(ctx, "ladder:less", n, []byte("game "+strconv.Itoa(n)), 10); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := gl.Latest(ctx, "ladder:less", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 10 {
		t.Fatalf("%d games kept, want 10", len(got))
	}
	for i, g := range got {
		if want := "game " + strconv.Itoa(40-i); string(g) != want {
			t.Errorf("Latest[%d] = %q, want %q", i, g, want)
		}
	}
}
