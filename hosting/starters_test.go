package hosting

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"gameai/starters"
	"gameai/store"
)

// TestEveryStarterIsAdmitted uploads each game's starter in each language
// through Submit, the path an upload takes below HTTP: built in the
// sandbox, then its validation games against our engines. Every one must
// be admitted, with no fault in any game. The languages and the starters
// must match: a language uploads may be in has a starter for each game,
// kept under the name an upload in it is kept under. Each writes a line
// to its standard error, its author's first debugging example.
func TestEveryStarterIsAdmitted(t *testing.T) {
	h := newHost(t)
	var sources []string
	for _, l := range h.Languages() {
		if l.Name == "executable" {
			continue
		}
		sources = append(sources, l.Name)
		if !l.Available {
			t.Errorf("%s: not available here (%s): CI installs every toolchain", l.Name, l.Reason)
		}
	}
	if !slices.Equal(sources, starters.Languages) {
		t.Fatalf("the source languages are %v, the starters' %v", sources, starters.Languages)
	}
	type sent struct {
		s  starters.Starter
		id string
	}
	var ups []sent
	for i, s := range starters.All() {
		l, ok := h.Language(s.Language)
		if !ok || l.File != s.File {
			t.Errorf("%s/%s: the starter is %s, an upload in its language is kept as %v", s.Game, s.Language, s.File, l)
			continue
		}
		// An owner each: an owner has at most three bots on their way.
		b, err := h.Submit(context.Background(), Upload{Owner: "starter" + string(rune('a'+i)), Game: s.Game,
			Name: "starter-" + s.Language, Language: s.Language, File: s.Source})
		if err != nil {
			t.Fatalf("%s/%s: %v", s.Game, s.Language, err)
		}
		ups = append(ups, sent{s, b.ID})
	}
	if len(ups) != len(starters.Games)*len(starters.Languages) {
		t.Fatalf("%d starters uploaded", len(ups))
	}
	h.Wait()
	for _, u := range ups {
		b, err := h.store.Bots.Get(context.Background(), u.id)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"less": 4, "morris": 2}[u.s.Game]
		if b.Status != store.BotReady || len(b.Validation) != want {
			d, _ := h.store.Bots.Details(context.Background(), u.id)
			t.Errorf("%s/%s: %s %q\nbuild log: %s", u.s.Game, u.s.Language, b.Status, b.Reason, d.BuildLog)
			continue
		}
		var think time.Duration
		for _, g := range b.Validation {
			if g.Fault != "" {
				t.Errorf("%s/%s: a fault in its %s game: %s", u.s.Game, u.s.Language, g.Seat, g.Fault)
			}
			think += time.Duration(g.ThinkMS) * time.Millisecond
		}
		// Each starter shows its author where a debugging line goes.
		d, err := h.store.Bots.Details(context.Background(), u.id)
		if err != nil || len(d.Games) != want {
			t.Fatalf("%s/%s: details %+v, %v", u.s.Game, u.s.Language, d, err)
		}
		for i, g := range d.Games {
			if !strings.HasPrefix(g.Stderr, "starter: ") {
				t.Errorf("%s/%s: game %d's stderr %q, want the starter's line", u.s.Game, u.s.Language, i+1, g.Stderr)
			}
		}
		t.Logf("%s/%s: admitted, %v thinking in %d games", u.s.Game, u.s.Language, think, len(b.Validation))
	}
}
