//go:build race

package cli

// raceOn: the race detector is on (its bots play ten times slower).
const raceOn = true
