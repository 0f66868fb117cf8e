package ai

import (
	"fmt"
	"strconv"
)

// The parsers of engine options: each leaves *out alone when the option is
// absent, and says what is wrong with a bad value as an *OptionError, so
// every engine words its errors alike.

// IntOption reads an integer option in lo..hi.
func IntOption(opts map[string]string, name string, lo, hi int, out *int) error {
	s, ok := opts[name]
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return &OptionError{Name: name, Reason: fmt.Sprintf("%q is not an integer in %d..%d", s, lo, hi)}
	}
	*out = n
	return nil
}

// BoolOption reads a true-or-false option.
func BoolOption(opts map[string]string, name string, out *bool) error {
	s, ok := opts[name]
	if !ok {
		return nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return &OptionError{Name: name, Reason: fmt.Sprintf("%q is not true or false", s)}
	}
	*out = b
	return nil
}

// SeedOption reads the seed option, a non-negative integer.
func SeedOption(opts map[string]string, out *uint64) error {
	s, ok := opts["seed"]
	if !ok {
		return nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return &OptionError{Name: "seed", Reason: fmt.Sprintf("%q is not a non-negative integer", s)}
	}
	*out = n
	return nil
}
