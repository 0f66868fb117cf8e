package morrisdb

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
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

// Pairs built one at a time, as workers sharing a directory build them,
// make the files a whole build makes, byte for byte; a pair asked before
// what it needs is refused, and one asked again is not solved again.
func TestBuildPairMakesWhatBuildMakes(t *testing.T) {
	smallDB(t)
	dir := t.TempDir()
	if _, err := BuildPair(t.Context(), dir, Space{4, 3}, nil); !errors.Is(err, ErrNeeds) {
		t.Fatalf("4-3 before 3-3: %v", err)
	}
	waves, err := Waves(Space{4, 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, wave := range waves {
		for _, pair := range wave {
			sts, err := BuildPair(t.Context(), dir, Space{pair.B, pair.W}, nil)
			if err != nil || len(sts) != len(pairSpaces(pair)) {
				t.Fatalf("%v: %v, %v", pair, sts, err)
			}
		}
	}
	for _, s := range []Space{{3, 3}, {4, 3}, {3, 4}, {4, 4}} {
		for _, name := range []string{fileName(s), longName(s)} {
			a, errA := os.ReadFile(filepath.Join(dir, name))
			b, errB := os.ReadFile(filepath.Join(built.dir, name))
			if errA != nil || errB != nil || !bytes.Equal(a, b) {
				t.Errorf("%s differs from the whole build's (%v, %v)", name, errA, errB)
			}
		}
	}
	skipped := false
	if _, err := BuildPair(t.Context(), dir, Space{4, 4}, func(p Progress) { skipped = skipped || p.Skipped }); err != nil || !skipped {
		t.Errorf("4-4 again: skipped %v, %v", skipped, err)
	}
}

// The pairs of one count of pieces make a wave: they need only the waves
// before it.
func TestWavesNeedOnlyTheWavesBefore(t *testing.T) {
	waves, err := Waves(Space{9, 9})
	if err != nil {
		t.Fatal(err)
	}
	if len(waves) != 13 || len(waves[0]) != 1 || len(waves[12]) != 1 {
		t.Fatalf("waves %v", waves)
	}
	built := map[Space]bool{}
	n := 0
	for _, wave := range waves {
		for _, pair := range wave {
			for _, need := range Needs(pair) {
				if !built[need] {
					t.Errorf("%v needs %v, not built by the waves before", pair, need)
				}
			}
		}
		for _, pair := range wave {
			for _, s := range pairSpaces(pair) {
				built[s] = true
			}
			n++
		}
	}
	if len(built) != 49 || n != 28 {
		t.Errorf("%d spaces in %d pairs, want 49 in 28", len(built), n)
	}
}
