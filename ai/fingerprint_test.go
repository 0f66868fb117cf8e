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
