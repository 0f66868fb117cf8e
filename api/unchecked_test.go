package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gameai/ai"
	"gameai/ai/morrisai"
	"gameai/games"
	"gameai/games/morris"
)

// flagged is alpha-beta whose answers say a check did not run, as the
// Morris engine's do when another search holds its refuter.
type flagged struct{ ai.Engine }

func (f flagged) Search(ctx context.Context, req ai.Request) (ai.Result, error) {
	res, err := f.Engine.Search(ctx, req)
	res.Unchecked = true
	return res, err
}

// An answer whose check did not run says so and is never served from the
// cache for the engine's own; an answer whose checks ran is.
func TestAnUncheckedAnswerIsNotCached(t *testing.T) {
	g := games.NewRegistry()
	g.Register(morris.Game)
	e := ai.NewRegistry()
	checked := morrisai.AlphaBetaInfo(nil)
	unchecked := checked
	unchecked.Name, unchecked.Engine = "flagged", flagged{checked.Engine}
	e.Register(checked)
	e.Register(unchecked)
	ts := httptest.NewServer(bareServer(DefaultConfig(), g, e).Handler())
	defer ts.Close()
	ask := func(engine string) SearchResult {
		t.Helper()
		resp, err := http.Post(ts.URL+"/v1/games/morris/best-move", "application/json",
			strings.NewReader(`{"engine":"`+engine+`","limits":{"depth":2}}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out SearchResult
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d, %v", engine, resp.StatusCode, err)
		}
		return out
	}
	for _, c := range []struct {
		engine    string
		unchecked bool
	}{{"alphabeta", false}, {"flagged", true}} {
		first, second := ask(c.engine), ask(c.engine)
		if first.Unchecked != c.unchecked || second.Unchecked != c.unchecked {
			t.Errorf("%s: unchecked %v then %v, want %v", c.engine, first.Unchecked, second.Unchecked, c.unchecked)
		}
		if second.Cached == c.unchecked {
			t.Errorf("%s: the second answer cached %v, want %v", c.engine, second.Cached, !c.unchecked)
		}
	}
}
