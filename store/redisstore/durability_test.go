package redisstore

import (
	"strings"
	"testing"
)

// Each persistence Redis may have is named, and warned of when it can lose
// an acknowledged write: none, snapshots only, an AOF the system flushes
// when it likes; an AOF synced always or every second is not.
func TestPersistenceIsWarnedOf(t *testing.T) {
	for _, c := range []struct {
		appendonly, fsync, save, name, warns string
	}{
		{"yes", "always", "", "aof, fsync always", ""},
		{"yes", "everysec", "3600 1", "aof, fsync everysec", ""},
		{"yes", "no", "", "aof, fsync no", "appendfsync everysec"},
		{"no", "everysec", "3600 1 300 100", "snapshots", "since the last snapshot"},
		{"no", "everysec", "", "none", "keeps nothing"},
	} {
		name, warning := persistence(c.appendonly, c.fsync, c.save)
		if name != c.name || (c.warns == "") != (warning == "") || !strings.Contains(warning, c.warns) {
			t.Errorf("appendonly %s, appendfsync %s, save %q: %q, %q", c.appendonly, c.fsync, c.save, name, warning)
		}
	}
}
