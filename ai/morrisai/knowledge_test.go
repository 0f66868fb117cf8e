package morrisai

import (
	"sync"
	"testing"
	"time"

	"gameai/ai"
	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// Two engines of one binary, one with the database and one without, search
// at once and each answers by its own knowledge: the first converts a won
// 3-3 position and says so, the second knows nothing of it; their versions
// differ, so their cached analyses cannot mix.
func TestTwoConfigurationsLiveInOneProcess(t *testing.T) {
	k := withDB(t)
	p, v := findPosition(t, k.DB(), morrisdb.Space{W: 3, B: 3}, xrand.New(41), func(v morrisdb.Value) bool { return v.IsWin() })
	with, without := AlphaBetaInfo(k), AlphaBetaInfo(nil)
	if with.Version == without.Version || without.Version != AlphaBetaVersion {
		t.Errorf("versions %q and %q: answers with and without a database must be told apart", with.Version, without.Version)
	}
	var wg sync.WaitGroup
	got := make([]ai.Result, 2)
	errs := make([]error, 2)
	for i, e := range []ai.Engine{with.Engine, without.Engine} {
		wg.Go(func() {
			got[i], errs[i] = e.Search(t.Context(), ai.Request{State: &morris.State{P: p.Clone()}, Limits: ai.Limits{Depth: 2}})
		})
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if got[0].DB != v.String() || got[1].DB != "" {
		t.Errorf("%s (%v): with the database %q, without %q", p, v, got[0].DB, got[1].DB)
	}
}

// A search whose proof was due while another search held the refuter says
// so (its answer is the evaluation's alone, not to be cached as the
// engine's); with the refuter free the same search is checked.
func TestASearchTheRefuterCouldNotCheckSaysSo(t *testing.T) {
	k := withDB(t)
	p := morrisdbtest.Placing(t, xrand.New(7))
	e := NewAlphaBeta(k)
	req := ai.Request{State: &morris.State{P: p}, Limits: ai.Limits{Time: 300 * time.Millisecond}}
	_, done, ok := k.take()
	if !ok {
		t.Fatal("a new refuter was not free")
	}
	busy, err := e.Search(t.Context(), req)
	done()
	if err != nil || !busy.Unchecked {
		t.Errorf("refuter held elsewhere: %+v, %v; want unchecked", busy, err)
	}
	free, err := e.Search(t.Context(), req)
	if err != nil || free.Unchecked {
		t.Errorf("refuter free: %+v, %v; want checked", free, err)
	}
	var none *Knowledge
	if _, _, ok := none.take(); ok {
		t.Error("no knowledge lent a refuter")
	}
}
