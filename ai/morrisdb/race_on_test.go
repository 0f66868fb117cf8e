//go:build race

package morrisdb

// raceOn: the race detector's run (ten times the plain run's cost) counts
// fewer spaces where a test walks them; the test database up to 4-4 is
// built once for it too (40 s for the package under it, from nothing) or
// read where the plain run left it.
const raceOn = true
