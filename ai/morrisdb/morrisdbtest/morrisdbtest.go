// Package morrisdbtest gives tests a perfect-play database up to 4-4,
// built once per machine into the temporary directory and shared by the
// packages' tests and runs. Test binaries that start together on a cold
// machine all ask for it at once: one builds it, the others wait for that
// build and then read it (morrisdb.BuildWaiting); a later run, the race
// detector's included, finds it built.
package morrisdbtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
	"gameai/internal/xrand"
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

// Placing is a random position of the placement phase whose game stays in
// the test database's spaces: 3 or 4 pieces a side in all, one to three on
// the board, one to three in the hands.
func Placing(t *testing.T, r *xrand.Rand) *morris.Position {
	t.Helper()
	for {
		var white, black morris.Bits
		tw, tb := 3+int(r.Uint64()%2), 3+int(r.Uint64()%2)
		wb, bb := 1+int(r.Uint64()%3), 1+int(r.Uint64()%3)
		for white.Count() < wb {
			white |= 1 << (r.Uint64() % morris.NPoints)
		}
		for black.Count() < bb {
			black |= 1 << (r.Uint64() % morris.NPoints) &^ white
		}
		wh, bh := tw-wb, tb-bb
		side := int(r.Uint64() % 2)
		// White places first: as many in each hand on White's turn, one
		// more in Black's on Black's.
		if side == morris.White && wh != bh || side == morris.Black && bh != wh+1 || wh+bh == 0 || wh+bh > 3 || wh < 0 || bh < 0 {
			continue
		}
		p, err := morrisdb.Placement(morris.StandardRules, white, black, side)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(p.String(), fmt.Sprintf(" %s 0 0 ", []string{"w", "b"}[side]),
			fmt.Sprintf(" %s %d %d ", []string{"w", "b"}[side], wh, bh), 1)
		q, err := morris.ParsePosition(morris.StandardRules, text)
		if err != nil {
			t.Fatal(err)
		}
		if !q.Outcome().Over {
			return q
		}
	}
}
