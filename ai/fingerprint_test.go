package ai

import (
	"strings"
	"testing"
)

func TestCheckRecorded(t *testing.T) {
	type cfg struct{ C float64 }
	r := Recorded{"1", Fingerprint(cfg{0.4})}
	if err := CheckRecorded("e", "1", cfg{0.4}, r); err != nil {
		t.Errorf("unchanged: %v", err)
	}
	if err := CheckRecorded("e", "1", cfg{0.5}, r); err == nil || !strings.Contains(err.Error(), "bump the version") {
		t.Errorf("configuration changed, version kept: %v", err)
	}
	if err := CheckRecorded("e", "2", cfg{0.5}, r); err == nil || !strings.Contains(err.Error(), "record") {
		t.Errorf("both changed, not recorded: %v", err)
	}
	if Fingerprint(cfg{0.4}) == Fingerprint(cfg{0.40001}) {
		t.Error("fingerprints of different configurations are equal")
	}
}

// A field added at its zero value (a setting added off) leaves the
// fingerprint as it was; set, it changes it, wherever it sits.
func TestFingerprintLeavesZeroFieldsOut(t *testing.T) {
	type inner struct{ C, Bias float64 }
	before := struct {
		Config *inner
		Time   any
	}{&inner{C: 0.4}, 3}
	added := struct {
		Config *inner
		Time   any
		Off    bool
		Names  []string
	}{before.Config, 3, false, nil}
	if Fingerprint(before) != Fingerprint(added) {
		t.Error("fields added at zero changed the fingerprint")
	}
	for name, changed := range map[string]any{
		"a nested field set": struct {
			Config *inner
			Time   any
		}{&inner{C: 0.4, Bias: 0.3}, 3},
		"a field set": struct {
			Config *inner
			Time   any
			Off    bool
		}{before.Config, 3, true},
		"nil for the pointer": struct {
			Config *inner
			Time   any
		}{nil, 3},
		"another type of 3": struct {
			Config *inner
			Time   any
		}{before.Config, int64(3)},
		"a map": struct {
			Config *inner
			Time   any
		}{before.Config, map[string]int{"a": 1}},
	} {
		if Fingerprint(changed) == Fingerprint(before) {
			t.Errorf("%s: the fingerprint did not change", name)
		}
	}
	m := func() map[string]int { return map[string]int{"a": 1, "b": 2, "c": 3, "d": 4} }
	first := Fingerprint(m())
	for range 20 {
		if Fingerprint(m()) != first {
			t.Fatal("a map's fingerprint follows its iteration order")
		}
	}
	type loop struct{ Next *loop }
	l := &loop{}
	l.Next = l
	if Fingerprint(l) == "" {
		t.Error("a configuration that points at itself has no fingerprint")
	}
}
