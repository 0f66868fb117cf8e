package morrisdb

import (
	"slices"
	"testing"

	"gameai/games/morris"
)

// The start's lines are the classes of its first two placements, each
// pair of points in one; the start's bounds are White's best first
// placement against Black's worst reply.
func TestStartLinesAndBounds(t *testing.T) {
	lines := StartLines()
	if got, want := uint64(len(lines)), (Space{1, 1}).Classes(); got != want {
		t.Errorf("%d lines, want %d classes of a piece against a piece", got, want)
	}
	for w := range morris.NPoints {
		for b := range morris.NPoints {
			if w != b && lineOf(lines, w, b) < 0 {
				t.Fatalf("no line for %d, %d", w, b)
			}
		}
	}
	if lo, hi := StartBounds(lines); lo != Lost || hi != Won {
		t.Errorf("nothing solved: %d..%d", lo, hi)
	}
	for i := range lines {
		lines[i].Solved, lines[i].Value = true, Drawn
	}
	if lo, hi := StartBounds(lines); lo != Drawn || hi != Drawn {
		t.Errorf("every line drawn: %d..%d", lo, hi)
	}
	// Every reply to a corner of the outer square wins for White, one
	// reply to each other first placement loses: White wins.
	corner := lines[lineOf(lines, 0, 1)].White
	for i := range lines {
		if lines[i].White == corner {
			lines[i].Value = Won
		}
	}
	if lo, hi := StartBounds(lines); lo != Won || hi != Won {
		t.Errorf("a first placement whose replies all lose for Black: %d..%d", lo, hi)
	}
	lines[lineOf(lines, 0, 1)].Solved = false
	if lo, hi := StartBounds(lines); lo != Drawn || hi != Won {
		t.Errorf("one of its replies unsolved: %d..%d", lo, hi)
	}
}

// The directory's names say what is missing as the opened database does.
func TestMissingForStartInReadsTheNames(t *testing.T) {
	db := smallDB(t)
	in, err := MissingForStartIn(built.dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := db.MissingForStart(); len(in) != 49-len(db.Spaces()) || !slices.Equal(in, want) {
		t.Errorf("missing by name %v, by the database %v", in, want)
	}
	if in, err := MissingForStartIn(t.TempDir()); err != nil || len(in) != 49 {
		t.Errorf("an empty directory: %d missing, %v", len(in), err)
	}
}
