package ai

import (
	"errors"
	"strings"
	"testing"

	"gameai/games"
)

// An engine's table fills in its defaults, normalises what it is given,
// and refuses an unknown option (naming the ones it takes) or a bad value
// as an *OptionError naming the option.
func TestResolveOptions(t *testing.T) {
	table := []games.OptionSpec{
		{Name: "level", Kind: games.OptionInt, Default: "3", Min: 1, Max: 5, Description: "the level"},
		{Name: "layers", Kind: games.OptionBool, Default: "false", Description: "by layers"},
		{Name: "teammate", Kind: games.OptionChoice, Default: "chance", Choices: []string{"chance", "max"}, Description: "who"},
		{Name: "coefficients", Kind: games.OptionText, Description: "19 integers"},
	}
	o, err := ResolveOptions(table, map[string]string{"level": " 4", "layers": "1"})
	if err != nil || o.Int("level") != 4 || !o.Bool("layers") || o["teammate"] != "chance" || o["coefficients"] != "" {
		t.Fatalf("%v, %v", o, err)
	}
	var oe *OptionError
	for given, want := range map[string]string{"level=9": "level", "layers=maybe": "layers", "teammate=min": "teammate", "depth=3": "depth"} {
		k, v, _ := strings.Cut(given, "=")
		if _, err := ResolveOptions(table, map[string]string{k: v}); !errors.As(err, &oe) || oe.Name != want {
			t.Errorf("%s: %v, want an option error naming %s", given, err, want)
		}
	}
	if _, err := ResolveOptions(table, map[string]string{"depth": "3"}); err == nil ||
		!strings.Contains(err.Error(), "the options are level, layers, teammate, coefficients") {
		t.Errorf("unknown option: %v", err)
	}
	if _, err := ResolveOptions(nil, map[string]string{"seed": "1"}); err == nil || !strings.Contains(err.Error(), "there are none") {
		t.Errorf("an engine without options: %v", err)
	}
	d := DescribeOptions(table)
	for _, want := range []string{"level (int 1..5, default 3): the level", "teammate (chance | max, default chance)", "coefficients (text): 19 integers"} {
		if !strings.Contains(d, want) {
			t.Errorf("description %q lacks %q", d, want)
		}
	}
}
