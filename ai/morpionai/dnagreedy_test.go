package morpionai

import (
	"context"
	"errors"
	"testing"

	"gameai/ai"
	"gameai/games"
	"gameai/games/morpion"
)

func TestSearchFindsLongGamesAndIsReproducible(t *testing.T) {
	st, _ := morpion.Game.NewState("5T", nil)
	req := ai.Request{State: st, Limits: ai.Limits{Iterations: 300}, Options: map[string]string{"seed": "4"}}
	a, err := DNAGreedy{}.Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := DNAGreedy{}.Search(context.Background(), req)
	if a.Move.String() != b.Move.String() || a.Score != b.Score {
		t.Errorf("same seed, different answers: %v %v / %v %v", a.Move, a.Score, b.Move, b.Score)
	}
	// The best of 300 DNA games beats the mean random game (53.6) clearly.
	if a.Score < 60 || len(a.PV) != int(a.Score) || a.Nodes < 300*20 {
		t.Errorf("score %v, pv %d, nodes %d", a.Score, len(a.PV), a.Nodes)
	}
	pvReachesScore(t, st, a)
}

// pvReachesScore plays a result's principal variation on st: it must be a
// legal game to the end, of the result's score.
func pvReachesScore(t *testing.T, st games.State, a ai.Result) {
	t.Helper()
	for i, m := range a.PV {
		if err := st.Play(m); err != nil {
			t.Fatalf("pv move %d: %v", i+1, err)
		}
	}
	if !st.Terminal() || st.Result()[0] != a.Score {
		t.Errorf("pv ends at %v, terminal %v, want the score %v", st.Result(), st.Terminal(), a.Score)
	}
}

func TestSearchErrors(t *testing.T) {
	st, _ := morpion.Game.NewState("5D", nil)
	var oe *ai.OptionError
	_, err := DNAGreedy{}.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 1}, Options: map[string]string{"seed": "x"}})
	if !errors.As(err, &oe) {
		t.Errorf("bad seed: %v", err)
	}
	_, err = DNAGreedy{}.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 1}, Options: map[string]string{"depth": "3"}})
	if !errors.As(err, &oe) {
		t.Errorf("unknown option: %v", err)
	}
}
