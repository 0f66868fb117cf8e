//go:build !race

package morrisdb

const raceOn = false
