package ai

import (
	"fmt"
	"strconv"
)

// The parsers of engine settings. ParseInt, ParseBool, ParseSeed and
// ParsePositive read one value and say what is wrong with a bad one as an
// *OptionError; the ...Option forms read an engine request's option map,
// leaving *out alone when the option is absent. Every engine and the
// CodeCup bot specs word their errors alike through them.

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

// ParsePositive reads a number in (0, hi]; NaN and infinities are refused.
func ParsePositive(name, s string, hi float64) (float64, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x > 0 && x <= hi) {
		return 0, &OptionError{Name: name, Reason: fmt.Sprintf("%q is not a number in (0, %s]", s, strconv.FormatFloat(hi, 'f', -1, 64))}
	}
	return x, nil
}

// IntOption reads an integer option in lo..hi.
func IntOption(opts map[string]string, name string, lo, hi int, out *int) error {
	return option(opts, name, out, func(s string) (int, error) { return ParseInt(name, s, lo, hi) })
}

// BoolOption reads a true-or-false option.
func BoolOption(opts map[string]string, name string, out *bool) error {
	return option(opts, name, out, func(s string) (bool, error) { return ParseBool(name, s) })
}

// SeedOption reads the seed option, a non-negative integer.
func SeedOption(opts map[string]string, out *uint64) error {
	return option(opts, "seed", out, ParseSeed)
}

// option sets *out from opts[name] when it is present and parses.
func option[T any](opts map[string]string, name string, out *T, parse func(string) (T, error)) error {
	s, ok := opts[name]
	if !ok {
		return nil
	}
	v, err := parse(s)
	if err != nil {
		return err
	}
	*out = v
	return nil
}
