package workers

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/internal/redistest"
)

// Workers that share a directory build the database wave by wave, each
// pair once, into the files a whole build makes; a worker with no
// directory takes none of the pairs (it serves no database queue), and
// progress hears of each pair running and done.
func TestWorkersSharingADirectoryBuildTheDatabase(t *testing.T) {
	ref := morrisdbtest.Dir(t)
	srv := redistest.Start(t)
	_, d := clients(t, srv)
	dir := t.TempDir()
	startWorkerWith(t, srv, WorkerConfig{Concurrency: 2}) // no directory
	startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, MorrisDB: dir})
	startWorkerWith(t, srv, WorkerConfig{Concurrency: 1, MorrisDB: dir})

	waves, err := morrisdb.Waves(morrisdb.Space{W: 4, B: 4})
	if err != nil {
		t.Fatal(err)
	}
	pairs := d.MorrisDBPairs("job-db")
	finished := map[string]bool{}
	for _, wave := range waves {
		sts, err := pairs.Build(t.Context(), wave, func(i int, st MorrisDBPairState) {
			if st.Pair != wave[i].String() || st.Worker == "" {
				t.Errorf("progress of %v: %+v", wave[i], st)
			}
			if len(st.Stats) > 0 {
				finished[st.Pair] = true
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range sts {
			want := 2 // W-B and B-W
			if wave[i].W == wave[i].B {
				want = 1
			}
			if len(st) != want {
				t.Errorf("%v: stats %+v", wave[i], st)
			}
		}
	}
	if len(finished) != 3 {
		t.Errorf("finished pairs heard of: %v", finished)
	}
	// A task taken by the worker without a directory would have failed
	// there and been retried.
	if c := pairs.Counts(); c.Retried != 0 || c.Done != 3 {
		t.Errorf("tasks %+v: want 3 done, none retried", c)
	}
	for _, s := range []string{"3-3", "4-3", "3-4", "4-4"} {
		a, errA := os.ReadFile(filepath.Join(dir, s+".mdb"))
		b, errB := os.ReadFile(filepath.Join(ref, s+".mdb"))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the whole build's (%v, %v)", s, errA, errB)
		}
	}
}
