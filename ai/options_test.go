package ai

import (
	"errors"
	"strings"
	"testing"
)

// The option parsers set a present, good value; leave the default when the
// option is absent; and name the option in an *OptionError, the default
// untouched, when the value is bad.
func TestOptionParsers(t *testing.T) {
	opts := map[string]string{"n": "7", "big": "12", "b": "true", "nb": "yes", "seed": "42"}
	n, big := 1, 1
	if err := IntOption(opts, "n", 1, 10, &n); err != nil || n != 7 {
		t.Errorf("n: %d, %v", n, err)
	}
	var oe *OptionError
	if err := IntOption(opts, "big", 1, 10, &big); !errors.As(err, &oe) || oe.Name != "big" || big != 1 {
		t.Errorf("big: %d, %v", big, err)
	}
	absent := 5
	if err := IntOption(opts, "none", 1, 10, &absent); err != nil || absent != 5 {
		t.Errorf("absent: %d, %v", absent, err)
	}
	var b, nb bool
	if err := BoolOption(opts, "b", &b); err != nil || !b {
		t.Errorf("b: %v, %v", b, err)
	}
	if err := BoolOption(opts, "nb", &nb); !errors.As(err, &oe) || oe.Name != "nb" || nb {
		t.Errorf("nb: %v, %v", nb, err)
	}
	seed := uint64(1)
	if err := SeedOption(opts, &seed); err != nil || seed != 42 {
		t.Errorf("seed: %d, %v", seed, err)
	}
	seed = 1
	if err := SeedOption(map[string]string{"seed": "-1"}, &seed); !errors.As(err, &oe) || oe.Name != "seed" || seed != 1 {
		t.Errorf("seed -1: %d, %v", seed, err)
	}
	for _, bad := range []string{"0", "-1", "1001", "NaN", "+Inf", "x", ""} {
		if _, err := ParsePositive("scale", bad, 1000); !errors.As(err, &oe) || oe.Name != "scale" || !strings.Contains(err.Error(), "(0, 1000]") {
			t.Errorf("ParsePositive(%q): %v", bad, err)
		}
	}
	if x, err := ParsePositive("scale", "1000", 1000); err != nil || x != 1000 {
		t.Errorf("ParsePositive(1000): %v, %v", x, err)
	}
}
