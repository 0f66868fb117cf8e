package morrisdb

import (
	"testing"

	"gameai/games/morris"
)

// Classes agrees with a count of the canonical placements (those that are
// their class's representative), and the classes' sizes add up to the
// space: every placement is in one class.
func TestClassesCountTheCanonicalPlacements(t *testing.T) {
	spaces := []Space{{3, 3}, {4, 3}}
	if raceOn {
		spaces = spaces[:1]
	}
	for _, s := range spaces {
		var canonical, covered uint64
		eachPlacement(s, func(m, o morris.Bits) {
			cm, co, n := morris.Canonical(m, o)
			if cm == m && co == o {
				canonical++
				covered += uint64(n)
			}
		})
		if got := s.Classes(); got != canonical || covered != s.Placements() {
			t.Errorf("%v: Classes %d, canonical placements %d; their classes hold %d of %d placements", s, got, canonical, covered, s.Placements())
		}
	}
}

// Every symmetry's cycles cover the 24 points; the identity's are 24 of
// one.
func TestCycles(t *testing.T) {
	for i := range morris.Symmetries {
		c := cycles(&morris.Symmetries[i])
		n := 0
		for _, l := range c {
			n += l
		}
		if n != morris.NPoints || (i == 0 && len(c) != morris.NPoints) {
			t.Errorf("symmetry %d: cycles %v", i, c)
		}
	}
}
