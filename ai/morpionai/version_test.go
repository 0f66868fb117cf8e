package morpionai

import (
	"testing"

	"gameai/ai"
)

// A change of what the engine answers with by default must come with a new
// version, or the analysis cache keeps serving the old engine's moves.
func TestVersionFollowsTheDefaults(t *testing.T) {
	if err := ai.CheckRecorded("dna-greedy", DNAGreedyVersion, dnaGreedyDefaults, ai.Recorded{Version: "1", Fingerprint: "f62347a09223"}); err != nil {
		t.Error(err)
	}
}

func TestNestedVersionFollowsTheDefaults(t *testing.T) {
	if err := ai.CheckRecorded("nrpa and nmcs", NestedVersion, nestedDefaults, ai.Recorded{Version: "4", Fingerprint: "a251c4a4e1dd"}); err != nil {
		t.Error(err)
	}
}
