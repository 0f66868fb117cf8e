package morrisdb

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestPlanOrdersPairsAfterWhatTheyNeed(t *testing.T) {
	plan, err := Plan(Space{4, 4})
	if err != nil {
		t.Fatal(err)
	}
	want := []Space{{3, 3}, {4, 3}, {4, 4}}
	if len(plan) != len(want) {
		t.Fatalf("plan %v, want %v", plan, want)
	}
	for i := range want {
		if plan[i] != want[i] {
			t.Fatalf("plan %v, want %v", plan, want)
		}
	}
	if _, err := Plan(Space{2, 5}); err == nil {
		t.Error("2-5 planned")
	}
	if plan, _ := Plan(Space{7, 7}); len(plan) != 15 {
		t.Errorf("7-7 needs %d pairs: %v", len(plan), plan)
	}
}

// A directory another build is filling is refused at once (two builds
// would each hold a pair's memory), and free again once that build ends.
func TestOneBuildADirectory(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := Build(context.Background(), dir, Space{3, 3}, nil); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second build: %v, want ErrBusy", err)
	}
	if sp, _ := filed(dir); len(sp) != 0 {
		t.Fatalf("the refused build filed %v", sp)
	}
	unlock()
	if err := Build(context.Background(), dir, Space{3, 3}, nil); err != nil {
		t.Fatalf("after the first ended: %v", err)
	}
	if sp, _ := filed(dir); len(sp) != 1 {
		t.Fatalf("filed %v, want 3-3", sp)
	}
}

// BuildWaiting waits for a build in progress instead of refusing it, and
// files what that build left undone once it may.
func TestBuildWaitingWaitsForTheBuildInProgress(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- BuildWaiting(context.Background(), dir, Space{3, 3}, nil) }()
	select {
	case err := <-done:
		t.Fatalf("BuildWaiting returned %v while another build held the directory", err)
	case <-time.After(300 * time.Millisecond):
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatalf("after the first ended: %v", err)
	}
	if sp, _ := filed(dir); len(sp) != 1 {
		t.Fatalf("filed %v, want 3-3", sp)
	}

	held, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer held()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := BuildWaiting(ctx, dir, Space{3, 3}, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a wait past its context: %v, want the context's error", err)
	}
}
