package morris

import "testing"

// Each case is a hand-built position and the features counted by hand for
// one side; only the listed features are checked.
func TestFeaturesOnHandBuiltPositions(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		side  int
		phase Phase
		want  map[int]int
	}{
		{
			// White a7 d7 a4: a7-d7-(g7) and a7-a4-(a1) share a7; a7 is
			// hemmed in by its own pieces. Black c3 e4 b2: nothing.
			"placing", "WW./.../.../W..B../B../B../... w 6 6 0 6 -", White, Placing,
			map[int]int{FPlaceClosedMill: 0, FPlaceMills: 0, FPlaceBlocked: -1, FPlacePieces: 0,
				FPlaceTwo: 2, FPlaceThree: 1, FPlaceMobility: 4 - 7},
		},
		{
			"placing, black's view", "WW./.../.../W..B../B../B../... w 6 6 0 6 -", Black, Placing,
			map[int]int{FPlaceBlocked: 1, FPlaceTwo: -2, FPlaceThree: -1, FPlaceMobility: 7 - 4},
		},
		{
			// White's mill a7-d7-g7 with b6 and f6: d7 slides to d6 and
			// closes b6-d6-f6 (a running mill; d7 can close a mill). Black's
			// mill a1-d1-g1 and c3, e3 with nobody to fill d3. Black closed
			// the last mill.
			"moving", "WWW/W.W/.../....../B.B/.../BBB w 0 0 3 40 b", White, Moving,
			map[int]int{FMoveClosedMill: -1, FMoveMills: 0, FMoveBlocked: 0, FMovePieces: 0,
				FMoveCanClose: 1, FMoveRunning: 1, FMoveMobility: 0 /* 7 slides each */, FMoveWin: 0},
		},
		{
			"moving, black's view", "WWW/W.W/.../....../B.B/.../BBB w 0 0 3 40 b", Black, Moving,
			map[int]int{FMoveClosedMill: 1, FMoveCanClose: -1, FMoveRunning: -1},
		},
		{
			// White a7 d7 a4 (three pieces: flying), black five scattered.
			"flying", "WW./..B/.../W..B../B../B../.B. w 0 0 0 50 -", White, Flying,
			map[int]int{FFlyTwo: 2, FFlyThree: 1, FFlyClosedMill: 0, FFlyWin: 0},
		},
		{
			"black down to two", "WWW/.../.../W..B../B../.../... b 0 0 0 50 w", White, Moving,
			map[int]int{FMoveWin: 1, FMoveClosedMill: 1, FMovePieces: 4 - 2, FMoveMills: 1},
		},
		{
			"black down to two, black's view", "WWW/.../.../W..B../B../.../... b 0 0 0 50 w", Black, Moving,
			map[int]int{FMoveWin: -1, FMoveClosedMill: -1},
		},
		{
			// White a7 a4 a1 d1 boxed in by black d7 b4 d2 g1: white to
			// move has no move and has lost; all four white pieces and
			// black's g1 (next to d1 and g4: g4 empty) - only white's are
			// blocked.
			"blocked", "WB./.../.../WB..../.../.B./WWB w 0 0 4 50 -", White, Moving,
			map[int]int{FMoveBlocked: -4, FMoveWin: -1, FMoveMills: 1, FMoveMobility: 0 - 9},
		},
	}
	for _, c := range cases {
		p := pos(t, StandardRules, c.text)
		if ph := p.PhaseOf(c.side); ph != c.phase {
			t.Errorf("%s: phase %s, want %s", c.name, ph, c.phase)
		}
		f := p.AllFeatures(c.side)
		for i, want := range c.want {
			if f[i] != want {
				t.Errorf("%s: %s = %d, want %d", c.name, FeatureNames[i], f[i], want)
			}
		}
	}
}

func TestEvaluateWeighsThePhaseFeatures(t *testing.T) {
	p := pos(t, StandardRules, "WWW/W.W/.../....../B.B/.../BBB w 0 0 3 40 b")
	var c Coefficients
	for i := range c {
		c[i] = 1000 // placing and flying weights must not count
	}
	c[FMoveClosedMill], c[FMoveCanClose], c[FMoveRunning] = 10, 3, 5
	c[FMoveMills], c[FMoveBlocked], c[FMovePieces], c[FMoveMobility], c[FMoveWin] = 7, 7, 7, 7, 7
	// -1·10 + 1·3 + 1·5, the other moving features being 0.
	if got := p.Evaluate(White, &c); got != -2 {
		t.Errorf("Evaluate = %d, want -2", got)
	}
	if got := p.Evaluate(Black, &c); got != 2 {
		t.Errorf("Evaluate for black = %d, want 2", got)
	}
}

func TestPresetsAreTheSpecsVectors(t *testing.T) {
	want := map[string]Coefficients{
		"petcu-e32":    {18, 26, 1, 6, 12, 7, 0, 14, 43, 10, 8, 7, 42, 0, 1086, 10, 1, 16, 1190},
		"ga-2019-best": {10, 10, 2, 6, 9, 25, 6, 15, 17, 8, 21, 28, 48, 3, 5779, 23, 27, 31, 5949},
		"ga-2019-run":  {10, 16, 3, 22, 14, 24, 5, 31, 13, 8, 30, 19, 31, 1, 7456, 16, 14, 18, 9500},
	}
	for name, c := range want {
		s, ok := Preset(name)
		if !ok || s.Coefficients != c {
			t.Errorf("%s = %v, want %v", name, s.Coefficients, c)
		}
	}
	if len(Presets) != 6 {
		t.Errorf("%d presets, want 6", len(Presets))
	}
	if got, want := len(Shipped()), len(Presets)+len(Tuned); got != want {
		t.Errorf("%d shipped strategies, want %d", got, want)
	}
	// The GA vectors, published and ours, lie within the tuner's ranges.
	for _, name := range []string{"ga-2019-best", "ga-2019-run", "gameai-2026-d4"} {
		s, _ := Preset(name)
		for i, v := range s.Coefficients {
			if v < Ranges[i][0] || v > Ranges[i][1] {
				t.Errorf("%s: coefficient %d = %d outside %v", name, i, v, Ranges[i])
			}
		}
	}
}

// The word-parallel line counts and slides of the standard board equal the
// plain loops over its mills and pieces on many positions.
func TestStandardLineCountsEqualTheLoop(t *testing.T) {
	for _, c := range perftCases {
		p := c.position(t)
		if p.rules.geo != standard {
			continue
		}
		for range 40 {
			for _, withMovers := range []bool{false, true} {
				var fast, slow lineCounts
				fast.classifyStandard(p.occ[0], p.occ[1], p.vocc[0], p.vocc[1], withMovers)
				slow.classifyLoop(standard, p.occ[0], p.occ[1], withMovers)
				if fast != slow {
					t.Fatalf("%s %s: fast %+v, loop %+v", c.name, p, fast, slow)
				}
			}
			ab, am, bb, bm := slidesStandard(p.occ[0], p.occ[1], p.vocc[0], p.vocc[1], p.Empty())
			wab, wam := slides(standard, p.occ[0], p.Empty())
			wbb, wbm := slides(standard, p.occ[1], p.Empty())
			if [4]int{ab, am, bb, bm} != [4]int{wab, wam, wbb, wbm} {
				t.Fatalf("%s %s: word-parallel slides %v, loop %v", c.name, p, [4]int{ab, am, bb, bm}, [4]int{wab, wam, wbb, wbm})
			}
			ms := p.GenMoves(nil)
			if len(ms) == 0 {
				break
			}
			p.Make(ms[len(ms)*7/11])
		}
	}
}
