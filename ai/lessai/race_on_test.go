//go:build race

package lessai

// raceRuns shares out the work of the long model tests: the race detector
// runs searches some ten times slower, and the packages' goroutines, not
// the statistics, are what it checks (at 2 they took 160 s of CI's race
// phase; at 4 each runs one seed, one game). TestSearchersAreNotPlannedAsGreedy
// bounds a share over all its games' turns only in the plain run.
const raceRuns = 4
