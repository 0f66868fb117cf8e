package lessai

import (
	"testing"

	"gameai/ai"
)

// A change of what an engine answers with by default must come with a new
// version, or the analysis cache keeps serving the old engine's moves.
func TestVersionsFollowTheDefaults(t *testing.T) {
	// An engine is the Chooser its default options make, with the
	// package's settings that no option reaches.
	defaults := func(kind string) any {
		c, err := engine{kind}.chooser(nil)
		if err != nil {
			t.Fatal(err)
		}
		return struct {
			Chooser       Chooser
			Time, Horizon any
			Scale, Beam   any
		}{c, DefaultTime, HorizonTurns, Scale, DefaultBeam}
	}
	for _, c := range []struct {
		name, version string
		config        any
		recorded      ai.Recorded
	}{
		{"mcts", MCTSVersion, defaults(KindMCTS), ai.Recorded{Version: "5", Fingerprint: "226e44133832"}},
		{"uct", UCTVersion, defaults(KindUCT), ai.Recorded{Version: "10", Fingerprint: "6269bf5d0074"}},
		{"expectimax", ExpectimaxVersion, defaults(KindExpectimax), ai.Recorded{Version: "2", Fingerprint: "2a18423f6b7f"}},
	} {
		if err := ai.CheckRecorded(c.name, c.version, c.config, c.recorded); err != nil {
			t.Error(err)
		}
	}
}
