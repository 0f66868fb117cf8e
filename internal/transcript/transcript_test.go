package transcript

import (
	"strings"
	"testing"
)

func TestAShortConversationIsKeptWhole(t *testing.T) {
	tr := New(3, 3)
	tr.Sent("uci")
	tr.Got("id name x")
	tr.Got("uciok")
	tr.Sent("quit")
	if got, want := tr.String(), "> uci\n< id name x\n< uciok\n> quit\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestALongOneKeepsItsEndsAndCountsTheMiddle(t *testing.T) {
	tr := New(2, 3)
	for i := range 10 {
		tr.Sent(strings.Repeat("a", i+1))
	}
	lines, skipped := tr.Lines()
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	if got := strings.Join(texts, " "); got != "a aa aaaaaaaa aaaaaaaaa aaaaaaaaaa" || skipped != 5 {
		t.Fatalf("kept %q, %d skipped", got, skipped)
	}
	if s := tr.String(); !strings.Contains(s, "> aa\n… 5 lines not kept …\n> aaaaaaaa\n") {
		t.Fatalf("rendered:\n%s", s)
	}
}

func TestALongLineIsCut(t *testing.T) {
	tr := New(1, 0)
	tr.Got(strings.Repeat("x", 600))
	tr.Got("dropped")
	lines, skipped := tr.Lines()
	if len(lines) != 1 || !strings.HasSuffix(lines[0].Text, "… [88 bytes more]") || skipped != 1 {
		t.Fatalf("%+v, %d skipped", lines, skipped)
	}
}

func TestANilTranscriptKeepsNothing(t *testing.T) {
	var tr *Transcript
	tr.Sent("x")
	if tr.String() != "" {
		t.Fatal("a nil transcript kept a line")
	}
}
