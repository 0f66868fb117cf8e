// Package morrisdbtest gives tests a perfect-play database up to 4-4,
// built once per machine into the temporary directory and shared by the
// packages' tests and runs (a build writes each file whole, so builds at
// once are safe; a later run, the race detector's included, reuses it).
package morrisdbtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"gameai/ai/morrisdb"
)

// Dir is the database's directory, built when missing (some 12 s).
func Dir(t testing.TB) string {
	t.Helper()
	// The format's version in the name: another format is another database.
	dir := filepath.Join(os.TempDir(), "gameai-morrisdb-v2-4-4")
	if err := morrisdb.Build(context.Background(), dir, morrisdb.Space{W: 4, B: 4}, nil); err != nil {
		t.Fatalf("building the test database: %v", err)
	}
	return dir
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
