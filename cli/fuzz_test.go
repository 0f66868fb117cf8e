package cli

import (
	"strings"
	"testing"
	"time"

	"gameai/codecup"
)

func FuzzOpponents(f *testing.F) {
	for _, s := range []string{"default", "petcu-e32,random:3", "mine=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19", "random:0", "x="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		o, err := resolveOpponents(spec, 1)
		if err != nil {
			return
		}
		for _, op := range o {
			if op.Name == "" {
				t.Fatalf("%q gave a nameless opponent", spec)
			}
		}
	})
}

func FuzzProgramSpec(f *testing.F) {
	for _, s := range []string{"gameai:mcts", "gameai:greedy:budget=2s,seed=7", "gameai:mcts:seed=5abc", "gameai:chess",
		"./bot --fast", "  ", "gameai:uct:budget=-1s", "gameai:expectimax:x=1", "gameai:mcts:c=0.1,max_depth=16",
		"gameai:greedy:c=1", "gameai:uct:rave_k=NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		p, err := parseProgram(spec, 30*time.Second)
		if err != nil {
			return
		}
		switch p := p.Local.Less.(type) {
		case codecup.Internal:
			if !codecup.ValidEngine(p.Config.Engine) || p.Config.Budget <= 0 || p.Label != spec {
				t.Fatalf("%q parsed to %+v", spec, p)
			}
			if c := p.Config.MCTS; c != nil && !(c.C > 0 && c.RaveK > 0 && c.FPU > 0 && c.MaxDepth >= 1) {
				t.Fatalf("%q parsed to the search settings %+v", spec, *c)
			}
		case codecup.Exec:
			if len(p.Argv) == 0 || strings.HasPrefix(spec, "gameai:") {
				t.Fatalf("%q parsed to %+v", spec, p)
			}
		default:
			t.Fatalf("%q parsed to a %T", spec, p)
		}
	})
}
