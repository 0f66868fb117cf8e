package arena

import (
	"strings"
	"testing"
	"time"

	"gameai/games"
)

// Every key of every engine's table is taken with a good value, named in
// the help, and refused with a bad one, the error naming it.
func TestMorrisSpecKeysAreTheTables(t *testing.T) {
	good := map[games.OptionKind]string{games.OptionInt: "3", games.OptionDuration: "0.5", games.OptionFloat: "1"}
	bad := map[games.OptionKind]string{games.OptionInt: "-1", games.OptionDuration: "soon", games.OptionFloat: "NaN"}
	for engine, table := range morrisSpecTables {
		head := engine
		if engine == "exe" {
			head = "exe:/bin/true"
		}
		for _, o := range table {
			if !strings.Contains(MorrisSpecHelp, o.Name+"=") {
				t.Errorf("the help does not name %s's %s", engine, o.Name)
			}
			v, ok := good[o.Kind]
			if !ok {
				continue // strategy and coefficients: below
			}
			spec := head + sep(head) + o.Name + "=" + v
			ps, err := ParseMorrisSpec(spec)
			if err != nil {
				t.Errorf("%s: %v", spec, err)
				continue
			}
			if o.Kind == games.OptionDuration && ps.params[o.Name] != (500*time.Millisecond).String() {
				t.Errorf("%s: %s read as %q", spec, o.Name, ps.params[o.Name])
			}
			spec = head + sep(head) + o.Name + "=" + bad[o.Kind]
			if _, err := ParseMorrisSpec(spec); err == nil || !strings.Contains(err.Error(), o.Name) {
				t.Errorf("%s: error %v, want one naming %s", spec, err, o.Name)
			}
		}
		if _, err := ParseMorrisSpec(head + sep(head) + "colour=white"); err == nil || !strings.Contains(err.Error(), "colour") {
			t.Errorf("%s with an unknown key: %v", engine, err)
		} else if len(table) > 0 && !strings.Contains(err.Error(), table[0].Name) {
			t.Errorf("%s: unknown key's error %q does not list the keys", engine, err)
		}
	}
	for spec, want := range map[string]string{
		"alphabeta:strategy=nope,depth=2":                 "strategy",
		"alphabeta:coefficients=1,2,3,depth=2":            "coefficients",
		"exe:/bin/true,opt.=3":                            "opt.",
		"exe:/bin/true,opt.SkillLevel=30,movetime=1":      "",
		"mcts:strategy=ga-2019-best,iterations=10,seed=4": "",
		"alphabeta:depth":                                 "key=value",
	} {
		_, err := ParseMorrisSpec(spec)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", spec, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: error %v, want one naming %q", spec, err, want)
		}
	}
}

func sep(head string) string {
	if strings.Contains(head, ":") {
		return ","
	}
	return ":"
}
