//go:build race

package hosting

// raceOn: the race detector is on (our engines, the validation games'
// opponents, play some ten times slower).
const raceOn = true
