package protocol

import (
	"strings"
	"testing"
)

// TestEachGameHasItsPageRendered: each page renders, with its tables as
// tables, its transcript as a block of code, and none of the Markdown's
// own HTML (the generated parts' markers) in it.
func TestEachGameHasItsPageRendered(t *testing.T) {
	for _, game := range Games() {
		p, ok := Get(game)
		if !ok {
			t.Fatalf("%s: no page", game)
		}
		for _, want := range []string{"<h1>", "<table>", "<code class=\"language-text\">", "gameai try " + game} {
			if !strings.Contains(p.HTML, want) {
				t.Errorf("%s: %q not in its HTML", game, want)
			}
		}
		if strings.Contains(p.HTML, ":begin") || strings.Contains(p.HTML, ":end") {
			t.Errorf("%s: the Markdown's HTML comments reached the page", game)
		}
		if !strings.HasSuffix(p.Title, "the protocol a bot speaks") {
			t.Errorf("%s: title %q", game, p.Title)
		}
	}
	if _, ok := Get("morpion"); ok {
		t.Error("a page for a game that takes no bots")
	}
}
