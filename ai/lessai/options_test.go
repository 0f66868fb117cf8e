package lessai

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"gameai/ai"
	"gameai/games"
	"gameai/games/less"
)

// The service's tree engines take their table's settings and refuse a
// bad one with an option error naming it: a teammate model other than max
// or chance, a scale of 0, a horizon past the game.
func TestTreeEnginesCheckTheirSettings(t *testing.T) {
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
		for k, v := range map[string]string{"teammate": "self", "scale": "0", "horizon": "81", "c": "x"} {
			var oe *ai.OptionError
			_, err := info.Engine.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 10},
				Options: map[string]string{k: v}})
			if !errors.As(err, &oe) || oe.Name != k {
				t.Errorf("%s with %s=%s: %v, want an option error on %s", info.Name, k, v, err, k)
			}
		}
		if _, err := info.Engine.Search(context.Background(), ai.Request{State: st, Limits: ai.Limits{Iterations: 10},
			Options: map[string]string{"teammate": "max", "scale": "3", "horizon": "8", "c": "0.5", "settle": "true"}}); err != nil {
			t.Errorf("%s with good settings: %v", info.Name, err)
		}
	}
	if checked != 2 {
		t.Errorf("checked %d tree engines, want uct and mcts", checked)
	}
}

// Apply sets what the options hold and nothing else, and changes the
// search on a copy: a configuration another holds stays as it was.
func TestTreeApplySetsWhatItIsGiven(t *testing.T) {
	shared := DefaultConfig()
	tr := Tree{MCTS: &shared, Scale: 5}
	tr.Apply(games.Options{"c": "0.3", "teammate": "max"})
	if shared != DefaultConfig() {
		t.Error("Apply changed a configuration another holds")
	}
	if tr.MCTS == &shared || tr.MCTS.C != 0.3 || tr.MCTS.FPU != DefaultConfig().FPU || !tr.TeamPlay || tr.Scale != 5 || tr.HorizonTurns != 0 {
		t.Errorf("applied %+v (search %+v)", tr, *tr.MCTS)
	}
	var none Tree
	none.Apply(games.Options{"scale": "3", "horizon": "8"})
	if none.MCTS != nil || none.Scale != 3 || none.HorizonTurns != 8 {
		t.Errorf("the reward and horizon alone gave %+v", none)
	}
	opts, err := ai.ResolveOptions(TreeOptions(KindUCT), nil)
	if err != nil {
		t.Fatal(err)
	}
	var all Tree
	all.Apply(opts)
	uct := DefaultConfig()
	uct.ExpandAfter, uct.Bias = UCTExpandAfter, UCTBias
	if all.MCTS == nil || *all.MCTS != uct || !all.TeamPlay || !all.BiasBesideSearcher || all.Scale != UCTScale || all.HorizonTurns != HorizonTurns {
		t.Errorf("uct's defaults gave %+v", all)
	}
}

// The tree engines' descriptions say the search their defaults run: uct's
// its node on the 8th visit and its bias, without RAVE; mcts's RAVE and no
// bias.
func TestDescriptionsSayTheDefaultSearch(t *testing.T) {
	want := map[string][]string{
		KindUCT:  {", progressive bias " + strconv.FormatFloat(UCTBias, 'g', -1, 64) + ")", "a move given its node on its 8th visit"},
		KindMCTS: {"RAVE with K " + strconv.FormatFloat(DefaultConfig().RaveK, 'g', -1, 64)},
	}
	wantNot := map[string][]string{KindUCT: {"RAVE with K"}, KindMCTS: {", progressive bias", "a move given its node on its"}}
	seen := 0
	for _, in := range Infos() {
		for _, s := range want[in.Name] {
			seen++
			if !strings.Contains(in.Description, s) {
				t.Errorf("%s's description lacks %q: %s", in.Name, s, in.Description)
			}
		}
		for _, s := range wantNot[in.Name] {
			if strings.Contains(in.Description, s) {
				t.Errorf("%s's description says %q: %s", in.Name, s, in.Description)
			}
		}
	}
	if seen != 3 {
		t.Errorf("checked %d phrases, want 3 (uct and mcts listed)", seen)
	}
}
