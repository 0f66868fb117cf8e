package lessai

import (
	"testing"

	"gameai/ai"
)

// A change of what an engine answers with by default must come with a new
// version, or the analysis cache keeps serving the old engine's moves.
func TestVersionsFollowTheDefaults(t *testing.T) {
	// An engine is the Chooser its default options make (the package's
	// DefaultConfig(), horizon, scale and beam reach it through the option table's
	// defaults), searching DefaultTime when it is given no limit.
	defaults := func(kind string) any {
		c, err := engine{kind: kind}.chooser(nil)
		if err != nil {
			t.Fatal(err)
		}
		return struct {
			Chooser Chooser
			Time    any
		}{c, DefaultTime}
	}
	for _, c := range []struct {
		name, version string
		config        any
		recorded      ai.Recorded
	}{
		{"mcts", MCTSVersion, defaults(KindMCTS), ai.Recorded{Version: "5", Fingerprint: "9a344d2481d4"}},
		{"uct", UCTVersion, defaults(KindUCT), ai.Recorded{Version: "10", Fingerprint: "429c631833b3"}},
		{"expectimax", ExpectimaxVersion, defaults(KindExpectimax), ai.Recorded{Version: "2", Fingerprint: "52f209adc277"}},
	} {
		if err := ai.CheckRecorded(c.name, c.version, c.config, c.recorded); err != nil {
			t.Error(err)
		}
	}
}
