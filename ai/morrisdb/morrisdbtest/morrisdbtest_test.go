package morrisdbtest

import (
	"sync"
	"testing"

	"gameai/ai/morrisdb"
)

// Two test binaries that ask for a database nobody has built yet both get
// it: the second waits for the first's build instead of failing with
// morrisdb.ErrBusy (six tests failed so on a fresh machine). The lock is
// the kernel's per open file, so two goroutines race for it as two
// processes do.
func TestConcurrentCallersBothGetADatabase(t *testing.T) {
	dir := t.TempDir()
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() { errs[i] = build(dir, morrisdb.Space{W: 3, B: 3}) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("caller %d: %v", i, err)
		}
	}
	db, err := morrisdb.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	stats, err := morrisdb.SpaceStats(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != 1 || stats[0].Space != "3-3" || stats[0].Positions == 0 {
		t.Fatalf("stats %+v, want 3-3 solved", stats)
	}
}
