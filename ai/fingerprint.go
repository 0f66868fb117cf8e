package ai

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"slices"
)

// Fingerprint is a short hash of a configuration's fields that are set,
// for tests that make a change of an engine's default configuration, which
// changes its answers, come with a new engine version (the analysis cache
// keys on the version, so a cache would otherwise serve the old answers).
// A field at its zero value is left out, as if it were not there: a
// setting added off changes no answers, so it changes no fingerprint and
// needs no new version (nor empties the cache).
func Fingerprint(config any) string {
	sum := sha256.Sum256(appendSet(nil, reflect.ValueOf(config), 0))
	return hex.EncodeToString(sum[:6])
}

// maxDepth bounds appendSet's descent, so a configuration that points at
// itself is hashed to a depth, not forever.
const maxDepth = 32

// appendSet writes v as %#v does, but a struct's fields only where they
// are not zero; pointers and interfaces are written as what they hold
// (an interface with its dynamic type).
func appendSet(b []byte, v reflect.Value, depth int) []byte {
	if !v.IsValid() {
		return append(b, "nil"...)
	}
	if depth > maxDepth {
		return append(b, "…"...)
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, "nil"...)
		}
		return appendSet(append(b, '&'), v.Elem(), depth+1)
	case reflect.Interface:
		if v.IsNil() {
			return append(b, "nil"...)
		}
		// The dynamic type too: 3 as an int is not 3 as a time.Duration.
		b = append(b, v.Elem().Type().String()...)
		return append(appendSet(append(b, '('), v.Elem(), depth+1), ')')
	case reflect.Struct:
		// The name alone: an unnamed struct's type string lists its
		// fields, zero or not.
		b = append(b, v.Type().Name()...)
		b = append(b, '{')
		for i := range v.NumField() {
			f := v.Field(i)
			if f.IsZero() {
				continue
			}
			b = append(b, v.Type().Field(i).Name...)
			b = append(b, ':')
			b = appendSet(b, f, depth+1)
			b = append(b, ',')
		}
		return append(b, '}')
	case reflect.Slice, reflect.Array:
		b = append(b, v.Type().String()...)
		b = append(b, '[')
		for i := range v.Len() {
			b = appendSet(b, v.Index(i), depth+1)
			b = append(b, ',')
		}
		return append(b, ']')
	case reflect.Map:
		type entry struct {
			key string
			val reflect.Value
		}
		es := make([]entry, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			es = append(es, entry{string(appendSet(nil, it.Key(), depth+1)), it.Value()})
		}
		slices.SortFunc(es, func(x, y entry) int { return cmp.Compare(x.key, y.key) })
		b = append(b, v.Type().String()...)
		b = append(b, '{')
		for _, e := range es {
			b = append(b, e.key...)
			b = append(b, ':')
			b = appendSet(b, e.val, depth+1)
			b = append(b, ',')
		}
		return append(b, '}')
	}
	return fmt.Appendf(b, "%#v", v)
}

// Recorded is an engine's version with the fingerprint of the default
// configuration it answers with.
type Recorded struct{ Version, Fingerprint string }

// CheckRecorded says what to do when an engine's version or configuration
// no longer match what a test recorded: a changed configuration needs a
// new version first, then both are recorded again.
func CheckRecorded(name, version string, config any, r Recorded) error {
	fp := Fingerprint(config)
	switch {
	case fp == r.Fingerprint && version == r.Version:
		return nil
	case version == r.Version:
		return fmt.Errorf("%s: the default configuration changed (fingerprint %s, recorded %s) but the version is still %q: "+
			"answers change, so bump the version, then record ai.Recorded{Version: %q, Fingerprint: %q}", name, fp, r.Fingerprint, version, "NEW", fp)
	}
	return fmt.Errorf("%s: record the new version and configuration: ai.Recorded{Version: %q, Fingerprint: %q}", name, version, fp)
}
