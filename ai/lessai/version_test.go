package lessai

import (
	"testing"

	"gameai/ai"
)

// A change of what an engine answers with by default must come with a new
// version, or the analysis cache keeps serving the old engine's moves.
func TestVersionsFollowTheDefaults(t *testing.T) {
	for _, c := range []struct {
		name, version string
		config        any
		recorded      ai.Recorded
	}{
		{"mcts", MCTSVersion, struct {
			Config  any
			Time    any
			Horizon any
		}{Config, DefaultTime, HorizonTurns}, ai.Recorded{Version: "5", Fingerprint: "8ae4c0b262b5"}},
		{"uct", UCTVersion, struct {
			Config  any
			RAVE    bool
			Time    any
			Horizon any
			Options any
		}{Config, false, DefaultTime, HorizonTurns, TreeOptions(KindUCT)}, ai.Recorded{Version: "9", Fingerprint: "d72b961b7b20"}},
		{"expectimax", ExpectimaxVersion, struct{ Beam, Time any }{DefaultBeam, DefaultTime}, ai.Recorded{Version: "2", Fingerprint: "23b94931cdd4"}},
	} {
		if err := ai.CheckRecorded(c.name, c.version, c.config, c.recorded); err != nil {
			t.Error(err)
		}
	}
}
