package arena

import "testing"

func FuzzMorrisSpec(f *testing.F) {
	for _, s := range []string{"alphabeta:strategy=ga-2019-best,depth=4", "mcts:iterations=100", "random",
		"exe:/bin/engine,movetime=1,opt.SkillLevel=3", "alphabeta:coefficients=1,2,3", "chess", "alphabeta:depth"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		ps, err := ParseMorrisSpec(spec)
		if err != nil {
			return
		}
		if ps.Engine == "" || ps.params == nil {
			t.Fatalf("%q parsed to %+v", spec, ps)
		}
	})
}
