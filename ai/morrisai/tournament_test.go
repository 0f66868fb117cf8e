package morrisai

import (
	"testing"

	"gameai/games/morris"
)

// The study's controls are its eight: the published vectors and two random
// ones, never our own tuned strategies.
func TestDefaultOpponentsAreTheStudys(t *testing.T) {
	opps := DefaultOpponents(1)
	if len(opps) != 8 {
		t.Fatalf("%d default opponents, want 8", len(opps))
	}
	for _, o := range opps {
		for _, tuned := range morris.Tuned {
			if o.Name == tuned.Name {
				t.Errorf("tuned strategy %s among the study's controls", o.Name)
			}
		}
	}
}
