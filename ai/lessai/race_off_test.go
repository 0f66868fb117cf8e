//go:build !race

package lessai

// raceRuns: without the race detector, every run of the long model tests.
const raceRuns = 1
