package hosting

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxPublicText bounds what of a bot's own words (an illegal action, a
// protocol error quoting its line) goes into a field anyone can read: its
// whole output belongs in its stderr, which only its owner sees.
const MaxPublicText = 300

// PublicText is s as one line of at most MaxPublicText bytes: control
// characters become spaces, and a longer text is cut at a character's
// boundary and ends in "…".
func PublicText(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, s)
	if len(s) <= MaxPublicText {
		return s
	}
	cut := MaxPublicText - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
