package games

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// OptionKind is the type of a rule option's value.
type OptionKind string

// The kinds of rule option values.
const (
	OptionBool   OptionKind = "bool"
	OptionInt    OptionKind = "int"
	OptionChoice OptionKind = "choice"
	// OptionFloat is a finite number above Min (from Min when MinClosed)
	// and at most Max (an engine's exploration constant, a reward's scale).
	OptionFloat OptionKind = "float"
	// OptionText is free text its user reads (an engine's 19
	// coefficients): checked there, not here.
	OptionText OptionKind = "text"
	// OptionDuration is a time, as Go writes one (100ms, 1.5s) or in
	// seconds (0.5), from Min to Max milliseconds.
	OptionDuration OptionKind = "duration"
)

// OptionSpec declares one rule option of a game.
type OptionSpec struct {
	Name        string     `json:"name"`
	Kind        OptionKind `json:"kind"`
	Default     string     `json:"default"`
	Description string     `json:"description"`
	Min         int        `json:"min,omitempty"`
	Max         int        `json:"max,omitempty"`
	// MinClosed lets a float be Min itself: a setting whose Min means off
	// (a bias of 0), where for most Min would silently mean a default.
	MinClosed bool     `json:"min_closed,omitempty"`
	Choices   []string `json:"choices,omitempty"`
}

// Options are resolved rule options: every declared option has a value.
type Options map[string]string

// Bool reads a bool option; resolved options always parse.
func (o Options) Bool(name string) bool { return o[name] == "true" }

// Float reads a float option; resolved options always parse.
func (o Options) Float(name string) float64 {
	x, _ := strconv.ParseFloat(o[name], 64)
	return x
}

// Duration reads a duration option; resolved options always parse.
func (o Options) Duration(name string) time.Duration {
	d, _ := parseDuration(o[name])
	return d
}

// parseDuration reads a Go duration or a number of seconds.
func parseDuration(v string) (time.Duration, error) {
	if d, err := time.ParseDuration(v); err == nil {
		return d, nil
	}
	secs, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(secs) || math.IsInf(secs, 0) || math.Abs(secs) > 1e9 {
		return 0, fmt.Errorf("%q is not a duration", v)
	}
	return time.Duration(secs * float64(time.Second)), nil
}

// Int reads an int option; resolved options always parse.
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o[name])
	return n
}

// Key is a canonical text of the options, stable across runs, used in cache
// keys so that a change of rules never serves a stale answer.
func (o Options) Key() string {
	keys := slices.Sorted(maps.Keys(o))
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(o[k])
	}
	return b.String()
}

// ResolveOptions checks the given options against the specs and fills in the
// defaults. Unknown names and bad values are *OptionError values.
func ResolveOptions(specs []OptionSpec, given map[string]string) (Options, error) {
	out := make(Options, len(specs))
	for _, s := range specs {
		out[s.Name] = s.Default
	}
	for _, name := range slices.Sorted(maps.Keys(given)) {
		v := given[name]
		i := slices.IndexFunc(specs, func(s OptionSpec) bool { return s.Name == name })
		if i < 0 {
			return nil, &OptionError{Name: name, Reason: "unknown option (" + known(specs) + ")", Unknown: true}
		}
		norm, err := specs[i].check(v)
		if err != nil {
			return nil, &OptionError{Name: name, Reason: err.Error()}
		}
		out[name] = norm
	}
	return out, nil
}

// known names the options a table takes, for an unknown one's error.
func known(specs []OptionSpec) string {
	if len(specs) == 0 {
		return "there are none"
	}
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return "the options are " + strings.Join(names, ", ")
}

// FloatRange writes a float option's range as its errors and the engines'
// descriptions say it: (0, 10], or [0, 10] when MinClosed.
func (s OptionSpec) FloatRange() string {
	open := "("
	if s.MinClosed {
		open = "["
	}
	return fmt.Sprintf("%s%d, %d]", open, s.Min, s.Max)
}

func (s OptionSpec) check(v string) (string, error) {
	switch s.Kind {
	case OptionBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return "", fmt.Errorf("%q is not true or false", v)
		}
		return strconv.FormatBool(b), nil
	case OptionInt:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < s.Min || n > s.Max {
			return "", fmt.Errorf("%q is not an integer in %d..%d", v, s.Min, s.Max)
		}
		return strconv.Itoa(n), nil
	case OptionFloat:
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		above := x > float64(s.Min) || s.MinClosed && x == float64(s.Min)
		if err != nil || !(above && x <= float64(s.Max)) {
			return "", fmt.Errorf("%q is not a number in %s", v, s.FloatRange())
		}
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case OptionChoice:
		if !slices.Contains(s.Choices, v) {
			return "", fmt.Errorf("%q is not one of %s", v, strings.Join(s.Choices, ", "))
		}
		return v, nil
	case OptionText:
		return v, nil
	case OptionDuration:
		d, err := parseDuration(strings.TrimSpace(v))
		if err != nil || d < time.Duration(s.Min)*time.Millisecond || d > time.Duration(s.Max)*time.Millisecond {
			return "", fmt.Errorf("%q is not a time from %v to %v (100ms, 1.5s, or seconds)", v,
				time.Duration(s.Min)*time.Millisecond, time.Duration(s.Max)*time.Millisecond)
		}
		return d.String(), nil
	}
	return "", fmt.Errorf("option kind %q is not supported", s.Kind)
}
