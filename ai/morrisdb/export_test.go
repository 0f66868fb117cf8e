package morrisdb

// RaceOn tells the package's external tests (package morrisdb_test) what
// raceOn tells its own.
const RaceOn = raceOn
