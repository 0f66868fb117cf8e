package games

import (
	"errors"
	"testing"
)

var specs = []OptionSpec{
	{Name: "flying", Kind: OptionBool, Default: "true"},
	{Name: "nmove", Kind: OptionInt, Default: "100", Min: 10, Max: 1000},
	{Name: "board", Kind: OptionChoice, Default: "nine", Choices: []string{"nine", "twelve"}},
}

func TestResolveOptions(t *testing.T) {
	got, err := ResolveOptions(specs, map[string]string{"flying": "0", "nmove": " 50"})
	if err != nil {
		t.Fatal(err)
	}
	want := Options{"flying": "false", "nmove": "50", "board": "nine"}
	if got.Key() != want.Key() {
		t.Errorf("resolved %v, want %v", got, want)
	}
	if got.Bool("flying") || got.Int("nmove") != 50 {
		t.Errorf("typed reads: %v %v", got.Bool("flying"), got.Int("nmove"))
	}
	if k := got.Key(); k != "board=nine,flying=false,nmove=50" {
		t.Errorf("Key = %q, want names sorted", k)
	}
}

func TestResolveOptionsErrors(t *testing.T) {
	for _, c := range []struct {
		given map[string]string
		name  string
	}{
		{map[string]string{"gravity": "1"}, "gravity"},
		{map[string]string{"flying": "sometimes"}, "flying"},
		{map[string]string{"nmove": "5"}, "nmove"},
		{map[string]string{"nmove": "ten"}, "nmove"},
		{map[string]string{"board": "six"}, "board"},
	} {
		_, err := ResolveOptions(specs, c.given)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Name != c.name || oe.Reason == "" {
			t.Errorf("ResolveOptions(%v) = %v, want an OptionError naming %s", c.given, err, c.name)
		}
	}
}

func TestParseErrorText(t *testing.T) {
	e := &ParseError{Field: "move 3", Offset: 7, Reason: "no such square"}
	if e.Error() != "parse error in move 3 at offset 7: no such square" {
		t.Errorf("Error() = %q", e.Error())
	}
	e = &ParseError{Offset: -1, Reason: "too short"}
	if e.Error() != "parse error: too short" {
		t.Errorf("Error() = %q", e.Error())
	}
}

// A duration is Go's (100ms, 1.5s) or seconds, within its range, written
// back as Go writes it.
func TestDurationOptions(t *testing.T) {
	table := []OptionSpec{{Name: "movetime", Kind: OptionDuration, Min: 10, Max: 60_000}}
	for in, want := range map[string]string{"1.5s": "1.5s", "0.5": "500ms", " 2 ": "2s", "10ms": "10ms", "60": "1m0s"} {
		got, err := ResolveOptions(table, map[string]string{"movetime": in})
		if err != nil || got["movetime"] != want || got.Duration("movetime").String() != want {
			t.Errorf("%q: %v %v, want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"9ms", "61s", "-1", "NaN", "Inf", "1e300", "soon", ""} {
		if _, err := ResolveOptions(table, map[string]string{"movetime": in}); err == nil {
			t.Errorf("%q taken", in)
		}
	}
}

// A float's range is open below unless MinClosed (a setting whose Min means
// off); never NaN or infinite; written back as Go writes it.
func TestFloatOptions(t *testing.T) {
	open := OptionSpec{Name: "c", Kind: OptionFloat, Min: 0, Max: 10}
	closed := open
	closed.MinClosed = true
	for _, c := range []struct {
		spec   OptionSpec
		in     string
		want   string
		reason string
	}{
		{open, " 0.5 ", "0.5", ""},
		{open, "10", "10", ""},
		{open, "1e-300", "1e-300", ""},
		{open, "0", "", `"0" is not a number in (0, 10]`},
		{open, "-1", "", `"-1" is not a number in (0, 10]`},
		{closed, "0", "0", ""},
		{closed, "1e-300", "1e-300", ""},
		{closed, "-1e-300", "", `"-1e-300" is not a number in [0, 10]`},
		{closed, "10.000001", "", `"10.000001" is not a number in [0, 10]`},
		{closed, "NaN", "", `"NaN" is not a number in [0, 10]`},
		{closed, "-Inf", "", `"-Inf" is not a number in [0, 10]`},
		{closed, "+Inf", "", `"+Inf" is not a number in [0, 10]`},
		{closed, "", "", `"" is not a number in [0, 10]`},
	} {
		got, err := ResolveOptions([]OptionSpec{c.spec}, map[string]string{"c": c.in})
		var oe *OptionError
		switch {
		case c.reason == "" && (err != nil || got["c"] != c.want):
			t.Errorf("%q closed=%v: %v %v, want %s", c.in, c.spec.MinClosed, got, err, c.want)
		case c.reason != "" && (!errors.As(err, &oe) || oe.Name != "c" || oe.Reason != c.reason):
			t.Errorf("%q closed=%v: %v, want the option named and %s", c.in, c.spec.MinClosed, err, c.reason)
		}
	}
}
