//go:build race

package lessai

// raceRuns shares out the work of the long model tests: the race detector
// runs searches some ten times slower, and the packages' goroutines, not
// the statistics, are what it checks.
const raceRuns = 2
