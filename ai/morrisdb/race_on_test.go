//go:build race

package morrisdb

// raceOn: the race detector's run builds no database (its cost is ten
// times the plain run's); it checks the one pass that runs on every core.
const raceOn = true
