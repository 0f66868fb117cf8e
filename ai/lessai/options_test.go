package lessai

import (
	"context"
	"errors"
	"testing"

	"gameai/ai"
	"gameai/games/less"
)

// The teammate model reads max and chance and refuses anything else with
// an option error naming it, in ParseTeammate and in the service's engines.
func TestParseTeammate(t *testing.T) {
	for s, want := range map[string]bool{"max": true, "chance": false} {
		if got, err := ParseTeammate(s); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", s, got, err, want)
		}
	}
	st, err := less.Game.NewState("", nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, info := range Infos() {
		if info.Name != KindUCT && info.Name != KindMCTS {
			continue
		}
		checked++
		var oe *ai.OptionError
		_, err := info.Engine.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 10},
			Options: map[string]string{"teammate": "self"}})
		if !errors.As(err, &oe) || oe.Name != "teammate" {
			t.Errorf("%s with teammate=self: %v, want an option error on teammate", info.Name, err)
		}
	}
	if checked != 2 {
		t.Errorf("checked %d tree engines, want uct and mcts", checked)
	}
}
