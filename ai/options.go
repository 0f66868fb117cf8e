package ai

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gameai/games"
)

// The parsers of engine settings. ParseInt, ParseBool and ParseSeed read
// one value and say what is wrong with a bad one as an
// *OptionError (the CodeCup bot specs read theirs through them); an engine
// request's options are checked against the engine's table by
// ResolveOptions.

// ParseInt reads an integer in lo..hi.
func ParseInt(name, s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, &OptionError{Name: name, Reason: fmt.Sprintf("%q is not an integer in %d..%d", s, lo, hi)}
	}
	return n, nil
}

// ParseBool reads true or false (and strconv.ParseBool's other spellings).
func ParseBool(name, s string) (bool, error) {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, &OptionError{Name: name, Reason: fmt.Sprintf("%q is not true or false", s)}
	}
	return b, nil
}

// ParseSeed reads a seed, a non-negative integer.
func ParseSeed(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, &OptionError{Name: "seed", Reason: fmt.Sprintf("%q is not a non-negative integer", s)}
	}
	return n, nil
}

// MaxSeed is the largest seed an engine's table takes: the largest
// integer a JSON client (a web page's numbers are doubles) writes exactly.
const MaxSeed = 1<<53 - 1

// ResolveOptions checks an engine request's options against the engine's
// table (EngineInfo.Options) and fills in the defaults: an unknown name or
// a bad value is an *OptionError naming the option (and, for an unknown
// one, the options the engine takes).
func ResolveOptions(table []games.OptionSpec, given map[string]string) (games.Options, error) {
	o, err := games.ResolveOptions(table, given)
	if oe := (*games.OptionError)(nil); errors.As(err, &oe) {
		return nil, &OptionError{Name: oe.Name, Reason: oe.Reason, Unknown: oe.Unknown}
	}
	return o, err
}

// DescribeOptions is an option table in a sentence, for descriptions:
// "options: level (int 1..5, default 3): the nesting level; ...".
func DescribeOptions(table []games.OptionSpec) string {
	if len(table) == 0 {
		return "no options"
	}
	parts := make([]string, len(table))
	for i, s := range table {
		kind := string(s.Kind)
		switch s.Kind {
		case games.OptionInt:
			kind = fmt.Sprintf("int %d..%d", s.Min, s.Max)
		case games.OptionFloat:
			kind = "float in " + s.FloatRange()
		case games.OptionChoice:
			kind = strings.Join(s.Choices, " | ")
		case games.OptionDuration:
			kind = fmt.Sprintf("duration %v..%v", time.Duration(s.Min)*time.Millisecond, time.Duration(s.Max)*time.Millisecond)
		}
		def := ""
		if s.Default != "" {
			def = ", default " + s.Default
		}
		parts[i] = fmt.Sprintf("%s (%s%s): %s", s.Name, kind, def, s.Description)
	}
	return "options: " + strings.Join(parts, "; ")
}
