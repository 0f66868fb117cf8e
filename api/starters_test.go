package api_test

import (
	"strings"
	"testing"

	"gameai/api"
	"gameai/starters"
)

// TestStartersAndProtocolsAreServed: every starter downloads as the file an
// upload in its language is kept under, with the bytes of the repository's;
// each game's protocol page comes with this server's limits and its
// starters; an unknown game or language is a 404 naming the field, and
// GET /v1/languages links both.
func TestStartersAndProtocolsAreServed(t *testing.T) {
	e := newEnv(t, nil, nil)
	var list api.StartersResponse
	e.do(t, "GET", "/v1/starters", nil).ok(t, 200).json(t, &list)
	if len(list.Starters) != len(starters.Games)*len(starters.Languages) {
		t.Fatalf("%d starters listed", len(list.Starters))
	}
	for _, s := range list.Starters {
		r := e.do(t, "GET", s.URL, nil).ok(t, 200)
		want, _ := starters.Get(s.Game, s.Language)
		if string(r.body) != string(want.Source) || !strings.Contains(r.header.Get("Content-Disposition"), `filename="`+want.File+`"`) ||
			!strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
			t.Errorf("%s: %d bytes, %q, %q", s.URL, len(r.body), r.header.Get("Content-Disposition"), r.header.Get("Content-Type"))
		}
	}
	for _, path := range []string{"/v1/starters/less/cobol", "/v1/starters/chess/python", "/v1/starters/less/..%2Fmorris"} {
		r := e.do(t, "GET", path, nil)
		r.hasField(t, r.problem(t, 404), "language")
	}
	for _, game := range starters.Games {
		var p api.ProtocolResponse
		e.do(t, "GET", "/v1/protocols/"+game, nil).ok(t, 200).json(t, &p)
		if !strings.Contains(p.HTML, "<table>") || !strings.Contains(p.Markdown, "gameai try "+game) || len(p.Limits) < 10 || len(p.Starters) != len(starters.Languages) {
			t.Errorf("%s's protocol: %d bytes of HTML, %d limits, %d starters", game, len(p.HTML), len(p.Limits), len(p.Starters))
		}
	}
	r := e.do(t, "GET", "/v1/protocols/morpion", nil)
	r.hasField(t, r.problem(t, 404), "game")
	var l api.LanguagesResponse
	e.do(t, "GET", "/v1/languages", nil).ok(t, 200).json(t, &l)
	if len(l.Protocols) != 2 || l.Protocols[0].URL != "/v1/protocols/less" || l.Protocols[1].Page != "/#/protocol/morris" || l.Starters != "/v1/starters" {
		t.Errorf("GET /v1/languages links %+v and %q", l.Protocols, l.Starters)
	}
}
