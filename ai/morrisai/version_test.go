package morrisai

import (
	"testing"
	"time"

	"gameai/ai"
	"gameai/games/morris"
)

// A change of what an engine answers with by default must come with a new
// version, or the analysis cache keeps serving the old engine's moves.
func TestVersionsFollowTheDefaults(t *testing.T) {
	strategy, _ := morris.Preset(morris.DefaultStrategy)
	alphabeta := struct {
		Strategy     string
		Coefficients morris.Coefficients
		TT           int
		Time         time.Duration
	}{morris.DefaultStrategy, strategy.Coefficients, ttEntries, DefaultTime}
	mcts := struct {
		Config       any
		Strategy     string
		Coefficients morris.Coefficients
		Time         time.Duration
	}{MCTSConfig(), morris.DefaultStrategy, strategy.Coefficients, DefaultTime}
	for _, c := range []struct {
		name, version string
		config        any
		recorded      ai.Recorded
	}{
		{"alphabeta", AlphaBetaVersion, alphabeta, ai.Recorded{Version: "2", Fingerprint: "5604fa215a8d"}},
		{"mcts", MCTSVersion, mcts, ai.Recorded{Version: "3", Fingerprint: "2fcd18675f4d"}},
	} {
		if err := ai.CheckRecorded(c.name, c.version, c.config, c.recorded); err != nil {
			t.Error(err)
		}
	}
}
