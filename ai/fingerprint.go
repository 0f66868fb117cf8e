package ai

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Fingerprint is a short hash of a configuration's every field (%#v), for
// tests that make a change of an engine's default configuration, which
// changes its answers, come with a new engine version (the analysis cache
// keys on the version, so a cache would otherwise serve the old answers).
func Fingerprint(config any) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%#v", config))
	return hex.EncodeToString(sum[:6])
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
