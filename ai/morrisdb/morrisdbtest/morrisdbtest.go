// Package morrisdbtest gives tests a perfect-play database up to 4-4,
// built once per machine into the temporary directory and shared by the
// packages' tests and runs. Test binaries that start together on a cold
// machine all ask for it at once: one builds it, the others wait for that
// build and then read it (morrisdb.BuildWaiting); a later run, the race
// detector's included, finds it built.
package morrisdbtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"gameai/ai/morrisdb"
)

// Name is the shared directory's name in the temporary directory, with the
// format's version in it: another format is another database. The package
// morrisdb's own tests name it too (they cannot import this package).
const Name = "gameai-morrisdb-v3-4-4"

// Dir is the database's directory, built when missing (some 12 s).
func Dir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(os.TempDir(), Name)
	if err := build(dir, morrisdb.Space{W: 4, B: 4}); err != nil {
		t.Fatalf("building the test database: %v", err)
	}
	return dir
}

func build(dir string, up morrisdb.Space) error {
	return morrisdb.BuildWaiting(context.Background(), dir, up, nil)
}

// Open is the database of Dir, closed when the test ends.
func Open(t testing.TB) *morrisdb.DB {
	t.Helper()
	db, err := morrisdb.Open(Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
