//go:build !race

package hosting

const raceOn = false
