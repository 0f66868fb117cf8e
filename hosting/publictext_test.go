package hosting

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPublicTextIsOneBoundedLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"illegal action \"h2h3\"", "illegal action \"h2h3\""},
		{"line one\nline two\r\x00\x1b[31m", "line one line two   [31m"},
		{"bad \xff byte", "bad   byte"},
	} {
		if got := PublicText(c.in); got != c.want {
			t.Errorf("PublicText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := "illegal action " + strings.Repeat("é", 4000)
	got := PublicText(long)
	if len(got) > MaxPublicText || !utf8.ValidString(got) || !strings.HasSuffix(got, "…") || !strings.HasPrefix(got, "illegal action éé") {
		t.Errorf("a 8 KB fault became %d bytes: %q", len(got), got)
	}
}
