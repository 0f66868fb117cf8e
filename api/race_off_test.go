//go:build !race

package api_test

import "testing"

const raceSlowdown = 1

// parallel runs a browser test beside the others (scripts/test.sh lets
// four run at once): a browser test mostly waits on chromium and the page's
// polls. The other tests run one at a time: four at once, a run of them
// failed one test in three, each time another whose engines play or search
// on time (a resumed competition whose depth-bounded games, slowed, differ
// from the uninterrupted one; a 100 ms search refused as too busy; a Less
// engine over its clock). BENCHMARKS.md, "The API's tests".
func parallel(t *testing.T) { t.Parallel() }
